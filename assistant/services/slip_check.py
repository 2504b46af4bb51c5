"""Checking the cube at a step of a plan: what was seen (typed tokens, a face photo or corner
photo A) turned into the scored cells :func:`models.slips.find_slip` compares with the plan.

Shared by ``sudoku-cube check`` and the guide's ``c`` key. Every bad input is a
:class:`SudokuCubeError` naming the face, token or photo and what to do.
"""
from __future__ import annotations

import shlex

from pathlib import Path
from typing import Any, Mapping, Sequence

from ...models.cube.face_words import (centre, digit_words, face_or_place, face_words,
                                       faces_words, hold_phrase, looks_alike)
from ...models.cube.geometry import FACE_NAMES, FACES
from ...models.cube.moves import format_moves
from ...models.cube.state import CubeState
from ...models.cube.stickers import Hypothesis, Sticker, is_doubtful, parse_token
from ...models.errors import SudokuCubeError
from ...models.profile import CubeSettings
from ...models.slips.find import SCAN_AGAIN, Explanation, Verdict
from ...models.slips.first_look import CORNER_A, FirstLook
from ...vision.photo.images import load_image
from ...vision.reading.reader import Reader

Cells = tuple[tuple[Hypothesis, ...], ...]
"""Nine cells of a face, each its scored alternatives (best first)."""


def face_letter(text: str, what: str = "face") -> str:
    """A face letter U R F D L B (any case), or a clear error."""
    f = text.strip().upper()
    if f not in FACES:
        raise SudokuCubeError(f"{what} {text!r} is not a face; use one of U R F D L B")
    return f


def tokens_cells(face: str, text: str, cube: CubeState | None = None,
                 settings: CubeSettings = CubeSettings()) -> Cells:
    """Nine typed tokens of one face (row by row, as the net shows the face) as certain cells.
    A refusal names the face by its centre digit when ``cube`` (the cube as the plan expects
    it) is given, else by where it is, the letter beside: by the digit alone, as the check
    asked for it (:func:`check_face`, on ``settings``' cube); the example of nine tokens in a
    refusal of their count then has the face's own centre in its middle."""
    parts = text.replace(",", " ").split()
    name = check_face(face, cube, settings)
    if len(parts) != 9:
        centre = cube.face(face)[4].token if cube is not None else "6^"  # the face's own
        raise SudokuCubeError(
            f"{name[0].upper()}{name[1:]}: {len(parts)} token{'' if len(parts) == 1 else 's'} "
            "given, a face has 9 (row by row, "
            f"top row first, as seen with {check_face(_top_of(face), cube, settings)} at the top), "
            f"e.g. \"5^ 4> 6^ 3v {centre} 5< 8^ 2^ 2>\"")
    out = []
    for i, tok in enumerate(parts):
        try:
            out.append((Hypothesis(parse_token(tok), None),))
        except ValueError as e:
            raise SudokuCubeError(f"{name[0].upper()}{name[1:]}, sticker {face}{i + 1}: {e}") \
                from None
    return tuple(out)


def check_face(face: str, cube: CubeState | None,
               settings: CubeSettings = CubeSettings()) -> str:
    """A face as a check names it: by its centre digit in ``cube`` (the cube as the plan
    expects it; a 6 or 9 as it looks on ``settings``' cube), never by the centre's direction,
    which a slip may have turned (as :func:`show_face_words` asks for it), else by where it
    is."""
    return face_or_place(face, cube, pointing=False, settings=settings)


def _top_of(face: str) -> str:
    return {"U": "B", "D": "F"}.get(face, "U")


def photo_cells(face: str, path: str | Path, reader: Reader = Reader()) -> Cells:
    """Read one face photo (taken as the net shows the face) into scored cells, with
    ``reader`` (the profile's) and no OCR. A photo with no digit seen on most of its stickers
    (a corner photo's face seen steeply, a blurred or dark photo) is refused: no slip could
    be judged from it, and the search would end asking to read the whole cube again."""
    img = load_image(Path(path))
    r = reader.with_ocr("never").read_chosen_face(img, source=str(path), face=face)
    if len(r.blank) > len(r.candidates) // 2:
        raise SudokuCubeError(
            f"{path}: no digit seen on {len(r.blank)} of the {len(r.candidates)} stickers of "
            f"the face found; photograph face {face} straight on, sharp and filling about half "
            "of the picture (a photo of the cube's corner is given as A=PATH or B=PATH)")
    return tuple(r.candidates)


