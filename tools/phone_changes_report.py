"""Does a reading hold when the photo changes as phones and rooms change it?

Renders the exam renderer's six face photos or corner pairs (:mod:`sudoku_cube.render.second`,
its standard scenes, every look; look i's cubes start at :data:`FIRST_SEED` + 1000 i, seeds no
benchmark and no training uses), changes each photo in one of the ways of :data:`CHANGES`
(warm or cool light, a 12-megapixel phone's file, a small one, a chat app's coarse JPEG, dim
light, vignetting, sensor noise, a flash's hot spot, a hand's motion blur) or covers part of a
face as in :data:`COVERS` (a finger over an edge sticker, light or dark), writes it as a JPEG
and reads it back through the product's own loader and reader (no OCR). Per change it reports
the faces located, refused and misplaced (a sticker centre a third of a pitch or more off the
truth) and the stickers right on the located faces, then every misread and misplaced face by
name, so that a change that costs readings is seen beside the unchanged photo's own misreads.

    .venv/bin/python -m tools.phone_changes_report --cubes 3 [--photos corners]

Each cube's six faces are also decoded jointly, as the product decodes them: a covered
sticker is read as no digit at best and counts as misread among the stickers, so the cubes
right after joint decoding, and whether they are settled, sent to review or refused, say what
a person meets.
"""
from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import cv2
import numpy as np

from sudoku_cube.assistant.bench.renders import (LOOK_ORDER, face_misreads, joint_decode,
                                                 symmetric_of)
from sudoku_cube.assistant.bench.vision_second import Tally, cube, judge
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.render.second import Look, Shot, corner_shot, face_shot
from sudoku_cube.vision.photo.images import load_photo
from sudoku_cube.vision.reading.faces import FaceReading, reading_state
from sudoku_cube.vision.reading.reader import Reader

FIRST_SEED = 96000
"""Look i's first cube is ``FIRST_SEED + 1000 i``: clear of the benchmarks' seeds (90000+,
95000+ and 70000+) and of every training set's (700000+)."""

Change = Callable[[np.ndarray], np.ndarray]
"""A change of a whole photo: its BGR pixels to the changed ones."""
Cover = Callable[[np.ndarray, np.ndarray], np.ndarray]
"""Something over part of a face: the photo's BGR pixels and the sticker centres (9, 2, net
order) of the face it covers, to the changed pixels."""


def _scaled_channels(gains: tuple[float, float, float]) -> Change:
    """Each BGR channel times its gain: light of another colour than the camera expected."""
    return lambda im: np.clip(im * np.array(gains), 0, 255).astype(np.uint8)


def _phone_file(im: np.ndarray) -> np.ndarray:
    """Enlarged to a 12-megapixel phone's 4032 pixels, softened as its lens and demosaicing
    soften it (the loader brings it down again)."""
    s = 4032 / max(im.shape[:2])
    big = cv2.resize(im, None, fx=s, fy=s, interpolation=cv2.INTER_CUBIC)
    return cv2.GaussianBlur(big, (0, 0), 1.5)


def _small_file(im: np.ndarray) -> np.ndarray:
    """Shrunk to 400 pixels on its longer side: a thumbnail, or a photo sent by a chat app."""
    s = 400 / max(im.shape[:2])
    return cv2.resize(im, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)


def _chat_file(im: np.ndarray) -> np.ndarray:
    """Sent through a chat app that squeezes photos hard: JPEG at quality 25."""
    ok, data = cv2.imencode(".jpg", im, [cv2.IMWRITE_JPEG_QUALITY, 25])
    return cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else im


def _dim(im: np.ndarray) -> np.ndarray:
    """Darkened as an evening room is: gamma 2, then 80 %."""
    return np.clip(255 * (im / 255.0) ** 2.0 * 0.8, 0, 255).astype(np.uint8)


def _radial(im: np.ndarray) -> np.ndarray:
    """Each pixel's distance from the middle, 1 at the middle of each side."""
    h, w = im.shape[:2]
    y, x = np.mgrid[0:h, 0:w]
    return np.hypot((x - w / 2) / (w / 2), (y - h / 2) / (h / 2))


def _vignette(im: np.ndarray) -> np.ndarray:
    """The corners darkened as a cheap lens darkens them (to 55 % at the middle of a side)."""
    g = np.clip(1 - 0.45 * _radial(im) ** 2, 0.3, 1)[..., None]
    return (im * g).astype(np.uint8)


def _noise(im: np.ndarray) -> np.ndarray:
    """Sensor noise of a small camera in poor light (Gaussian, 14 grey levels)."""
    rng = np.random.default_rng(0)
    return np.clip(im + rng.normal(0, 14, im.shape), 0, 255).astype(np.uint8)


