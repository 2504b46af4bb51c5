"""The guide's ``c`` key: check the cube at the step reached and, when a slip is found, follow
a new plan from where the cube really is.

The first look is the one ``sudoku-cube check --suggest`` names, in the same words
(:func:`models.slips.first_look.first_look`): corner photo A (U, F and R at once) when it tells
more than any single face, and the single face that tells most, to type. The person answers with
the face's nine tokens typed (row by row, as the net shows the face), the path of a photo of it,
``A=path`` or ``B=path`` for a corner photo (a file named A.jpg is corner photo A, one named
after a face is that face, unless its centre is the face asked for's and no cube held turned
found by the slip search brings it there: it is then read, and said to be read, as the face
asked for; B names face B and corner photo B alike, so a file named B.jpg, or after no face,
that shows a corner of the cube where its reading as a face does not fit is read, and said to be
read, as corner photo B, or A or B by its centres where named after no face
(:mod:`assistant.services.given_photos`); a path as a shell takes it, in quotes, with backslash
escapes or as a ``file://`` URI, as a terminal writes a file dragged onto it), or Enter to take
the look asked for from the camera when the guide has one (watch mode), or from the phone
(``serve``). Several slips that fit ask for one more face (the one that splits them best), and
so do faces that match the plan but cannot show a slip that looks the same on them (the face
that can), and one face that only a whole-cube turn with another slip explains, or that looks
like another face of the cube as the plan has it (:mod:`models.slips.one_face`): a face photo
or typed tokens answered before whose centre no slip explains once more is seen are refused
then, and that face asked for again; none that fits says to read the whole cube again (the
photos taken again where the guide read a folder of them). A face photo whose centre, read
surely, is not the centre of the face asked for is refused first (centres never move: it is
another face, or another cube), before any slip is looked for where no hold of this cube shows
that centre, and the face asked for again, by the face asked for even where the file's name
took the photo for another face; so are a corner photo and typed tokens whose centres are not
their faces' (:mod:`assistant.services.wrong_centres`), and a photo checked as another face
than the one asked for, by its file's name, is said to be. A refused answer stays on the
prompt to mend, and a line being typed when Ctrl-C stops the guide comes back when the same
question is asked at the same step (:mod:`assistant.services.unfinished`).
"""
from __future__ import annotations

import hashlib
import math
import shlex

from pathlib import Path
from typing import Callable, NamedTuple, Sequence

from rich.console import Console

from ...models.cube.face_words import digit_words
from ...models.cube.geometry import FACES
from ...models.cube.moves import Move, format_moves
from ...models.cube.state import CubeState
from ...models.cube.state_format import to_json
from ...models.errors import SudokuCubeError
from ...models.profile import CubeSettings
from ...models.slips.find import (MARGIN, SCAN_AGAIN, Explanation, Verdict, before_words,
                                  best_face, doubted_by_photo, find_slip)
from ...models.slips.first_look import first_look
from ...models.slips.kinds import Slip
from ...models.slips.looks import state_look
from ...models.slips.replay import WINDOW
from ...storage.atomic import atomic_write_text
from ...storage.folders import data_dir
from ...vision.reading.reader import Reader
from ..services.given_photos import photo_as_given
from ..services.guide import GuideCursor, steps_from_moves
from ..services.slip_check import (Cells, corner_cells, explains_centre, first_look_words,
                                   photo_cells, read_again_words, refuse_wrong_faces,
                                   show_face_words, shown_centre, tokens_cells)
from ..services.slipped_cubes import check_cubes, slipped_cubes
from ..services.typed_paths import photo_given, quoted_line
from ..services.wrong_centres import refuse_wrong_corners, refuse_wrong_tokens
from ..services.unfinished import (Unfinished, check_key, drop_unfinished, keep_unfinished,
                                   kept_unfinished)
from .interrupt import set_resume_command
from .keys import LineInterrupted, LineReader, edits_on_line
from .line_words import back_words, kept_words, typed_on
from .markup import plain
from .wrapping import print_wrapped

