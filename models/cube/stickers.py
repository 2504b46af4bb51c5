"""A sticker: a digit and a rotation, and its text token such as ``7>`` (docs/conventions.md)."""
from __future__ import annotations

from typing import Iterable, NamedTuple, Sequence

ARROWS = "^>v<"
"""Arrow characters for rotations 0-3: where the digit's top points in the view."""


class Sticker(NamedTuple):
    """A digit 1-9 (or a 4x4x4 label) and its rotation: quarter turns clockwise from view-up."""

    digit: int
    rot: int

    @property
    def token(self) -> str:
        """The text token, digit followed by arrow."""
        return format_token(self)

    def turned(self, quarter_turns: int) -> "Sticker":
        """The same digit turned ``quarter_turns`` more clockwise."""
        return Sticker(self.digit, (self.rot + quarter_turns) % 4)


class Hypothesis(NamedTuple):
    """One possible reading of a sticker, with an optional score in (0, 1]."""

    sticker: Sticker
    score: float | None = None


DOUBT_SCORE = 0.9
"""A reading whose best alternative scores below this is doubtful."""
DOUBT_MARGIN = 0.2
"""...and so is one whose runner-up scores within this of the best."""


def is_doubtful(alternatives: Sequence[Hypothesis]) -> bool:
    """True when a sticker's scored alternatives (best first) leave its reading in doubt: a low
    best score or a close runner-up. The one definition for every place that shows or
    re-checks doubtful readings (``read``, the review of ``solve`` and ``scan``, photos)."""
    if not alternatives or alternatives[0].score is None:
        return False
    best = alternatives[0].score
    second = alternatives[1].score if len(alternatives) > 1 else None
    return best < DOUBT_SCORE or best - (second or 0.0) < DOUBT_MARGIN


def same_sticker(a: Sticker, b: Sticker, symmetric: Iterable[int]) -> bool:
    """Equal stickers; a digit in ``symmetric`` (it looks the same upside down) also when
    turned 180 degrees."""
    if a.digit != b.digit:
        return False
    return a.rot == b.rot or (a.digit in symmetric and (a.rot - b.rot) % 2 == 0)


def format_token(sticker: Sticker) -> str:
    """``Sticker(7, 1)`` -> ``"7>"``; labels above 9 print as hex (4x4x4 labels 0-F)."""
    digit = str(sticker.digit) if sticker.digit < 10 else format(sticker.digit, "X")
    return f"{digit}{ARROWS[sticker.rot % 4]}"


TOKEN_HELP = ("a token is a digit 1-9 followed by an arrow that shows where the digit's top "
              "points: ^ up, > right, v down, < left (for example 7> or 6^)")


def parse_token(text: str) -> Sticker:
    """Parse ``"7>"`` into ``Sticker(7, 1)``; raise ``ValueError`` naming what is wrong. An
    arrow typed ``V`` (the shift key held) is the down arrow ``v``: no other token has it."""
    t = text.strip()
    if len(t) != 2:
        raise ValueError(f"bad token {text!r}: {TOKEN_HELP}")
    digit, arrow = t[0], "v" if t[1] == "V" else t[1]
    if digit not in "123456789":
        raise ValueError(f"bad token {text!r}: digit {digit!r} is not 1-9; {TOKEN_HELP}")
    if arrow not in ARROWS:
        raise ValueError(f"bad token {text!r}: arrow {arrow!r} is not one of ^ > v <; {TOKEN_HELP}")
    return Sticker(int(digit), ARROWS.index(arrow))
