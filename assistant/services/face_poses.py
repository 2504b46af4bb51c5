"""The words that say how to hold the cube for each face's photo, with no terminal in them: the
order in which the faces are taken (docs/conventions.md "Seeing a face") and how to hold the cube
for each; the scan panel and the phone page of ``serve`` both say them.

Nothing marks F or U on a Sudoku Cube, so the person chooses them at the start and the words
name a face by where it is ("the face on the right") until it has been seen; from then on
by its centre digit ("centre 7 (R)"), the letter beside. Where the words say which face is
towards the person and which on top, and both have been read, they are told by the rule of
every hold line (:func:`models.cube.face_words.hold_phrase`), the faces not read yet fitting
anything. Where what has been read cannot single out one hold (faces not scanned yet, or
centres that look alike), the words say that they may fit another hold too. Before F and U
are both read the words name them by place, as the person chose them at the start.

A photo held turned (the phone, or the cube, turned round the face photographed) shows its
centre pointing another way, and corner photo B held a third round its corner shows its
faces' centres on each other's faces; the whole reading finds that only once every photo is
in (:func:`assistant.services.cube_input.turned_upright`). Words said before then
(``turned``: :func:`held_turned`) name only what such a photo would show alike."""
from __future__ import annotations

from typing import Mapping, Sequence

from ...models.cube.face_words import (centre_name, digit_words, hold_phrase, looks_alike,
                                       placed_words, twin_centre)
from ...models.cube.geometry import FACES, VIEW_UP, face_of_normal, neg, view_right
from ...models.cube.holds import UNREAD, centres_state, sticker_look
from ...models.cube.state import CubeState
from ...models.cube.stickers import Sticker
from ...models.grid.corner_turn import PHOTO_B, corner_turned
from ...models.grid.photo_turn import photo_turned
from ...models.profile import CubeSettings

SCAN_ORDER: tuple[str, ...] = FACES
"""Faces are shown in the order U R F D L B (the order used wherever all six are listed)."""

Centres = Mapping[str, Sticker]
"""The centre stickers of the faces captured so far, by face letter."""

_WHERE = {"U": "the top face (U)", "R": "the face on the right (R)",
          "F": "your front face (F)", "D": "the bottom face (D)",
          "L": "the face on the left (L)", "B": "the back face (B)"}
"""A face not seen yet, named by where it is when F is towards the person and U on top."""

_HOLD = {
    "U": "Hold the cube with {hold}, then tip the top towards the "
         "camera: {U} faces the camera with {B} at the top of the picture.",
    "R": "Back to {hold}, then turn the whole cube a quarter turn to "
         "the left: {R} faces the camera, {U} still on top.",
    "F": "Turn the cube back a quarter turn to the right: {F} faces the camera, {U} on top.",
    "D": "Tip the bottom of the cube towards the camera: {D} faces the camera with {F} at the "
         "top of the picture.",
    "L": "Back to {hold}, then turn the whole cube a quarter turn to "
         "the right: {L} faces the camera, {U} on top.",
    "B": "Turn the cube another quarter turn to the right: {B} faces the camera, {U} on top.",
}

FIRST_HOLD = ("Choose any face to be the top (U) and any side face to be towards you (F), and "
              "keep that choice for the whole scan and the solve. Tip the top towards the "
              "camera: the top face (U) faces the camera with the back face (B) at the top of "
              "the picture.")
"""How to hold the cube for the first face, before any face has been seen."""


def held_turned(centres: Centres, corners: bool = False) -> tuple[Centres, ...]:
    """The centres read so far (``centres``) as they would be had one photo of them been held
    turned, which the whole reading may find once every photo is in: a face photo's a quarter
    or half turn round (:func:`models.grid.photo_turn.photo_turned`), or, for ``corners``,
    corner photo B's faces a third round their corner
    (:func:`models.grid.corner_turn.corner_turned`)."""
    state = centres_state(centres)
    if corners:
        cubes = [corner_turned(state, PHOTO_B, k) for k in (1, 2)] \
            if any(f in centres for f in PHOTO_B) else []
    else:
        cubes = [photo_turned(state, f, k) for f in centres for k in (1, 2, 3)]
    return tuple(_centres_of(cube) for cube in cubes)


def _centres_of(cube: CubeState) -> dict[str, Sticker]:
    """The centres read of a cube of which only centres are read (:func:`centres_state`)."""
    return {f: cube.face(f)[4] for f in FACES if cube.face(f)[4].digit != UNREAD.digit}