Capture = Callable[[str, CubeState | None, Sequence[CubeState] | None], dict[str, Cells]]
"""Takes what the camera sees of a face (or corner A when it is asked for "A"); the cube as it
should be at the step names the face to the person by its centre digit, and the cubes a slip
may have left instead (those the check's own words weigh) keep the hold's words to what none
of them can have turned."""


class CheckCancelled(Exception):
    """Raised by a :data:`Capture` when the person cancels the check while its photo is
    awaited (``q`` typed at the terminal as the phone's photo is waited for): the check ends
    as ``q`` at its question ends it."""


class Answer(NamedTuple):
    """The faces an answer gives (``faces``), and each face photo among them with its file (or
    where it was taken from; ``photos``, for :func:`refuse_wrong_faces`; typed tokens and
    corner photos name none). ``asked``: the face asked for, where the answer is a photo
    named after another face whose sure centre is not that face's but the face asked for's
    (:func:`_as_asked`): the check reads it as the face asked for unless a cube held turned
    explains it as the file's face (:func:`_taken_as`)."""

    faces: dict[str, Cells]
    photos: dict[str, str]
    asked: str | None = None
    corners: dict[str, str] = {}
    """The corner photo the answer gives (its letter -> its file), for
    :func:`refuse_wrong_corners`."""
    typed: tuple[str, ...] = ()
    """The face whose tokens the answer types, for :func:`refuse_wrong_tokens`."""
    taken: str = ""
    """Where the answer's photo was taken from on Enter ("the camera", "the phone"; "" for a
    file or typed tokens), to name it so in a refusal rather than as a file."""
    said: str = ""
    """How a photo whose file's name left open what it shows was taken (a corner photo, by
    what it shows: :func:`assistant.services.given_photos.photo_as_given`), said before it
    is judged; "" where its name said."""


def _answer(text: str, face: str, reader: Reader, capture: Capture | None,
            corner: bool = False, cube: CubeState | None = None,
            settings: CubeSettings = CubeSettings(),
            maybe: Sequence[CubeState] | None = None, source: str = "the camera"
            ) -> Answer | None:
    """The faces a typed answer gives (None to cancel), photos read with ``reader``, and the
    face photos among them (:class:`Answer`); Enter takes corner photo A from the camera
    (``source``) when ``corner`` is asked for first, else ``face``. ``cube`` (the cube as it
    should be) names the face by its centre digit in a refusal, as it looks on ``settings``'
    cube; ``maybe`` (the cubes a slip may have left) goes to the camera with it. A photo
    named after another face than ``face`` whose sure centre is not that face's but
    ``face``'s may be the face asked for (:func:`_as_asked`)."""
    t = text.strip()
    if t.lower() == "q" or (t == "" and capture is None):
        return None
    if t == "":
        try:
            faces = capture("A" if corner else face, cube, maybe)
        except CheckCancelled:
            return None
        return Answer(faces, {} if corner else {face: source},
                      corners={"A": source} if corner else {}, taken=source)
    named = _named(t, face)
    if named is None:
        if t[:2].upper() == f"{face}=":  # as check's --tokens F="5^ 4> ..." gives them
            t = t[2:].strip().strip("\"'")
        return Answer({face: tokens_cells(face, t, cube, settings)}, {}, typed=(face,))
    if named.corner:
        return Answer(corner_cells(named.path, reader, photo=named.name), {},
                      corners={named.name: named.path})
    given = photo_as_given(named.name, named.path, reader, cube, settings,
                           read_face=photo_cells, read_corner=corner_cells)
    if given.corner:  # named A, or B or after no face and showing a corner
        return Answer(given.faces, {}, corners={given.corner: named.path}, said=given.said)
    cells = given.faces[named.name]
    asked = face if _as_asked(named.name, face, cells, cube, settings) else None
    return Answer({named.name: cells}, {named.name: named.path}, asked)


