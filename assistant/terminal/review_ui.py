"""Running the review: show the reading, take corrections until the grid solver accepts it.

Without a person at the keyboard the reading goes on only when it is already consistent and the
grid solver is sure of it (its suggestions are then taken and printed); otherwise a
SudokuCubeError says what to fix or check. When the grid solver is not sure, a person confirms
its choices for the stickers in doubt (``y``) or corrects them; Enter alone does not take them.
Where the grid solver is sure, ``y`` is Enter: the reading goes on as shown, the grid's
suggestions (``>``) taken.
"""
from __future__ import annotations

import hashlib
import json
import shlex
from pathlib import Path
from itertools import count
from typing import Callable, Iterator

from rich.console import Console

from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from ...models.cube.state_format import to_dict
from ...models.cube.stickers import format_token
from ...models.errors import SudokuCubeError
from ...models.grid import GridSolution
from ...models.grid.hopeless import PhotoNames, per_face
from ...models.profile import CubeSettings
from ...storage.atomic import atomic_write_text
from ...storage.folders import data_dir
from ..services.files import load_state
from ..services.review import (ReviewCheck, accepted, apply_corrections, check_reading,
                               earlier_answers, fix_in_state_file, parse_corrections,
                               suggestion_lines, take_choices, unsure_message,
                               unsure_stickers)
from ..services.unfinished import drop_unfinished, keep_unfinished, kept_unfinished, review_key
from .interrupt import as_going_on, set_resume_command
from .keys import LineInterrupted, LineReader, edits_on_line
from .line_words import back_words, kept_words, typed_on, unfinished_words
from .markup import plain
from .review_view import ReviewView
from .wrapping import print_wrapped


PROMPT = "correction (e.g. F7 6>), Enter to continue, q to quit: "
PROMPT_MORE = "correction (e.g. F7 6>), + more stickers, Enter to continue, q to quit: "
PROMPT_UNSURE = "correction (e.g. F7 6>), y to take the grid's choices (>), q to quit: "
PROMPT_UNSURE_MORE = ("correction (e.g. F7 6>), + more, y to take the grid's choices (>), "
                      "q to quit: ")


def mend_prompt(read_line: LineReader, mend: bool) -> str:
    """The prompt while a line is kept on it for editing: a refused one (``mend``) or the one
    typed when Ctrl-C stopped the review (:func:`assistant.terminal.line_words.kept_words`).
    The usual prompt's "Enter to continue, q to quit" would not hold (Enter tries the line
    again; q goes after it)."""
    return f"{kept_words(read_line, mend)}: "


REVIEWED_PREFIX = "reviewed-"
"""State files in the data folder that keep the corrections typed at a review, one per cube
read (:func:`reviewed_path`), so that one cube's corrections never overwrite another's."""


def reviewed_path(read: CubeState, prefix: str = REVIEWED_PREFIX) -> Path:
    """The data folder's file for the corrections of the reading ``read`` (as read, before any
    correction): the same photos read again name the same file."""
    tokens = " ".join(format_token(s) for s in read.without_candidates().stickers)
    return data_dir() / f"{prefix}{hashlib.sha1(tokens.encode()).hexdigest()[:10]}.json"


TO_CORRECT_PREFIX = "to-correct-"
"""State files in the data folder that keep a reading of photos stopped on where nobody was at
the terminal to review it (:func:`keep_reading`), to correct by hand; apart from the
``reviewed-`` files, so that they never overwrite corrections typed at a review."""


def keep_reading(state: CubeState, extra: dict | None = None) -> Path:
    """Write the reading ``state`` (as the command took it: photos held turned set upright,
    with its candidates, and ``extra`` keys such as the verdict on the 1) to its file in the
    data folder and return the file: the reading stopped on, to correct and go on from."""
    return _written(reviewed_path(state, TO_CORRECT_PREFIX), state, extra)


def _written(path: Path, state: CubeState, extra: dict | None, keep_old: bool = False) -> Path:
    """``path``, with the reading ``state`` and the ``extra`` keys written to it as a state
    file (atomically: a stop while writing leaves the old file or the new one). ``keep_old``:
    a file there holding something else is never replaced; the next free name after it
    (:func:`_numbered`) is written instead and returned."""
    text = json.dumps({**to_dict(state), **(extra or {})}, indent=2) + "\n"
    if keep_old:
        path = next(p for p in _numbered(path) if _free_for(p, text))
    atomic_write_text(path, text)
    return path