def shown_centre(face: str, cells: Cells, cube: CubeState,
                 settings: CubeSettings = CubeSettings()) -> Sticker | None:
    """The centre a photo of ``face`` shows where it is read surely and is not the digit of
    ``face``'s centre in ``cube`` (the cube as the plan expects it, compared as the eye sees
    them on ``settings``' cube): face turns never move a centre off its face, so the photo is
    of another face or another cube. None where it matches, where the centre was read with
    doubt (a misread must not refuse a right photo) or the cube has no centres."""
    if cube.n != 3 or len(cells) != 9 or not cells[4] or is_doubtful(cells[4]):
        return None
    got = cells[4][0].sticker
    return None if looks_alike(got, centre(cube, face), settings) else got


def faces_with_centre(got: Sticker, cube: CubeState,
                      settings: CubeSettings = CubeSettings()) -> list[str]:
    """The faces of ``cube`` whose centre looks like ``got`` (none: another cube's centre)."""
    return [f for f in FACES if looks_alike(centre(cube, f), got, settings)]


def unexplained_centre(face: str, cells: Cells, cube: CubeState, verdict: Verdict | None,
                       settings: CubeSettings = CubeSettings()) -> Sticker | None:
    """The sure centre ``cells`` show for ``face`` that refuses them (None: no refusal yet):
    before the slip search (``verdict`` None) only a centre that no face of ``cube`` (the cube
    as the plan expects it) has, since no hold of this cube shows it; after it, any centre not
    ``face``'s that no cube held turned found by the search brings there, unless the search
    found the cube as the plan expects it (the other stickers match it, so the centre alone is
    misread: another face's or another cube's stickers cannot all match the plan)."""
    got = shown_centre(face, cells, cube, settings)
    if got is None:
        return None
    if verdict is None:  # got is not face's own centre (shown_centre): another face's?
        return None if faces_with_centre(got, cube, settings) else got
    if verdict.outcome == "as expected":  # the rest matches the plan: the centre is misread
        return None
    return None if explains_centre(verdict, face, got, settings) else got


def explains_centre(verdict: Verdict, face: str, got: Sticker,
                    settings: CubeSettings = CubeSettings()) -> bool:
    """Whether the slip the check found (or one of those that fit) puts centre ``got`` on
    ``face`` as the cube is held now: only a cube picked up turned and held that way does."""
    if verdict.outcome not in ("found", "ambiguous"):
        return False
    found = ((verdict.best,) if verdict.best is not None else ()) + tuple(verdict.candidates)
    return any(looks_alike(centre(e.state, face), got, settings) for e in found)


def wrong_face_error(face: str, photo: str, got: Sticker, cube: CubeState,
                     maybe: Sequence[CubeState] = (),
                     settings: CubeSettings = CubeSettings(),
                     asked: str | None = None, taken: str = "") -> SudokuCubeError:
    """The refusal of a photo of ``face`` (named ``photo``: its file; ``taken``: where a photo
    with no file was taken from, "the camera", named as the guide's prompt names it, "the
    photo taken for face F from the camera", not as a file) whose centre is ``got``, not
    ``face``'s centre in ``cube``: which face it seems to show (the face of ``cube`` with that
    centre, where one has it), and how to hold the cube to take it again (:func:`how_to_show`,
    ``maybe`` and ``settings`` as it takes them). Said before any slip, since no slip moves
    a centre to another face. ``asked``: the face the person was asked to photograph (the
    guide's check) where the photo was taken as another, ``face``, by its file's name: the
    retake is of the face asked for."""
    want = centre(cube, face)
    shown = digit_words(got, settings)
    same = faces_with_centre(got, cube, settings)
    if len(same) == 1:
        seems = (f"it seems to show {face_words(cube, same[0], False, settings)} instead "
                 "(did you photograph that face?)")
    elif same:
        seems = f"it seems to show one of {faces_words(same, cube, settings)} instead"
    else:
        seems = (f"no face of this cube has centre {shown}: it seems to be a photo of another "
                 "cube or of another face")
    if asked is not None and asked != face:
        return SudokuCubeError(
            f"{photo}: named after face {face}, the photo is read as face {face}, but it "
            f"shows centre {shown}, and the centre of face {face} is "
            f"{digit_words(want, settings)}, and centres never move; {seems}. The check asks "
            f"for face {asked}: hold {how_to_show(asked, cube, maybe, settings)}, and give "
            f"its photo (a file named after face {asked}, or after no face).")
    named = f"the photo taken for face {face} from {taken}" if taken else \
        f"{photo}: the photo given for face {face}"
    return SudokuCubeError(
        f"{named} shows centre {shown}, but the centre of face {face} is "
        f"{digit_words(want, settings)}, and centres never move; {seems}. "
        f"Retake the photo of face {face}: hold {how_to_show(face, cube, maybe, settings)}.")


