"""The cubes a person checking a plan may really hold: the plan's, and each that one slip in
the last steps leads to, as the slip finder considers them (:func:`models.slips.replay.candidates`).

A check asks the person to hold the cube a certain way before it knows whether a slip turned a
face, and a face turn never moves a centre off its face but does turn it: the words that tell
the hold (:func:`models.cube.face_words.hold_phrase`) name only what looks the same on all of
these cubes.
"""
from __future__ import annotations

from typing import Sequence

from ...models.cube.cube_rotations import compose_rotations, identity_rotation, rotation_transform
from ...models.cube.moves import Move
from ...models.cube.state import CubeState
from ...models.cube.stickers import Sticker
from ...models.slips.replay import WINDOW, candidates


def _undo(rotation: int) -> int:
    """The whole-cube rotation that undoes ``rotation``."""
    return next(i for i in range(24) if compose_rotations(rotation, i) == identity_rotation())


def slipped_cubes(start: CubeState, moves: Sequence[Move], done: int,
                  window: int = WINDOW) -> tuple[CubeState, ...]:
    """The cube after ``done`` steps of ``moves`` from ``start`` as each single slip in the
    last ``window`` steps (or a step or two made ahead) leaves it, without the plan's own
    state, each distinct once. A cube picked up turned is turned back, so that its faces
    keep the plan's letters: the person is asked to hold the cube itself, however it is held
    now. Empty for a cube with no centres (even ``n``): its holds are told by letters."""
    if start.n != 3:
        return ()
    batch = candidates(start.without_candidates(), tuple(moves), max(0, done), window)
    out: dict[CubeState, None] = {}
    for k, slips in enumerate(batch.slips):
        if len(slips) != 1:
            continue  # the plan's own state, or two slips
        cube = CubeState(tuple(Sticker(int(d), int(r))
                               for d, r in zip(batch.digits[k], batch.rots[k])))
        rotation = batch.rotations[k]
        if rotation != identity_rotation():
            cube = cube.transformed(rotation_transform(_undo(rotation)))
        out[cube] = None
    return tuple(out)


def check_cubes(start: CubeState, moves: Sequence[Move], done: int) -> tuple[CubeState, ...]:
    """The cubes a check after ``done`` steps may find (:func:`slipped_cubes`), and, while a
    step is left, each that a single slip in the next step leaves: a person often turns the
    step shown before checking, and the guide's check looks for a slip there too. A face turn
    never moves a centre off its face, so these compare with the cube after ``done`` steps
    centre by centre as the others do."""
    out = dict.fromkeys(slipped_cubes(start, moves, done))
    if 0 <= done < len(moves):
        out.update(dict.fromkeys(slipped_cubes(start, moves, done + 1, 1)))
    return tuple(out)