def _numbered(path: Path) -> Iterator[Path]:
    """``reviewed-KEY.json``, ``reviewed-KEY-2.json``, ``reviewed-KEY-3.json``, ...: the names
    the corrections of one reading may be kept under, one per review that typed different
    ones."""
    yield path
    for n in count(2):
        yield path.with_name(f"{path.stem}-{n}{path.suffix}")


def _free_for(path: Path, text: str) -> bool:
    """Whether ``text`` may be written to ``path``: nothing is there, or the same text. A data
    folder that cannot be read says nothing is there (writing then fails as it would have)."""
    try:
        return not path.exists() or path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return True


def earlier_corrections(read: CubeState) -> Path | None:
    """The latest file of corrections kept from an earlier review of the reading ``read`` (as
    read), or None when there is none (or the data folder cannot be read)."""
    found = None
    for path in _numbered(reviewed_path(read)):
        try:
            if not path.is_file():
                return found
        except OSError:
            return found
        found = path
    return found


def taken_up(console: Console, read: CubeState) -> CubeState:
    """The reading ``read`` with the corrections kept from an earlier review of it
    (:func:`earlier_corrections`), said in one line, for a command that shows the review of
    the same reading again (``scan --resume``): what was typed then is not asked again. The
    reading as read when there are none, or when the file cannot be read or holds a cube of
    another size (the file is then named and left as it is: nothing typed is lost)."""
    path = earlier_corrections(read)
    if path is None:
        return read
    try:
        kept = load_state(path)
    except SudokuCubeError as e:
        kept, why = None, f"cannot be read ({e})"
    else:
        why = "does not hold a cube of this size"
    if kept is None or kept.n != read.n:
        print_wrapped(console, f"Your corrections from an earlier review of this reading, "
                               f"{path}, {why}; the reading is shown as read.")
        return read
    print_wrapped(console, f"Taking up your corrections from an earlier review of this reading "
                           f"({path}).")
    return kept


GoOn = Callable[[str], str]
"""The command that goes on from a state file keeping the corrections typed (its path given)."""


def solve_again(path: str) -> str:
    """``sudoku-cube solve FILE``: how ``solve`` (and ``scan``) go on from the corrections."""
    return f"sudoku-cube solve {shlex.quote(path)}"


class ReviewQuit(Exception):
    """The person pressed q at the review: a normal stop, not an interruption.

    ``corrections`` counts the stickers corrected before quitting, ``taken`` the grid's
    choices taken with ``y``; ``saved`` is the state file that keeps them (None when there
    were none); ``command`` goes on from it."""

    def __init__(self, corrections: int, saved: Path | None = None, taken: int = 0) -> None:
        super().__init__("stopped at the review")
        self.corrections = corrections
        self.taken = taken
        self.saved = saved
        self.command = ""


def _answered(read: CubeState, state: CubeState) -> list[int]:
    """The stickers the person answered for: corrected, confirmed or taken with ``y``."""
    return [i for i in range(len(read.stickers)) if read.stickers[i] != state.stickers[i]
            or read.hypotheses(i) != state.hypotheses(i)]


def corrected_count(read: CubeState, state: CubeState) -> int:
    """How many stickers the person corrected or confirmed by typing (made certain); the
    grid's choices taken with ``y`` are not corrections (:func:`taken_count`)."""
    return sum(i not in state.accepted for i in _answered(read, state))


def taken_count(read: CubeState, state: CubeState) -> int:
    """How many of the grid's choices the person took with ``y`` (kept as readings)."""
    return sum(i in state.accepted for i in _answered(read, state))


def keep_corrections(read: CubeState, state: CubeState, extra: dict | None = None,
                     go_on: GoOn = solve_again) -> Path | None:
    """Write the reading with the person's corrections (certain) to this reading's file in the
    data folder (:func:`reviewed_path`) when there are any, so that nothing typed is lost (the
    corrections of an earlier review of it stay: different ones go to the next free name);
    ``go_on(FILE)`` (``sudoku-cube solve FILE``, or the ``guide``/``check`` with the plan
    given) goes on from it and is noted for Ctrl-C."""
    if not _answered(read, state):
        return None
    path = _written(reviewed_path(read), state, extra, keep_old=True)
    set_resume_command(go_on(str(path)))
    return path


