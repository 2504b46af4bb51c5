"""Centre-aware two-phase search: piece solutions that also leave the centres right.

The C extension ``models._twophase`` (built from ``models/_twophase.c`` by ``pip install``) runs
Kociemba's two-phase algorithm with the centres tracked: phase 1 also brings the side centres
to 0 or 180 degrees, phase 2 (in <U, D, R2, L2, F2, B2>) also turns the U/D centres home and the
side centres 0/180. Symmetric centres may end turned 180 degrees. Its tables (about 48 MB) take
a few seconds to build; :func:`tables_bytes` and :func:`load_tables` let a caller above
``models`` keep them in a file (``assistant.services.table_cache``), and a process that never loaded
them builds them on first use. Loaded tables are never trusted: :func:`check_tables` says why.
Searches release the GIL, so several orientations of the same puzzle (whole-cube symmetries and the
inverse puzzle, each reaching a different phase-1 subgroup) run in parallel threads. Each search is
bounded by a number of nodes, not by time, so the answer never depends on the machine's load:
threads only make it arrive sooner. When the extension is missing, :func:`available` is False and
the planner falls back to kociemba candidates alone.
"""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Callable, Sequence

from ..cube.geometry import FACES
from ..cube.moves import Move
from .kociemba_bridge import colours_of, conjugated_dest, symmetries

try:
    from .. import _twophase
except ImportError:  # extension not built: the planner uses kociemba candidates only
    _twophase = None

MAX_LEN = 39
NODES = 400_000
"""Search nodes per orientation: about 0.1 s on one core of the 2-core machine."""
P2_CAP = 12
"""The longest phase 2 tried after a phase-1 solution. Shorter phase 2s leave the node budget
to more phase-1 solutions: on 40 random cubes 12 gave 23.12 moves for 0.57 s of CPU where 13
gave 23.27 for 0.66 s (11 and 10 take far longer to find a first solution)."""
_LOCK = threading.Lock()


def available() -> bool:
    """True when the compiled solver can be used."""
    return _twophase is not None


def tables_version() -> int:
    """Version of the tables' layout (a stored copy of another version must be rebuilt)."""
    assert _twophase is not None
    return int(_twophase.TABLES_VERSION)


def tables_ready() -> bool:
    """True once this process has the tables (built or loaded)."""
    return _twophase is not None and bool(_twophase.ready())


def build_tables(progress: Callable[[int, int], None] | None = None) -> None:
    """Build the tables in this process (a few seconds); ``progress(done, total)`` is called
    between the build's stages."""
    assert _twophase is not None
    with _LOCK:
        _twophase.build(progress)


def tables_bytes() -> bytes:
    """Every table of the solver as bytes (built first if needed), for :func:`load_tables`."""
    ensure_tables()
    return _twophase.tables()


def load_tables(data: bytes | memoryview) -> None:
    """Use tables from an earlier :func:`tables_bytes`; ValueError when they cannot be (see
    :func:`check_tables`)."""
    assert _twophase is not None
    with _LOCK:
        _twophase.load(data)


def check_tables(data: bytes | memoryview) -> None:
    """ValueError unless ``data`` holds the tables :func:`tables_bytes` gives, whatever made it:
    its move tables must equal ones computed now (every index a search reads comes from them,
    so no file can send the C code outside its tables) and a sample of its pruning entries
    must be consistent distances. Uses nothing."""
    assert _twophase is not None
    with _LOCK:
        _twophase.check(data)


def ensure_tables() -> None:
    """Build the tables unless this process already has them."""
    if not tables_ready():
        build_tables()


def warm_up() -> None:
    """Have the tables now (when the extension is there) so the first plan is not slower."""
    if _twophase is not None:
        ensure_tables()


@cache
def orientations() -> tuple[tuple[int, bool], ...]:
    """(symmetry, inverse) variants in search order: the plain puzzle and its inverse first,
    then the two other axes (a rotation taking U to F, one taking U to R), each plain and
    inverse."""
    syms = symmetries()
    ident = next(i for i, (_, fm, mir) in enumerate(syms) if not mir
                 and all(fm[f] == f for f in FACES))
    to_f = next(i for i, (_, fm, mir) in enumerate(syms) if not mir and fm["U"] == "F")
    to_r = next(i for i, (_, fm, mir) in enumerate(syms) if not mir and fm["U"] == "R")
    return tuple((s, inv) for s in (ident, to_f, to_r) for inv in (False, True))


def solve_oriented(dest: Sequence[int], need: Sequence[int], free: Sequence[bool],
                   sym: int, inverse: bool, nodes: int = NODES,
                   max_len: int = MAX_LEN, p2_cap: int = P2_CAP) -> tuple[Move, ...] | None:
    """Shortest solution found within ``nodes`` search nodes (searching on until a first one
    is found) for the puzzle seen through symmetry ``sym`` (and inverted when ``inverse``),
    returned as turns in our own frame.

    ``dest``: facelet destinations (:class:`models.plan.piece_map.PieceMap`); ``need``: quarter
    turns clockwise each centre (U R F D L B) must get; ``free``: centres that may end 180
    degrees off. None when nothing within ``max_len`` turns was found.
    """
    ensure_tables()
    perm, fmap, mirror = symmetries()[sym]
    d2 = conjugated_dest(dest, sym, inverse)
    sign = (-1 if mirror else 1) * (-1 if inverse else 1)
    need2, free2 = [0] * 6, 0
    for k, f in enumerate(FACES):
        j = FACES.index(fmap[f])
        need2[j] = (sign * need[k]) % 4
        if free[k]:
            free2 |= 1 << j
    out = _twophase.solve(colours_of(tuple(d2)), tuple(need2), free2, int(nodes), max_len,
                          p2_cap)
    if out is None:
        return None
    moves = [Move(FACES[m // 3], m % 3 + 1) for m in out]
    if inverse:
        moves = [Move(m.face, (-m.turns) % 4) for m in reversed(moves)]
    back = {v: k for k, v in fmap.items()}
    return tuple(Move(back[m.face], (-m.turns) % 4 if mirror else m.turns) for m in moves)


def centre_aware_solve(dest: Sequence[int], need: Sequence[int], free: Sequence[bool], *,
                       nodes: int = NODES, workers: int = 2, variants: int = 2,
                       max_len: int = MAX_LEN) -> tuple[Move, ...] | None:
    """The shortest answer of ``variants`` orientations, each searched for ``nodes`` nodes, on
    ``workers`` threads (the first orientation wins a tie, so the answer does not depend on
    which thread finished first); None when the extension is missing or nothing was found."""
    if _twophase is None:
        return None
    ensure_tables()
    keys = orientations()[:max(1, variants)]
    with ThreadPoolExecutor(max(1, workers)) as pool:
        found = list(pool.map(lambda k: solve_oriented(dest, need, free, k[0], k[1], nodes,
                                                       max_len), keys))
    found = [f for f in found if f is not None]
    return min(found, key=len) if found else None