def _flash(im: np.ndarray) -> np.ndarray:
    """A flash's hot spot a little above and left of the middle (up to 120 grey levels)."""
    h, w = im.shape[:2]
    y, x = np.mgrid[0:h, 0:w]
    spot = 120 * np.exp(-((x - 0.45 * w) ** 2 + (y - 0.45 * h) ** 2) / (2 * (0.12 * w) ** 2))
    return np.clip(im + spot[..., None], 0, 255).astype(np.uint8)


def _motion(im: np.ndarray) -> np.ndarray:
    """A hand's sideways motion blur over 9 pixels."""
    k = np.zeros((9, 9), np.float32)
    k[4, :] = 1 / 9
    return cv2.filter2D(im, -1, k)


CHANGES: dict[str, Change] = {
    "none": lambda im: im,
    "warm light": _scaled_channels((0.55, 0.9, 1.15)),
    "cool light": _scaled_channels((1.2, 1.0, 0.75)),
    "12 MP file": _phone_file,
    "400 px file": _small_file,
    "chat app file": _chat_file,
    "dim": _dim,
    "vignette": _vignette,
    "noise": _noise,
    "flash spot": _flash,
    "motion blur": _motion,
}
"""The changes, each a function of a BGR photo; "none" reads the photo as rendered."""

EDGE_CELLS = (1, 3, 5, 7)
"""A face's edge stickers (net order): where a finger holding the cube reaches over."""
SKIN = (130.0, 160.0, 215.0)
"""A finger's colour (BGR) in good light."""
DARK_SKIN = (70.0, 90.0, 125.0)
"""A darker finger's colour (BGR): darker skin, or a finger in the shade of the cube."""


def _finger(skin: tuple[float, float, float]) -> Cover:
    """A finger of colour ``skin`` over the edge sticker lowest in the photo (a hand holds
    the cube from below): :func:`finger_over` that sticker."""
    return lambda im, centres: finger_over(im, centres, lowest_edge(centres), skin)


def lowest_edge(centres: np.ndarray) -> int:
    """The edge sticker (:data:`EDGE_CELLS`) lowest in the photo."""
    return max(EDGE_CELLS, key=lambda i: float(np.asarray(centres)[i, 1]))


def finger_over(im: np.ndarray, centres: np.ndarray, k: int,
                skin: tuple[float, float, float]) -> np.ndarray:
    """A finger of colour ``skin`` over edge sticker ``k`` of the face whose sticker centres
    are ``centres``: from outside the face, a little wider than a sticker, its round tip a
    quarter of a pitch past the sticker's middle towards the face's, its outline softened by
    two pixels."""
    centres = np.asarray(centres, np.float64)
    out = centres[k] - centres[4]
    pitch = float(np.linalg.norm(out))
    tip = centres[k] - 0.25 * out
    base = tip + 3.0 * out
    half = int(round(0.55 * pitch))
    mask = np.zeros(im.shape[:2], np.float32)
    cv2.line(mask, tuple(int(round(v)) for v in tip), tuple(int(round(v)) for v in base), 1.0,
             2 * half)
    cv2.circle(mask, tuple(int(round(v)) for v in tip), half, 1.0, -1)
    mask = cv2.GaussianBlur(mask, (0, 0), 2.0)[..., None]
    return np.clip(im * (1 - mask) + np.array(skin) * mask, 0, 255).astype(np.uint8)


COVERS: dict[str, Cover] = {"finger over a sticker": _finger(SKIN),
                            "dark finger over a sticker": _finger(DARK_SKIN)}
"""The covers, each over the first face a photo shows (a face photo's own face, corner photo
A's U, B's D)."""


def read_changed(reader: Reader, image: np.ndarray, name: str, folder: Path, corner: bool
                 ) -> tuple[dict[str, FaceReading] | None, str | None]:
    """``image`` written as a JPEG (quality 90), loaded back by the product's loader and read
    as face ``name`` or, with ``corner``, as corner photo ``name``: the readings by face (None
    when refused; their places in ``image``'s pixels through the loader's ``file_scale``) and
    the refusal."""
    path = folder / f"{name}.jpg"
    cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    photo = load_photo(path)
    try:
        if corner:
            return dict(reader.read_corner_photo(photo.image, name, source=photo.source,
                                                 file_scale=photo.file_scale)), None
        return {name: reader.read_face(photo.image, face=name, source=photo.source,
                                       file_scale=photo.file_scale)}, None
    except SudokuCubeError as e:  # a refusal is counted; any other error is a bug
        return None, str(e)


def _shots(state: CubeState, homes: dict, look: Look, s: int, corner: bool
           ) -> Iterator[tuple[str, Shot]]:
    """The photos of one cube (seed ``s``): (name, shot) of its six faces or corner photos."""
    if corner:
        for i, w in enumerate("AB"):
            yield w, corner_shot(state, w, s * 10 + i, look, homes)
    else:
        for i, f in enumerate(FACES):
            yield f, face_shot(state, f, s * 10 + i, look, homes)


