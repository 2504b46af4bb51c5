"""Loading photos safely: clear errors for bad files, bounded memory for huge ones.

Every image the rest of ``vision`` sees is 8-bit BGR (``uint8``, shape ``(h, w, 3)``) with its
longer side at most :data:`MAX_SIDE` pixels; gray, 16-bit and alpha images are converted.
"""
from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

from sudoku_cube.models.errors import SudokuCubeError

MAX_SIDE = 1600
"""Photos are downscaled so their longer side is at most this (the reader needs far less)."""

MAX_PIXELS = 400_000_000
"""Images claiming more pixels than this (in their header) are refused outright."""

MAX_FULL_DECODE_PIXELS = 60_000_000
"""PNGs (and progressive JPEGs) need full-size buffers even when decoded at reduced size: above
this they are refused, as a tiny, highly compressed file can claim hundreds of megapixels
(gigabytes once decoded)."""

MAX_FILE_BYTES = 200 * 1024 * 1024

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")


class ImageError(SudokuCubeError):
    """A photo that cannot be used: missing, not an image, truncated, too large."""


def _header(path: Path) -> tuple[str, tuple[int, int], bool]:
    """Format, (width, height) and whether it is a progressive JPEG, from the file header,
    without decoding the pixels."""
    Image.MAX_IMAGE_PIXELS = None  # we check the size ourselves, with a clearer message
    try:
        with Image.open(path) as im:
            return str(im.format), im.size, bool(im.info.get("progressive"))
    except UnidentifiedImageError:
        raise ImageError(f"{path}: is not an image (expected a JPEG or PNG photo)") from None
    except Exception as e:  # noqa: BLE001 - Pillow parsing a damaged file raises OSError,
        # SyntaxError, struct.error, EOFError...: all mean "cannot be read"
        raise ImageError(f"{path}: cannot be read as an image ({e})") from None


def _is_truncated(fmt: str, data: bytes) -> bool:
    """True when a JPEG lacks its end marker or a PNG its IEND chunk (an interrupted copy)."""
    if fmt == "JPEG":
        return b"\xff\xd9" not in data[-4096:]
    if fmt == "PNG":
        return b"IEND" not in data[-64:]
    return False


def _reduction(width: int, height: int) -> int:
    """The JPEG decode reduction factor (1, 2, 4 or 8) that brings the image near MAX_SIDE."""
    factor = 1
    while factor < 8 and max(width, height) / (factor * 2) >= MAX_SIDE:
        factor *= 2
    return factor


_REDUCED = {2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
            8: cv2.IMREAD_REDUCED_COLOR_8}


def to_bgr8(img: np.ndarray) -> np.ndarray:
    """Convert gray, gray+alpha, BGRA, 16-bit or float images to 8-bit BGR."""
    if img.dtype == np.uint16:
        img = (img >> 8).astype(np.uint8)
    elif img.dtype != np.uint8:
        arr = img.astype(np.float64)
        hi = float(arr.max()) if arr.size else 1.0
        scale = 255.0 if hi <= 1.0 else 255.0 / hi
        img = np.clip(arr * scale, 0, 255).astype(np.uint8)
    if img.ndim == 2:
        return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    if img.shape[2] == 1:
        return cv2.cvtColor(img[:, :, 0], cv2.COLOR_GRAY2BGR)
    if img.shape[2] == 2:
        return cv2.cvtColor(img[:, :, 0], cv2.COLOR_GRAY2BGR)
    if img.shape[2] == 4:
        return cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
    return np.ascontiguousarray(img[:, :, :3])


def limit_size(img: np.ndarray, max_side: int = MAX_SIDE) -> np.ndarray:
    """Downscale (area interpolation) so the longer side is at most ``max_side``."""
    h, w = img.shape[:2]
    if max(h, w) <= max_side:
        return img
    s = max_side / max(h, w)
    return cv2.resize(img, (max(1, round(w * s)), max(1, round(h * s))),
                      interpolation=cv2.INTER_AREA)


def file_scale(path: str | os.PathLike[str], image: np.ndarray) -> float:
    """File pixels per pixel of ``image``, the copy :func:`load_image` made of ``path`` (1.0
    unless the photo was larger than :data:`MAX_SIDE`): coordinates found in the working copy
    times this are the photo file's own pixels."""
    _, (w, h), _ = _header(Path(path))
    return max(w, h) / max(image.shape[:2])


def load_image(path: str | os.PathLike[str]) -> np.ndarray:
    """Read a photo as 8-bit BGR, longer side at most :data:`MAX_SIDE`.

    Raises :class:`ImageError` naming the file when it is missing, a folder, not an image,
    truncated, empty or absurdly large. Huge JPEGs are decoded at reduced size directly (libjpeg
    scaling), so a 100-megapixel photo never needs its full-size buffer.
    """
    p = Path(path)
    if not p.exists():
        raise ImageError(f"{p}: no such file; check the path and the face letter in its name")
    if p.is_dir():
        raise ImageError(f"{p}: is a folder, expected a photo file")
    size = p.stat().st_size
    if size == 0:
        raise ImageError(f"{p}: the file is empty (0 bytes); take or copy the photo again")
    if size > MAX_FILE_BYTES:
        raise ImageError(f"{p}: the file is {size // (1024 * 1024)} MB; photos over "
                         f"{MAX_FILE_BYTES // (1024 * 1024)} MB are refused, save a smaller copy")
    fmt, (w, h), progressive = _header(p)
    if w * h > MAX_PIXELS:
        raise ImageError(f"{p}: the image is {w}x{h} pixels, too large to read safely; "
                         "save it at a lower resolution (about 2000 pixels wide is plenty)")
    if (fmt != "JPEG" or progressive) and w * h > MAX_FULL_DECODE_PIXELS:
        kind = "progressive JPEG" if fmt == "JPEG" else fmt
        raise ImageError(f"{p}: the {kind} image is {w}x{h} pixels, too large to decode "
                         "safely; save it at a lower resolution (about 2000 pixels wide is "
                         "plenty) or as a standard (baseline) JPEG")
    data = p.read_bytes()
    if _is_truncated(fmt, data):
        raise ImageError(f"{p}: the {fmt} file is truncated (its end is missing, perhaps an "
                         "interrupted copy or download); copy or take the photo again")
    buf = np.frombuffer(data, np.uint8)
    factor = _reduction(w, h) if fmt == "JPEG" else 1
    try:
        if factor > 1:
            img = cv2.imdecode(buf, _REDUCED[factor])
        else:
            img = cv2.imdecode(buf, cv2.IMREAD_UNCHANGED | cv2.IMREAD_ANYDEPTH)
    except cv2.error:  # a damaged file OpenCV gives up on loudly: try Pillow
        img = None
    if img is None:
        img = _decode_with_pillow(p)
    if img is None or img.size == 0:
        raise ImageError(f"{p}: the {fmt} image could not be decoded (damaged file?); "
                         "take or copy the photo again")
    return limit_size(to_bgr8(img))


def _decode_with_pillow(p: Path) -> np.ndarray | None:
    """Fallback decoder for formats OpenCV does not read; None when Pillow fails too."""
    try:
        with Image.open(p) as im:
            im.draft("RGB", (MAX_SIDE, MAX_SIDE))
            im = im.convert("RGB")
            return cv2.cvtColor(np.asarray(im), cv2.COLOR_RGB2BGR)
    except Exception:  # noqa: BLE001 - any failure of Pillow on a damaged file: not decodable
        return None
