"""The files a profile's learnt data lives in: glyph sheets (PNG) and the classifier (JSON),
and the error a missing or broken one is (:class:`ProfileError`). Profiles live in
``profiles/`` of the user's data folder (:func:`storage.folders.profiles_root`); every file is
written through :mod:`storage.atomic` (write, then rename over the old copy).

Glyphs (32x32 cells in [0, 1]) are tiled :data:`SHEET_COLUMNS` to a row into one PNG whose
labels are in ``profile.json``; the classifier's weights are JSON. Each file is named by a
hash of its content and written before the JSON that points at it, and every field read back
is checked, so a damaged or older profile is refused with what to do, not misread. No pickle.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from ..models.errors import SudokuCubeError
from ..vision.photo.opencv_log import quiet_opencv
from ..models.json_input import JsonInputError, parse_json
from ..storage.atomic import atomic_write_bytes
from ..storage.file_input import FileRefused, read_regular_file
from ..vision.cells.glyph import GLYPH
from ..vision.recognise.hog import N_CLASSES, LinearModel, hog_features
from ..vision.recognise.templates import TemplateSet


REMAKE = ("move the profile's folder away (or delete it), then calibrate again (calibrating "
          "does not replace a profile it cannot read)")
"""What a person does about a profile that cannot be read."""


class ProfileError(SudokuCubeError):
    """A calibration profile that is missing, broken, from another version, or badly named."""


def atomic_write_png(path: str | os.PathLike[str], image: np.ndarray) -> None:
    """Encode ``image`` (uint8 gray or BGR) as PNG and write it atomically."""
    ok, buf = cv2.imencode(".png", image)
    if not ok:  # pragma: no cover - only for images OpenCV cannot encode
        raise ProfileError(f"{path}: could not encode the image as PNG")
    atomic_write_bytes(path, buf.tobytes())


MAX_SHEET_BYTES = 32 << 20
"""The largest glyph sheet read (the sheets :func:`atomic_write_png` writes are well under 1 MB)."""


def read_png(path: Path, *, what: str, fix: str) -> np.ndarray:
    """Read a PNG written by :func:`atomic_write_png` unchanged; explain any problem."""
    try:
        data = read_regular_file(path, MAX_SHEET_BYTES)
    except FileNotFoundError:
        raise ProfileError(f"{path}: {what} is missing; {fix}") from None
    except FileRefused as e:
        raise ProfileError(f"{path}: {what} {e.reason}; {fix}") from None
    except OSError as e:
        raise ProfileError(f"{path}: {what} cannot be read ({e.strerror}); {fix}") from None
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):  # only PNG ever reaches a decoder
        raise ProfileError(f"{path}: {what} is not a readable PNG image; {fix}")
    quiet_opencv()  # a cut sheet is said in our words, not in OpenCV's log lines
    image = cv2.imdecode(np.frombuffer(data, np.uint8),
                         cv2.IMREAD_UNCHANGED | cv2.IMREAD_IGNORE_ORIENTATION)
    if image is None:
        raise ProfileError(f"{path}: {what} is not a readable PNG image; {fix}")
    return image


SHEET_COLUMNS = 36
"""Glyphs per row of a sheet (36: one row holds the 9 digits x 4 rotations of a template set)."""


def sheet_of(images: np.ndarray) -> np.ndarray:
    """Tile (N, 32, 32) glyphs in [0, 1] into one uint8 image, SHEET_COLUMNS per row."""
    n = len(images)
    rows = max(1, -(-n // SHEET_COLUMNS))
    sheet = np.zeros((rows * GLYPH, SHEET_COLUMNS * GLYPH), np.uint8)
    for i, img in enumerate(images):
        r, c = divmod(i, SHEET_COLUMNS)
        sheet[r * GLYPH:(r + 1) * GLYPH, c * GLYPH:(c + 1) * GLYPH] = np.clip(
            np.rint(img * 255), 0, 255).astype(np.uint8)
    return sheet


def glyphs_of(sheet: np.ndarray, count: int, path: Path) -> np.ndarray:
    """Inverse of :func:`sheet_of`; checks the sheet holds ``count`` cells of GLYPH pixels."""
    rows = max(1, -(-count // SHEET_COLUMNS))
    if sheet.ndim != 2 or sheet.shape != (rows * GLYPH, SHEET_COLUMNS * GLYPH):
        raise ProfileError(f"{path}: glyph sheet is {sheet.shape[1]}x{sheet.shape[0]} pixels, "
                           f"expected {SHEET_COLUMNS * GLYPH}x{rows * GLYPH} for {count} glyphs "
                           f"of {GLYPH} px; it is from another version or was edited: "
                           f"{REMAKE}")
    out = np.empty((count, GLYPH, GLYPH), np.float32)
    for i in range(count):
        r, c = divmod(i, SHEET_COLUMNS)
        out[i] = sheet[r * GLYPH:(r + 1) * GLYPH, c * GLYPH:(c + 1) * GLYPH] / 255.0
    return out


def write_set(folder: Path, kind: str, ts: TemplateSet) -> dict[str, Any]:
    """Write a glyph sheet named by its content hash; return its JSON entry."""
    sheet = sheet_of(ts.images)
    digest = hashlib.sha256(sheet.tobytes() + bytes(np.asarray(ts.digits, np.int8))
                            + bytes(np.asarray(ts.rots, np.int8))).hexdigest()[:12]
    name = f"{kind}-{digest}.png"
    if not (folder / name).exists():
        atomic_write_png(folder / name, sheet)
    return {"file": name, "count": len(ts), "glyph_px": GLYPH,
            "digits": [int(d) for d in ts.digits], "rots": [int(r) for r in ts.rots],
            "meta": ts.meta}


def read_set(folder: Path, kind: str, entry: Any, where: Path) -> TemplateSet:
    """Read a glyph set described by a profile.json entry (validating every field)."""
    fix = REMAKE
    if not isinstance(entry, dict):
        raise ProfileError(f"{where}: '{kind}' must be an object; {fix}")
    try:
        file = str(entry["file"])
        count = int(entry["count"])
        digits = np.array([int(d) for d in entry["digits"]])
        rots = np.array([int(r) for r in entry["rots"]])
        glyph_px = int(entry.get("glyph_px", GLYPH))
        meta = entry.get("meta") or {}
    except (KeyError, TypeError, ValueError) as e:
        raise ProfileError(f"{where}: '{kind}' entry is incomplete ({e}); {fix}") from None
    if "/" in file or "\\" in file or file.startswith("."):
        raise ProfileError(f"{where}: '{kind}' names file {file!r} outside the profile; {fix}")
    if glyph_px != GLYPH:
        raise ProfileError(f"{where}: '{kind}' glyphs are {glyph_px} px but this version uses "
                           f"{GLYPH} px (an older profile); {fix}")
    if len(digits) != count or len(rots) != count or count == 0:
        raise ProfileError(f"{where}: '{kind}' labels do not match its count {count}; {fix}")
    if digits.min() < 1 or digits.max() > 9 or rots.min() < 0 or rots.max() > 3:
        raise ProfileError(f"{where}: '{kind}' has labels outside digits 1-9 / rotations 0-3; "
                           f"{fix}")
    sheet = read_png(folder / file, what=f"the {kind} glyph sheet", fix=fix)
    images = glyphs_of(sheet, count, folder / file)
    return TemplateSet(images, digits, rots, dict(meta) if isinstance(meta, dict) else {})


def write_model(folder: Path, model: LinearModel) -> dict[str, Any]:
    """Write the classifier's weights as JSON (named by content hash); return its entry."""
    body = {"format": "sudoku-cube-classifier/1", "weights": model.weights.tolist(),
            "bias": model.bias.tolist(), "temperature": float(model.temperature),
            "meta": model.meta}
    text = json.dumps(body)
    name = f"classifier-{hashlib.sha256(text.encode()).hexdigest()[:12]}.json"
    if not (folder / name).exists():
        atomic_write_bytes(folder / name, text.encode("utf-8"))
    return {"file": name, "shape": list(model.weights.shape)}