def refuse_wrong_faces(photos: Mapping[str, str], seen: Mapping[str, Cells], cube: CubeState,
                       verdict: Verdict | None, maybe: Sequence[CubeState] = (),
                       settings: CubeSettings = CubeSettings(),
                       asked: str | None = None, taken: str = "") -> None:
    """Refuse (:func:`wrong_face_error`) the first face photo (``photos``: face -> its file or
    source) whose sure centre is not its face's centre in ``cube`` (:func:`unexplained_centre`),
    unless the ``verdict`` on what was ``seen`` is a cube held turned that puts it there
    (:func:`explains_centre`) or the cube as planned: a wrong photo must not be answered with
    slips, nor with "no slip fits". Called first with no ``verdict``, before the slip
    search: a centre that no face of ``cube`` has (another cube's) is refused at once, since
    no hold of this cube shows it; a centre of another face is left for the search to judge
    (only a cube held turned brings it in front). ``asked``: the face the person was asked
    to photograph, and ``taken``, as :func:`wrong_face_error` takes them. A photo that no
    slip explains but that looks like its face taken turned, beside other faces that look as
    planned, is refused too (:func:`turned_photo_error`), to be taken again held as asked;
    alone, it may be a face a slip out of reach turned, and the words of "no slip" say it."""
    for face, photo in photos.items():
        got = unexplained_centre(face, seen[face], cube, verdict, settings) \
            if face in seen else None
        if got is not None:
            raise wrong_face_error(face, photo, got, cube, maybe, settings, asked, taken)
    turned = taken_turned(verdict)
    if turned in photos and len(seen) > 1:  # the other faces as planned: only it is amiss
        raise turned_photo_error(turned, photos[turned], cube, maybe, settings, taken)


def taken_turned(verdict: Verdict | None) -> str | None:
    """The face whose photo the ``verdict`` found no slip for but found to look like that face
    as the plan has it, turned, every other face seen looking as planned
    (:attr:`models.slips.find.Verdict.looks_like`): taken with the cube or the phone held
    turned. None where there is none."""
    if verdict is None or verdict.outcome != "none" or len(verdict.looks_like) != 2:
        return None
    face, other = verdict.looks_like
    return face if face == other else None


def turned_photo_error(face: str, photo: str, cube: CubeState,
                       maybe: Sequence[CubeState] = (),
                       settings: CubeSettings = CubeSettings(),
                       taken: str = "") -> SudokuCubeError:
    """The refusal of a photo of ``face`` (``photo``, ``taken`` as :func:`wrong_face_error`
    takes them) that no slip explains but that looks like ``face`` as the plan has it, turned:
    how to hold the cube to take it again (:func:`how_to_show`), and what it means where it
    was held so."""
    named = f"the photo taken for face {face} from {taken}" if taken else \
        f"{photo}: the photo given for face {face}"
    return SudokuCubeError(
        f"{named} looks like that face as the plan has it, but turned, while the other faces "
        f"shown look as planned: it seems to have been taken with the cube or the phone held "
        f"turned. Retake the photo of face {face}, the phone upright: hold "
        f"{how_to_show(face, cube, maybe, settings)}. If it was held so, the cube is further "
        "from the plan than a slip or two: read it again and start a new plan.")


def read_again_words(state: str) -> str:
    """How to read the whole cube again where no slip explains a check, in the way ``state``
    (what the plan was made from) was read: a folder's photos are taken again and read with
    ``solve``; anything else is scanned again or photographed (a photo user has no webcam to
    ``scan`` with)."""
    if state and Path(state).is_dir():
        return (f"take the photos in {state} again and read them (sudoku-cube solve "
                f"{shlex.quote(state)})")
    return ("read the whole cube again (sudoku-cube scan, or photograph every face and run "
            "sudoku-cube solve FOLDER)")


def corner_cells(path: str | Path, reader: Reader = Reader(),
                 photo: str = "A") -> dict[str, Cells]:
    """Read corner photo ``photo`` (A: U, F and R in view; B: D, L and B) into scored cells of
    those three faces, with ``reader`` (the profile's) and no OCR."""
    if not Path(path).is_file():
        raise SudokuCubeError(f"{path}: no such file; give the path of corner photo {photo} "
                              f"({'U, F and R' if photo == 'A' else 'D, L and B'} in view)")
    img = load_image(Path(path))
    faces = reader.with_ocr("never").read_chosen_corner(img, photo, source=str(path))
    return {f: tuple(r.candidates) for f, r in faces.items()}


