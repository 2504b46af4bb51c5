"""Face-turn notation (docs/conventions.md): ``U R F D L B`` with ``'`` and ``2``.

A move is a :class:`Transform` built from the geometry, so sequences are products of moves.
Plans count in the half-turn metric: every listed move counts 1.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Callable, Iterable, NamedTuple, Sequence, TypeVar

from ..errors import MoveError
from .geometry import FACE_NAMES, FACES, turn_table
from .transform import Transform

SUFFIX_TURNS = {"": 1, "2": 2, "'": 3, "2'": 2}
"""Quarter turns clockwise of each suffix; ``2'`` (a half turn written anticlockwise) is
the same half turn as ``2``."""
TURNS_SUFFIX = {1: "", 2: "2", 3: "'"}


class Move(NamedTuple):
    """A face turn: face letter and quarter turns clockwise (1, 2 or 3)."""

    face: str
    turns: int

    def __str__(self) -> str:
        return self.face + TURNS_SUFFIX[self.turns]

    def inverse(self) -> "Move":
        """The turn that undoes this one."""
        return Move(self.face, (-self.turns) % 4)

    def describe(self) -> str:
        """Plain words as the person holding the cube (F towards them, U on top) sees the
        turn, then the face's own name, e.g. 'turn the right side away from you (the right
        face a quarter turn clockwise)'."""
        amount = {1: " a quarter turn clockwise", 2: "",
                  3: " a quarter turn anticlockwise"}[self.turns]
        if self.face == "F":  # the face the person looks at: its own words say it all
            return self.viewer_words()
        return f"{self.viewer_words()} (the {FACE_NAMES[self.face]} face{amount})"

    def viewer_words(self) -> str:
        """The turn in words relative to the person holding the cube with F towards them and U
        on top: 'turn the top layer to your left', 'turn the right side away from you'."""
        layer, quarter = _VIEWER[self.face]
        if self.turns == 2:
            return f"turn {layer} a half turn"
        return f"turn {layer} {quarter[0] if self.turns == 1 else quarter[1]}"


_VIEWER = {  # face -> (the layer in words, (where a clockwise turn takes it, anticlockwise))
    "U": ("the top layer", ("to your left", "to your right")),
    "D": ("the bottom layer", ("to your right", "to your left")),
    "R": ("the right side", ("away from you", "towards you")),
    "L": ("the left side", ("towards you", "away from you")),
    "F": ("the front face", ("a quarter turn clockwise as you look at it",
                             "a quarter turn anticlockwise as you look at it")),
    "B": ("the back layer", ("so that its top goes to your left",
                             "so that its top goes to your right")),
}


MOVE_HELP = ("Supported moves are face turns U R F D L B, each optionally followed by ' "
             "(anticlockwise) or 2 (half turn; 2' is the same), separated by spaces, e.g. "
             "\"R U' F2\"")

_TOKEN = re.compile(r"^([URFDLB])(2'|2|'|)$")
PRIMES = str.maketrans({"’": "'", "′": "'"})
"""A typographic apostrophe or prime, as a phone's keyboard types or the watch window and
printed plans draw it (R′), read as the apostrophe of an anticlockwise turn."""


def _explain(token: str) -> str:
    """Why a move token is not supported."""
    head = token[:1]
    if head in "urfdlb" and head:
        return (f"{token!r}: lower-case moves (inner or wide turns) are not supported; "
                f"use upper-case face turns")
    if "w" in token or "W" in token:
        return f"{token!r}: wide moves are not supported; plans use single face turns only"
    if head in "xyzXYZ":
        return (f"{token!r}: whole-cube rotations are not supported; hold the cube with F "
                f"towards you and U on top")
    if head in "MESmes":
        return f"{token!r}: slice moves are not supported; use face turns"
    return f"{token!r} is not a move"


def parse_moves(text: str | Iterable[str]) -> tuple[Move, ...]:
    """Parse ``"R U' F2"`` (or a list of tokens) into moves; raise :class:`MoveError`."""
    tokens = text.split() if isinstance(text, str) else list(text)
    out = []
    for i, tok in enumerate(tokens):
        m = _TOKEN.match(tok.translate(PRIMES))
        if not m:
            raise MoveError(f"bad move {i + 1}: {_explain(tok)}. {MOVE_HELP}")
        out.append(Move(m.group(1), SUFFIX_TURNS[m.group(2)]))
    return tuple(out)


def format_moves(moves: Iterable[Move]) -> str:
    """Moves as notation text separated by spaces."""
    return " ".join(str(m) for m in moves)


@cache
def move_transform(move: Move, n: int = 3) -> Transform:
    """The sticker transform of one face turn on an n x n x n cube (outer layer)."""
    source, twist = turn_table(n, move.face, (1,), move.turns)
    return Transform(source, twist)


def sequence_transform(moves: Iterable[Move], n: int = 3) -> Transform:
    """The product of a sequence of face turns."""
    out = Transform.identity(6 * n * n)
    for m in moves:
        out = out.then(move_transform(m, n))
    return out


def invert_moves(moves: Iterable[Move]) -> tuple[Move, ...]:
    """The sequence that undoes ``moves``."""
    return tuple(m.inverse() for m in reversed(tuple(moves)))


OPPOSITE = {"U": "D", "D": "U", "R": "L", "L": "R", "F": "B", "B": "F"}

L = TypeVar("L")


def simplify_labelled(moves: Sequence[Move], labels: Sequence[L],
                      merge: Callable[[L, L], L] = lambda a, b: a
                      ) -> tuple[tuple[Move, ...], tuple[L, ...]]:
    """:func:`simplify` that carries a label per move; two merged turns get
    ``merge(earlier label, later label)``."""
    out: list[Move] = []
    lab: list[L] = []
    for m, label in zip(moves, labels):
        out.append(m)
        lab.append(label)
        changed = True
        while changed and out:
            changed = False
            last = out[-1]
            # find an earlier turn of the same face, separated only by its opposite face
            j = len(out) - 2
            if j >= 0 and out[j].face == OPPOSITE[last.face]:
                j -= 1
            if j >= 0 and out[j].face == last.face:
                turns = (out[j].turns + last.turns) % 4
                merged = merge(lab[j], lab[-1])
                del out[-1], lab[-1]
                if turns:
                    out[j], lab[j] = Move(last.face, turns), merged
                else:
                    del out[j], lab[j]
                changed = True
    return tuple(out), tuple(lab)


def simplify(moves: Iterable[Move]) -> tuple[Move, ...]:
    """Merge adjacent turns of one face and drop turns that cancel (also across an opposite face
    in between: ``U D U`` becomes ``U2 D``)."""
    seq = tuple(moves)
    return simplify_labelled(seq, (None,) * len(seq))[0]


def junction_saving(a: Sequence[Move], b: Sequence[Move], window: int = 5) -> int:
    """Turns saved where ``a`` meets ``b`` (both already simplified): turns merge or cancel
    only when the two turns at the junction lie on one axis, and then only ``window`` turns
    on each side are looked at."""
    if not a or not b or b[0].face not in (a[-1].face, OPPOSITE[a[-1].face]):
        return 0
    w = tuple(a[-window:]) + tuple(b[:window])
    return len(w) - len(simplify(w))


ALL_MOVES: tuple[Move, ...] = tuple(Move(f, t) for f in FACES for t in (1, 2, 3))
"""The 18 face turns."""
