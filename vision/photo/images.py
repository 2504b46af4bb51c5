"""Loading photos safely: clear errors for bad files, bounded memory for huge ones.

Every image the rest of ``vision`` sees is 8-bit BGR (``uint8``, shape ``(h, w, 3)``) with its
longer side at most :data:`MAX_SIDE` pixels and at least :data:`MIN_WORK_SIDE`, turned as its
EXIF Orientation tag says (phones store portrait photos sideways with that tag, and every viewer
applies it); gray, 16-bit and alpha images are converted.

Only JPEG and PNG are ever decoded. The format is decided from the file's first bytes, before
any decoder sees it, so a PostScript, TIFF or other file named ``.jpg`` is refused by name and
never reaches a decoder that could hand it to an interpreter (Pillow passes EPS to Ghostscript).
"""
from __future__ import annotations

import math
import os
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import ExifTags, Image, UnidentifiedImageError

from ...models.errors import SudokuCubeError
from .opencv_log import quiet_opencv

MAX_SIDE = 1600
"""Photos are downscaled so their longer side is at most this (the reader needs far less)."""

MIN_WORK_SIDE = 640
"""Smaller photos are enlarged (cubic interpolation) so their longer side is this, the
smallest of the photos the reader was built and measured on (sample and real photos of 640 to
1600 pixels). Some of its stages' steps are whole pixels (a 3 x 3 blur and opening, erosions of
at least two pixels); at a thumbnail's scale (a 400-pixel file, stickers 20 pixels wide) they
lost a white cube's sticker outlines, which the enlarged copy shows."""

MAX_PIXELS = 400_000_000
"""Images claiming more pixels than this (in their header) are refused outright."""

MAX_FULL_DECODE_PIXELS = 60_000_000
"""PNGs (and progressive JPEGs) need full-size buffers even when decoded at reduced size: above
this they are refused, as a tiny, highly compressed file can claim hundreds of megapixels
(gigabytes once decoded)."""

MB = 1000 ** 2
"""Bytes in a megabyte (SI: a million), as the messages below count them, so that a bound
written in bytes reads there as the round figure it is (:data:`MAX_FILE_BYTES`: 180 MB)."""

MAX_DECODE_BYTES = MAX_FULL_DECODE_PIXELS * 3  # an 8-bit BGR pixel: three bytes
"""Decoded size (width x height x channels x bytes per sample) allowed for a full-size decode:
what the 8-bit BGR picture vision reads takes at :data:`MAX_FULL_DECODE_PIXELS`. A 16-bit
RGBA PNG needs eight bytes a pixel, so pixels alone do not bound memory."""

MIN_SIDE = 48
"""Photos whose shorter side is below this many pixels are refused: no face is readable there."""

MAX_FILE_BYTES = MAX_DECODE_BYTES
"""Largest photo file read: the file is read whole into memory before it is decoded, so it
falls under the same bound on a photo's memory as its decoded pixels."""

BYTE_BITS = np.iinfo(np.uint8).bits
"""Bits in a byte: a sample of more bits takes more bytes, and 8-bit is what vision reads."""

_DECODE_FLAGS = cv2.IMREAD_UNCHANGED | cv2.IMREAD_ANYDEPTH | cv2.IMREAD_IGNORE_ORIENTATION

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")

OTHER_PHOTO_SUFFIXES = (".heic", ".heif", ".avif", ".webp", ".tif", ".tiff", ".gif", ".bmp",
                        ".dng")
"""Photo files the reader does not open (a phone's HEIC, a raw DNG, ...): named as photos in
a message, with what to do, rather than taken for anything else."""


class ImageError(SudokuCubeError):
    """A photo that cannot be used: missing, not an image, truncated, too large."""


_JPEG_MAGIC = b"\xff\xd8\xff"
_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

