"""Errors the user can act on. Each carries the exit status the CLI uses (2 = bad input)."""
from __future__ import annotations

from typing import Sequence


class SudokuCubeError(Exception):
    """A problem with the user's input or environment, explained in plain words.

    The CLI prints ``str(error)`` without a traceback and exits with ``exit_code``.
    """

    exit_code = 2
    advises = False
    """Whether the message itself says how to go on (which photo to take again, and how): a
    front end that adds its own advice to a refusal (the phone page of ``serve``) adds none.
    Decided where the message is made: ``advises=True`` when raised, or a class's own."""
    photos: tuple[str, ...] = ()
    """The photos of a set that the refusal is about, by letter: a face's own photo by the
    face's (``F``), a corner photo by its own (``A``, ``B``); the one to retake first, first.
    A front end that shows each photo (the phone page's cards) shows the refusal by these,
    and names them its own way, never guessing them from the words. Empty: about no one
    photo."""

    def __init__(self, *args: object, advises: bool | None = None,
                 photos: Sequence[str] = ()) -> None:
        super().__init__(*args)
        if advises is not None:
            self.advises = advises
        if photos:
            self.photos = tuple(photos)


class PhotosRefused(SudokuCubeError):
    """Several photos of one set refused, each for its own reason (``refusals``, in the set's
    order): said together, one line each, so that a person retakes them all in one round
    instead of learning of the next only after retaking the first."""

    def __init__(self, refusals: Sequence[SudokuCubeError]) -> None:
        super().__init__("\n".join(str(e) for e in refusals),
                         advises=all(e.advises for e in refusals),
                         photos=tuple(p for e in refusals for p in e.photos))
        self.refusals = tuple(refusals)


class StateFormatError(SudokuCubeError):
    """A state file or token that does not follow docs/conventions.md. ``place`` names the
    ``face`` in words ("the top face (U)": a file that cannot be read has no centres to name
    it by); ``face``, ``index`` and ``token`` are kept for callers."""

    def __init__(self, message: str, *, source: str | None = None, face: str | None = None,
                 index: int | None = None, token: str | None = None,
                 place: str | None = None) -> None:
        where = []
        if source:
            where.append(source)
        if face:
            where.append((place or f"face {face}")
                         + (f", sticker {face}{index + 1}" if index is not None else ""))
        prefix = ": ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)
        self.source, self.face, self.index, self.token = source, face, index, token


class MoveError(SudokuCubeError):
    """A move sequence that uses notation the project does not support."""


class UnsolvableError(SudokuCubeError):
    """A cube state that cannot be brought to any solved arrangement."""


class SettingsError(SudokuCubeError, ValueError):
    """A cube setting given on the command line or in a profile that is not valid.

    Also a ``ValueError``, so callers that already catch ``ValueError`` keep working.
    """
