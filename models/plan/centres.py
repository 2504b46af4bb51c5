"""Centre-only sequences for all 2048 reachable centre orientations, built lazily by search.

A centre-only sequence moves no piece, so the only thing it changes is how far each centre is
turned; that amount is simply the number of quarter turns of each face in the sequence, mod 4.
The table is a shortest-path search over products of the verified centre algorithms of
docs/cube-facts.md, their inverses, mirror images and the 24 whole-cube relabellings, where turns
that meet at a junction cancel. Every entry is checked on the model before the table is returned.

Building and checking the table takes about 1.5 s, so a caller above ``models`` may keep it in a
file: :func:`table_bytes` writes it compactly (each entry as the numbers of its generators),
:func:`table_from_bytes` reads it back and checks every entry's centre effect (a wrong entry
raises ValueError), and :func:`use_centre_table` makes it the table of this process.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cache
from typing import Iterable

from ..cube.geometry import FACES, NORMAL, apply_rotation, face_of_normal, whole_cube_rotations
from ..cube.moves import (Move, invert_moves, junction_saving, parse_moves, sequence_transform,
                          simplify)

CENTRE_ALGORITHMS: tuple[str, ...] = (
    "F B' L R' U D' F' U' D L' R F' B U",
    "U R L U2 R' L' U R L U2 R' L'",
    "D B D' U' B2 D U B D' U' B2 U",
    "B D B' F' L R' D U B' D' U' L' R F",
    "D B D U' R2 L2 D U' F' D U' R2 L2 U'",
    "U2 F2 U2 R2 L2 D2 B2 D2 R2 L2",
    "F2 L R' D2 F2 U2 L' R B2 U2",
    "R2 F2 B2 L2 U2 L2 F2 B2 R2 D2",
)
"""The verified centre-only algorithms of docs/cube-facts.md."""

Effect = tuple[int, int, int, int, int, int]


def centre_effect(moves: Iterable[Move]) -> Effect:
    """Quarter turns clockwise each centre (U R F D L B) gets from a sequence, mod 4."""
    out = [0] * 6
    for m in moves:
        out[FACES.index(m.face)] += m.turns
    return tuple(v % 4 for v in out)  # type: ignore[return-value]


def effect_index(effect: Iterable[int]) -> int:
    """An effect as a number 0..4095 (base 4, U first)."""
    k = 0
    for v in effect:
        k = 4 * k + v % 4
    return k


def reachable(effect: Iterable[int]) -> bool:
    """Centre orientations reachable with all pieces home have an even total."""
    return sum(effect) % 2 == 0


def relabelled(moves: Iterable[Move], face_map: dict[str, str], mirror: bool = False
               ) -> tuple[Move, ...]:
    """The same sequence on relabelled faces; a mirror image also reverses every turn."""
    return tuple(Move(face_map[m.face], (-m.turns) % 4 if mirror else m.turns) for m in moves)


@cache
def face_maps() -> tuple[dict[str, str], ...]:
    """The 24 whole-cube rotations as face relabellings."""
    return tuple({f: face_of_normal(apply_rotation(rot, NORMAL[f])) for f in FACES}
                 for rot in whole_cube_rotations())


MIRROR = {"U": "U", "D": "D", "F": "F", "B": "B", "R": "L", "L": "R"}


@cache
def generators() -> tuple[tuple[Move, ...], ...]:
    """Shortest centre-only sequence per effect among the algorithms' images (no identity)."""
    best: dict[Effect, tuple[Move, ...]] = {}
    for text in CENTRE_ALGORITHMS:
        base = parse_moves(text)
        for seq in (base, invert_moves(base)):
            for mirror in (False, True):
                mseq = relabelled(seq, MIRROR, True) if mirror else seq
                for fmap in face_maps():
                    s = relabelled(mseq, fmap)
                    e = centre_effect(s)
                    if e not in best or len(s) < len(best[e]):
                        best[e] = s
    return tuple(best[e] for e in sorted(best))


@cache
def rotations(part: tuple[Move, ...]) -> tuple[tuple[Move, ...], ...]:
    """The distinct cyclic rotations of a centre-only sequence, simplified, shortest first.

    ``c2 .. ck c1`` is ``c1' (c1 .. ck) c1``: a conjugate of a sequence that moves no piece
    moves no piece either, and it has the same face-turn counts, hence the same centre
    effect. Different ends cancel differently against their neighbours.
    """
    out = {simplify(part[k:] + part[:k]) for k in range(max(1, len(part)))}
    return tuple(sorted(out, key=lambda r: (len(r), tuple(map(str, r)))))


@dataclass(frozen=True)
class CentreFix:
    """A centre-only sequence and the centre-only parts it is made of (each may be inserted
    at its own place of a solve, since a centre-only sequence commutes with every turn)."""

    moves: tuple[Move, ...]
    parts: tuple[tuple[Move, ...], ...]


