"""What the phone page shows, as JSON-ready values: a face as read, the words for the next photo,
and the step of the plan being guided with its held-cube picture."""
from __future__ import annotations

from typing import Mapping, Sequence, TypedDict

from ...models.cube import face_words
from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from ...models.cube.transform import Transform
from ...models.plan.planner import Step
from ...models.profile import CubeSettings
from ...vision.reading.faces import FaceReading
from ..services.face_poses import Centres, corner_hold_words, hold_words
from ..services.held_svg import held_svg
from ..services.phases import symmetric_note


class FaceView(TypedDict):
    """One face as the page draws it: nine tokens in net order (``"7^"``: digit and the way
    its top points), the cells in doubt and the cells where no digit was seen."""

    tokens: list[str]
    doubtful: list[int]
    blank: list[int]
    centre: int | None
    """The centre's digit; None where no digit was seen on it."""


class StepView(TypedDict):
    """The step the guide shows: its number (from 1), how many there are, the move in letters
    and in words, how to hold the cube, and the held cube with the layer to turn (SVG);
    ``own``: the page steps through the plan itself (nobody answers the terminal's guide)."""

    number: int
    total: int
    move: str
    words: str
    hold: str
    picture: str
    done: bool
    own: bool
    said: str
    """What the guide's check said at this step (a slip found and the new plan, no slip, or
    the cube matching the plan), as the terminal says it; empty where no check was made."""


def face_view(reading: FaceReading) -> FaceView:
    """The page's view of a face reading."""
    return {"tokens": [s.token for s in reading.stickers],
            "doubtful": [i for i in reading.doubtful if i not in reading.blank],
            "blank": list(reading.blank),
            "centre": None if 4 in reading.blank else reading.stickers[4].digit}


def upright_face_view(faces: Mapping[str, FaceReading], upright: CubeState, turn: Transform,
                      face: str) -> FaceView:
    """The page's view of ``face`` in ``upright``, the reading of the photos ``faces`` (each
    face as photographed) set upright by ``turn`` (a photo found held turned,
    :func:`assistant.services.cube_input.turned_upright`): its digits as the terminal shows
    them, each cell in doubt or blank as the photo's cell it came from was."""
    stickers = upright.face(face)
    n2 = len(stickers)
    base = FACES.index(face) * n2
    doubtful, blank = [], []
    for i in range(n2):
        src = turn.source[base + i]
        read, j = faces[FACES[src // n2]], src % n2
        if j in read.blank:
            blank.append(i)
        elif j in read.doubtful:
            doubtful.append(i)
    centre = n2 // 2
    return {"tokens": [s.token for s in stickers], "doubtful": doubtful, "blank": blank,
            "centre": None if centre in blank else stickers[centre].digit}


def pose_words(name: str, corner: bool, centres: Centres,
               settings: CubeSettings = CubeSettings(), turned: Sequence[Centres] = ()) -> str:
    """How to hold the cube for photo ``name`` (a face, or corner photo A/B when ``corner``),
    the faces named by their centre digits once these are read, compared as they look on
    ``settings``' cube; ``turned``: the centres had a photo been held turned, while the whole
    reading has not said whether one was (:func:`assistant.services.face_poses.held_turned`):
    nothing they would change is named."""
    return (corner_hold_words(name, centres, settings, turned) if corner
            else hold_words(name, centres, settings, turned))


def step_view(steps: list[Step], start: CubeState, position: int,
              settings: CubeSettings = CubeSettings(), own: bool = False, said: str = ""
              ) -> StepView:
    """The page's view of the guide at ``position`` (0-based; ``len(steps)``: all done);
    ``settings``: the cube's, for the hold words and, on the last step, why a symmetric digit
    of the solved cube points the other way from its face
    (:func:`assistant.services.phases.symmetric_note`); ``own``: the page steps through the
    plan itself (:meth:`assistant.web.service.PhoneService.steps_on_page`); ``said``: what
    the guide's check said at this step."""
    total = len(steps)
    if position >= total:
        last = steps[-1].after if steps else start
        note = symmetric_note(last, settings.symmetric)
        return {"number": total, "total": total, "move": "",
                "words": "The cube is solved." + (f" {note}" if note else ""),
                "hold": face_words.hold_words(start, settings), "picture": held_svg(last, size=300),
                "done": True, "own": own, "said": said}
    step = steps[position]
    return {"number": position + 1, "total": total, "move": str(step.move),
            "words": step.move.describe(), "hold": face_words.hold_words(start, settings),
            "picture": held_svg(step.before, step.move, size=300), "done": False,
            "own": own, "said": said}
