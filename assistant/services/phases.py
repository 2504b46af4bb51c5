"""What a plan's steps say in words, for every front end: the phase headings and notes, and
the stickers a step's move changes (the guide marks them, the export too)."""
from __future__ import annotations

from typing import Sequence

from ...models.cube.moves import move_transform
from ...models.plan.planner import Step

PHASE_TITLES = {"pieces": "Phase 1 of 2: pieces", "centres": "Phase 2 of 2: centres"}

PIECES_NOTE = ("Every corner and edge goes to the place the grid solver chose for it, turned "
               "the right way. Centres turn along with their face; they are fixed afterwards.")

CENTRES_NOTE = ("All pieces are in place; now the centres. A centre never leaves its face, but "
                "every turn of that face rotates its digit a quarter turn. A plain cube solver "
                "ignores that, so these steps use special sequences that turn only the centres "
                "and bring every other piece back home. That is why this phase is longer than "
                "the few centre turns it fixes.")


def moved_stickers(step: Step) -> frozenset[int]:
    """Sticker places that a step's move changes."""
    return move_transform(step.move, step.before.n).moved()


COMBINED_TITLE = "Pieces and centres together"

COMBINED_NOTE = ("Every corner and edge goes to the place the grid solver chose for it and, at "
                 "the same time, every centre turns to its face's direction: the planner's search "
                 "tracks the centres too. A plain cube solver ignores centres (on a colour cube "
                 "you cannot see them turn); fixing them afterwards needs special sequences that "
                 "turn only the centres and bring every other piece back home, about 30 more "
                 "turns. Tracking them during the search avoids that, so there is no separate "
                 "centre phase.")


def is_combined(steps: Sequence[Step]) -> bool:
    """True for a plan whose turns solve pieces and centres together (no centre phase)."""
    return bool(steps) and not any(s.phase == "centres" for s in steps)


def phase_title(phase: str, combined: bool = False) -> str:
    """The heading of a phase ('Phase 1 of 2: pieces', ...)."""
    return COMBINED_TITLE if combined else PHASE_TITLES.get(phase, phase)


def phase_note(phase: str, combined: bool = False) -> str:
    """Why this phase exists, in words."""
    if combined:
        return COMBINED_NOTE
    return CENTRES_NOTE if phase == "centres" else PIECES_NOTE
