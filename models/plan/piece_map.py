"""Where each sticker of a state must go to reach a target solved arrangement.

A solve is fully described by a facelet mapping (every corner and edge sticker to the place it
must reach) plus the quarter turns each centre still needs. The mapping is found by matching the
pieces of the state against the pieces of the target; the rotation a sticker gains when its
piece is carried from one place to another is fixed by the geometry, so it is learnt once from
the move tables (``carry_twists``) instead of being typed in.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from ..cube.geometry import FACES
from ..cube.moves import ALL_MOVES, move_transform
from ..cube.pieces import CORNER_NAMES, EDGE_NAMES, centre_facelets, corner_facelets, edge_facelets
from ..cube.state import CubeState
from ..cube.stickers import same_sticker
from ..cube.transform import Transform
from ..errors import UnsolvableError
from ..profile import DEFAULT_SYMMETRIC


@cache
def carry_twists() -> dict[tuple[int, int], int]:
    """(source facelet, destination facelet) -> quarter turns a corner/edge sticker gains.

    Learnt from a random walk of face turns until all 576 corner and 576 edge facelet pairs
    have been seen (the value of a pair never depends on the path: a cubie's rigid motion is
    fixed by where one of its facelets goes).
    """
    centres = set(centre_facelets())
    out: dict[tuple[int, int], int] = {}
    rng = random.Random(12345)
    moves = [move_transform(m) for m in ALL_MOVES]
    t = Transform.identity(54)
    while len(out) < 1152:
        t = t.then(rng.choice(moves))
        for d, (s, k) in enumerate(zip(t.source, t.twist)):
            if d not in centres:
                out[(s, d)] = k
    return out


@dataclass(frozen=True)
class PieceMap:
    """How a state must change to become a target.

    ``dest[i]``: the facelet sticker ``i`` must reach (centres map to themselves).
    ``centre_turns[k]``: quarter turns clockwise centre ``FACES[k]`` needs (0-3).
    ``centre_free[k]``: the centre shows a symmetric digit, so +2 is as good.
    """

    dest: tuple[int, ...]
    centre_turns: tuple[int, ...]
    centre_free: tuple[bool, ...]

    def colours(self) -> str:
        """Kociemba facelet string: every sticker coloured by the face it must reach."""
        return "".join(FACES[d // 9] for d in self.dest)


def _piece_options(state: CubeState, target: CubeState, places: tuple[tuple[int, ...], ...],
                   symmetric: frozenset[int]) -> list[list[tuple[int, int]]]:
    """For each target place, the (state place, twist) whose piece would look right there."""
    carry = carry_twists()
    st, tg = state.stickers, target.stickers
    size = len(places[0])
    options = []
    for p in places:
        opts = []
        for qi, q in enumerate(places):
            for k in range(size):
                if all(same_sticker(st[q[i]].turned(carry[(q[i], p[(i + k) % size])]),
                             tg[p[(i + k) % size]], symmetric) for i in range(size)):
                    opts.append((qi, k))
        options.append(opts)
    return options


def _matchings(options: list[list[tuple[int, int]]], limit: int = 64
               ) -> list[tuple[tuple[int, int], ...]]:
    """Perfect matchings (target place -> (state place, twist)), at most ``limit``."""
    out: list[tuple[tuple[int, int], ...]] = []
    order = sorted(range(len(options)), key=lambda i: len(options[i]))
    chosen: dict[int, tuple[int, int]] = {}
    used: set[int] = set()

    def walk(j: int) -> None:
        if len(out) >= limit:
            return
        if j == len(order):
            out.append(tuple(chosen[i] for i in range(len(options))))
            return
        p = order[j]
        for q, k in options[p]:
            if q not in used:
                used.add(q)
                chosen[p] = (q, k)
                walk(j + 1)
                used.discard(q)
                del chosen[p]

    walk(0)
    return out


def _parity(perm: list[int]) -> int:
    """0 for an even permutation, 1 for odd."""
    seen, parity = [False] * len(perm), 0
    for i in range(len(perm)):
        if not seen[i]:
            j, length = i, 0
            while not seen[j]:
                seen[j], j, length = True, perm[j], length + 1
            parity ^= (length - 1) & 1
    return parity


def _describe_missing(options, places, names, kind) -> str:
    bad = [names[i] for i, o in enumerate(options) if not o]
    return (f"no {kind} of the cube fits the target's {kind} place(s) {', '.join(bad)}"
            if bad else f"the {kind}s cannot be matched one to one with the target")


def piece_maps(state: CubeState, target: CubeState,
               symmetric: frozenset[int] = DEFAULT_SYMMETRIC, limit: int = 8) -> list[PieceMap]:
    """Every reachable way (at most ``limit``) to carry ``state`` onto ``target``.

    More than one exists only when the cube has look-alike pieces. Raises
    :class:`UnsolvableError` when the target cannot be reached by face turns.
    """
    sym = frozenset(symmetric)
    st, tg = state.stickers, target.stickers
    for k, c in enumerate(centre_facelets()):
        if st[c].digit != tg[c].digit:
            raise UnsolvableError(f"the {FACES[k]} centre shows {st[c].digit} but the target "
                                  f"needs {tg[c].digit} there; centres never move")
    corners, edges = corner_facelets(), edge_facelets()
    c_opts = _piece_options(state, target, corners, sym)
    e_opts = _piece_options(state, target, edges, sym)
    c_match = _matchings(c_opts)
    if not c_match:
        raise UnsolvableError(_describe_missing(c_opts, corners, CORNER_NAMES, "corner"))
    e_match = _matchings(e_opts)
    if not e_match:
        raise UnsolvableError(_describe_missing(e_opts, edges, EDGE_NAMES, "edge"))
    turns = [(tg[c].rot - st[c].rot) % 4 for c in centre_facelets()]
    free = [st[c].digit in sym for c in centre_facelets()]
    centre_parity = sum(turns) % 2
    carry = carry_twists()
    out: list[PieceMap] = []
    problems = set()
    for cm in c_match:
        if sum(k for _, k in cm) % 3:
            problems.add("a corner would have to be twisted in place")
            continue
        cp = _parity([q for q, _ in cm])
        for em in e_match:
            if sum(k for _, k in em) % 2:
                problems.add("an edge would have to be flipped in place")
                continue
            ep = _parity([q for q, _ in em])
            if cp != ep or cp != centre_parity:
                problems.add("two pieces would have to be swapped (permutation parity)")
                continue
            dest = list(range(54))
            for places, match in ((corners, cm), (edges, em)):
                size = len(places[0])
                for p, (qi, k) in zip(places, match):
                    q = places[qi]
                    for i in range(size):
                        dest[q[i]] = p[(i + k) % size]
            assert all((s, d) in carry or s == d for s, d in enumerate(dest))
            out.append(PieceMap(tuple(dest), tuple(turns), tuple(free)))
            if len(out) >= limit:
                return out
    if not out:
        raise UnsolvableError("the target cannot be reached by face turns: "
                              + "; ".join(sorted(problems)))
    return out


def apply_map(state: CubeState, pmap: PieceMap) -> CubeState:
    """The state with every piece carried to its destination and centres turned (a check)."""
    carry = carry_twists()
    out = list(state.stickers)
    for s, d in enumerate(pmap.dest):
        if s != d:
            out[d] = state.stickers[s].turned(carry[(s, d)])
    for k, c in enumerate(centre_facelets()):
        out[c] = state.stickers[c].turned(pmap.centre_turns[k])
    return CubeState(tuple(out))