def _as_asked(named: str, face: str, cells: Cells, cube: CubeState | None,
              settings: CubeSettings) -> bool:
    """Whether a photo whose file is named after face ``named`` may show ``face``, the face
    asked for: its centre, read surely, is not ``named``'s centre in ``cube`` but
    ``face``'s. Either the file's name is a coincidence (the person photographed the face
    asked for) or the cube was picked up turned and is held that way, bringing that centre
    to ``named``; only the slip search tells which (:func:`_taken_as`)."""
    if named == face or cube is None or shown_centre(named, cells, cube, settings) is None:
        return False
    return shown_centre(face, cells, cube, settings) is None


def _taken_as(answer: Answer, verdict: Verdict, settings: CubeSettings
              ) -> tuple[Answer, str] | None:
    """The answer read as the face asked for (:attr:`Answer.asked`), and the line that says
    so, where the ``verdict`` on its photo as its file's face does not explain the centre it
    shows there (no cube held turned found that brings it to the file's face,
    :func:`explains_centre`); None where the answer stays as it is."""
    if answer.asked is None:
        return None
    (named, cells), = answer.faces.items()
    if explains_centre(verdict, named, cells[4][0].sticker, settings):
        return None  # a cube held turned: the file's face, as the slip says
    path = answer.photos[named]
    line = (f"{Path(path).name} shows centre {digit_words(cells[4][0].sticker, settings)}: "
            f"read as face {answer.asked}, the face asked for.")
    return Answer({answer.asked: cells}, {answer.asked: path}), line


def _by_name(answer: Answer, face: str) -> str:
    """The line that says a photo was checked as the face its file is named after, not
    ``face``, the face asked for ("" where it is the face asked for): the file's name decided,
    and the person may not have meant it."""
    return " ".join(f"{Path(path).name} is checked as face {f}, by its name."
                    for f, path in answer.photos.items() if f != face)


class Named(NamedTuple):
    """The photo an answer names: a corner photo given with its letter (``A=``, ``B=``:
    ``name`` the letter) or a photo for a face (``name`` the face its file is named after,
    else the face asked for; what it shows decides the rest,
    :func:`assistant.services.given_photos.photo_as_given`), and its path."""

    corner: bool
    name: str
    path: str


def _named(text: str, face: str) -> Named | None:
    """The photo a typed answer for ``face`` names (None: a face's tokens): its path as a
    shell takes it, quoted, escaped or a ``file://`` URI
    (:func:`assistant.services.typed_paths.photo_given`); ``A=``/``B=`` is a corner photo, a
    file named after a face, or given as ``U=PATH``, for that face, any other for ``face``."""
    given = photo_given(text)
    if given is None:
        return None
    letter, path = given
    if letter in ("A", "B"):
        return Named(True, letter, path)
    if letter:
        return Named(False, letter, path)
    stem = Path(path).stem.upper()
    return Named(False, stem if stem in FACES else face, path)