_OTHER_FORMATS = (  # (leading bytes, name): formats people may save, named in the refusal
    (b"%!PS", "PostScript"), (b"\xc5\xd0\xd3\xc6", "PostScript"), (b"%PDF", "PDF"),
    (b"BM", "BMP"), (b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"), (b"GIF8", "GIF"),
    (b"8BPS", "Photoshop (PSD)"), (b"\x00\x00\x00\x0cjP  ", "JPEG 2000"),
    (b"\xff\x0a", "JPEG XL"), (b"\x00\x00\x00\x0cJXL ", "JPEG XL"),
)
_RIFF = struct.Struct("<4sI4s")
"""A RIFF file's start: its tag ``RIFF``, its size and its form (``WEBP`` for WebP)."""
_ISO_BOX = struct.Struct(">I4s4s")
"""An ISO media file's (HEIC, AVIF, MP4) first box: its size, its type ``ftyp`` and its brand."""
HEAD_BYTES = max(_RIFF.size, _ISO_BOX.size, *(len(magic) for magic, _ in _OTHER_FORMATS))
"""The first bytes of a file that :func:`sniff_format` looks at."""


def sniff_format(head: bytes) -> str:
    """``"JPEG"`` or ``"PNG"`` from a file's first bytes, else the name of what it is
    (``"PostScript"``, ``"TIFF"``, ``"HEIC"``, ...) or ``"unknown"``."""
    if head.startswith(_JPEG_MAGIC):
        return "JPEG"
    if head.startswith(_PNG_MAGIC):
        return "PNG"
    riff, _, form = _RIFF.unpack_from(head.ljust(_RIFF.size, b"\0"))
    if riff == b"RIFF" and form == b"WEBP":
        return "WebP"
    _, box, brand = _ISO_BOX.unpack_from(head.ljust(_ISO_BOX.size, b"\0"))
    if box == b"ftyp":
        return "HEIC" if brand in (b"heic", b"heix", b"mif1", b"msf1", b"hevc") else \
            "AVIF" if brand in (b"avif", b"avis") else "video or ISO media"
    for magic, name in _OTHER_FORMATS:
        if head.startswith(magic):
            return name
    return "unknown"


def _check_format(path: Path) -> str:
    """``"JPEG"`` or ``"PNG"``, decided from the file's first bytes; anything else is refused
    by name before any decoder sees the file."""
    with path.open("rb") as f:
        head = f.read(HEAD_BYTES)
    kind = sniff_format(head)
    if kind in ("JPEG", "PNG"):
        return kind
    what = "not an image" if kind == "unknown" else f"a {kind} file, not a JPEG or PNG photo"
    raise ImageError(f"{path}: is {what}; save or export the photo as JPEG (or PNG) and try "
                     "again")


_PNG_HEAD = struct.Struct(">8sI4sIIBB")
"""A PNG's start: its signature, then its IHDR chunk (length, type) and that chunk's width,
height, bit depth and colour type."""


_PNG_COLOUR_FLAGS = (1, 2, 4)
"""The bits of a PNG's colour type, as its standard defines them: a palette is used, colour
is used, an alpha channel is used."""


def _png_decoded_bytes(data: bytes, width: int, height: int) -> int:
    """Bytes a PNG needs once decoded, from its IHDR bit depth and colour type (a palette
    expands to four channels). ``data`` is a whole PNG that Pillow opened, so it holds the
    IHDR chunk."""
    *_, depth, colour = _PNG_HEAD.unpack_from(data)
    palette, colours, alpha = (bool(colour & flag) for flag in _PNG_COLOUR_FLAGS)
    channels = 4 if palette else (3 if colours else 1) + alpha
    return width * height * channels * math.ceil(depth / BYTE_BITS)  # whole bytes a sample


def _header(path: Path) -> tuple[str, tuple[int, int], bool]:
    """Format, (width, height) as stored and whether it is a progressive JPEG, from the file
    header, without decoding the pixels. Pillow may only parse the file as JPEG or PNG (its
    other plugins never see it)."""
    kind = _check_format(path)
    Image.MAX_IMAGE_PIXELS = None  # we check the size ourselves, with a clearer message
    with _opened(path, kind) as im:
        fmt = "JPEG" if im.format == "MPO" else str(im.format)
        return fmt, im.size, bool(im.info.get("progressive"))


def _orientation(path: Path, fmt: str) -> int:
    """The EXIF Orientation (1-8; 1 when absent or damaged) of a photo whose size was checked:
    Pillow decodes a PNG's pixels to look for an EXIF chunk after them, so a PNG whose header
    claims a huge size is refused before this is asked."""
    with _opened(path, fmt) as im:
        try:
            orientation = int(im.getexif().get(ExifTags.Base.Orientation, 1))
        except Exception:  # noqa: BLE001 - a damaged EXIF block: show the photo as stored
            return 1
    return orientation if 1 <= orientation <= len(_EXIF_VIEWS) else 1


@contextmanager
def _opened(path: Path, kind: str) -> Iterator[Image.Image]:
    """The file opened by Pillow as ``kind`` (JPEG, which Pillow may take for MPO, or PNG);
    a file it cannot parse is refused by name, as truncated where its end is missing."""
    try:
        with Image.open(path, formats=("JPEG", "MPO", "PNG") if kind == "JPEG" else ("PNG",)) \
                as im:
            yield im
    except UnidentifiedImageError:
        _refuse_truncated(path, kind)
        raise ImageError(f"{path}: is not a readable {kind} image; take or copy the photo "
                         "again") from None
    except Exception as e:  # noqa: BLE001 - Pillow parsing a damaged file raises OSError,
        # SyntaxError, struct.error, EOFError...: all mean "cannot be read"
        _refuse_truncated(path, kind)
        raise ImageError(f"{path}: cannot be read as an image ({e})") from None


_END_MARKERS = {"JPEG": b"\xff\xd9", "PNG": b"IEND"}
"""What ends each format's data: a JPEG's end-of-image marker, a PNG's IEND chunk."""

END_WINDOW = 4096
"""Bytes at a file's end within which its end marker must lie: a camera or an editor may write
a little padding or metadata after it."""


def _is_truncated(fmt: str, data: bytes) -> bool:
    """True when a JPEG or PNG lacks its end marker near the end of the file (an interrupted
    copy), or a PNG's compressed pixels stop before their own end (:func:`_png_pixels_end`:
    a file cut short and closed again, whose decoder then fails with words of its own)."""
    marker = _END_MARKERS.get(fmt)
    if marker is None or marker not in data[-END_WINDOW:]:
        return marker is not None
    return fmt == "PNG" and not _png_pixels_end(data)


_PNG_CHUNK = struct.Struct(">I4s")
"""A PNG chunk's length and type, after the 8-byte signature."""
_INFLATE_STEP = MB
"""Bytes of pixels inflated at a time while a PNG's pixel stream is followed to its end."""


def _png_pixels_end(data: bytes) -> bool:
    """Whether the compressed pixels of the PNG ``data`` (its IDAT chunks, one zlib stream)
    reach the stream's end, each chunk inflated where it lies, a step at a time, and let go
    (so memory stays bounded by the file's size, whatever the image's)."""
    inflate, view, at = zlib.decompressobj(), memoryview(data), len(_PNG_MAGIC)
    try:
        while at + _PNG_CHUNK.size <= len(data) and not inflate.eof:
            size, kind = _PNG_CHUNK.unpack_from(data, at)
            if kind == b"IDAT":
                _inflate(inflate, view[at + _PNG_CHUNK.size:at + _PNG_CHUNK.size + size])
            at += _PNG_CHUNK.size + size + 4  # the chunk's data and its CRC
    except zlib.error:
        return False
    return inflate.eof


def _inflate(inflate: "zlib._Decompress", rest: memoryview | bytes) -> None:
    """Feed ``rest`` to ``inflate``, :data:`_INFLATE_STEP` bytes of pixels at a time, until
    it is all taken and nothing more comes, or the stream ends."""
    while not inflate.eof:
        out = inflate.decompress(rest, _INFLATE_STEP)
        rest = inflate.unconsumed_tail
        if not out and not rest:
            break


_REDUCED = {2 ** (k + 1): flag for k, flag in enumerate(
    (cv2.IMREAD_REDUCED_COLOR_2, cv2.IMREAD_REDUCED_COLOR_4, cv2.IMREAD_REDUCED_COLOR_8))}
"""The JPEG decode reductions libjpeg offers, by factor: each halves the last (the factor is
in the flag's name)."""


def _reduction(width: int, height: int) -> int:
    """The JPEG decode reduction factor (1, 2, 4 or 8) that brings the image near MAX_SIDE."""
    factor = 1
    while factor * 2 in _REDUCED and max(width, height) / (factor * 2) >= MAX_SIDE:
        factor *= 2
    return factor


def to_bgr8(img: np.ndarray) -> np.ndarray:
    """Convert gray, gray+alpha, BGRA, 16-bit or float images to 8-bit BGR."""
    if img.dtype == np.uint16:
        img = (img >> BYTE_BITS).astype(np.uint8)  # the high byte; one uint16 temporary: budgeted
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


def working_size(img: np.ndarray) -> np.ndarray:
    """``img`` with its longer side brought within :data:`MIN_WORK_SIDE` to :data:`MAX_SIDE`:
    downscaled (:func:`limit_size`) or enlarged (cubic interpolation)."""
    h, w = img.shape[:2]
    if max(h, w) >= MIN_WORK_SIDE:
        return limit_size(img)
    s = MIN_WORK_SIDE / max(h, w)
    return cv2.resize(img, (max(1, round(w * s)), max(1, round(h * s))),
                      interpolation=cv2.INTER_CUBIC)


def limit_size(img: np.ndarray, max_side: int = MAX_SIDE) -> np.ndarray:
    """Downscale (area interpolation) so the longer side is at most ``max_side``."""
    h, w = img.shape[:2]
    if max(h, w) <= max_side:
        return img
    s = max_side / max(h, w)
    return cv2.resize(img, (max(1, round(w * s)), max(1, round(h * s))),
                      interpolation=cv2.INTER_AREA)


_EXIF_VIEWS = (
    lambda img: img, lambda img: img[:, ::-1], lambda img: img[::-1, ::-1],
    lambda img: img[::-1], lambda img: np.swapaxes(img, 0, 1),
    lambda img: np.swapaxes(img, 0, 1)[:, ::-1], lambda img: np.swapaxes(img, 0, 1)[::-1, ::-1],
    lambda img: np.swapaxes(img, 0, 1)[::-1])
"""How to show stored pixels for each EXIF Orientation, 1 to 8 in the standard's order: as
stored, then the mirrorings and quarter turns (as Pillow's ``exif_transpose``)."""


def orient(img: np.ndarray, orientation: int) -> np.ndarray:
    """The image as a viewer shows it, given its EXIF Orientation (1: as stored; 2-8: the
    mirrorings and quarter turns of the EXIF standard, as Pillow's ``exif_transpose``); an
    orientation outside the standard's shows the image as stored."""
    if not 1 <= orientation <= len(_EXIF_VIEWS):
        return img
    return _EXIF_VIEWS[orientation - 1](img)


def file_scale(path: str | os.PathLike[str], image: np.ndarray) -> float:
    """File pixels per pixel of ``image``, the copy :func:`load_image` made of ``path`` (1.0
    unless the photo was larger than :data:`MAX_SIDE` or smaller than :data:`MIN_WORK_SIDE`):
    coordinates found in the working copy times this are the photo file's own pixels (as
    shown, after its EXIF orientation)."""
    _, (w, h), _ = _header(Path(path))
    return max(w, h) / max(image.shape[:2])


def load_image(path: str | os.PathLike[str]) -> np.ndarray:
    """Read a photo as 8-bit BGR, longer side at most :data:`MAX_SIDE` and at least
    :data:`MIN_WORK_SIDE` (:func:`working_size`), as a viewer shows it.

    Raises :class:`ImageError` naming the file when it is missing, a folder, not an image,
    truncated, empty or absurdly large. Huge JPEGs are decoded at reduced size directly (libjpeg
    scaling), so a 100-megapixel photo never needs its full-size buffer.
    """
    p = Path(path)
    _check_file(p)
    fmt, (w, h), progressive = _header(p)
    _check_pixels(p, fmt, w, h, progressive)
    data = p.read_bytes()
    _check_data(p, fmt, w, h, data)
    orientation = _orientation(p, fmt)
    img = _decode(p, fmt, data, _reduction(w, h) if fmt == "JPEG" else 1)
    return np.ascontiguousarray(orient(working_size(to_bgr8(img)), orientation))


def missing_file(p: Path, words: str) -> ImageError:
    """The refusal of a path to a photo that leads to nothing: ``words`` (what is missing),
    but for a link whose target is missing or that leads round to itself, which exists as a
    name in its folder, so that "no such file" would contradict what the person sees there."""
    if p.is_symlink():
        return ImageError(f"{p}: is a link that leads to no file (its target is missing, or "
                          "links that lead to each other); give the photo file itself")
    return ImageError(f"{p}: {words}")


def _check_file(p: Path) -> None:
    """Refuse a path that is not an ordinary photo file of a sensible size."""
    if not p.exists():
        raise missing_file(p, "no such file; check the path and the face letter in its name")
    if p.is_dir():
        raise ImageError(f"{p}: is a folder, expected a photo file")
    if not p.is_file():
        raise ImageError(f"{p}: is not an ordinary file (a pipe or device?); give a photo file")
    size = p.stat().st_size
    if size == 0:
        raise ImageError(f"{p}: the file is empty (0 bytes); take or copy the photo again")
    if size > MAX_FILE_BYTES:
        raise ImageError(f"{p}: the file is {size // MB} MB; photos over "
                         f"{MAX_FILE_BYTES // MB} MB are refused, save a smaller copy")


def _check_pixels(p: Path, fmt: str, w: int, h: int, progressive: bool) -> None:
    """Refuse, from the header alone, an image too small to read or too large to decode."""
    if min(w, h) < MIN_SIDE:
        raise ImageError(f"{p}: the image is only {w}x{h} pixels, too small to read a cube "
                         "face; use the camera's photo at its normal size")
    short = shorter_side_read(w, h)
    if short < MIN_SIDE:
        longer = round(max(w, h) * short / min(w, h))
        raise ImageError(f"{p}: the image is {w}x{h} pixels, a strip too narrow to hold a cube "
                         f"face (read with its longer side at {longer} pixels, its shorter "
                         f"side is {short:.0f}); photograph one face so it fills about half of "
                         "an ordinary photo, not a panorama or a cut strip")
    if w * h > MAX_PIXELS:
        raise ImageError(f"{p}: the image is {w}x{h} pixels, too large to read safely; "
                         "save it at a lower resolution (about 2000 pixels wide is plenty)")
    if (fmt != "JPEG" or progressive) and w * h > MAX_FULL_DECODE_PIXELS:
        kind = "progressive JPEG" if fmt == "JPEG" else fmt
        raise ImageError(f"{p}: the {kind} image is {w}x{h} pixels, too large to decode "
                         "safely; save it at a lower resolution (about 2000 pixels wide is "
                         "plenty) or as a standard (baseline) JPEG")


def shorter_side_read(width: int, height: int) -> float:
    """The shorter side, in pixels, of a ``width`` x ``height`` image once its longer side is
    brought within :data:`MIN_WORK_SIDE` to :data:`MAX_SIDE` (:func:`working_size`): the
    side :data:`MIN_SIDE` bounds, as the reader sees it."""
    longer = max(width, height)
    scale = MAX_SIDE / longer if longer > MAX_SIDE else max(1.0, MIN_WORK_SIDE / longer)
    return min(width, height) * scale


def _check_data(p: Path, fmt: str, w: int, h: int, data: bytes) -> None:
    """Refuse a PNG too large once decoded, and a file whose end is missing."""
    if fmt == "PNG" and _png_decoded_bytes(data, w, h) > MAX_DECODE_BYTES:
        raise ImageError(f"{p}: the PNG image ({w}x{h} pixels, "
                         f"{_png_decoded_bytes(data, w, h) // MB} MB once decoded) is "
                         "too large to decode safely; save it as an 8-bit JPEG of about 2000 "
                         "pixels wide")
    if _is_truncated(fmt, data):
        raise _truncated(p, fmt)


def _truncated(p: Path, fmt: str) -> ImageError:
    """The refusal of a file whose end is missing."""
    return ImageError(f"{p}: the {fmt} file is truncated (its end is missing, perhaps an "
                      "interrupted copy or download); copy or take the photo again")


def _refuse_truncated(p: Path, fmt: str) -> None:
    """Raise :func:`_truncated` where the file ``p`` (of format ``fmt``, bounded in size by
    :func:`_check_file`) lacks its end: a file cut short within its header cannot be parsed,
    and that, not the parser's words, is what the person can act on."""
    if _is_truncated(fmt, p.read_bytes()):
        raise _truncated(p, fmt) from None


def _decode(p: Path, fmt: str, data: bytes, factor: int) -> np.ndarray:
    """The pixels as stored (orientation ignored), reduced ``factor`` times by libjpeg when
    above 1; Pillow's decoder for the same format when OpenCV gives up."""
    buf = np.frombuffer(data, np.uint8)
    flags = (_REDUCED[factor] | cv2.IMREAD_IGNORE_ORIENTATION) if factor > 1 else _DECODE_FLAGS
    quiet_opencv()  # a damaged file is said in our words, not in OpenCV's log lines
    try:
        img = cv2.imdecode(buf, flags)
    except cv2.error:  # a damaged file OpenCV gives up on loudly: try Pillow
        img = None
    if img is None:
        img = _decode_with_pillow(p, fmt)
    if img is None or img.size == 0:
        raise ImageError(f"{p}: the {fmt} image could not be decoded (damaged file?); "
                         "take or copy the photo again")
    return img


def _decode_with_pillow(p: Path, fmt: str) -> np.ndarray | None:
    """Fallback decoder for a JPEG or PNG that OpenCV gives up on (Pillow is more lenient with
    damaged files), pixels as stored; None when Pillow fails too. Pillow may only use its
    decoder for ``fmt``."""
    try:
        with Image.open(p, formats=("JPEG", "MPO") if fmt == "JPEG" else ("PNG",)) as im:
            im.draft("RGB", (MAX_SIDE, MAX_SIDE))
            im = im.convert("RGB")
            return cv2.cvtColor(np.asarray(im), cv2.COLOR_RGB2BGR)
    except Exception:  # noqa: BLE001 - any failure of Pillow on a damaged file: not decodable
        return None


@dataclass(frozen=True)
class Photo:
    """The photo stage's hand-off: a photo loaded as 8-bit BGR (``image``, upright, longer side
    at most :data:`MAX_SIDE` and at least :data:`MIN_WORK_SIDE`), the file it came from
    (``source``) and the file's pixels per pixel of ``image`` (``file_scale``), so places found
    in the image can be reported in the file's own pixels."""

    image: np.ndarray
    source: str
    file_scale: float = 1.0


def load_photo(path: str | os.PathLike[str]) -> Photo:
    """The photo at ``path`` loaded (:func:`load_image`; its errors name the file)."""
    image = load_image(path)
    return Photo(image, str(path), file_scale(path, image))
