"""Solve the pieces with the ``kociemba`` package, minding its quirks (docs/cube-facts.md).

The cube is described to kociemba by colouring every sticker with the face its piece must
reach (:meth:`PieceMap.colours`). Quirks handled here: kociemba returns a non-empty sequence
for a solved cube (so a solved colouring is answered with no moves without calling it), its
errors are a bare ``ValueError``, and centres must read U R F D L B (true for our colourings
and for the whole-cube relabellings below, which rename colours with the faces).
"""
from __future__ import annotations

from functools import cache

import kociemba

from ..cube.geometry import FACES, apply_rotation, facelet_index, facelets, whole_cube_rotations
from ..cube.moves import Move, parse_moves, sequence_transform
from ..errors import UnsolvableError
from .centres import face_maps

SOLVED_COLOURS = "".join(f.face for f in facelets(3))


@cache
def rotation_permutations() -> tuple[tuple[int, ...], ...]:
    """For each of the 24 whole-cube rotations: facelet i goes to place perm[i]."""
    index = facelet_index(3)
    out = []
    for rot in whole_cube_rotations():
        out.append(tuple(index[(apply_rotation(rot, f.pos), apply_rotation(rot, f.normal))]
                         for f in facelets(3)))
    return tuple(out)


def solve_colours(colours: str) -> tuple[Move, ...]:
    """Face turns that bring every sticker of a colouring to its face (empty when solved)."""
    if colours == SOLVED_COLOURS:
        return ()
    try:
        return parse_moves(kociemba.solve(colours))
    except ValueError as e:
        raise UnsolvableError(f"the pieces cannot be solved by face turns ({e})") from None


def relabel_colours(colours: str, r: int) -> str:
    """The colouring seen after whole-cube rotation ``r``, colours renamed to the new faces."""
    perm, fmap = rotation_permutations()[r], face_maps()[r]
    out = [""] * 54
    for i, c in enumerate(colours):
        out[perm[i]] = fmap[c]
    return "".join(out)


def solve_relabelled(colours: str, r: int) -> tuple[Move, ...]:
    """Solve the colouring through rotation ``r`` and map the turns back to our faces."""
    inv = {v: k for k, v in face_maps()[r].items()}
    return tuple(Move(inv[m.face], m.turns) for m in solve_colours(relabel_colours(colours, r)))


def identity_rotation() -> int:
    """Index of the rotation that changes nothing."""
    return next(i for i, fm in enumerate(face_maps()) if all(fm[f] == f for f in FACES))



# --- puzzles as facelet destinations: symmetries, inverses and pre-moves give new candidates ---

MIRROR_FACES = {"U": "U", "D": "D", "F": "F", "B": "B", "R": "L", "L": "R"}


@cache
def symmetries() -> tuple[tuple[tuple[int, ...], dict[str, str], bool], ...]:
    """The 48 cube symmetries as (facelet permutation, face relabelling, is a mirror image).

    A mirror image reflects x (R <-> L); every turn of a mirrored solve runs the other way.
    """
    index = facelet_index(3)
    mirror = tuple(index[((-f.pos[0], f.pos[1], f.pos[2]), (-f.normal[0], f.normal[1],
                                                           f.normal[2]))] for f in facelets(3))
    out = []
    for flip in (False, True):
        for perm, fmap in zip(rotation_permutations(), face_maps()):
            if flip:
                out.append((tuple(perm[mirror[i]] for i in range(54)),
                            {f: fmap[MIRROR_FACES[f]] for f in FACES}, True))
            else:
                out.append((perm, dict(fmap), False))
    return tuple(out)


def colours_of(dest: tuple[int, ...]) -> str:
    """Kociemba facelet string of a puzzle given as destinations."""
    return "".join(SOLVED_COLOURS[d] for d in dest)


def premoved(dest: tuple[int, ...], moves: tuple[Move, ...]) -> tuple[int, ...]:
    """The puzzle after turning ``moves`` first."""
    src = sequence_transform(moves).source
    return tuple(dest[s] for s in src)


def conjugated_dest(dest: tuple[int, ...], sym: int = 0, inverse: bool = False) -> list[int]:
    """Facelet destinations of a puzzle seen through symmetry ``sym`` (and inverted when
    ``inverse``): the puzzle the solvers are asked instead of the original."""
    perm = symmetries()[sym][0]
    d2 = [0] * 54
    for i, d in enumerate(dest):
        d2[perm[i]] = perm[d]
    if inverse:
        d3 = [0] * 54
        for i, d in enumerate(d2):
            d3[d] = i
        d2 = d3
    return d2


def solve_dest(dest: tuple[int, ...], sym: int = 0, inverse: bool = False) -> tuple[Move, ...]:
    """Turns that solve the pieces of a puzzle, found through symmetry ``sym`` and optionally
    by solving the inverse puzzle and inverting the answer; returned in our own frame."""
    _, fmap, mirror = symmetries()[sym]
    d2 = conjugated_dest(dest, sym, inverse)
    moves = solve_colours(colours_of(tuple(d2)))
    if inverse:
        moves = tuple(Move(m.face, (-m.turns) % 4) for m in reversed(moves))
    back = {v: k for k, v in fmap.items()}
    return tuple(Move(back[m.face], (-m.turns) % 4 if mirror else m.turns) for m in moves)