def check_cube(cursor: GuideCursor, console: Console, ask: LineReader,
               settings: CubeSettings = CubeSettings(), capture: Capture | None = None,
               reader: Reader = Reader(), source: str = "the camera", options: str = "",
               state: str = "", told: Callable[[str], None] | None = None,
               retake_there: bool = False) -> str:
    """Run one check of the cube at the cursor's step, or after the step shown where a slip in
    it explains the faces better (:func:`judge`; photos read with ``reader``; ``capture``
    takes one from ``source`` on Enter); follow a new plan when a slip is found. A face photo
    whose centre is another face's is refused, and asked for again, before any slip is said
    (:func:`refuse_wrong_faces`). Returns the line the guide shows next; ``options`` (the
    cube's, :func:`assistant.terminal.given_moves.cube_options`) end the command that takes
    the new plan up later; ``state`` (what the guide read the cube from) says how to read it
    again where no slip fits (:func:`read_again_words`); ``told`` (a companion that is the
    person's screen) is told each photo refused for what it shows, as the terminal says it.
    ``retake_there``: ``source`` shows that refusal and takes the photo again itself (the
    phone page), so a photo it sent that is refused is asked of it again at once, not after
    Enter at the terminal (q there still cancels)."""
    moves = [s.move for s in cursor.steps]
    done = cursor.position
    look = first_look(cursor.start, moves, done, settings, shown_made=True)  # made it, too?
    face, corner = look.face, look.corner_first
    maybe = check_cubes(cursor.start, moves, done)  # a slip may have turned centres
    cube = cursor.state()  # as the plan has it where the verdict is judged
    words = first_look_words(look, cube, maybe, settings)
    seen: dict[str, Cells] = {}
    at, window = done, WINDOW  # where the verdict is judged: the step shown, once a slip there fits
    again = False
    key = check_key(cursor.key, done) if cursor.remember else ""
    first = face  # the face asked first: pressing c at this step asks it again
    back: Unfinished | None = None
    photo = ""  # the corner photo among the answers, for the words where no slip fits
    before: list[Answer] = []  # the faces answered so far, each judged again on every answer
    ask_there = False  # a photo the phone sent was refused: the phone is asked again at once
    while True:
        retaking, ask_there = ask_there, False
        if retaking:
            kept = ""
        elif again:  # the question stands above the refusal: only what answers it
            console.print(plain(_accepted(face, corner, source if capture else "")),
                          highlight=False)
        else:
            how = _inputs(face, corner, source if capture else "")
            console.print(f"Check: {words}. {plain(how)}", highlight=False)
            back = kept_unfinished(key) if key else None  # typed here when Ctrl-C stopped
            kept = back.line if back and back.asked == face else ""
            if kept:
                console.print(back_words(ask, face), highlight=False)
            elif back and not seen:  # typed for a face asked after this one
                print_wrapped(console, f"Your unfinished line {quoted_line(back.line)}, typed "
                                       f"for {back.asked}, comes back when the check asks for "
                                       f"{back.asked}.")
            back = back if kept else None
        typed = "" if retaking else _asked(ask, face, kept, again, key, first)  # "": Enter
        if back:  # answered: it comes back no more (a Ctrl-C above keeps it, or the new one)
            drop_unfinished(key, back.line)
            back = None
        again = False
        try:
            answer = _answer(typed, face, reader, capture, corner, cube, settings, maybe,
                             source)
        except SudokuCubeError as e:
            print_wrapped(console, str(e), style="red")
            note = typed_on(kept, typed.strip(), edits_on_line(ask))
            if note:
                print_wrapped(console, note)
            kept = typed.strip()  # offered again for editing: one token mended, not nine
            again = True
            continue
        if answer is None:
            return "Check cancelled."
        if answer.said:  # a photo taken as a corner photo, by what it shows
            print_wrapped(console, answer.said)
        tried = {**seen, **answer.faces}
        try:  # a photo of another face or cube is refused before any slip is said: first
            # one no hold of this cube shows, then one that no cube held turned explains
            _refuse(answer, tried, cube, None, maybe, settings, face)
            verdict, judged, wide = judge(cursor, tried, settings, at, window)
            asked = _taken_as(answer, verdict, settings)
            if asked is not None:  # the face asked for, under another face's name
                answer, line = asked
                print_wrapped(console, line)
                tried = {**seen, **answer.faces}
                verdict, judged, wide = judge(cursor, tried, settings, at, window)
            _refuse(answer, tried, cube, verdict, maybe, settings, face)
        except SudokuCubeError as e:  # a photo of another face or corner
            _refused_said(console, told, e)
            ask_there = retake_there and bool(answer.taken)  # retaken where it was taken
            kept, again = typed.strip(), not ask_there  # a typed line offered again to mend
            continue
        if _by_name(answer, face):
            print_wrapped(console, _by_name(answer, face))
        photo = photo or " and ".join(f"corner photo {c}" for c in answer.corners)
        retake = _refused_before(before, tried, cube, verdict, maybe, settings)
        if retake is not None:  # a face shown before is another face's, now that more is seen
            face, error = retake
            _refused_said(console, told, error)
            before = [a for a in before if face not in a.faces] + (
                [answer] if _one_face(answer) else [])
            seen = {f: c for f, c in tried.items() if f != face}
            corner, kept, again = False, "", True  # that face asked for again
            continue
        if _one_face(answer):
            before.append(answer)
        seen, at, window = tried, judged, wide
        cube = cursor.start.apply(moves[:at])
        maybe = slipped_cubes(cursor.start, moves, at, window)  # those the verdict weighed
        if not _asks_more(verdict):
            return _conclude(cursor, verdict, options, cube, maybe, at, read_again_words(state),
                             photo)
        if at == done:  # the next face may still find a slip in the step shown
            maybe = check_cubes(cursor.start, moves, done)
        # the list's lines go on indented
        print_wrapped(console, verdict.message(cube, maybe, _where(cursor, at),
                                               read_again_words(state)))
        face, corner = verdict.ask_face, False
        words = show_face_words(face, cube, maybe, settings)