def kept_corrections(stop: ReviewQuit) -> str:
    """' The 2 corrections typed are saved with the reading in FILE: `sudoku-cube solve FILE`
    goes on from there.' or '' -- the last sentence of the stop messages (the grid's choices
    taken with ``y`` are counted as such, not as corrections)."""
    if not stop.saved:
        return ""
    parts = []
    if stop.corrections:
        parts.append("the correction typed" if stop.corrections == 1 else
                     f"the {stop.corrections} corrections typed")
    if stop.taken:
        parts.append("the grid's choice taken with y" if stop.taken == 1 else
                     f"the {stop.taken} grid choices taken with y")
    one = stop.corrections + stop.taken == 1
    what = (" and ".join(parts) or "the answers") + (" is" if one else " are")
    what = what[0].upper() + what[1:]
    command = as_going_on(stop.command or solve_again(str(stop.saved)))
    return f" {what} saved with the reading in {stop.saved}: `{command}` goes on from there."


def run_review(console: Console, state: CubeState, settings: CubeSettings = CubeSettings(),
               read_line: LineReader | None = None,
               solver: Callable[..., GridSolution] | None = None,
               extra: dict | None = None,
               photos: PhotoNames | None = None,
               go_on: GoOn = solve_again,
               read_from: str | None = None,
               checked: Callable[[ReviewCheck], None] | None = None,
               retake: Callable[[str], str] | None = None
               ) -> tuple[CubeState, ReviewCheck]:
    """Review until consistent; return the reading to solve (suggestions taken) and its check.

    ``read_line`` asks the person (None: no interaction possible). ``q`` raises
    :class:`ReviewQuit`. Corrections typed are never lost: on q, Ctrl-C or going on they are
    kept in a state file (:func:`keep_corrections`, with ``extra`` keys such as the verdict on
    the 1) and the person is told where and the command that goes on from it (``go_on``: the
    command run again on that file). A line being typed when Ctrl-C came is said and kept
    (:mod:`assistant.services.unfinished`, under the reading it was typed for): the next review
    of that reading offers it on the prompt again. Corrections kept from an earlier review of
    the same reading are named before the first prompt, with the command that goes on from
    them. ``read_from``: the state file or photo folder the reading came from, named in the
    stop without a person in how to correct it (:func:`fix_in_state_file`). ``checked`` is
    told every check of the reading (the phone page of ``serve`` says whether the reading is
    consistent). ``retake``: for a reading from no photo files (a camera or video scan), the
    words for taking the faces given (their letters, "" when no face is named) again: a stop
    without a person says them instead of retaking photos or correcting a state file.
    """
    corrected = [state]
    answers = earlier_answers(state)  # a state file a review kept: say what the person gave
    if answers:
        print_wrapped(console, answers)
    earlier = earlier_corrections(state) if read_line is not None else None
    if earlier is not None:
        print_wrapped(console, f"Your corrections from an earlier review of this reading are in "
                               f"{earlier}: `{go_on(str(earlier))}` goes on from them.")
    try:
        result = _review_loop(console, state, settings, read_line, solver, corrected, photos,
                              read_from, checked, retake)
    except ReviewQuit as stop:
        stop.saved = keep_corrections(state, corrected[0], extra, go_on)
        stop.command = go_on(str(stop.saved)) if stop.saved else ""
        raise
    except KeyboardInterrupt as stop:
        saved = keep_corrections(state, corrected[0], extra, go_on)
        if isinstance(stop, LineInterrupted):
            stop.kept = keep_unfinished(review_key(corrected[0]), stop.line)
        line = unfinished_words(stop, "on the prompt when you go on")
        if saved or line:
            console.print()
        if saved:
            print_wrapped(console, f"Your corrections are saved with the reading in {saved}.")
        if line:
            print_wrapped(console, f"{line}.")
        raise
    saved = keep_corrections(state, corrected[0], extra, go_on)
    if saved:
        print_wrapped(console, f"Your corrections are saved with the reading in {saved} "
                               f"(`{go_on(str(saved))}` uses them again).")
    return result