def face_name(face: str, centres: Centres, settings: CubeSettings = CubeSettings(),
              turned: Sequence[Centres] = ()) -> str:
    """'centre 7 (R)' once the face is captured (with the centre's direction when another
    captured face's centre looks alike, :func:`models.cube.face_words.looks_alike`, a digit
    symmetric on ``settings``' cube told only by how it lies; by its place first where that
    centre points the same way too, :func:`models.cube.face_words.twin_centre`: 'the bottom
    face (D, centre 6, upright)'), else where it is: 'the face on the right (R)'. ``turned``:
    the centres had a photo been held turned (:func:`held_turned`): a centre that would then
    be another digit is not named, one that would point another way is not told by its
    direction ('the bottom face (D, centre 6 or 9)' where another centre looks alike)."""
    c = centres.get(face)
    if c is None or any(t.get(face, UNREAD).digit != c.digit for t in turned):
        return _WHERE[face]
    if any(sticker_look(t[face], settings) != sticker_look(c, settings) for t in turned) \
            and twin_centre(centres, face, False, settings):
        return placed_words(face, f"centre {digit_words(c, settings)}")
    clash = any(f != face and looks_alike(o, c, settings) for f, o in centres.items())
    return centre_name(c, face, clash, settings, twin_centre(centres, face, True, settings))


def show_title(face: str, centres: Centres, settings: CubeSettings = CubeSettings(),
               turned: Sequence[Centres] = ()) -> str:
    """What to show next, in a few words: for U before the first face is seen 'any face as
    the top (U)' (as :func:`hold_words`, only U asks to choose), else 'the face on the right
    (R)' or, for a face seen before, 'centre 7 (R)' (``turned`` as :func:`face_name` takes
    it)."""
    if not centres and face == "U":
        return "any face as the top (U)"
    return face_name(face, centres, settings, turned)


def hold_words(face: str, centres: Centres, settings: CubeSettings = CubeSettings(),
               turned: Sequence[Centres] = ()) -> str:
    """How to hold the cube so that ``face`` faces the camera, naming the faces already
    captured by their centre digits, compared as they look on ``settings``' cube. Before any
    face is seen, U's words are :data:`FIRST_HOLD` (the person chooses U and F); every other
    face's words name the faces by place (the phone page shows them all from the start).
    ``turned``: the centres had a photo been held turned (:func:`held_turned`), while the
    whole reading has not yet said whether one was: what they would change is not named."""
    if not centres and face == "U":
        return FIRST_HOLD
    return _HOLD[face].format(**_names(centres, settings, turned))


def _names(centres: Centres, settings: CubeSettings,
           turned: Sequence[Centres] = ()) -> dict[str, str]:
    """Each face's name for the words (:func:`face_name`), and ``hold``: F towards the person
    and U on top, told by the rule of every hold line on ``settings``' cube (see the module's
    docstring), naming nothing a photo held turned would change (``turned``)."""
    names = {f: face_name(f, centres, settings, turned) for f in FACES}
    hold = (hold_phrase(centres_state(centres), settings=settings,
                        maybe=[centres_state(t) for t in turned], photos=True)
            if "F" in centres and "U" in centres
            else f"{names['F']} towards you and {names['U']} on top")
    return {**names, "hold": hold}


def captured_centres(faces: Mapping[str, tuple[Sticker, ...]]) -> dict[str, Sticker]:
    """The centre stickers of captured faces (face -> its nine stickers, row by row)."""
    return {f: s[len(s) // 2] for f, s in faces.items() if s}


def neighbours(face: str) -> dict[str, str]:
    """The faces seen around ``face`` in its photo: 'up', 'down', 'left', 'right'."""
    up, right = VIEW_UP[face], view_right(face)
    return {"up": face_of_normal(up), "down": face_of_normal(neg(up)),
            "left": face_of_normal(neg(right)), "right": face_of_normal(right)}


_CORNER_HOLD = {
    "A": "Hold the cube with {hold}, then turn it so that the corner "
         "where {U}, {F} and {R} meet points at the camera: {U} at the top of the picture, {F} "
         "lower left, {R} lower right.",
    "B": "Turn the whole cube half round like a steering wheel (its top goes to the bottom), "
         "then a quarter turn to the left, so that "
         "the corner where {D}, {L} and {B} meet points at the camera: {D} at the top of the "
         "picture, {L} lower left, {B} lower right.",
}
"""The two corner photos (docs/photos.md, "Two corner photos")."""


def corner_hold_words(photo: str, centres: Centres,
                      settings: CubeSettings = CubeSettings(),
                      turned: Sequence[Centres] = ()) -> str:
    """How to hold the cube for corner photo ``photo`` (A or B), naming the faces already
    read by their centre digits (as :func:`hold_words` compares them and takes ``turned``)."""
    return _CORNER_HOLD[photo].format(**_names(centres, settings, turned))