def _refused_said(console: Console, told: Callable[[str], None] | None,
                  refused: SudokuCubeError) -> None:
    """Say why a photo of the check is refused, and tell the companion that is the person's
    screen (``told``) too."""
    print_wrapped(console, str(refused), style="red")
    if told is not None:
        told(str(refused))


def _refuse(answer: Answer, seen: dict[str, Cells], cube: CubeState, verdict: Verdict | None,
            maybe: Sequence[CubeState] | None, settings: CubeSettings, face: str) -> None:
    """Refuse an ``answer`` whose centres are not its faces' in ``cube`` (the cube as the plan
    has it): a face photo, a corner photo or typed tokens, before the slip search (``verdict``
    None) and after it, as :func:`refuse_wrong_faces` does (``face``: the face asked for)."""
    maybe = maybe or ()
    refuse_wrong_faces(answer.photos, seen, cube, verdict, maybe, settings, face, answer.taken)
    refuse_wrong_corners(answer.corners, seen, cube, verdict, maybe, settings, answer.taken)
    refuse_wrong_tokens(answer.typed, seen, cube, verdict, settings)


def _refused_before(before: Sequence[Answer], seen: dict[str, Cells], cube: CubeState,
                    verdict: Verdict, maybe: Sequence[CubeState] | None,
                    settings: CubeSettings) -> tuple[str, SudokuCubeError] | None:
    """The first face answered ``before`` (a face photo or typed tokens, one face each) whose
    sure centre the ``verdict`` on every face ``seen`` so far no longer explains, with its
    refusal (:func:`_refuse`), or None. One face alone may be explained by a cube held turned
    where it is a photo of another face (the check then asks for a second face,
    :mod:`models.slips.one_face`); once the second face rules the turn out, the first is
    refused as another face's, and asked for again."""
    for answer in filter(_one_face, before):
        (face, _), = answer.faces.items()
        try:
            _refuse(answer, seen, cube, verdict, maybe, settings, face)
        except SudokuCubeError as e:
            return face, e
    return None


def _one_face(answer: Answer) -> bool:
    """Whether ``answer`` shows one face alone (a face photo or one face's tokens), the kind
    that one face's doubts (:mod:`models.slips.one_face`) may later refuse; a corner photo's
    three faces are judged together, never so."""
    return len(answer.faces) == 1 and not answer.corners


def _asked(ask: LineReader, face: str, kept: str, mend: bool, key: str, first: str) -> str:
    """The answer typed at the prompt for ``face``, ``kept`` on the line for editing (a line
    refused, to ``mend``, or the one typed before Ctrl-C, to finish), the prompt saying so.
    A line being typed when Ctrl-C comes is kept under ``key`` ("": not kept) with the face
    it was typed for, to come back when the check at this step asks for that face again
    (``first``: the face it asks first, when c is pressed), and the interrupt goes on."""
    prompt = f"{face}, {kept_words(ask, mend)}> " if kept else f"{face}> "
    try:
        return ask(prompt, prefill=kept) if kept else ask(prompt)
    except LineInterrupted as stop:
        stop.kept = bool(key) and keep_unfinished(key, stop.line, asked=face)
        stop.again = (f"on the check's prompt for {face} when you press c at this step"
                      + ("" if face == first else f" and the check asks for {face} again"))
        raise