def read_model(folder: Path, entry: Any, where: Path) -> LinearModel:
    """Read and check a classifier written by :func:`write_model`."""
    fix = REMAKE
    file = entry.get("file") if isinstance(entry, dict) else None
    if not isinstance(file, str) or "/" in file or "\\" in file or file.startswith("."):
        raise ProfileError(f"{where}: 'classifier' entry is damaged; {fix}")
    path = folder / file
    try:
        body = parse_json(read_regular_file(path).decode("utf-8"))
        if not isinstance(body, dict):
            raise TypeError("not an object")
        weights = np.array(body["weights"], np.float32)
        bias = np.array(body["bias"], np.float32)
        temperature = float(body["temperature"])
    except FileNotFoundError:
        raise ProfileError(f"{path}: the classifier file is missing; {fix}") from None
    except FileRefused as e:
        raise ProfileError(f"{path}: {e.reason}; {fix}") from None
    except JsonInputError as e:
        raise ProfileError(f"{path}: the classifier file is damaged ({e}); {fix}") from None
    except (OSError, UnicodeDecodeError, KeyError, TypeError, ValueError) as e:
        raise ProfileError(f"{path}: the classifier file is damaged ({type(e).__name__}); "
                           f"{fix}") from None

    dim = hog_features(np.zeros((1, GLYPH, GLYPH), np.float32)).shape[1]
    if weights.shape != (dim, N_CLASSES) or bias.shape != (N_CLASSES,):
        raise ProfileError(f"{path}: classifier has shape {list(weights.shape)}, this version "
                           f"needs [{dim}, {N_CLASSES}] (an older profile); {fix}")
    meta = body.get("meta") if isinstance(body.get("meta"), dict) else {}
    return LinearModel(weights, bias, temperature, meta)
