"""A face photo held turned: the reading as it would be had that photo been taken upright.

A person who holds the phone sideways for one face gives a reading whose pieces do not fit
together: that face's stickers sit a quarter or half turn round its centre, each digit turned
with them. When no solved arrangement fits a reading, turning each face's reading back in turn
names the photo that was held turned, if exactly one turn of one photo makes the cube consistent.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cube.face_words import face_or_place
from ..cube.geometry import FACES
from ..cube.state import CubeState
from ..cube.transform import Transform
from ..profile import CubeSettings
from .one_fit import only_fit
from .solution import GridSolution

def turned_from(quarter_turns: int, n: int = 3) -> list[int]:
    """For each place of a face (row by row) turned ``quarter_turns`` clockwise, the place
    whose sticker the turn brings there."""
    out = []
    for r in range(n):
        for c in range(n):
            rr, cc = r, c
            for _ in range(quarter_turns % 4):
                rr, cc = n - 1 - cc, rr
            out.append(rr * n + cc)
    return out


def photo_turn(face: str, quarter_turns: int, n: int = 3) -> Transform:
    """The sticker transform that turns ``face``'s reading ``quarter_turns`` clockwise, as if
    its photo had been turned so (:func:`photo_turned`); it also says where each sticker of
    the photo went, which a front end showing the photo's reading turned needs."""
    size = 6 * n * n
    base = FACES.index(face) * n * n
    source, twist = list(range(size)), [0] * size
    for i, j in enumerate(turned_from(quarter_turns, n)):
        source[base + i] = base + j
        twist[base + i] = quarter_turns % 4
    return Transform(tuple(source), tuple(twist))


def photo_turned(state: CubeState, face: str, quarter_turns: int) -> CubeState:
    """``state`` with ``face``'s reading turned ``quarter_turns`` clockwise, as if its photo had
    been turned so: the stickers move round the centre and every digit (and every candidate)
    turns with them; the other faces stay as they are."""
    return state.transformed(photo_turn(face, quarter_turns, state.n))


@dataclass(frozen=True)
class TurnedPhoto:
    """The face whose photo was held turned, the quarter turns clockwise that set its reading
    upright, the reading so turned and its grid solution."""

    face: str
    quarter_turns: int
    state: CubeState
    solution: GridSolution

    @property
    def turn(self) -> Transform:
        """The transform that made :attr:`state` from the reading as photographed."""
        return photo_turn(self.face, self.quarter_turns, self.state.n)

    def finding(self) -> str:
        """The finding in words, following the photo's name, which each front end gives as
        it names photos (the terminal its file, the phone page its card): 'shows its face
        turned a quarter turn clockwise (...); turned back, the reading is consistent'."""
        held = {1: "a quarter turn anticlockwise", 2: "a half turn",
                3: "a quarter turn clockwise"}[self.quarter_turns]
        return (f"shows its face turned {held} (the phone or the cube was held turned); "
                "turned back, the reading is consistent")

    def photo_words(self, settings: CubeSettings = CubeSettings()) -> str:
        """The photo named without its file name: 'the photo of' the face by its centre digit
        (a quarter turn leaves the centre where it is) as the person can find it on
        ``settings``' cube (:func:`face_or_place`: 'centre 6 or 9' where 6 and 9 carry no
        underline)."""
        return f"the photo of {face_or_place(self.face, self.state, settings=settings)}"

    def describe(self, photo: str | None = None,
                 settings: CubeSettings = CubeSettings()) -> str:
        """The finding in words, naming the photo when its file name is known, else the face
        by its centre digit (:meth:`photo_words`)."""
        return f"{photo or self.photo_words(settings)} {self.finding()}"


def find_turned_photo(state: CubeState, settings: CubeSettings = CubeSettings(), *,
                      faces: tuple[str, ...] = FACES,
                      time_limit_s: float = 5.0) -> TurnedPhoto | None:
    """The one face photo among ``faces`` which, turned back a quarter or half turn, makes a
    reading with no solved arrangement consistent; None when no turn of a single photo does,
    or when more than one does (then nothing can be said)."""
    tried = [(face, k) for face in faces for k in (1, 3, 2)]
    found = only_fit((photo_turned(state, face, k) for face, k in tried), settings,
                     time_limit_s=time_limit_s)
    if found is None:
        return None
    face, k = tried[found.index]
    return TurnedPhoto(face, k, found.state, found.solution)
