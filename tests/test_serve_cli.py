"""``sudoku-cube serve`` as a person runs it: the QR code printed in the terminal decodes to the
printed address, Ctrl-C stops the server and keeps the photos, ``--resume`` continues with them,
and the session folder is one that ``solve`` reads."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from sudoku_cube.assistant.web.qr import qr_lines
from tests.test_serve import FACES_DIR, call

ADDRESS = re.compile(r"Open (http://127\.0\.0\.1:\d+/[\w-]+/)")


def decode(lines: list[str]) -> str:
    """Read the printed code back: each character is two modules (light where drawn), scaled up
    and given to OpenCV's ArUco-based QR detector (its older detector misses about one code in
    fifty that segno makes correctly, so a random address made this test fail at random)."""
    rows = []
    for line in lines:
        rows.append([c in "█▀" for c in line])
        rows.append([c in "█▄" for c in line])
    img = np.array(rows, np.uint8) * 255
    img = cv2.resize(img, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    text, _, _ = cv2.QRCodeDetectorAruco().detectAndDecode(img)
    return text


def test_qr_lines_decode_to_the_text():
    url = "http://192.168.1.23:8765/kT3-9_xYzAbCdEfGhIjKlM/"
    assert decode(qr_lines(url)) == url
    assert decode(qr_lines(url)[:-3]) != url  # a code cut short does not decode


def test_every_address_shape_decodes():
    """Addresses as serve makes them (random port and token) all read back."""
    rng = np.random.default_rng(7)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
    for _ in range(100):
        token = "".join(rng.choice(list(alphabet), 22))
        url = f"http://127.0.0.1:{rng.integers(1024, 65536)}/{token}/"
        assert decode(qr_lines(url)) == url


def start(tmp_path: Path, *args: str) -> tuple[subprocess.Popen, str, list[str]]:
    """Start ``serve`` on a free port; return it, its address and its QR lines."""
    env = dict(os.environ, SUDOKU_CUBE_HOME=str(tmp_path / "home"), COLUMNS="200")
    proc = subprocess.Popen([str(Path(sys.executable).parent / "sudoku-cube"), "serve",
                             "--port", "0", "--ocr", "never", *args],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    lines: list[str] = []
    deadline = time.time() + 120
    while time.time() < deadline:
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
        found = ADDRESS.search(line)
        if found:
            return proc, found[1], [x.rstrip("\n") for x in lines if set(x) & set("█▀▄")]
        lines.append(line)
    raise AssertionError("serve printed no address")


def stop(proc: subprocess.Popen) -> tuple[int, str, str]:
    """Ctrl-C, and the exit status, the rest of stdout and stderr."""
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, out, err


def test_serve_prints_a_qr_of_its_address_and_keeps_photos_on_ctrl_c(tmp_path):
    proc, url, qr = start(tmp_path)
    try:
        assert decode(qr) == url
        status, view = call(url + "api/face/U", (FACES_DIR / "U.jpg").read_bytes())
        assert status == 200 and view["faces"]["U"]["tokens"]
    finally:
        code, _, err = stop(proc)
    assert code == 130 and "serve --resume" in err and "Traceback" not in err
    [folder] = (tmp_path / "home" / "phone").iterdir()
    assert (folder / "U.jpg").read_bytes() == (FACES_DIR / "U.jpg").read_bytes()

    proc, url, _ = start(tmp_path, "--resume")
    try:
        status = call(url + "api/status")[1]
        assert status["photos"][0]["faces"]["U"]["tokens"] == view["faces"]["U"]["tokens"]
        assert status["next"] == "R"
    finally:
        stop(proc)
    assert [p.name for p in (tmp_path / "home" / "phone").iterdir()] == [folder.name]