def judge(cursor: GuideCursor, seen: dict[str, Cells], settings: CubeSettings, at: int,
          window: int) -> tuple[Verdict, int, int]:
    """The verdict on what was ``seen``, judged after ``at`` steps with slips in the
    ``window`` steps up to it, and where it was judged. A person often turns the step shown
    before pressing c, rightly or with a slip, perhaps after an earlier slip went unnoticed:
    unless the cube is as the plan has it at the step reached, the faces are judged again as
    if the step shown was made, with slips in the window up to it (the step shown among
    them; as the watch does), and the check goes on from there when something fits there and
    nothing did before, or when one plain slip there explains the faces better, by the
    finder's score: how well they fit and how few slips it takes (a slip found before with a
    misread sticker loses to one that fits every sticker). One face that also looks like a
    face of the cube as the plan has it (another face, or itself taken turned) leaves that
    slip a candidate beside the photo mistake (:func:`models.slips.find.doubted_by_photo`).
    Once there, faces that nothing with the step shown made explains are judged again up to
    the step reached, with the whole window: the slips that fitted there before may still
    explain them all."""
    moves = [s.move for s in cursor.steps]
    verdict = find_slip(cursor.start, moves, at, seen, settings, window=window)
    if verdict.outcome == "none" and at == cursor.position + 1:
        return judge(cursor, seen, settings, cursor.position, WINDOW)
    if verdict.earlier is not None:  # the cube as it was steps back: nothing to look past
        return verdict, at, window
    if at == cursor.position < cursor.total and verdict.outcome != "as expected":
        turned = find_slip(cursor.start, moves, at + 1, seen, settings, window=window)
        if turned.outcome == "as expected" and _only_shown_made(verdict, at):
            return turned, at + 1, window  # no slip: the step shown was made, as it shows
        top = _explanations(turned)[:1]
        rivals = _rivals(verdict, turned)
        if rivals:  # the faces seen cannot show whether the step shown was made
            return _made_or_not(verdict, rivals, moves[at], at, seen, settings), at, window
        if (verdict.outcome == "none" and turned.outcome in ("found", "ambiguous")) or (
                top and _plain(top[0]) and top[0].score > _explanations(verdict)[0].score):
            if verdict.looks_like and len(seen) == 1:  # or a photo mistake, the step not made
                planned = cursor.start.apply(moves[:at])  # judged on here, the step not made
                return doubted_by_photo(turned, verdict.looks_like, planned, seen), at, window
            return turned, at + 1, window
    return verdict, at, window


def _only_shown_made(verdict: Verdict, at: int) -> bool:
    """Whether ``verdict`` found no slip but the step shown (step ``at`` + 1) made already:
    the cube matches the plan after that step, which is no slip to plan anew from."""
    best = verdict.best
    return verdict.outcome == "found" and best is not None and len(best.slips) == 1 \
        and best.slips[0].kind == "ahead" and best.slips[0].step == at + 1


def _rivals(before: Verdict, made: Verdict) -> list[Explanation]:
    """Where a plain slip was found with the step shown not made (``before``): the plain slips
    found with it made (``made``) that fit about as well (within the finder's
    :data:`models.slips.find.MARGIN`) and leave another cube. Where there are any, the faces
    seen do not show that step's turn, and a plan from either cube may fail."""
    if before.outcome != "found" or before.best is None or not _plain(before.best):
        return []
    found = before.best
    return [e for e in _explanations(made) if _plain(e) and e.state != found.state
            and e.score >= found.score - MARGIN]


def _made_or_not(before: Verdict, rivals: Sequence[Explanation], shown: Move, at: int,
                 seen: dict[str, Cells], settings: CubeSettings) -> Verdict:
    """The verdict that asks for a face to tell apart the slip found with the step shown
    (``shown``, step ``at`` + 1) not made (``before``) and its ``rivals`` (:func:`_rivals`),
    each said to be followed by that step made as shown ("and then step 7 (F2) was already
    made") where it was."""
    assert before.best is not None
    both = [before.best] + [
        Explanation(e.slips + ((Slip("ahead", at + 1, shown),)
                               if all(s.step != at + 1 for s in e.slips) else ()),
                    e.state, e.rotation, e.score) for e in rivals]
    top = max(e.score for e in both)
    ask = best_face([state_look(e.state, settings) for e in both],
                    [math.exp(e.score - top) for e in both], seen)
    return Verdict("ambiguous", candidates=tuple(both), ask_face=ask, settings=settings,
                   stats=dict(before.stats))