def _stop_without_person(state: CubeState, settings: CubeSettings, check: ReviewCheck,
                         photos: PhotoNames | None, read_from: str | None,
                         retake: Callable[[str], str] | None) -> None:
    """Raise the SudokuCubeError that ends a review with nobody to answer it, unless the
    reading goes on as it is (consistent, and the grid sure of it): what is wrong and how to
    go on, by retaking photos or faces (``retake``, see :func:`run_review`) or correcting the
    stickers in a state file."""
    if check.too_doubtful:
        raise SudokuCubeError(check.explanation)
    if not check.ok:
        why = (check.explanation.rstrip(". ") if check.explanation else
               "; ".join(p.rstrip(". ") for p in check.problems))
        if retake is not None:  # a scan: its faces are taken again, or corrected at a terminal
            raise SudokuCubeError(
                f"the reading is not consistent: {why}. Check "
                f"{'those stickers' if check.named else 'the stickers you see misread'} on the "
                "cube, then run the same command at a terminal to correct them, or "
                + retake(_faces_of(check.culprits, state.n)))
        raise SudokuCubeError(
            f"the reading is not consistent: {why}"
            + (". Correct them" if state.candidates is None  # typed, no photos
               else ". Retake the photos of those stickers, or correct them" if check.named
               else ". Check that each photo shows the face (or corner) it is named after "
               "(two photos named for each other's fit no cube), retake the photos, or correct "
               "the stickers you see misread")
            + " " + fix_in_state_file(read_from).removeprefix("correct them "))
    if not check.sure and check.grid is not None:
        fix = (fix_in_state_file(read_from) if retake is None else
               retake(_faces_of(tuple(unsure_stickers(state, check.grid, settings)), state.n)))
        raise SudokuCubeError(unsure_message(state, check.grid, settings, fix, photos,
                                             hint=retake is None))


def _faces_of(stickers: tuple[int, ...], n: int) -> str:
    """The letters of the faces that ``stickers`` (indices) lie on, in the usual order."""
    return "".join(f for f in FACES if f in per_face(stickers, n))


def _review_loop(console: Console, state: CubeState, settings: CubeSettings,
                 read_line: LineReader | None,
                 solver: Callable[..., GridSolution] | None,
                 corrected: list[CubeState], photos: PhotoNames | None = None,
                 read_from: str | None = None,
                 checked: Callable[[ReviewCheck], None] | None = None,
                 retake: Callable[[str], str] | None = None
                 ) -> tuple[CubeState, ReviewCheck]:
    """The review's rounds; ``corrected[0]`` follows the corrections typed so far
    (``photos``: where each face was photographed, see :func:`check_reading`; ``read_from``:
    the state file or photo folder read, ``checked``: told every check, ``retake``: how to
    take faces again, see :func:`run_review`)."""
    read = state
    key = review_key(state)
    back = kept_unfinished(key) if read_line is not None else None  # typed before Ctrl-C
    kept = back.line if back else ""  # left in the file until its prompt is answered
    mend = False  # whether the line kept is one refused (else the one typed before Ctrl-C)
    while True:
        with console.status("Checking the reading with the grid solver..."):
            check = check_reading(state, settings, solver, photos)
        if checked is not None:
            checked(check)
        view = ReviewView(state, check, show_help=read_line is not None,
                          verdict=read_line is not None or (check.ok and check.sure))
        console.print(view)
        if read_line is None:
            _stop_without_person(state, settings, check, photos, read_from, retake)
            for line in suggestion_lines(state, check):
                console.print(f"taking the grid's suggestion {line}")
            return accepted(state, check), check
        while True:
            more = view.page_count(console) > 1
            unsure = check.ok and not check.sure
            prompt = ((PROMPT_UNSURE_MORE if more else PROMPT_UNSURE) if unsure else
                      (PROMPT_MORE if more else PROMPT))
            if kept:
                prompt = mend_prompt(read_line, mend)
                if not mend:
                    console.print(back_words(read_line), highlight=False)
            answer = (read_line(prompt, prefill=kept) if kept else read_line(prompt)).strip()
            if back:  # answered: it comes back no more (a Ctrl-C above keeps it, or the new one)
                drop_unfinished(key, back.line)
                back = None
            offered, kept, mend = kept, "", False
            if answer.lower() in ("q", "quit"):
                raise ReviewQuit(corrected_count(read, state), taken=taken_count(read, state))
            if answer == "+":
                view.page += 1
                console.print(view)
                continue
            if answer.lower() in ("y", "yes"):
                if unsure:
                    state = corrected[0] = take_choices(state, check)
                    break
                answer = ""  # no choice in doubt to take: y goes on as Enter does
            if not answer:
                if unsure:
                    console.print("[red]Not yet: the grid is not sure of the stickers shown "
                                  "as >grid/rival; check them on the cube, then type y to take "
                                  "the grid's choices or correct them.[/]")
                    continue
                if check.ok:
                    return accepted(state, check), check
                console.print("[red]Not yet: the reading must be consistent first.[/]")
                continue
            try:
                corrections = parse_corrections(answer, state.n)
            except SudokuCubeError as e:
                console.print(f"[red]{plain(e)}[/]")
                note = typed_on(offered, answer, edits_on_line(read_line))
                if note:
                    print_wrapped(console, note)
                kept, mend = answer, True  # offered again to mend, not to type it all again
                continue
            state = corrected[0] = apply_corrections(state, corrections)
            break