def _search() -> dict[int, CentreFix]:
    """Shortest-path search over effects; cost = turns after junction cancellation.

    (Also stepping by every cyclic rotation of every generator gives a table averaging 27.3
    turns instead of 32.3, but totals after candidate search and rotated insertion did not
    improve measurably (30 cubes), while the build took about twice as long.)"""
    gens = generators()
    gen_eff = [centre_effect(g) for g in gens]
    start: Effect = (0, 0, 0, 0, 0, 0)
    cost = {start: 0}
    path: dict[Effect, tuple[int, ...]] = {start: ()}
    heap = [(0, start)]
    done = set()
    while heap:
        c, e = heapq.heappop(heap)
        if e in done or c != cost[e]:
            continue
        done.add(e)
        last = gens[path[e][-1]] if path[e] else ()
        for gi, (g, ge) in enumerate(zip(gens, gen_eff)):
            ne = tuple((x + y) % 4 for x, y in zip(e, ge))
            nc = c + len(g) - (junction_saving(last, g, 4) if last else 0)
            if nc < cost.get(ne, 1 << 30):
                cost[ne] = nc
                path[ne] = path[e] + (gi,)  # type: ignore[assignment]
                heapq.heappush(heap, (nc, ne))  # type: ignore[arg-type]
    out = {}
    for e, p in path.items():
        parts = tuple(gens[i] for i in p)
        moves = simplify(m for part in parts for m in part)
        out[effect_index(e)] = CentreFix(moves, parts)
    return out


def verify_fix(effect: Effect, fix: CentreFix) -> bool:
    """True when the fix moves no piece and turns the centres exactly by ``effect``."""
    t = sequence_transform(fix.moves)
    if any(s != i for i, s in enumerate(t.source)):
        return False
    for k in range(6):
        for i in range(9):
            want = effect[k] if i == 4 else 0
            if t.twist[9 * k + i] != want:
                return False
    return all(not any(t2 for j, t2 in enumerate(sequence_transform(part).twist) if j % 9 != 4)
               and list(sequence_transform(part).source) == list(range(54))
               for part in fix.parts)


def effect_of_index(k: int) -> Effect:
    """The effect numbered ``k`` by :func:`effect_index`."""
    return tuple((k >> (2 * (5 - j))) & 3 for j in range(6))  # type: ignore[return-value]


_TABLE: dict[int, CentreFix] | None = None


def build_centre_table() -> dict[int, CentreFix]:
    """Search the table and check every entry on the model (about 1.5 s)."""
    table = _search()
    if len(table) != 2048:
        raise AssertionError(f"centre table has {len(table)} entries, expected 2048")
    for k, fix in table.items():
        if not verify_fix(effect_of_index(k), fix):
            raise AssertionError(f"centre table entry {effect_of_index(k)} is wrong")
    return table


def use_centre_table(table: dict[int, CentreFix]) -> None:
    """Make ``table`` (built or read back) the centre table of this process."""
    global _TABLE
    _TABLE = table


def has_centre_table() -> bool:
    """True once this process has its centre table (built or given)."""
    return _TABLE is not None


def centre_table() -> dict[int, CentreFix]:
    """Effect index -> a short verified centre-only fix, for all 2048 reachable effects
    (the table given to :func:`use_centre_table`, else built now, once per process)."""
    if _TABLE is None:
        use_centre_table(build_centre_table())
    assert _TABLE is not None
    return _TABLE


TABLE_VERSION = 1
"""Bump when the generators or the search change: stored tables of another version are stale."""


def table_bytes(table: dict[int, CentreFix]) -> bytes:
    """The table as bytes: per entry (effect order) its number of parts, then each part's
    generator number."""
    number = {g: i for i, g in enumerate(generators())}
    out = bytearray()
    for k in sorted(table):
        parts = table[k].parts
        out += bytes([k >> 8, k & 0xFF, len(parts)]) + bytes(number[p] for p in parts)
    return bytes(out)


def table_from_bytes(data: bytes) -> dict[int, CentreFix]:
    """Read :func:`table_bytes` back; ValueError unless it holds 2048 entries each of which
    turns the centres by its own effect (its parts are generators: centre-only by
    construction)."""
    gens, table, i = generators(), {}, 0
    try:
        while i < len(data):
            k, n = data[i] << 8 | data[i + 1], data[i + 2]
            parts = tuple(gens[j] for j in data[i + 3:i + 3 + n])
            if len(parts) != n:
                raise IndexError
            i += 3 + n
            fix = CentreFix(simplify(m for part in parts for m in part), parts)
            if k in table or centre_effect(fix.moves) != effect_of_index(k):
                raise ValueError(f"centre table entry {k} is wrong")
            table[k] = fix
    except IndexError:
        raise ValueError("centre table is truncated or damaged") from None
    if len(table) != 2048:
        raise ValueError(f"centre table has {len(table)} entries, expected 2048")
    return table


def centre_fix(effect: Iterable[int]) -> CentreFix:
    """The table's fix that turns the centres by ``effect`` (quarter turns clockwise)."""
    return centre_table()[effect_index(effect)]
