"""The centre refusals of a check for what is not a face photo: a corner photo whose faces'
centres, read surely, are not those of the faces it shows, and typed tokens whose centre is not
the centre of the face they were typed for.

Face turns never move a centre off its face, so such an input is of another corner, another
face or another cube, and a check must say so rather than answer with slips or "no slip
fits" (as :func:`assistant.services.slip_check.refuse_wrong_faces` does for face photos).
Shared by ``sudoku-cube check`` and the guide's ``c`` key.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from ...models.cube.face_words import centre, digit_words, listed
from ...models.cube.state import CubeState
from ...models.cube.stickers import Sticker, is_doubtful
from ...models.errors import SudokuCubeError
from ...models.profile import CubeSettings
from ...models.slips.find import Verdict
from .slip_check import Cells, corner_words, faces_with_centre, unexplained_centre

CORNER_FACES = {"A": ("U", "F", "R"), "B": ("D", "L", "B")}
"""The faces each corner photo shows, in the order its words list them."""


def _foreign(got: Sequence[Sticker], cube: CubeState, settings: CubeSettings) -> list[Sticker]:
    """Those of the centres ``got`` that no face of ``cube`` has."""
    return [g for g in got if not faces_with_centre(g, cube, settings)]


def _owners(got: Sticker, cube: CubeState, settings: CubeSettings) -> str:
    """Whose centre ``got`` is on ``cube``: "R's", "L's or B's"."""
    return " or ".join(f"{f}'s" for f in faces_with_centre(got, cube, settings))


def refuse_wrong_corners(corners: Mapping[str, str], seen: Mapping[str, Cells],
                         cube: CubeState, verdict: Verdict | None,
                         maybe: Sequence[CubeState] = (),
                         settings: CubeSettings = CubeSettings(), taken: str = "") -> None:
    """Refuse the first corner photo (``corners``: its letter A or B -> its file) one of whose
    faces shows a sure centre that :func:`unexplained_centre` refuses (``verdict`` None before
    the slip search), naming the centres it shows against those of the faces it should show,
    and how to take it again (``maybe`` and ``settings`` as
    :func:`assistant.services.slip_check.how_to_show` takes them; ``taken`` as
    :func:`wrong_corner_error` takes it)."""
    for letter, path in corners.items():
        faces = CORNER_FACES[letter]
        if not any(f in seen and unexplained_centre(f, seen[f], cube, verdict, settings)
                   for f in faces):
            continue
        raise wrong_corner_error(letter, path, {f: seen[f] for f in faces if f in seen},
                                 cube, maybe, settings, taken)


def _sure_centre(face: str, cells: Mapping[str, Cells]) -> Sticker | None:
    """The centre the photo shows for ``face`` where it is read surely, else None (a centre
    read with doubt is shown as "?" and claims nothing)."""
    c = cells.get(face)
    if not c or len(c) != 9 or not c[4] or is_doubtful(c[4]):
        return None
    return c[4][0].sticker


def _item(words: str) -> str:
    """A digit's words as an item of a list joined with "and": "6 or 9" in brackets."""
    return f"({words})" if " " in words else words


_OTHER = {"A": "B", "B": "A"}
"""Each corner photo's other one."""


def wrong_corner_error(letter: str, path: str, cells: Mapping[str, Cells], cube: CubeState,
                       maybe: Sequence[CubeState] = (),
                       settings: CubeSettings = CubeSettings(),
                       taken: str = "") -> SudokuCubeError:
    """The refusal of corner photo ``letter`` (its file ``path``) whose faces' centres
    (``cells``) are not those of ``cube``'s faces there: which centres it shows, which it
    should, whether it seems to be of another cube or another corner (or the cube held
    another way), and how to take it again. ``taken``: where a photo with no file was taken
    from ("the camera", "the phone"), named "corner photo A from the camera" as the guide's
    prompt names it, not as a file ("A.jpg: corner photo A")."""
    faces = CORNER_FACES[letter]
    got = {f: _sure_centre(f, cells) for f in faces}
    # "6 or 9" bracketed, so that a list joined with "and" reads one way only
    shown = [_item(digit_words(g, settings)) if g is not None else "?" for g in got.values()]
    want = [_item(digit_words(centre(cube, f), settings)) for f in faces]
    foreign = _foreign([g for g in got.values() if g is not None], cube, settings)
    if foreign:
        digits = listed(sorted({digit_words(g, settings) for g in foreign}))
        seems = (f"no face of this cube has centre {digits}: it seems to be a photo of "
                 "another cube")
    elif all(g is not None and g.digit == centre(cube, f).digit
             for g, f in zip(got.values(), CORNER_FACES[_OTHER[letter]])):
        other = _OTHER[letter]  # each face where the other photo has it: that photo
        seems = (f"those are the centres of {listed(CORNER_FACES[other])} where corner photo "
                 f"{other} shows them: it seems to be corner photo {other}, so give it as "
                 f"corner photo {other} ({other}=PATH)")
    else:
        whose = [f"{digit_words(g, settings)} is {_owners(g, cube, settings)}"
                 for g in got.values() if g is not None]
        seems = (f"of those centres {listed(whose)}: it seems to show another corner, or the "
                 "cube held another way")
    if letter == "A":
        retake = corner_words(cube, maybe, settings)
    else:
        retake = ("from the hold of corner photo A, roll the cube over to D on top, turn it a "
                  "quarter turn to the left, and photograph the corner where D, L and B meet")
    named = f"corner photo {letter} from {taken}" if taken else f"{path}: corner photo {letter}"
    return SudokuCubeError(
        f"{named} shows centres {listed(shown)} where this cube's {listed(faces)} show "
        f"{listed(want)}, and centres never move; {seems}. "
        f"Retake corner photo {letter}: {retake}.")


def refuse_wrong_tokens(typed: Sequence[str], seen: Mapping[str, Cells], cube: CubeState,
                        verdict: Verdict | None,
                        settings: CubeSettings = CubeSettings()) -> None:
    """Refuse the first face whose tokens were typed (``typed``: the faces) with a centre that
    :func:`unexplained_centre` refuses (``verdict`` None before the slip search): they were
    typed off another face, or another cube."""
    for face in typed:
        got = unexplained_centre(face, seen[face], cube, verdict, settings) \
            if face in seen else None
        if got is None:
            continue
        same = faces_with_centre(got, cube, settings)
        if len(same) == 1:
            which = f"did you type face {same[0]}'s?"
        elif same:
            which = f"did you type those of one of faces {listed(same)}?"
        else:
            which = (f"no face of this cube has centre {digit_words(got, settings)}: did you "
                     "type another cube's face?")
        raise SudokuCubeError(
            f"The tokens typed for face {face} have centre {got.token}, but the centre of "
            f"face {face} is {digit_words(centre(cube, face), settings)}, and centres never "
            f"move; {which} Type the nine tokens of face {face}, row by row.")