def _truths(shot: Shot, name: str, corner: bool) -> dict[str, dict]:
    """Each face's truth in a shot, by face."""
    return shot.truth["faces"] if corner else {name: shot.truth}


def _count(t: Tally, tag: str, got: dict[str, FaceReading] | None, err: str | None,
           truths: dict[str, dict], state: CubeState, symmetric: frozenset[int]
           ) -> dict[str, FaceReading]:
    """Count one changed photo's faces in ``t`` as ``bench vision --renderer second`` does
    (:func:`judge`: refused, misplaced or located), and the located faces' stickers against
    ``state``; the located faces' readings."""
    located = {}
    for f, truth in truths.items():
        reading = (got or {}).get(f)
        if judge(t, tag, f, reading, err, truth):
            right, wrong = face_misreads({f: reading}, state, symmetric)
            t.stickers += len(reading.stickers)
            t.right += right
            t.notes += [f"{tag} {w}" for w in wrong]
            located[f] = reading
    return located


def _changed(image: np.ndarray, centres: np.ndarray, changes: dict[str, Change],
             covers: dict[str, Cover]) -> Iterator[tuple[str, np.ndarray]]:
    """Each change's and cover's picture of ``image`` (``centres``: the first face's sticker
    centres, which a cover lays over), made one at a time as it is read: the 12-megapixel
    change alone is some 40 MB."""
    for name, change in changes.items():
        yield name, change(image)
    for name, cover in covers.items():
        yield name, cover(image, centres)


def measure(cubes: int, changes: dict[str, Change], looks: tuple[str, ...] = LOOK_ORDER,
            corner: bool = False, covers: dict[str, Cover] | None = None) -> dict[str, Tally]:
    """Every change's and cover's tally over ``cubes`` cubes of each look: six face photos
    each, or with ``corner`` corner photos A and B."""
    reader = Reader(ocr="never")
    covers = covers or {}
    tallies = {name: Tally() for name in [*changes, *covers]}
    with tempfile.TemporaryDirectory() as tmp:
        for li, look in enumerate(looks):
            symmetric = symmetric_of(look)
            for k in range(cubes):
                s = FIRST_SEED + 1000 * li + k
                state, homes, lk = cube(s, k, look)
                readings: dict[str, dict[str, FaceReading]] = {n: {} for n in tallies}
                for name, shot in _shots(state, homes, lk, s, corner):
                    shown = _truths(shot, name, corner)
                    first = np.array(next(iter(shown.values()))["centres"])
                    for change_name, image in _changed(shot.image, first, changes, covers):
                        got, err = read_changed(reader, image, name, Path(tmp), corner)
                        # the truth in the changed photo's pixels
                        grow = max(image.shape[:2]) / max(shot.image.shape[:2])
                        truths = {f: dict(t, centres=(np.array(t["centres"]) * grow).tolist())
                                  for f, t in shown.items()}
                        readings[change_name].update(_count(
                            tallies[change_name], f"{look}-{s}" + (f" {name}" if corner
                                                                   else ""),
                            got, err, truths, state, symmetric))
                for change_name, faces in readings.items():  # the cube's faces decoded jointly
                    tallies[change_name].joint.add(
                        joint_decode(reading_state(faces), state, symmetric)
                        if len(faces) == len(FACES) else None)
    return tallies


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cubes", type=int, default=3, help="cubes per look (six photos each)")
    ap.add_argument("--changes", nargs="+", choices=list(CHANGES), default=list(CHANGES))
    ap.add_argument("--covers", nargs="*", choices=list(COVERS), default=list(COVERS),
                    help="things over part of a face (none: --covers with no name)")
    ap.add_argument("--photos", choices=("faces", "corners"), default="faces",
                    help="six face photos per cube, or corner photos A and B")
    args = ap.parse_args(argv)
    tallies = measure(args.cubes, {n: CHANGES[n] for n in args.changes},
                      corner=args.photos == "corners", covers={n: COVERS[n] for n in args.covers})
    print("| change | faces | located | refused | misplaced | stickers right | cubes after "
          "joint decoding: right; sure / review / refused / WRONG sure |")
    print("|---|---|---|---|---|---|---|")
    for name, t in tallies.items():
        share = 100 * t.right / max(t.stickers, 1)
        j = t.joint.figures()
        print(f"| {name} | {t.faces} | {t.located} | {t.refused} | {t.misplaced} | "
              f"{t.right} / {t.stickers} ({share:.2f} %) | {j['cubes_right_after_joint']}; "
              f"{j['joint_sure']} / {j['joint_review']} / {j['joint_refused']} / "
              f"{j['joint_wrong_sure']} |")
    for name, t in tallies.items():
        if t.notes:
            print(f"\n{name}: " + "; ".join(t.notes))


if __name__ == "__main__":
    main()
