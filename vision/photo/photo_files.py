"""Which photo file shows which face: files named ``U R F D L B`` (six face photos) or ``A B``
(two corner photos), ``.jpg``/``.jpeg``/``.png`` in any case, in a folder or listed one by one.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Sequence

from ...models.cube.geometry import FACES
from ...models.errors import SudokuCubeError
from .images import IMAGE_SUFFIXES, OTHER_PHOTO_SUFFIXES, missing_file

PHOTO_NAMES = FACES + ("A", "B")
"""Names of photo files the readers know: a face letter, or a corner photo A/B."""

SHOWN = len(PHOTO_NAMES)
"""Wrongly named photos a message lists by name (the rest are "..."): as many as a cube's
folder holds rightly named, one per name the readers know (six faces and two corner
photos), so every photo meant for the cube is named."""


def face_photos(paths: Path | str | Sequence[Path | str]) -> dict[str, Path]:
    """Map photo name (face letter, or corner photo ``A``/``B``) -> file, from a folder or a
    list of files named ``U.jpg`` etc.

    Raises SudokuCubeError for missing paths or a name given by two photos, naming them.
    """
    files, where = _given_files(paths)
    found: dict[str, list[Path]] = {}
    for f in files:
        if f.suffix.lower() in IMAGE_SUFFIXES and f.stem.upper() in PHOTO_NAMES:
            found.setdefault(f.stem.upper(), []).append(f)
    dups = {k: v for k, v in found.items() if len(v) > 1}
    if dups:
        k, v = next(iter(dups.items()))
        raise SudokuCubeError(f"{where}: face {k} has {len(v)} photos ("
                              + ", ".join(x.name for x in v) + "); keep exactly one per face")
    return {k: v[0] for k, v in found.items()}


def unreadable_note(paths: Path | str | Sequence[Path | str]) -> str:
    """The files named after a face or corner photo in a kind the reader does not open
    (``R.heic``, ``A.webp``), told as what to do, or "": a person who sees a photo named R
    does not think of it as missing."""
    try:
        files, _ = _given_files(paths)
    except SudokuCubeError:
        return ""
    named = [f.name for f in files if f.stem.upper() in PHOTO_NAMES
             and f.suffix.lower() in OTHER_PHOTO_SUFFIXES and f.is_file()]
    if not named:
        return ""
    return (f"; {', '.join(named)}: not read, only JPEG and PNG photos are (a phone's HEIC "
            "photo: share or export it as JPEG, or set the camera to take JPEG)")


def _given_files(paths: Path | str | Sequence[Path | str]) -> tuple[list[Path], str]:
    """The files a folder holds, or the files listed, and how to name them in a message;
    SudokuCubeError naming a folder or photo that does not exist."""
    if isinstance(paths, (str, os.PathLike)):
        p = Path(paths)
        if not p.exists():
            raise missing_file(p, "no such folder or photo")
        return (sorted(p.iterdir()) if p.is_dir() else [p]), str(p)
    files = [Path(x) for x in paths]
    for f in files:
        if not f.exists():
            raise missing_file(f, "no such photo")
    return files, ", ".join(str(f) for f in files)


FOLDER_RULE = ("a folder needs either the six face photos named U R F D L B or the two corner "
               "photos named A and B (.jpg, .jpeg or .png)")
"""What a folder of one cube's photos holds, for messages about a folder that does not."""


def _photo_folders(folder: Path, depth: int = 2) -> list[Path]:
    """The folders up to ``depth`` levels below ``folder`` that hold a photo named after a
    face or corner photo, in name order: what a person who gave the folder above a cube's
    photos (``samples/corners``) meant."""
    out = []
    try:
        subs = sorted(p for p in folder.iterdir() if p.is_dir())
    except OSError:  # a folder the person may not read: nothing to suggest there
        return out
    for sub in subs:
        try:
            named = any(f.suffix.lower() in IMAGE_SUFFIXES and f.stem.upper() in PHOTO_NAMES
                        for f in sub.iterdir() if f.is_file())
        except OSError:
            continue
        if named:
            out.append(sub)
        elif depth > 1:
            out.extend(_photo_folders(sub, depth - 1))
    return out


def missing_faces_message(paths: Path | str | Sequence[Path | str], missing: Sequence[str]) -> str:
    """Why a folder (or list of files) is not six face photos: the faces missing, and the
    photos given that are not named after a face (``front.jpg``, ``IMG_0042.JPG``), since a
    person who took all six photos has usually just named them otherwise. A folder with no
    photos whose folders hold some (the folder above a cube's) names a few of those."""
    given, where = _given_files(paths)
    if isinstance(paths, (str, os.PathLike)):  # a folder's other files are no photos
        given = [f for f in given if f.suffix.lower() in IMAGE_SUFFIXES]
        inner = _photo_folders(Path(paths)) if not given and Path(paths).is_dir() else []
        if inner:
            shown = ", ".join(str(f) for f in inner[:3])
            more = f" and {len(inner) - 3} more" if len(inner) > 3 else ""
            return (f"{where}: this folder holds no photos, but folders in it do: {shown}{more}; "
                    f"give one of those: {FOLDER_RULE}{unreadable_note(paths)}")
    others = [f.name for f in given if f.stem.upper() not in PHOTO_NAMES]
    text = (f"{where}: photo(s) of face {' '.join(missing)} missing; {FOLDER_RULE}") + \
        unreadable_note(paths)
    if others:
        shown = ", ".join(others[:SHOWN]) + (", ..." if len(others) > SHOWN else "")
        text += (f"; these photos are not named after a face: {shown} (rename each after the "
                 "face it shows, e.g. F.jpg, or a corner photo after its corner, A.jpg or "
                 "B.jpg; `sudoku-cube read --corner A PHOTO` checks one corner photo)")
    return text
