"""Sessions that survive Ctrl-C: the faces captured by a scan and the step a guide reached.

Both are small JSON files in :func:`storage.folders.data_dir`, written atomically after every
change, so an interruption never loses more than the action in progress. The guide session is
updated under a lock (:func:`storage.file_lock.locked`), so that two guides (or a guide and a
check) updating it at once do not drop each other's update. A corrupt or foreign
session file is reported (scan) or set aside beside itself and said (guide: its places are
lost, the file is not), never a traceback.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, NamedTuple

from ...models.cube.face_words import faces_words
from ...models.cube.geometry import FACES
from ...models.cube.moves import Move, format_moves, parse_moves
from ...models.cube.state import CubeState
from ...models.cube.stickers import Hypothesis, Sticker, format_token, parse_token, same_sticker
from ...models.errors import SudokuCubeError
from ...models.json_input import parse_json
from ...storage.atomic import atomic_write_json
from ...storage.file_input import FileRefused, read_regular_file
from ...storage.file_lock import locked
from ...storage.folders import data_dir

SCAN_FORMAT = "sudoku-cube-scan/1"
GUIDE_FORMAT = "sudoku-cube-guide/1"
GUIDE_KEEP = 20  # plans remembered


def scan_session_path() -> Path:
    """The file of the current scan session."""
    return data_dir() / "scan-session.json"


def guide_session_path() -> Path:
    """The file that remembers the step reached in each guided plan."""
    return data_dir() / "guide-session.json"


@dataclass
class CapturedFace:
    """One captured face: its best stickers and, per sticker, the alternatives with scores, and
    ``ones``: how many of its 1s were read clearly enough to judge their foot, and how many of
    those have one (``vision.recognise.footed``); ``blank``: the stickers (0-8) on which no
    digit was seen (:attr:`vision.reading.faces.FaceReading.blank`; all nine on a plain
    cube's face), to refuse a cube with no digits (:func:`assistant.services.cube_input.
    no_digits_refusal`); a session saved before it was kept reads as none."""

    stickers: tuple[Sticker, ...]
    candidates: tuple[tuple[Hypothesis, ...], ...]
    ones: tuple[int, int] = (0, 0)
    blank: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (tokens as in docs/conventions.md)."""
        return {"stickers": [format_token(s) for s in self.stickers],
                "candidates": [[{"token": format_token(h.sticker),
                                 "score": 1.0 if h.score is None else float(h.score)}
                                for h in alts] for alts in self.candidates],
                "ones": list(self.ones), "blank": list(self.blank)}

    @staticmethod
    def from_dict(raw: Any, where: str) -> "CapturedFace":
        """Parse the JSON form; raise :class:`SudokuCubeError` naming ``where``."""
        try:
            stickers = tuple(parse_token(t) for t in raw["stickers"])
            cands = tuple(tuple(Hypothesis(parse_token(h["token"]), float(h["score"]))
                                for h in alts) for alts in raw["candidates"])
            seen, footed = (int(n) for n in raw.get("ones", (0, 0)))
            blank = tuple(sorted({int(i) for i in raw.get("blank", ())}))
        except (KeyError, TypeError, ValueError) as e:
            raise SudokuCubeError(f"{where}: damaged entry ({e}); start a new scan without "
                                  "--resume") from None
        if len(stickers) != 9 or len(cands) != 9 or not all(cands):
            raise SudokuCubeError(f"{where}: a face needs 9 stickers; start a new scan "
                                  "without --resume")
        if any(not 0 <= i < 9 for i in blank):
            raise SudokuCubeError(f"{where}: damaged entry (a blank sticker beyond 1-9); start "
                                  "a new scan without --resume")
        return CapturedFace(stickers, cands, (seen, footed), blank)


SCAN_OPTIONS = ("profile", "symmetric", "output")
"""The scan's options a session keeps, so that ``scan --resume`` goes on as the scan began:
the profile and symmetric digits it reads with, and the file it writes."""


@dataclass
class ScanSession:
    """Faces captured so far (face letter -> :class:`CapturedFace`), where they came from,
    and ``options``: those of :data:`SCAN_OPTIONS` the scan was given (name -> value)."""

    faces: dict[str, CapturedFace] = field(default_factory=dict)
    source: str = ""
    options: dict[str, str] = field(default_factory=dict)

    def missing(self, order: Iterable[str] = FACES) -> list[str]:
        """Faces still to capture, in scan order."""
        return [f for f in order if f not in self.faces]

    def complete(self) -> bool:
        """True when all six faces are captured."""
        return not self.missing()

    def state(self) -> CubeState:
        """The whole reading as a state with candidates (all six faces must be captured)."""
        if not self.complete():
            raise SudokuCubeError(f"the scan is missing {faces_words(self.missing(), None)}; "
                                  "run `sudoku-cube scan --resume` to capture them")
        return CubeState.from_faces({f: c.stickers for f, c in self.faces.items()},
                                    candidates={f: c.candidates for f, c in self.faces.items()})

    def blank(self) -> dict[str, tuple[int, ...]]:
        """Face -> the stickers (0-8) of each captured face on which no digit was seen."""
        return {f: c.blank for f, c in self.faces.items()}

    def ones(self) -> tuple[int, int]:
        """The 1s of all captured faces read clearly enough to judge, and how many are footed."""
        return (sum(c.ones[0] for c in self.faces.values()),
                sum(c.ones[1] for c in self.faces.values()))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"format": SCAN_FORMAT, "source": self.source,
                "faces": {f: c.to_dict() for f, c in self.faces.items()},
                "options": dict(self.options)}

    def save(self, path: Path | None = None) -> Path:
        """Write atomically; return the path."""
        path = path or scan_session_path()
        atomic_write_json(path, self.to_dict())
        return path

    @staticmethod
    def load(path: Path | None = None) -> "ScanSession":
        """Read a saved session; raise :class:`SudokuCubeError` if absent or damaged."""
        path = path or scan_session_path()
        if not path.exists():
            raise SudokuCubeError(f"{path}: no scan session to resume; run `sudoku-cube scan` "
                                  "without --resume")
        try:
            data = parse_json(read_regular_file(path).decode("utf-8"))
        except FileRefused as e:
            raise SudokuCubeError(f"{path}: the saved scan session cannot be read ({e.reason}); "
                                  "start a new scan without --resume") from None
        except (OSError, ValueError) as e:
            raise SudokuCubeError(f"{path}: the saved scan session cannot be read ({e}); "
                                  "start a new scan without --resume") from None
        if not isinstance(data, dict) or data.get("format") != SCAN_FORMAT:
            raise SudokuCubeError(f"{path}: not a scan session of this version; start a new "
                                  "scan without --resume")
        faces_raw = data.get("faces") or {}
        if not isinstance(faces_raw, dict):
            raise SudokuCubeError(f"{path}: damaged scan session; start a new scan")
        faces = {}
        for f, raw in faces_raw.items():
            if f not in FACES:
                raise SudokuCubeError(f"{path}: unknown face {f!r}; start a new scan")
            faces[f] = CapturedFace.from_dict(raw, f"{path} face {f}")
        options = data.get("options") or {}  # a session saved before they were kept: none
        if not isinstance(options, dict) or not all(
                k in SCAN_OPTIONS and isinstance(v, str) for k, v in options.items()):
            raise SudokuCubeError(f"{path}: damaged scan session (its options); start a new "
                                  "scan")
        return ScanSession(faces, str(data.get("source", "")), dict(options))


def plan_key(start: CubeState, moves: Iterable[Move]) -> str:
    """A short stable key of a plan: its start stickers and moves."""
    text = " ".join(format_token(s) for s in start.stickers) + "|" + format_moves(moves)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def start_key(start: CubeState, symmetric: Iterable[int] = ()) -> str:
    """A short stable key of a plan's start (stickers and the digits taken as symmetric)."""
    text = (" ".join(format_token(s) for s in start.without_candidates().stickers) + "|"
            + ",".join(str(d) for d in sorted(symmetric)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _read_guide_data(path: Path) -> dict[str, Any]:
    """The guide session's data; empty where the file is absent or cannot be read as one
    (:func:`set_aside_unreadable` keeps such a file and says so)."""
    return _guide_data(path)[0]


def _guide_data(path: Path) -> tuple[dict[str, Any], str]:
    """The guide session's data and, where a file there cannot be read as one, why not
    (empty data then; both empty where there is no file)."""
    if not path.exists() and not path.is_symlink():
        return {}, ""
    try:
        data = parse_json(read_regular_file(path).decode("utf-8"))
    except FileRefused as e:
        return {}, e.reason
    except (OSError, ValueError) as e:  # damaged: the guide starts afresh
        return {}, str(e) or type(e).__name__
    if not isinstance(data, dict) or data.get("format") != GUIDE_FORMAT \
            or not isinstance(data.get("plans"), dict):
        return {}, "not a guide session of this version"
    return data, ""


def set_aside_unreadable(path: Path | None = None) -> str:
    """Where the guide session's file (``path``) cannot be read as one (damaged, of another
    version, a folder): the words that say so, having moved it aside beside itself (to
    ``guide-session.damaged.json``, numbered where that is taken), so that the guide saves
    its place afresh without overwriting it; empty where it reads, or there is none. The
    places kept in it are lost to the guide, so it starts the plan at step 1."""
    path = path or guide_session_path()
    with locked(path):
        return _set_aside(path, _guide_data(path)[1])


def _set_aside(path: Path, reason: str) -> str:
    """:func:`set_aside_unreadable` of ``path``, unreadable for ``reason`` (nothing where
    empty), under the caller's lock."""
    if not reason:
        return ""
    kept = next(c for c in (path.with_name(f"{path.stem}.damaged{'' if k == 1 else f'-{k}'}"
                                           f"{path.suffix}") for k in range(1, 10 ** 6))
                if not c.exists() and not c.is_symlink())
    try:
        path.rename(kept)
    except OSError as e:
        return (f"{path}: the guide's saved places cannot be read ({reason}) nor moved aside "
                f"({e.strerror or e}); the guide starts at step 1. Remove or rename it so "
                "that the guide can save your place.")
    return (f"{path}: the guide's saved places cannot be read ({reason}); the guide starts at "
            f"step 1 and keeps that file as {kept.name}.")


def _data_to_update(path: Path) -> dict[str, Any]:
    """The guide session's data to update and write back, under the caller's lock: a file
    that cannot be read as one is set aside first (:func:`_set_aside`), never overwritten."""
    data, reason = _guide_data(path)
    _set_aside(path, reason)
    return data or {"format": GUIDE_FORMAT, "plans": {}}


def load_guide_step(key: str, path: Path | None = None) -> int:
    """The step reached in the plan with this key (0 when new or unreadable)."""
    data = _read_guide_data(path or guide_session_path())
    entry = data.get("plans", {}).get(key)
    step = entry.get("step") if isinstance(entry, dict) else None
    return step if isinstance(step, int) and step >= 0 else 0


def save_guide_step(key: str, step: int, path: Path | None = None) -> None:
    """Remember the step reached (keeps the most recent plans only)."""
    path = path or guide_session_path()
    with locked(path):
        data = _data_to_update(path)
        plans = data["plans"]
        plans.pop(key, None)
        plans[key] = {"step": int(step)}
        while len(plans) > GUIDE_KEEP:
            plans.pop(next(iter(plans)))
        atomic_write_json(path, data)


class FollowedPlan(NamedTuple):
    """A plan the guide follows: its moves and phases, and the state they start from when it
    is not the reading it is stored under (a check found a slip and a new plan started from
    the real cube: ``start``; None = the reading itself)."""

    moves: tuple[Move, ...]
    phases: tuple[str, ...]
    start: CubeState | None = None
    after_step: int | None = None
    """For a plan made after a slip: how many steps of the earlier plan were done when the
    check found the slip (None when not known)."""


def _tokens(state: CubeState) -> list[str]:
    return [format_token(s) for s in state.without_candidates().stickers]


def save_followed_plan(start: CubeState, symmetric: Iterable[int], moves: Iterable[Move],
                       phases: Iterable[str], path: Path | None = None) -> None:
    """Remember the plan the guide follows from ``start``, so a re-run on the same reading
    continues this plan instead of planning anew (keeps the most recent plans only)."""
    path = path or guide_session_path()
    entry = {"moves": format_moves(moves), "phases": list(phases), "start": _tokens(start),
             "symmetric": sorted(set(symmetric))}
    key = start_key(start, symmetric)
    with locked(path):
        data = _data_to_update(path)
        followed = data.get("followed") if isinstance(data.get("followed"), dict) else {}
        followed.pop(key, None)
        followed[key] = entry
        while len(followed) > GUIDE_KEEP:
            followed.pop(next(iter(followed)))
        data["followed"] = followed
        atomic_write_json(path, data)


def follow_instead(old_start: CubeState, new_start: CubeState, moves: Iterable[Move],
                   phases: Iterable[str], path: Path | None = None,
                   after_step: int | None = None) -> int:
    """The guide left the plan that starts at ``old_start`` for a new plan from ``new_start``
    (a check found a slip after ``after_step`` steps): every reading whose followed plan
    started at ``old_start`` now follows the new one, so a re-run of the guide on the same
    photos continues it (its step is kept under the new plan's key). Returns how many readings
    were updated."""
    path = path or guide_session_path()
    old = old_start.without_candidates().stickers
    new = _tokens(new_start)
    moves, phases = format_moves(moves), list(phases)
    changed = 0
    with locked(path):
        data = _read_guide_data(path)
        followed = data.get("followed") if isinstance(data.get("followed"), dict) else {}
        for entry in followed.values():
            if isinstance(entry, dict) and _starts_at(entry, old):
                entry.update({"moves": moves, "phases": phases, "from": new,
                              "after_step": after_step})
                changed += 1
        if changed:
            atomic_write_json(path, data)
    return changed


def _starts_at(entry: dict, stickers: tuple[Sticker, ...]) -> bool:
    """True when the plan of a followed entry starts at ``stickers`` (symmetric digits may be
    shown turned a half turn, as the guide shows a plan from the reading)."""
    try:
        tokens = entry.get("from", entry.get("start"))
        theirs = [parse_token(str(t)) for t in tokens]
        symmetric = [int(d) for d in entry.get("symmetric", ())]
    except (TypeError, ValueError, SudokuCubeError):
        return False
    return len(theirs) == len(stickers) and all(
        same_sticker(a, b, symmetric) for a, b in zip(theirs, stickers))


def load_followed_plan(start: CubeState, symmetric: Iterable[int], path: Path | None = None
                       ) -> FollowedPlan | None:
    """The plan followed from the reading ``start`` (None when there is none or it cannot be
    read; the caller checks that it still solves the cube from where it starts)."""
    data = _read_guide_data(path or guide_session_path())
    followed = data.get("followed")
    entry = followed.get(start_key(start, symmetric)) if isinstance(followed, dict) else None
    if not isinstance(entry, dict):
        return None
    try:
        moves = parse_moves(str(entry["moves"]))
        phases = tuple(str(p) for p in entry["phases"])
        since = entry.get("from")
        now = None if since is None else CubeState(tuple(parse_token(str(t)) for t in since))
        after = entry.get("after_step")
        after_step = int(after) if isinstance(after, int) and after >= 0 else None
    except (KeyError, TypeError, ValueError, SudokuCubeError):
        return None
    if now is not None and len(now.stickers) != len(start.stickers):
        return None
    return FollowedPlan(moves, phases, now, after_step if now is not None else None)


def followed_plans(symmetric: Iterable[int], fresh: bool = False
                   ) -> Callable[[CubeState], FollowedPlan | None]:
    """The lookup of plans being followed that the solve pipeline takes (``known``). For a
    reading of photos taken just now (``fresh``) only a plan that starts at the photographed
    cube is kept: one made after a slip starts from the cube a check found then, which the
    photos show is not the cube now."""
    digits = tuple(symmetric)

    def known(start: CubeState) -> FollowedPlan | None:
        found = load_followed_plan(start, digits)
        return None if fresh and found is not None and found.start is not None else found
    return known