def corner_photo(value: str) -> tuple[str, str]:
    """The letter and path of a ``--corner [A=|B=]PATH`` value: the letter before ``=``, else
    the file's name (``B.jpg`` is corner photo B, as a pair is named), else "": the photo's
    centres tell which it is
    (:func:`assistant.services.given_photos.corner_by_centres`)."""
    v = value.strip()
    if len(v) > 2 and v[1] == "=" and v[0].isalpha():
        if v[0].upper() not in "AB":
            raise SudokuCubeError(f"{v[:2]!r} in {value!r}: corner photos are A (U, F and R in "
                                  "view) or B (D, L and B); write A= or B= before the path")
        return v[0].upper(), v[2:]
    stem = Path(v).stem.upper()
    return (stem if stem in ("A", "B") else ""), v


def split_face(value: str, default_face: str) -> tuple[str, str]:
    """``"R=..."`` or ``"R:..."`` -> ("R", "..."); a value without a face prefix is for
    ``default_face``. A letter that is no face before ``=`` (``"Q=..."``) is refused by name."""
    v = value.strip()
    if len(v) > 2 and v[0].upper() in FACES and v[1] in "=:":
        return v[0].upper(), v[2:]
    if len(v) > 1 and v[0].isalpha() and v[1] == "=":
        raise SudokuCubeError(f"{v[:2]!r} in {value!r}: {v[0]!r} is not a face; write "
                              "U= R= F= D= L= or B= before the face's value")
    return default_face, v


def photo_face(value: str, face_option: str | None) -> tuple[str, str]:
    """The face and path of a ``--photo [FACE=]PATH`` value: the face given before ``=``,
    else ``--face`` when given, else the face the file is named after (``U.jpg`` is U), else F.
    A photo named after a face is never taken silently as another face."""
    face, path = split_face(value, "")
    if face:
        return face, path
    if face_option:
        return face_option, path
    stem = Path(path).stem.upper()
    return (stem if stem in FACES else "F"), path


def how_to_show(face: str, cube: CubeState | None = None, maybe: Sequence[CubeState] = (),
                settings: CubeSettings = CubeSettings()) -> str:
    """How to hold the cube to show one face, in words; with ``cube`` (the cube as the plan
    expects it: face turns never move a centre off its face) the hold is told by centre
    digits, as many as it takes for exactly one hold to fit on ``settings``' cube
    (:func:`hold_phrase`), the letters beside; ``maybe``: the cubes a slip may have left
    (:func:`assistant.services.slipped_cubes.slipped_cubes`), whose turned centres are not
    told by direction."""
    top = _top_of(face)
    if cube is not None:
        return f"the cube with {hold_phrase(cube, face, top, 'the camera', settings, maybe)}"
    return (f"the {FACE_NAMES[face]} face ({face}) towards the camera with the "
            f"{FACE_NAMES[top]} face ({top}) at the top")


def show_face_words(face: str, cube: CubeState | None = None, maybe: Sequence[CubeState] = (),
                    settings: CubeSettings = CubeSettings()) -> str:
    """The words that ask for one face: "Show me the face with centre 7 (R), the cube held
    with centre 7 towards the camera (R, the 7 pointing left) and ..." (by letters alone
    without ``cube``, by its place on a cube with no centres; ``maybe`` and ``settings`` as
    :func:`how_to_show` takes them)."""
    top = _top_of(face)
    if cube is not None:
        return (f"Show me {check_face(face, cube, settings)}, the cube held with "
                f"{hold_phrase(cube, face, top, 'the camera', settings, maybe)}")
    return (f"Show me the {face} face (the {FACE_NAMES[face]} face, held with the "
            f"{FACE_NAMES[top]} face ({top}) at the top)")


CORNER_WORDS = ("photograph the corner of U, F and R (corner photo A: U on top, the corner "
                "where U, F and R meet towards the camera)")
"""The words that ask for corner photo A, by letters alone."""


def corner_words(cube: CubeState | None = None, maybe: Sequence[CubeState] = (),
                 settings: CubeSettings = CubeSettings()) -> str:
    """The words that ask for corner photo A; with ``cube`` the cube is first held as for the
    solve, told as :func:`hold_words` tells it, so that one hold fits (``maybe`` and
    ``settings`` as :func:`how_to_show` takes them)."""
    if cube is None:
        return CORNER_WORDS
    return (f"hold the cube with {hold_phrase(cube, settings=settings, maybe=maybe)}, then "
            f"{_CORNER_FROM_HOLD}")


