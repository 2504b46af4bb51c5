"""Faces named by what the person sees: nothing marks F on a Sudoku Cube, and with corner photos
the person never chose one, so a face is named by its centre digit (and, for the face towards
the person, which way that centre points), with the letter beside it for those who know it."""
from __future__ import annotations

from typing import Callable, Mapping, NamedTuple, Sequence

from ..profile import CubeSettings
from .geometry import FACE_PLACES, FACES
from .holds import (UNREAD, HoldPart, fitting_holds, hold_parts, one_hold_fits,
                    pointing_words, sticker_look)
from .state import CubeState
from .stickers import Sticker, is_doubtful


def centre(state: CubeState, face: str) -> Sticker:
    """The centre sticker of ``face``."""
    n = state.n
    return state.face(face)[(n // 2) * n + n // 2]


def looks_alike(a: Sticker, b: Sticker, settings: CubeSettings = CubeSettings()) -> bool:
    """Whether two stickers show the same digit to the eye on ``settings``' cube (an
    un-underlined 6 and 9 do, :func:`holds.sticker_look`): two such centres are told apart by
    their directions."""
    return sticker_look(a, settings)[0] == sticker_look(b, settings)[0]


def twin_centre(centres: Mapping[str, Sticker], face: str, pointing: bool = True,
                settings: CubeSettings = CubeSettings()) -> bool:
    """Whether another face of ``centres`` (face letter -> its centre as the face is seen; the
    faces read so far) shows a centre that looks like ``face``'s on ``settings``' cube, its
    direction as each face is seen too where ``pointing`` (:func:`holds.sticker_look`), the
    digit alone where not (a slip may have turned it): two faces that the centre's words
    cannot tell apart, so they are named by where each is held (:func:`placed_words`)."""
    c = centres[face]
    if c.digit == UNREAD.digit:
        return False
    look = sticker_look(c, settings)
    return any(f != face and o.digit != UNREAD.digit and
               (sticker_look(o, settings) == look if pointing else looks_alike(o, c, settings))
               for f, o in centres.items())


def _centres(state: CubeState) -> dict[str, Sticker]:
    """Each face's centre, by face letter (none on a cube without centres)."""
    return {f: centre(state, f) for f in FACES} if state.n % 2 == 1 else {}


def placed_words(face: str, named: str) -> str:
    """'the bottom face (D, centre 6, upright)': a face whose centre looks like another's
    (:func:`twin_centre`) named first by where it is held, F towards the person and U on top,
    the centre's words (``named``) beside the letter for the person to check."""
    return f"the {FACE_PLACES[face]} face ({face}, {named})"


def digit_words(c: Sticker, settings: CubeSettings = CubeSettings()) -> str:
    """A sticker's digit named without its direction, as the person can find it: on a cube
    whose 6 and 9 carry no underline (``settings``) the two look alike, so either is '6 or 9'
    ('9' with a direction, 'the 9 pointing left', is found as it is)."""
    if not settings.underlined_69 and c.digit in (6, 9):
        return "6 or 9"
    return str(c.digit)


def centre_name(c: Sticker, face: str, clash: bool = False,
                settings: CubeSettings = CubeSettings(), twin: bool = False) -> str:
    """'centre 7 (R)' (a 6 or a 9 that looks like the other as :func:`digit_words` names it);
    with ``clash`` (another face's centre looks alike, :func:`looks_alike`) the centre's
    direction as the face is seen: 'centre 7, pointing right (R)' (a digit symmetric on
    ``settings``' cube only by how it lies); with ``twin`` (another face's centre points the
    same way too, :func:`twin_centre`) the face's place first: 'the bottom face (D, centre 6,
    upright)'."""
    if not clash and not twin:
        return f"centre {digit_words(c, settings)} ({face})"
    named = f"centre {c.digit}, {pointing_words(c, settings=settings)}"
    return placed_words(face, named) if twin else f"{named} ({face})"


def _direction(state: CubeState, face: str, settings: CubeSettings = CubeSettings()) -> str:
    """Which way ``face``'s centre points as the face is seen ('pointing right'; a digit
    symmetric on ``settings``' cube by how it lies), where another face's centre looks alike
    on that cube (:func:`looks_alike`: a 6 and a 9 may); else ''."""
    c = centre(state, face)
    same = [f for f in FACES if f != face and looks_alike(centre(state, f), c, settings)]
    return pointing_words(c, settings=settings) if same and state.n % 2 == 1 else ""


def centre_words(state: CubeState, face: str, settings: CubeSettings = CubeSettings()) -> str:
    """'centre 7'; when another face's centre looks alike (:func:`looks_alike`), the centre's
    direction is added as that face is seen: 'centre 7, pointing right' (as :func:`_direction`
    says it)."""
    how, c = _direction(state, face, settings), centre(state, face)
    return f"centre {c.digit}, {how}" if how else f"centre {digit_words(c, settings)}"


def face_words(state: CubeState, face: str, pointing: bool = True,
               settings: CubeSettings = CubeSettings()) -> str:
    """'the face with centre 7 (R)', with the centre's direction where another face's centre
    looks alike (:func:`centre_words` on ``settings``' cube) and ``pointing`` (False where a
    slip may have turned it); where even that fits another face (:func:`twin_centre`), by
    where it is held first: 'the bottom face (D, centre 6, upright)'."""
    centres = _centres(state)
    if centres and twin_centre(centres, face, pointing, settings):
        named = centre_words(state, face, settings) if pointing else \
            f"centre {digit_words(centre(state, face), settings)}"
        return placed_words(face, named)
    if not pointing:
        return f"the face with centre {digit_words(centre(state, face), settings)} ({face})"
    return f"the face with {centre_words(state, face, settings)} ({face})"


def place_words(face: str) -> str:
    """'the top face (U)': a face named by where it is as the cube is held, for messages
    where no reading is at hand to name it by its centre digit."""
    return f"the {FACE_PLACES[face]} face ({face})"


class PhotoNaming(NamedTuple):
    """How a front end names the photos of a set in what is said of them, each its own way:
    photo ``x`` is a face's own photo by the face's letter (``F``), or corner photo ``A`` or
    ``B``. The words of a refusal are made from these parts, so that the terminal names a
    face's photo by its file (``F.jpg``, where no naming is given) and the phone page by the
    card the person put it in, never by a file its user never saw."""

    name: Callable[[str], str]
    """Photo ``x`` as the words name it, within a sentence: "the photo of face F (front)",
    "corner photo A"."""
    says_face: bool = False
    """Whether :attr:`name` says which face a face's photo is of, by letter and name (the
    page's cards): the words then name no face's letter again beside its place ("the top
    face", not "the top face (U)")."""
    several: Callable[[Sequence[str]], str] | None = None
    """Several photos as one noun ("the photos of faces L (left) and B (back)"); None: each
    as :attr:`name` names it, listed."""

    def names(self, photos: Sequence[str]) -> str:
        """Photos ``photos`` (one or more, in that order) as the words name them."""
        if len(photos) > 1 and self.several is not None:
            return self.several(photos)
        return listed([self.name(x) for x in photos])

    def place(self, face: str) -> str:
        """Where ``face`` is as the cube is held (:func:`place_words`), without its letter
        where the photo's name says it."""
        return f"the {FACE_PLACES[face]} face" if self.says_face else place_words(face)


def _by_centre(face: str, state: CubeState | None) -> bool:
    """Whether ``face`` is named by its centre digit: a state is at hand, it has centres, and
    the centre was not read with doubt (a wrong digit would send the person to the wrong
    face)."""
    if state is None or state.n % 2 == 0:
        return False
    n = state.n
    return not is_doubtful(state.hypotheses(FACES.index(face) * n * n + (n // 2) * n + n // 2))


def to_hold_words(state: CubeState, face: str, settings: CubeSettings = CubeSettings()) -> str:
    """:func:`face_words` for a face the person is to hold somewhere else (the top of a photo
    to retake): a face named by its place (:func:`twin_centre`) is named by its letter
    instead, 'face D (centre 6, upright)', so that 'the bottom face' is never asked on top."""
    centres = _centres(state)
    if centres and twin_centre(centres, face, True, settings):
        return f"face {face} ({centre_words(state, face, settings)})"
    return face_words(state, face, settings=settings)


def face_or_place(face: str, state: CubeState | None, pointing: bool = True,
                  settings: CubeSettings = CubeSettings()) -> str:
    """:func:`face_words` when a reading or state is at hand (and has centres to name, the
    centre not read with doubt), else :func:`place_words`."""
    return face_words(state, face, pointing, settings) \
        if state is not None and _by_centre(face, state) else place_words(face)


def listed(items: Sequence[str]) -> str:
    """'a, b and c'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def faces_words(faces: Sequence[str], state: CubeState | None,
                settings: CubeSettings = CubeSettings()) -> str:
    """Several faces as :func:`face_or_place` names them (on ``settings``' cube), in one list:
    'the top face (U) and the faces with centres 7 (R) and 8 pointing left (F)' (a face whose
    centre another face shows alike, :func:`twin_centre`, by its place: 'the bottom face (D,
    centre 6, upright)'), in the order of ``faces``, those named by their digit together where
    the first of them is."""
    centres = _centres(state) if state is not None else {}
    items: list[str | None] = []  # None: where the faces named by their digit go, together
    known: list[str] = []
    for f in faces:
        if state is None or not _by_centre(f, state):
            items.append(place_words(f))
        elif twin_centre(centres, f, True, settings):  # named by its place, as face_words does
            items.append(placed_words(f, centre_words(state, f, settings)))
        else:
            if not known:
                items.append(None)
            known.append(f)
    group = ""
    if state is not None and len(known) == 1:
        group = face_words(state, known[0], settings=settings)
    elif state is not None and known:
        digits = []
        for f in known:
            how = _direction(state, f, settings)
            c = centre(state, f)
            digits.append(f"{c.digit} {how} ({f})" if how else
                          f"{digit_words(c, settings)} ({f})")
        group = f"the faces with centres {listed(digits)}"
    placed = [group if item is None else item for item in items]
    return listed(placed or ["no face"])


def letters_words(state: CubeState | None, settings: CubeSettings = CubeSettings()) -> str:
    """What each face letter stands for as the cube is held, with its centre digit where
    ``state`` has centres: 'U = the top face (centre 4), R = the right face (centre 7, pointing
    towards you), ...'. A centre that looks like another face's is told by its direction as
    the cube is held, in the words of the hold (:func:`hold_phrase`) beside them, not as its
    face is seen on its own (on ``settings``' cube)."""
    def one(face: str) -> str:
        where = f"{face} = the {FACE_PLACES[face]} face"
        if state is None or state.n % 2 == 0:
            return where
        c = centre(state, face)
        clash = any(f != face and looks_alike(centre(state, f), c, settings) for f in FACES)
        if not clash:
            return f"{where} (centre {digit_words(c, settings)})"
        return f"{where} (centre {c.digit}, {pointing_words(c, face, settings=settings)})"
    return ", ".join(one(f) for f in FACES)


_HELD_AT = {"F": "towards {you}", "U": "on top", "R": "on the right", "L": "on the left",
            "D": "underneath", "B": "at the back"}
"""Where each place of the held cube is, for the person holding it."""


def _sticker_at(index: int, n: int) -> str:
    """'top left', 'middle right': where a sticker is on a face as it is seen."""
    row, col = divmod(index, n)
    rows = "top" if row == 0 else "bottom" if row == n - 1 else "middle"
    cols = "left" if col == 0 else "right" if col == n - 1 else "middle"
    return "middle" if rows == cols == "middle" else f"{rows} {cols}"


def _where(place: str, you: str) -> str:
    """Where ``place`` of the held cube is: 'towards the camera', 'at the top' (for a photo),
    'on top'."""
    at = "at the top" if place == "U" and you != "you" else _HELD_AT[place]
    return at.format(you=you)


def _part_words(part: HoldPart, n: int, you: str, settings: CubeSettings) -> str:
    d = part.sticker.digit
    way = f", the {d} {pointing_words(part.sticker, part.place, you, settings)}" \
        if part.pointing else ""
    if part.index == (n * n) // 2:
        named = d if part.pointing else digit_words(part.sticker, settings)
        return f"centre {named} {_where(part.place, you)} ({part.letter}{way})"
    return (f"the {d} at the {_sticker_at(part.index, n)} of the face towards {you} "
            f"({part.letter}{part.index + 1}{way})")


def hold_phrase(state: CubeState, front: str = "F", top: str = "U", you: str = "you",
                settings: CubeSettings = CubeSettings(),
                maybe: Sequence[CubeState] = (), photos: bool = False) -> str:
    """The hold that brings ``front`` towards ``you`` ('you' or 'the camera') and ``top`` on
    top, told so that exactly one of the cube's 24 holds fits (:func:`holds.hold_parts`), the
    digits compared as they look on ``settings``' cube: 'centre 7 towards you (F, the 7
    pointing left), centre 7 on top (U, the 7 pointing right) and centre 3 on the right (R)'.
    ``maybe``: the cubes the person may really hold (a check, before it knows whether a slip
    turned a face); only what looks the same on all of them is named, and where that leaves
    more than one hold the words say how many and how to reach the right one from the hold
    kept for the steps (:func:`_from_steps_hold`). With ``photos``, ``maybe`` are instead the
    cubes the photos taken so far show had one of them been held turned (a turn the whole
    reading finds only once every photo is in): where what looks the same on all of them fits
    several holds, the centres' directions are told as photographed, which fit one (a photo
    found held turned later changes them). With neither, words that fit more than one hold
    say so (faces not scanned yet may fit too: :func:`_why_open`). Letters alone for a cube
    with no centres."""
    parts = hold_parts(state, front, top, settings, maybe)
    if not parts:
        return f"{front} towards {you} and {top} on top"
    words = listed([_part_words(p, state.n, you, settings) for p in parts])
    if one_hold_fits(state, parts, front, top, settings, maybe):
        return words
    if maybe and not photos:
        return f"{words} ({_from_steps_hold(state, parts, front, top, you, settings, maybe)})"
    if maybe:  # photos: only directions tell the holds apart, so they are told as photographed
        seen = hold_parts(state, front, top, settings)
        if one_hold_fits(state, seen, front, top, settings):
            return listed([_part_words(p, state.n, you, settings) for p in seen])
    return f"{words} ({_why_open(state, bool(maybe))} may fit another hold too)"


_COUNTS = {2: "two", 3: "three", 4: "four", 6: "six", 8: "eight"}
"""How many holds a check's words fit, in words (a cube's centres repeat under a half turn,
a third of a turn about a corner, a quarter turn or several of these)."""


def _from_steps_hold(state: CubeState, parts: Sequence[HoldPart], front: str, top: str,
                     you: str, settings: CubeSettings, maybe: Sequence[CubeState]) -> str:
    """What a check says where its words (``parts``) fit more than one hold. A cube whose
    centre digits come round the same in several holds tells them apart only by which way
    its centres point or by other stickers, and a slip may have turned every one of these
    (or they look the same in those holds even as planned): no words fit one hold on every
    cube of ``maybe``. The person keeps one hold for all the steps, and the plan's letters
    are its places, so that hold picks the one meant: 'four holds show this, and a slip may
    have turned the faces that tell them apart: from the way you hold the cube for the
    steps, turn its right face (R) towards the camera, its top face (U) at the top'; for F
    towards the person and U on top, 'keep the cube as you hold it for the steps'."""
    counts = {len(fitting_holds(s, parts, settings)) for s in (state, *maybe)}
    many = _COUNTS.get(counts.pop(), "several") if len(counts) == 1 else "several"
    turned = one_hold_fits(state, hold_parts(state, front, top, settings), front, top, settings)
    why = ", and a slip may have turned the faces that tell them apart" if turned else ""
    if (front, top, you) == ("F", "U", "you"):
        how = "keep the cube as you hold it for the steps"
    else:
        how = (f"from the way you hold the cube for the steps, turn its "
               f"{FACE_PLACES[front]} face ({front}) {_where('F', you)}, its "
               f"{FACE_PLACES[top]} face ({top}) {_where('U', you)}")
    return f"{many} holds show this{why}: {how}"


def _unscanned(state: CubeState) -> bool:
    """Whether a face's centre is not read yet (a scan's state, :func:`holds.centres_state`)."""
    return any(centre(state, f).digit == UNREAD.digit for f in FACES)


def _why_open(state: CubeState, turned_photo: bool = False) -> str:
    """Why the words of a hold with no slip in question may fit more than one: faces are not
    scanned yet (an unread centre fits anything), a photo may have been held turned
    (``turned_photo``: the phone page before the whole reading is checked), or the cube looks
    alike in two holds. Only centres are asked: a scan's state (:func:`holds.centres_state`)
    has nothing else read even once every face is scanned."""
    if _unscanned(state):
        return "until every face is read, these"
    return "if a photo was held turned, these" if turned_photo else "these"


def hold_words(state: CubeState, settings: CubeSettings = CubeSettings()) -> str:
    """How to hold the cube for a plan from ``state``: 'Hold the cube with centre 5 towards
    you (F, the 5 upright) and centre 4 on top (U)', more centres named where these two fit
    more than one hold on ``settings``' cube (:func:`hold_phrase`)."""
    return f"Hold the cube with {hold_phrase(state, settings=settings)}"
