"""Reading the files a person names: text files and state files, with errors that say what to do.

(Every file is written through :mod:`storage.atomic`: write-then-rename.)
"""
from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import NamedTuple

from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from ...models.cube.state_format import is_json_state, parse_state
from ...models.errors import SudokuCubeError
from ...models.json_input import JsonInputError, parse_json
from ...storage.file_input import FileRefused, read_regular_file
from ...vision.recognise.footed import OneVerdict


def read_text_file(path: str | os.PathLike[str], what: str = "file") -> str:
    """Read a text file (UTF-8, a byte-order mark skipped; an ordinary file of a bounded size,
    :func:`storage.file_input.read_regular_file`) or raise a :class:`SudokuCubeError` that names
    it and says what to do."""
    p = Path(path)
    try:
        return read_regular_file(p).decode("utf-8-sig")
    except FileNotFoundError:
        raise SudokuCubeError(f"{p}: no such {what}; check the path") from None
    except FileRefused as e:
        raise SudokuCubeError(f"{p}: {e.reason}; expected a {what}") from None
    except UnicodeDecodeError:
        raise SudokuCubeError(f"{p}: is not a text file; expected a {what} "
                              "(JSON or text state, see docs/conventions.md)") from None
    except OSError as e:
        raise SudokuCubeError(f"{p}: cannot be read ({e.strerror})") from None


def is_text_state(path: str | os.PathLike[str]) -> bool:
    """Whether the state file at ``path`` is in the text format (a line per face), not JSON,
    told apart as :func:`models.cube.state_format.parse_state` does; False where it cannot be
    read. Advice on correcting it names what the person will find in it."""
    try:
        text = read_regular_file(Path(path)).decode("utf-8-sig", "replace")
    except (OSError, FileRefused):
        return False
    return not is_json_state(text)


def _json_object(text: str) -> dict:
    """A JSON state file's top-level object, for the entries beside its faces; empty for a
    text state file (or one :func:`load_state` refuses, saying what is wrong)."""
    if not is_json_state(text):
        return {}
    try:
        raw = parse_json(text)
    except JsonInputError:  # parse_state says what is wrong
        return {}
    return raw if isinstance(raw, dict) else {}


def one_verdict(raw: dict) -> OneVerdict | None:
    """What a JSON state file written by ``scan`` (or ``read --json``) says about the cube's 1
    (its ``one`` entry, of the file's top-level object ``raw``), or None when it says
    nothing."""
    return OneVerdict.from_dict(raw.get("one"))


def recorded_sources(raw: dict) -> dict[str, str]:
    """Face -> the photo it was read from, as a JSON state file written by ``read --json``
    records it (its ``reading`` section, in the file's top-level object ``raw``, each face's
    ``source``); empty when it records none. Nothing in the section is trusted: a face whose
    entry is not an object with a ``source`` string is left out, and anything else there is
    ignored."""
    reading = raw.get("reading")
    if not isinstance(reading, dict):
        return {}
    return {f: r["source"] for f, r in reading.items()
            if f in FACES and isinstance(r, dict) and isinstance(r.get("source"), str)}


def recorded_blank(raw: dict) -> dict[str, tuple[int, ...]]:
    """Face -> the stickers (0-8) on which its photo showed no digit, as a JSON state file
    written by ``read --json`` records them (its ``reading`` section, each face's ``blank``;
    ``raw``: the file's top-level object); faces without a usable record left out. Trusted
    in nothing but the refusal of a cube with no digits
    (:func:`assistant.services.cube_input.no_digits_refusal`), which looks only at stickers
    still as the photo read them."""
    reading = raw.get("reading")
    if not isinstance(reading, dict):
        return {}
    out = {}
    for f, r in reading.items():
        cells = r.get("blank") if f in FACES and isinstance(r, dict) else None
        if isinstance(cells, list) and all(type(i) is int and 0 <= i < 9 for i in cells):
            out[f] = tuple(sorted(set(cells)))
    return out


class StateFile(NamedTuple):
    """A state file read once (:func:`load_state_file`): the state, what it says about the
    cube's 1, the photos its faces were read from and the stickers they showed no digit on."""

    state: CubeState
    ones: OneVerdict | None
    sources: dict[str, str]
    blank: dict[str, tuple[int, ...]]


def load_state_file(path: str | os.PathLike[str]) -> StateFile:
    """A state file read and parsed once: the state (:func:`load_state`),
    what it says about the cube's 1 (:func:`one_verdict`), the photos its faces were read
    from (:func:`recorded_sources`) and the stickers they showed no digit on
    (:func:`recorded_blank`)."""
    _refuse_folder(path)
    text = read_text_file(path, "state file")
    raw = _json_object(text)
    return StateFile(parse_state(text, source=str(path)), one_verdict(raw),
                     recorded_sources(raw), recorded_blank(raw))


def load_state(path: str | os.PathLike[str]) -> CubeState:
    """Read a JSON or text state file (docs/conventions.md); a folder (of photos, most likely)
    is refused with the command that writes its state file."""
    _refuse_folder(path)
    return parse_state(read_text_file(path, "state file"), source=str(path))


def _refuse_folder(path: str | os.PathLike[str]) -> None:
    """Refuse a folder given for a state file (of photos, most likely), with the command that
    writes its state file."""
    if Path(path).is_dir():
        command = f"sudoku-cube read {shlex.quote(str(path))} --json > state.json"
        raise SudokuCubeError(f"{path}: is a folder; this command takes a state file. For a "
                              f"folder of photos, `{command}` writes one")