_CORNER_FROM_HOLD = ("photograph the corner where the top (U), front (F) and right (R) faces "
                     "meet, turned to the camera (corner photo A)")
"""Corner photo A from the hold of the solve."""

_FRONT_FROM_HOLD = "show me the front face (F) turned to the camera, U on top"
"""Face F from the hold of the solve: the same hold, F turned to the camera."""


def first_look_words(look: FirstLook, cube: CubeState | None = None,
                     maybe: Sequence[CubeState] = (),
                     settings: CubeSettings = CubeSettings()) -> str:
    """What the person is asked to show first, the look that tells most first: corner photo A
    (27 stickers in one photo) when it settles more than the best single face, which is
    offered too (to type its tokens); ``cube`` names faces by their centres (``maybe`` and
    ``settings`` as :func:`how_to_show` takes them). Where that face is F, both start from the
    hold of the solve, which is told once."""
    if cube is not None and look.face == "F":  # both start from the hold of the solve
        first, then = ((_CORNER_FROM_HOLD, _FRONT_FROM_HOLD) if look.corner_first
                       else (_FRONT_FROM_HOLD, _CORNER_FROM_HOLD))
        hold = hold_phrase(cube, settings=settings, maybe=maybe)
        return f"Hold the cube with {hold}, then {first}, or {then}"
    face = show_face_words(look.face, cube, maybe, settings)
    corner = corner_words(cube, maybe, settings)
    if look.corner_first:
        return f"{corner[0].upper()}{corner[1:]}, or {face[0].lower()}{face[1:]}"
    return f"{face}, or {corner}"


def first_look_json(look: FirstLook, cube: CubeState | None = None,
                    maybe: Sequence[CubeState] = (),
                    settings: CubeSettings = CubeSettings()) -> dict[str, Any]:
    """The first look as JSON-ready data (``suggest_face`` is the single face)."""
    return {"suggest_face": look.face, "first": "corner A" if look.corner_first else "face",
            "corner_faces": "".join(CORNER_A), "face_share": look.face_share,
            "corner_share": look.corner_share,
            "words": first_look_words(look, cube, maybe, settings)}


def verdict_json(verdict: Verdict, step: int, seen: Sequence[str],
                 cube: CubeState | None = None,
                 maybe: Sequence[CubeState] | None = None,
                 again: str = SCAN_AGAIN, photo: str = "",
                 settings: CubeSettings = CubeSettings()) -> dict[str, Any]:
    """A check's answer as JSON-ready data (``cube``: the cube as the plan expects it, to name
    faces by their centre digits in the message; ``maybe``: the cubes a slip may have left,
    :func:`assistant.services.slipped_cubes.slipped_cubes`, so that the message names a
    centre's direction where none of them turned it; ``again``: how to read the cube again
    where no slip fits, :func:`read_again_words`; ``photo``: the corner photo among what was
    seen, for its words, :meth:`Verdict.message`; ``settings``: the cube's, for how to hold it
    to show the face a check asks for, ``show``, as the text says it)."""
    def expl(e: Explanation) -> dict[str, Any]:
        return {"description": e.describe(),
                "slips": [{"kind": s.kind, "step": s.step, "planned": str(s.planned),
                           "done": format_moves(s.done), "rotation": s.rotation}
                          for s in e.slips]}

    out: dict[str, Any] = {"outcome": verdict.outcome, "step": step, "seen": list(seen),
                           "message": verdict.message(cube, maybe, again=again, photo=photo),
                           "stats": verdict.stats}
    if verdict.best is not None:
        out["explanation"] = expl(verdict.best)
    if verdict.outcome == "found":
        out["new_plan"] = format_moves(verdict.repair)
    if verdict.earlier is not None:  # the cube as the plan has it before that step
        out["as_before_step"] = verdict.earlier + 1
    if verdict.looks_like:  # a face seen that looks like another: it may be that face
        out["looks_like"] = {"face": verdict.looks_like[0], "other": verdict.looks_like[1]}
    if verdict.outcome == "ambiguous":
        out["candidates"] = [expl(e) for e in verdict.candidates]
        out["ask_face"] = verdict.ask_face
        if verdict.ask_face:  # how to hold the cube for it, as the text says
            out["show"] = f"hold {how_to_show(verdict.ask_face, cube, maybe or (), settings)}"
    if verdict.outcome == "as expected" and verdict.ask_face:  # slips the faces cannot show
        out["cannot_show"] = [expl(e) for e in verdict.candidates]
        out["ask_face"] = verdict.ask_face
    return out

