"""The phone page's wait: from an upload's last byte to the face's reading back, over HTTP on the
loopback, warm and without OCR; the sample photos as they are and upscaled to 12-megapixel
phone JPEGs (target: median at most 300 ms per face).

A ``serve`` session's server (``assistant.web``) runs on 127.0.0.1 with a folder of its own in a
temporary folder; each photo is sent whole and the clock runs from the moment its last byte is
handed to the connection until the answer with the face read has arrived. One round of every
photo warms the server up first (templates, classifier, first connections) and is not counted.
Each upload starts when the server is idle: after every sixth face it reads the whole set, as
it does once when a person's last photo arrives, and that is not the face's wait.
"""
from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

from ...models.cube.geometry import FACES
from ...vision.photo.images import load_image
from ...vision.reading.reader import Reader
from ..web.server import Server
from ..web.service import PhoneService
from ..web.store import PhotoFolder
from .report import finish, recognisers_ready

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "cubes" / "01-easy"
TARGET_MS = 300.0
PHONE_SIZE = (4000, 3000)
"""A 12-megapixel phone photo (4:3), long side by short side."""
NOISE = 8.0
"""Grey levels of noise in the 12-megapixel photos (a phone's JPEG of 3-5 MB)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudoku-cube bench serve``."""
    parser.add_argument("--rounds", type=int, default=3,
                        help="timed rounds of the six faces per photo size (default 3)")
    parser.add_argument("--photos", default=str(SAMPLE),
                        help="folder with the six face photos U.jpg ... B.jpg (default: the "
                             "first bundled sample)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def phone_jpeg(path: Path, seed: int = 0) -> bytes:
    """The photo upscaled to a 12-megapixel JPEG (quality 92, as phones save), upright, with a
    sensor's fine noise: an upscaled photo alone is so smooth that it compresses to a tenth of
    a phone's file, and a JPEG's decoding time grows with what it holds."""
    img = load_image(path)
    h, w = img.shape[:2]
    size = PHONE_SIZE if w >= h else PHONE_SIZE[::-1]
    big = cv2.resize(img, size, interpolation=cv2.INTER_CUBIC).astype(np.int16)
    big += np.random.default_rng(seed).normal(0, NOISE, big.shape).astype(np.int16)
    ok, buf = cv2.imencode(".jpg", np.clip(big, 0, 255).astype(np.uint8),
                           [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return buf.tobytes()


def timed_upload(url: str, face: str, data: bytes) -> float:
    """Milliseconds from the last byte of ``data`` sent to the reading received."""
    host, rest = url.split("//", 1)[1].split("/", 1)
    name, port = host.split(":")
    conn = http.client.HTTPConnection(name, int(port), timeout=120)
    try:
        conn.putrequest("POST", f"/{rest}api/face/{face}")
        conn.putheader("Content-Type", "image/jpeg")
        conn.putheader("Content-Length", str(len(data)))
        conn.endheaders()
        conn.send(data)
        t0 = time.perf_counter()
        res = conn.getresponse()
        body = res.read()
        ms = 1000 * (time.perf_counter() - t0)
    finally:
        conn.close()
    if res.status != 200:
        raise RuntimeError(f"face {face}: {res.status} {body[:200]!r}")
    return ms


def measure(photos: dict[str, dict[str, bytes]], rounds: int) -> dict[str, dict]:
    """Per photo size: every upload's time (ms) over ``rounds`` warm rounds, and its median."""
    out: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        service = PhoneService(PhotoFolder(Path(tmp)), Reader(ocr="never"),
                               max_uploads=(rounds + 1) * 6 * len(photos))
        server = Server(service, port=0)
        url = server.start()
        try:
            for label, faces in photos.items():
                for face in FACES:  # warm-up, not counted
                    timed_upload(url, face, faces[face])
                times = []
                for _ in range(rounds):
                    for face in FACES:
                        service.idle()  # the whole set's reading after a sixth face waits
                        times.append(timed_upload(url, face, faces[face]))
                out[label] = {"bytes_per_photo": round(statistics.mean(
                                  len(b) for b in faces.values())),
                              "uploads": len(times),
                              "median_ms": round(statistics.median(times), 1),
                              "max_ms": round(max(times), 1),
                              "within_target": statistics.median(times) <= TARGET_MS}
        finally:
            server.stop()
    return out


def run(args: argparse.Namespace) -> int:
    """Time the uploads and print the medians."""
    if args.rounds < 1:
        print("sudoku-cube: --rounds must be at least 1", file=sys.stderr)
        return 2
    recognisers_ready(True)
    folder = Path(args.photos)
    files = {f: folder / f"{f}.jpg" for f in FACES}
    photos = {"as taken": {f: p.read_bytes() for f, p in files.items()},
              "12 MP JPEG": {f: phone_jpeg(p) for f, p in files.items()}}
    result = measure(photos, args.rounds)

    def table(console) -> None:
        from rich.table import Table

        t = Table(title=f"bench serve: upload's last byte -> face read (warm, no OCR; target "
                        f"median <= {TARGET_MS:.0f} ms)")
        for col in ("photos", "size", "uploads", "median ms", "max ms", "target"):
            t.add_column(col)
        for label, r in result.items():
            t.add_row(label, f"{r['bytes_per_photo'] / 1e6:.2f} MB", str(r["uploads"]),
                      f"{r['median_ms']:.0f}", f"{r['max_ms']:.0f}",
                      "met" if r["within_target"] else "MISSED")
        console.print(t)
    return finish(result, sum(not r["within_target"] for r in result.values()), args.json, table)
