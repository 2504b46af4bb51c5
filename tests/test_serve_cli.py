"""``sudoku-cube serve`` as a person runs it: with ``--lan`` the QR code printed in the terminal
decodes to the printed address; without, only the address (127.0.0.1, which no phone can open)
and how to get a code are printed. Ctrl-C stops the server and keeps the photos, ``--resume``
continues with them, and the session folder is one that ``solve`` reads."""
from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest
from rich.console import Console

from sudoku_cube.assistant.commands.serve import show_address
from sudoku_cube.assistant.web.qr import qr_lines
from sudoku_cube.assistant.web.server import lan_address
from sudoku_cube.models.errors import SudokuCubeError
from tests.test_serve import FACES_DIR, call

ADDRESS = re.compile(r"Open (http://[\d.]+:\d+/[\w-]+/)")
QR = set("█▀▄")
NO_LAN = "This computer only: add --lan to open it from a phone on the same Wi-Fi."


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


def start(tmp_path: Path, *args: str) -> tuple[subprocess.Popen, str, list[str], str]:
    """Start ``serve`` on a free port; return it, its address, its QR lines and the line
    printed after the address."""
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
            return (proc, found[1], [x.rstrip("\n") for x in lines if set(x) & QR],
                    proc.stdout.readline().strip())
        lines.append(line)
    raise AssertionError("serve printed no address")


def stop(proc: subprocess.Popen) -> tuple[int, str, str]:
    """Ctrl-C, and the exit status, the rest of stdout and stderr."""
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, out, err


def test_the_qr_printed_with_lan_decodes_to_the_address_and_none_is_printed_without(capsys):
    url = "http://192.168.1.23:8765/kT3-9_xYzAbCdEfGhIjKlM/"
    show_address(url, True, Console(file=io.StringIO()))
    printed = capsys.readouterr().out.splitlines()
    assert decode([line for line in printed if set(line) & QR]) == url
    out = io.StringIO()
    show_address(url.replace("192.168.1.23", "127.0.0.1"), False, Console(file=out, width=80))
    assert not set(capsys.readouterr().out) & QR
    assert out.getvalue().splitlines()[1] == NO_LAN  # one line, at 80 columns


def test_serve_lan_prints_a_qr_of_its_network_address(tmp_path):
    """Needs an address on a network (``--lan`` refuses to start without one); the code's
    text is checked without one above."""
    try:
        lan_address()
    except SudokuCubeError:
        pytest.skip("this machine has no address on a network for --lan")
    proc, url, qr, _ = start(tmp_path, "--lan")
    try:
        assert not url.startswith("http://127.") and decode(qr) == url
    finally:
        assert stop(proc)[0] == 130


def test_serve_prints_its_address_and_keeps_photos_on_ctrl_c(tmp_path):
    proc, url, qr, after = start(tmp_path)
    try:
        assert url.startswith("http://127.0.0.1:") and qr == [] and after == NO_LAN
        status, view = call(url + "api/face/U", (FACES_DIR / "U.jpg").read_bytes())
        assert status == 200 and view["faces"]["U"]["tokens"]
    finally:
        code, _, err = stop(proc)
    assert code == 130 and "serve --resume" in err and "Traceback" not in err
    [folder] = (tmp_path / "home" / "phone").iterdir()
    assert (folder / "U.jpg").read_bytes() == (FACES_DIR / "U.jpg").read_bytes()

    proc, url, _, _ = start(tmp_path, "--resume")
    try:
        status = call(url + "api/status")[1]
        assert status["photos"][0]["faces"]["U"]["tokens"] == view["faces"]["U"]["tokens"]
        assert status["next"] == "R"
    finally:
        stop(proc)
    assert [p.name for p in (tmp_path / "home" / "phone").iterdir()] == [folder.name]
