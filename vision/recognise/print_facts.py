"""The cube's two print facts: the only rules in vision that name particular digits.

- **The 6/9 underline.** A 6 turned half a turn has the shape of a 9: once the bar printed
  under each of them is lost, "6 turned r" and "9 turned r+2" are one shape, and only the bar
  says which digit it is (docs/conventions.md). Vision reads such a shape once and splits it
  between the two digits by the bar's evidence.
- **The footed 1.** Some cubes print their 1 with a foot, so the 1 points one way; others print
  a plain stroke that reads the same upside down (:mod:`vision.recognise.footed` decides which).

Everything else in vision treats the nine digits alike.
"""
from __future__ import annotations

from ...models.cube.stickers import Sticker

SIX, NINE = UNDERLINED = (6, 9)
"""The digits whose shapes match turned half a turn, told apart by the underline."""
FOOTED = 1
"""The digit that some cubes print with a foot."""


def is_underlined(digit: int) -> bool:
    """True for a digit the cube's print underlines (a 6 or a 9)."""
    return digit in UNDERLINED


def underlined_pair(six_rot: int) -> tuple[Sticker, Sticker]:
    """The two readings of the 6/9 shape "6 turned ``six_rot``": that 6, and the 9 turned half
    a turn from it."""
    return Sticker(SIX, six_rot % 4), Sticker(NINE, (six_rot + 2) % 4)


def six_turn(s: Sticker) -> int | None:
    """The turn r of the 6/9 shape "6 turned r" that a 6 or 9 shows; None for other digits."""
    if s.digit == SIX:
        return s.rot
    if s.digit == NINE:
        return (s.rot + 2) % 4
    return None


def shape_of(s: Sticker) -> Sticker:
    """The sticker that names the shape ``s`` shows: a 9 turned r is the 6 turned r+2 (the
    same shape without its bar); every other sticker is its own shape."""
    turn = six_turn(s)
    return s if turn is None else Sticker(SIX, turn)


def is_footed(digit: int) -> bool:
    """True for the digit some cubes print with a foot (the 1)."""
    return digit == FOOTED