def _explanations(verdict: Verdict) -> tuple[Explanation, ...]:
    """What a verdict that found or narrowed down the slip rests on, likeliest first."""
    if verdict.outcome == "found" and verdict.best is not None:
        return (verdict.best,)
    return verdict.candidates if verdict.outcome == "ambiguous" else ()


def _plain(explanation: Explanation) -> bool:
    """One slip, with the cube held as the plan has it (not a whole-cube turn)."""
    return (len(explanation.slips) == 1 and not explanation.rotation
            and explanation.slips[0].kind != "held")


def _asks_more(verdict: Verdict) -> bool:
    """Whether the check goes on with the face the verdict asks for: several slips fit, one
    face cannot settle the one that does (:mod:`models.slips.one_face`), or the faces seen
    match the plan but cannot show slips that look the same on them."""
    return bool(verdict.ask_face and verdict.outcome in ("ambiguous", "as expected")
                and verdict.candidates)


def _where(cursor: GuideCursor, at: int) -> str:
    """Where a cube that matches the plan matches it: at the step the guide shows, or after
    ``at`` steps, the step shown, where the verdict was judged there."""
    return "at this step" if at == cursor.position else \
        f"after step {at} ({cursor.steps[at - 1].move}), the step shown"


def _inputs(face: str, corner: bool, source: str) -> str:
    """How to answer the question asked: what to type or press (``source``: where Enter takes
    the photo from, "" for nowhere). The words before it name the face asked for, by its
    centre digit or its place: here it is "that face" and its letter, not named again."""
    how = (f"Type the nine tokens of that face ({face}) row by row, or the path of a photo "
           "of it; A=path or B=path for a corner photo")
    if source:
        how = f"Press Enter to take {'corner photo A' if corner else 'it'} from {source}. " + how
    return how + " (q: cancel)."


def _accepted(face: str, corner: bool, source: str) -> str:
    """After a refused answer, the short line that says what answers the question still
    asked (:func:`_inputs` says it in full with the question; printed again after every
    refusal, the whole question pushed the refusal and the earlier tries off a small
    terminal). ``source`` as there."""
    what = "corner photo A" if corner else "it"
    enter = f"Enter to take {what} from {source}, " if source else ""
    return (f"Answer with {enter}the nine tokens of {face}, a photo's path, A=path or B=path "
            "(q: cancel).")


def _conclude(cursor: GuideCursor, verdict: Verdict, options: str = "",
              cube: CubeState | None = None, maybe: Sequence[CubeState] | None = None,
              at: int | None = None, again: str = SCAN_AGAIN, photo: str = "") -> str:
    """Switch the cursor to the new plan when a slip was found; the line to show (``cube``:
    the cube as the plan has it where the verdict was judged, after ``at`` steps, the
    cursor's by default; ``maybe``: the cubes a slip may have left, whose turned centres the
    message does not name by direction). Judged after the step shown, the cube is said to
    match the plan there, and the slip is recorded as found after it. The real cube is saved,
    so that the new plan can be taken up again in a later run (the command that does, ending
    in ``options``); a cube that cannot be saved is followed all the same. ``again``: how to
    read the cube again where no slip fits; ``photo``: the corner photo among what was seen,
    for its words there."""
    if verdict.earlier is not None:  # an older photo, or turns not made: the person knows
        return _earlier_words(cursor, verdict.earlier)
    at = cursor.position if at is None else at
    shown = ""
    if verdict.outcome == "found" and verdict.best is not None and at > cursor.position \
            and all(s.step != at for s in verdict.best.slips):  # judged with it made
        shown = f"Step {at} ({cursor.steps[at - 1].move}), the one shown, was made as it shows."
    message = verdict.message(cube if cube is not None else cursor.state(), maybe,
                              _where(cursor, at), again, photo, before_plan=shown)
    if verdict.outcome == "as expected" and at > cursor.position and not _asks_more(verdict):
        message += " Press n to go on to the next step."
    if verdict.outcome == "found" and verdict.best is not None:
        real = verdict.best.state
        cursor.follow(steps_from_moves(real, verdict.repair), real, after_step=at)
        try:
            later = take_up_later(real, verdict.repair, options)
        except OSError as e:
            return f"{message}\n(Not saved for a later run: {e.strerror or e}.)"
        return f"{message}\n{TAKE_UP_LATER}`{later}`"
    return message


