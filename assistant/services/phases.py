"""What a plan's steps say in words, for every front end: the phase headings and notes, and
the stickers a step's move changes (the guide marks them, the export too)."""
from __future__ import annotations

from typing import Iterable, Sequence

from ...models.cube.geometry import FACES
from ...models.cube.moves import move_transform
from ...models.cube.solved import face_direction
from ...models.cube.state import CubeState
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


def turned_symmetric(final: CubeState, symmetric: Iterable[int]) -> dict[str, list[int]]:
    """The digits of ``symmetric`` that point against the rest of their face on ``final``
    (a solved cube), one entry per such sticker, by face in ``U R F D L B`` order: the solved
    rule lets them (docs/conventions.md, "Solved"), so the plan leaves them as the grid solver
    put them."""
    sym = frozenset(symmetric)
    out: dict[str, list[int]] = {}
    for face in FACES:
        stickers = final.face(face)
        way = face_direction(stickers, sym)
        turned = sorted(s.digit for s in stickers
                        if s.digit in sym and way is not None and s.rot != way)
        if turned:
            out[face] = turned
    return out


def _listed(words: Sequence[str]) -> str:
    """'U', 'U and R', 'U, R and D'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def symmetric_note(final: CubeState, symmetric: Iterable[int], aside: str = "") -> str:
    """Why the solved cube ``final`` shows a digit pointing the other way from the rest of its
    face, in one plain sentence for a newcomer ("" when it shows none): a digit that looks the
    same upside down (a plain 1 by default) counts as solved either way, so the plan neither
    can nor needs to turn it round, and the person has nothing to do. A 1 with a foot (the black
    Sudoku Cube's) is not symmetric: the plan keeps it upright and this note does not arise.
    The digit is said to be *taken* as looking the same upside down: the default, the
    profile's or the photos' verdict decided it, none of which this note can vouch for.
    ``aside``: words put in brackets at the sentence's end (what to do if the cube's 1 has a
    foot after all, where the front end knows the option for it)."""
    turned = turned_symmetric(final, symmetric)
    if not turned:
        return ""
    digits = sorted({d for ds in turned.values() for d in ds})
    many = sum(map(len, turned.values())) > 1
    where = _listed(list(turned))
    if len(digits) == 1:
        which = f"The {digits[0]}s" if many else f"The {digits[0]}"
        alike = f"{'an' if digits[0] == 8 else 'a'} {digits[0]} is"
    else:
        which = f"The {_listed([f'{d}s' for d in digits])}"
        alike = f"{_listed([str(d) for d in digits])} are"
    end = "end pointing the other way from the rest of their faces" if many else \
        "ends pointing the other way from the rest of its face"
    faces = "those faces still count" if len(turned) > 1 else "that face still counts"
    return (f"{which} on {where} {end}: {alike} taken to look the same upside down, so {faces} "
            "as solved and there is nothing to do" + (f" ({aside})." if aside else "."))