TAKE_UP_LATER = "To take it up later: "
"""Begins the line under a found slip that names the command taking the new plan up in a
later run, at the terminal."""


def _earlier_words(cursor: GuideCursor, earlier: int) -> str:
    """What the guide says of faces that show the cube as the plan has it ``earlier`` steps
    in, two or more before the step shown (:attr:`models.slips.find.Verdict.earlier`): an
    older photo, or turns not made or undone; which it is only the person can tell, so the
    plan stays as it is and they are told how to go either way."""
    back = cursor.position - earlier
    return (f"What was shown is the cube as the plan has it {before_words(earlier)}: the turns "
            "since were not made, or were undone, or the photo is an older one. If the cube "
            f"really is so, press b {back} time{'s' if back != 1 else ''} to go back to step "
            f"{earlier + 1} and turn from there; otherwise press c and show me the cube as it "
            "is now.")


def after_slip_name(real: CubeState) -> str:
    """The file a check saves the ``real`` cube it found a slip on in: named after what it
    holds (``after-slip-1a2b3c4d.json``), so a later check's cube never takes the place of one
    whose command was printed, and the same cube saved again is the same file."""
    digest = hashlib.sha256(to_json(real).encode("utf-8")).hexdigest()
    return f"after-slip-{digest[:8]}.json"


def after_slip_guide(real: CubeState, repair: Sequence[Move]) -> str:
    """The command that guides ``repair``, the new plan from the ``real`` cube that a check
    found a slip on: the real cube is saved in the data folder (:func:`after_slip_name`), and
    ``guide`` on it with ``--moves`` follows the plan from there."""
    path = data_dir() / after_slip_name(real)
    atomic_write_text(path, to_json(real))
    return f"sudoku-cube guide {shlex.quote(str(path))} --moves \"{format_moves(repair)}\""


def take_up_later(real: CubeState, moves: Sequence[Move], options: str = "") -> str:
    """The guide after a slip found: the command that takes up the new plan ``moves`` from the
    ``real`` cube in a later run (:func:`after_slip_guide`, ending in ``options``), made the
    one q and Ctrl-C name from now on, since the command run (with ``--moves``, the old plan)
    would not go on. Raises OSError when the real cube cannot be saved."""
    later = after_slip_guide(real, moves) + options
    set_resume_command(later)
    return later


def make_checker(console: Console, ask: LineReader, settings: CubeSettings = CubeSettings(),
                 capture: Capture | None = None, reader: Reader = Reader(),
                 source: str = "the camera", options: str = "",
                 state: str = "", told: Callable[[str], None] | None = None,
                 retake_there: bool = False) -> Callable[[GuideCursor], str]:
    """The ``c`` key's action for :func:`assistant.terminal.guide_ui.run_interactive`
    (``options``: the cube's command-line options, for the command a slip found names;
    ``state``: what the guide read the cube from; ``told``: a companion that is the person's
    screen, told each photo the check refuses, :func:`check_cube`, and the line each check
    ends with, less the command that takes a new plan up later at the terminal,
    :data:`TAKE_UP_LATER`; ``retake_there`` as :func:`check_cube` takes it)."""
    def check(cursor: GuideCursor) -> str:
        line = check_cube(cursor, console, ask, settings, capture, reader, source, options,
                          state, told, retake_there)
        if told is not None:
            told(line.split(f"\n{TAKE_UP_LATER}")[0])
        return line
    return check


__all__ = ["TAKE_UP_LATER", "Capture", "CheckCancelled", "after_slip_guide", "after_slip_name",
           "check_cube", "make_checker", "take_up_later"]
