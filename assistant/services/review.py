"""The review step's model: which readings are doubtful, corrections typed as ``F7 6>``, and the
check that lets the solve continue (right digit counts and a grid the solver can complete).

No terminal here; :mod:`assistant.terminal.review_view` draws it and
:mod:`assistant.terminal.review_ui` runs it.
"""
from __future__ import annotations

import shlex
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from ...models.cube.face_words import faces_words, listed, place_words
from ...models.cube.geometry import FACES
from ...models.cube.pieces import centre_facelets
from ...models.cube.solved import digit_count_problems
from ...models.cube.state import CubeState, sticker_index, sticker_name
from ...models.cube.stickers import Sticker, format_token, is_doubtful, parse_token, same_sticker
from ...models.errors import SudokuCubeError, UnsolvableError
from ...models.grid import GridSolution, GridUnsolvableError, photo_refusal, solve_grid
from ...models.grid.diagnosis import insisted_note, kept_note
from ...models.grid.model import is_open
from ...models.grid.hopeless import (FACE_ON, RETAKE_SHARE, PhotoNames, per_face, retake_faces,
                                     retake_photos)
from ...models.profile import CubeSettings
from .files import is_text_state

def doubtful(state: CubeState) -> frozenset[int]:
    """Stickers whose reading is in doubt (:func:`models.cube.stickers.is_doubtful`: a low score or
    a close alternative)."""
    if state.candidates is None:
        return frozenset()
    return frozenset(i for i, alts in enumerate(state.candidates) if is_doubtful(alts))


def parse_corrections(text: str, n: int = 3) -> list[tuple[int, Sticker]]:
    """``"F7 6> U3 2^"`` -> [(index of F7, 6>), (index of U3, 2^)]; raise SudokuCubeError.

    A sticker typed twice in one line with two different tokens (``U7 8< U7 4<``) is refused
    like any other line the review cannot take, naming both, rather than one of them taken
    silently; typed twice with the same token it counts once."""
    parts = text.split()
    if not parts or len(parts) % 2:
        raise SudokuCubeError(f"{text.strip()!r}: type a position and a token, e.g. F7 6> "
                              "(several pairs allowed: F7 6> U3 2^)")
    out: dict[int, Sticker] = {}
    for pos, tok in zip(parts[::2], parts[1::2]):
        try:
            index, sticker = sticker_index(pos, n), parse_token(tok)
        except ValueError as e:
            raise SudokuCubeError(str(e)) from None
        if index in out and out[index] != sticker:
            name = sticker_name(index, n)
            raise SudokuCubeError(
                f"{name} typed twice in one line ({name} {format_token(out[index])}, "
                f"{name} {format_token(sticker)}): keep the one the cube shows")
        out[index] = sticker
    return list(out.items())


def apply_corrections(state: CubeState, corrections: list[tuple[int, Sticker]]) -> CubeState:
    """The state with each corrected sticker made certain, what the photo read kept as its
    prior where the token differs from it (:meth:`CubeState.prior`: a typed token no solved
    cube allows is taken as a slip, and the photo's reading is what the grid solver falls
    back on); a token equal to the photo's reading, or typed again as it stands, is hard
    (:meth:`CubeState.insisted`)."""
    for index, sticker in corrections:
        state = state.with_sticker(index, sticker, typed=True)
    return state


@dataclass
class ReviewCheck:
    """Whether the reading can go on to planning, and what the grid solver suggests."""

    problems: list[str]
    grid: GridSolution | None
    suggestions: dict[int, Sticker] = field(default_factory=dict)
    count_notes: list[str] = field(default_factory=list)
    explanation: str = ""
    """The grid solver's whole refusal, for a message printed once (the problems hold it
    shortened for the review screen)."""
    unsure: dict[int, Sticker | None] = field(default_factory=dict)
    """Stickers the grid solver is not sure of (:attr:`GridSolution.review`) and the rival
    reading of each (:func:`unsure_stickers`): a person confirms or corrects them, the grid's
    choice is not taken silently."""
    too_doubtful: bool = False
    """The grid solver refused the reading early: too many stickers in doubt (the explanation
    names the photos to retake)."""
    named: bool = False
    """Whether the problems name stickers (a grid refusal's culprits, or the stickers of a
    digit read too often or too rarely): only then can a person be told to correct "the
    stickers named"."""
    culprits: tuple[int, ...] = ()
    """The stickers the grid solver names as the likely misreads when it refuses the reading
    (:attr:`models.grid.diagnosis.GridUnsolvableError.culprits`), by index, those the photos
    read (a token typed at the review is no photo's misread: no photo is retaken for it);
    none otherwise."""
    retake: tuple[str, ...] = ()
    """The photos the grid solver's refusal names to retake, by letter
    (:attr:`models.errors.SudokuCubeError.photos`: a reading too doubtful, where ``photos``
    named them); none otherwise."""
    typed_notes: list[str] = field(default_factory=list)
    """Corrections typed that no solved arrangement allows with the rest of the reading
    (:attr:`GridSolution.typed_refused`), each named as the likely slip, with what the photo
    read and what the grid takes instead (:func:`typed_slips`)."""

    @property
    def sure(self) -> bool:
        """True when the grid solver's choices can be taken without a person looking."""
        return not self.unsure

    @property
    def ok(self) -> bool:
        """True when nothing blocks the solve."""
        return self.grid is not None and not self.problems


def check_reading(state: CubeState, settings: CubeSettings = CubeSettings(),
                  solver: Callable[..., GridSolution] | None = None,
                  photos: PhotoNames | None = None) -> ReviewCheck:
    """Digit counts of the best reading (notes), then the grid solver over all alternatives.

    The reading is consistent when the grid solver finds a solved arrangement; its chosen
    stickers (where they differ from the best reading) are the suggestions, and they must
    have six of each digit. ``photos`` (where each face was photographed: corner photo A or B,
    or the face's own photo file) lets a refusal name the photos to retake.
    """
    count_notes = count_note(state)
    try:
        grid = (solver or solve_grid)(state, settings)
    except UnsolvableError as e:
        if isinstance(e, GridUnsolvableError):
            e = photo_refusal(e, state, photos)
        hints = {}
        for culprit in getattr(e, "culprits", ()):
            if getattr(culprit, "suggested", None):
                try:
                    hints[culprit.index] = parse_token(culprit.suggested)
                except ValueError:
                    continue
        hopeless = getattr(e, "reason", None) == "too-doubtful"
        named = bool(getattr(e, "culprits", ())) or getattr(e, "reason", "") == "digit-count"
        return ReviewCheck([unsolvable_problem(e)], None, hints, count_notes,
                           explanation=str(e) if hopeless else
                           f"the grid cannot be completed: {_finding(e)}", too_doubtful=hopeless,
                           named=named,
                           culprits=tuple(c.index for c in getattr(e, "culprits", ())
                                          if not getattr(c, "typed", False)),
                           retake=e.photos)
    suggestions = {i: s for i, (s, best) in enumerate(zip(grid.chosen, state.stickers))
                   if not same_sticker(s, best, settings.symmetric)}
    chosen = CubeState(tuple(grid.chosen), state.n)
    problems = [p.message for p in digit_count_problems(chosen)]
    return ReviewCheck(problems, grid, suggestions, count_notes,
                       unsure=unsure_stickers(state, grid, settings),
                       typed_notes=typed_slips(state, grid, settings))


def typed_slips(state: CubeState, grid: GridSolution, settings: CubeSettings = CubeSettings(),
                person: bool = True) -> list[str]:
    """The corrections typed that the grid solver could not honour
    (:attr:`GridSolution.typed_refused`), in one sentence (none: an empty list): the typed
    tokens fit no solved arrangement with the other stickers as read, so they are named as
    the likely slips, with what the grid takes instead (what the photo read, where that fits)
    and the stickers to check (``person``: one is at the review, where ``y`` takes the grid's
    choices). Then the tokens the person insisted on that the grid changed other stickers
    for (:attr:`GridSolution.insisted`), named as the reason for the doubt there, with the
    token that takes the photo's reading back (:func:`models.grid.diagnosis.insisted_note`);
    or, where no diagnosis named them, the tokens typed or insisted on that the grid keeps
    while it moves or doubts stickers the photos read surely (:func:`kept_tokens`)."""
    refused = grid.typed_refused
    held = ([insisted_note(state, grid.insisted,
                           [i for i in grid.repaired if i not in refused], person,
                           slips=refused)]
            if grid.insisted else kept_tokens(state, grid, settings, person))
    if not refused:
        return held
    one = len(refused) == 1
    names = [sticker_name(i, state.n) for i in refused]
    typed = listed([f"{n} {format_token(state.stickers[i])}" for n, i in zip(names, refused)])
    taken, as_photo = [], True
    for n, i in zip(names, refused):
        prior, chosen = state.prior(i), grid.chosen[i]
        photo = prior[0].sticker if prior else None
        same = photo is not None and same_sticker(photo, chosen, settings.symmetric)
        as_photo = as_photo and same
        taken.append(f"{n} {format_token(chosen)}" + (
            "" if same else f" (the photo read {format_token(photo)})" if photo is not None
            else ""))
    what = (f"what the photo{'' if one else 's'} read, " if as_photo else "") + listed(taken)
    them = "it" if one else "them"
    go_on = (f": y takes {'that' if one else 'those'}, or type what "
             f"{'it shows' if one else 'they show'}." if person else ".")
    return [f"Likely slip{'' if one else 's'}: {typed} as typed fit{'s' if one else ''} no "
            "solved arrangement of this cube with the other stickers as read; the grid takes "
            f"{what}. Check {them} on the cube{go_on}"] + held


def kept_tokens(state: CubeState, grid: GridSolution, settings: CubeSettings = CubeSettings(),
                person: bool = True) -> list[str]:
    """The note (one sentence or none) on the tokens typed or insisted on otherwise than the
    photo read them that the grid keeps as typed (:func:`models.grid.diagnosis.kept_note`)
    while it doubts or changes stickers the photos read surely: one of those tokens may be a
    slip the grid works round, and the person is told which they are and how to take the
    photo's reading back. Tokens typed as the photo read them are confirmations, never named
    (nothing to take back), and so are tokens typed over a reading the photo left in doubt:
    the person settles a doubt there, against nothing the photo was sure of, and its weak
    reading (often one the grid already passed over) is no way back to offer. Read from the
    answer alone, without another search; none where nothing sure is doubted or changed, or
    no token held differs from its photo's reading."""
    typed = state.typed_by_hand()
    kept = [i for i in typed if i not in grid.typed_refused
            and same_sticker(grid.chosen[i], state.stickers[i], settings.symmetric)]
    held = [i for i in kept if state.photo_reading(i)
            and not is_doubtful(state.photo_reading(i))
            and not same_sticker(state.photo_reading(i)[0].sticker, state.stickers[i],
                                 settings.symmetric)]
    if not held:
        return []
    sure = [i for i in range(len(state.stickers)) if i not in typed
            and i not in grid.typed_refused
            and not is_doubtful(state.photo_reading(i) or state.hypotheses(i))]
    doubted = [i for i in sure if i in grid.review]
    changed = [i for i in sure if i not in grid.review
               and not same_sticker(grid.chosen[i], state.stickers[i], settings.symmetric)]
    return [kept_note(state, held, doubted, changed, person)] if doubted or changed else []


def _finding(e: UnsolvableError) -> str:
    """What the grid solver found wrong, without its own advice: the review says what to do,
    naming the photos and the state file."""
    return e.finding if isinstance(e, GridUnsolvableError) else str(e)


def unsure_stickers(state: CubeState, grid: GridSolution,
                    settings: CubeSettings = CubeSettings()) -> dict[int, Sticker | None]:
    """Each sticker of ``grid.review`` with its rival: the rival reading's sticker when it
    differs from the grid's choice, else (a confident reading overruled) the reading as read,
    else the likeliest other alternative (None when there is none)."""
    out: dict[int, Sticker | None] = {}
    for i in grid.review:
        choice = grid.chosen[i]
        options = ([grid.rival[i]] if grid.rival else []) + [state.stickers[i]] + \
            ([choice.turned(2)] if i in centre_facelets() else []) + \
            [h.sticker for h in state.hypotheses(i)]
        out[i] = next((s for s in options
                       if not same_sticker(s, choice, settings.symmetric)), None)
    return out


def unsure_names(unsure: dict[int, Sticker | None], grid: GridSolution, n: int = 3) -> str:
    """'F7 (grid 6^, or 9v), F9 (grid 9v, or 6^)': the unsure stickers, named as the CLI names
    them, with the grid's choice and the rival."""
    return ", ".join(f"{sticker_name(i, n)} (grid {format_token(grid.chosen[i])}"
                     + (f", or {format_token(r)})" if r is not None else ")")
                     for i, r in sorted(unsure.items()))


FIX_IN_STATE_FILE = ("correct them in a state file (`sudoku-cube read PHOTOS --json > state.json` "
                     "writes one; a token changed in its faces counts as certain) and run "
                     "`sudoku-cube solve state.json`")
"""How to settle unsure stickers without a terminal, after reading photos."""


def fix_in_state_file(read_from: str | None) -> str:
    """How to correct stickers without a terminal: in the state file the reading came from
    (``read_from``, which the person already has), where its format keeps the tokens (a text
    file has a line per face, no "faces" entry), else in one written from the photos
    (:data:`FIX_IN_STATE_FILE`), named by their folder where ``read_from`` is one."""
    if read_from is None or Path(read_from).is_dir():
        folder = "PHOTOS" if read_from is None else shlex.quote(read_from)
        return FIX_IN_STATE_FILE.replace("read PHOTOS", f"read {folder}", 1)
    again = shlex.quote(read_from)
    where = ("on each face's line: U3 is the third token after \"U:\"" if is_text_state(read_from)
             else "its tokens under \"faces\"; a token changed there counts as certain")
    return f"correct them in {read_from} ({where}) and run `sudoku-cube solve {again}` again"


def unsure_message(state: CubeState, grid: GridSolution, settings: CubeSettings = CubeSettings(),
                   fix: str = FIX_IN_STATE_FILE, photos: PhotoNames | None = None,
                   hint: bool = True) -> str:
    """The stop without a person when the grid solver is not sure: which stickers to check by
    eye and how to go on (at a terminal, or as ``fix`` says: by default with a corrected
    state file), and where they crowd onto a face, which photo to take again
    (:func:`retake_hint`; ``photos`` as :func:`check_reading` takes them); a correction
    typed that no solved arrangement allows is named first, as the likely slip
    (:func:`typed_slips`). Not ``hint``: no photo named to take again (``fix`` names the faces
    of a camera scan to take again)."""
    unsure = unsure_stickers(state, grid, settings)
    k = len(unsure)
    slips = "".join(f"{note} " for note in typed_slips(state, grid, settings, person=False))
    finding = unsure_finding(unsure, grid, state.n)
    them = "them" if k != 1 else "it"
    return (slips + (f"{finding[0].upper()}{finding[1:]}" if slips else finding)
            + f". Check {them} on the cube, then run the same command at a terminal (without "
            f"--json or --plain, where given) to confirm or correct {them}, or {fix}"
            + (retake_hint(tuple(unsure), state, settings, photos) if hint else ""))


def unsure_finding(unsure: dict[int, Sticker | None], grid: GridSolution, n: int = 3) -> str:
    """'the grid solver is not sure of 2 stickers: F7 (grid 6^, or 9v), ...; another reading
    about as likely also solves the cube, so no plan was made from a guess': what the grid
    solver (``grid``) is not sure of (``unsure``, :func:`unsure_stickers`), or overrides of
    the tokens typed, and why no plan was made. Each front end that stops on it says how to go
    on in its own words (:func:`unsure_message` for a terminal)."""
    k = len(unsure)
    over = {i: r for i, r in unsure.items() if i in grid.typed_refused}
    if over and len(over) == k:  # sure, but against what the person typed
        what = (f"overrides {'the token' if k == 1 else f'the {k} tokens'} typed: "
                f"{unsure_names(over, grid, n)}; no plan was made against what you "
                "typed")
    elif over:  # overrides typed tokens and is not sure of other stickers
        rest = {i: r for i, r in unsure.items() if i not in over}
        what = (f"overrides {'the token' if len(over) == 1 else f'{len(over)} tokens'} typed: "
                f"{unsure_names(over, grid, n)}, and is not sure of {len(rest)} other "
                f"sticker{'s' if len(rest) != 1 else ''}: {unsure_names(rest, grid, n)}; "
                "no plan was made against what you typed or from a guess")
    else:
        why = ("nothing in the cube checks a centre's half turn and the photo does not show it "
               "clearly" if _centre_turns_only(unsure, grid, n) else
               "another reading about as likely also solves the cube")
        what = (f"is not sure of {k} sticker{'s' if k != 1 else ''}: "
                f"{unsure_names(unsure, grid, n)}; {why}, so no plan was made from a guess")
    return f"the grid solver {what}"


def _centre_turns_only(unsure: dict[int, Sticker | None], grid: GridSolution, n: int) -> bool:
    """Whether every sticker in doubt is a centre whose rival is its own half turn (the doubt
    of :func:`models.grid.doubt.centre_turn_doubt`, which the cube cannot settle)."""
    centres = set(centre_facelets()) if n == 3 else set()
    return bool(unsure) and all(
        i in centres and r is not None and r == grid.chosen[i].turned(2)
        for i, r in unsure.items())


def retake_hint(cells: tuple[int, ...], state: CubeState,
                settings: CubeSettings = CubeSettings(),
                photos: PhotoNames | None = None) -> str:
    """Where the stickers to check crowd onto a face (:data:`models.grid.hopeless.RETAKE_SHARE`
    of them or more: a face the photo shows steeply, blurred or under glare), sentences naming
    it and the photo to take again, for a person who would rather retake one photo than check
    many stickers by eye; '' where they are spread over the faces. The face is named by its
    centre only when that centre is neither read with doubt nor among ``cells``; ``photos``
    (where each face was photographed) names the photo to retake, corner photo ``A`` or ``B``
    or the face's own photo file (:func:`models.grid.hopeless.retake_photos`); without it the
    photo is named by the face it shows."""
    counts = per_face(cells, state.n)
    crowded = [f for f in retake_faces(cells, state.n) if counts[f] >= RETAKE_SHARE]
    if not crowded:
        return ""
    on = sum(counts[f] for f in crowded)
    centres = dict(zip(FACES, centre_facelets()))  # the grid solver reads 3x3x3 cubes only
    by_place = [f for f in crowded if centres[f] in cells]
    rest = [f for f in crowded if f not in by_place]
    names = listed([place_words(f) for f in by_place]
                   + ([faces_words(rest, state, settings)] if rest else []))
    where = f"All {on} lie on {names}" if on == len(cells) else f"{on} of them lie on {names}"
    shows = "that face" if len(crowded) == 1 else "each of those faces"
    how = retake_photos(crowded, photos) or f"Retake the photo that shows {shows}: {FACE_ON}"
    return (f". {where}. {how}; the same command on the folder of the new photos should "
            "settle them")


def require_sure(state: CubeState, grid: GridSolution,
                 settings: CubeSettings = CubeSettings(),
                 photos: PhotoNames | None = None, read_from: str | None = None) -> None:
    """Raise SudokuCubeError (exit 2) naming the stickers to check when ``grid`` is not sure
    and nobody is there to confirm them (``photos``: where each face was photographed, to name
    the photo to retake, :func:`unsure_message`; ``read_from``: the state file or photo
    folder the reading came from, named in how to correct it, :func:`fix_in_state_file`)."""
    if not grid.sure:
        raise SudokuCubeError(unsure_message(state, grid, settings,
                                             fix_in_state_file(read_from), photos))


def earlier_answers(state: CubeState) -> str:
    """'From your earlier review: typed F5 3^ (held), F7 6>; taken with y: F2 5^.' for a
    reading that already holds a person's answers (a state file a review kept, read back):
    the tokens typed (insisted on: held) and the grid's choices taken with ``y``, so that
    they are not mistaken for what the photos read; '' when it holds none."""
    n = state.n
    typed = [f"{sticker_name(i, n)} {format_token(state.stickers[i])}"
             + (" (held)" if i in state.held else "")
             for i in state.typed_by_hand() if i not in state.accepted]
    taken = [f"{sticker_name(i, n)} {format_token(state.stickers[i])}"
             for i in sorted(state.accepted)]
    parts = ([f"typed {', '.join(typed)}"] if typed else []) + (
        [f"taken with y: {', '.join(taken)}"] if taken else [])
    return f"From your earlier review: {'; '.join(parts)}." if parts else ""


def confirmed(check: ReviewCheck) -> list[tuple[int, Sticker]]:
    """The grid's choices for the unsure stickers (the person takes them with ``y``,
    :func:`take_choices`)."""
    if check.grid is None:
        return []
    return [(i, check.grid.chosen[i]) for i in sorted(check.unsure)]


def take_choices(state: CubeState, check: ReviewCheck) -> CubeState:
    """The state after ``y``: the grid's choices for the unsure stickers taken as readings a
    little surer than the photo's, not as corrections (:meth:`CubeState.with_accepted`): the
    grid is sure of them now, but a correction typed later that no solved cube allows with
    them wins, and the grid asks about them again. They are saved with the reading."""
    for index, sticker in confirmed(check):
        state = state.with_accepted(index, sticker, check.unsure.get(index))
    return state


def count_note(state: CubeState) -> list[str]:
    """The digit counts that are off, in one line (empty list when every digit appears as
    often as a Sudoku Cube has it): 'digit counts off: 2 x7, 7 x5 ...'. A sticker whose
    reading rules nothing out (every digit listed, :func:`models.grid.model.is_open`: no
    digit seen, a finger or glare over it) is left out of the counts and said so: the grid
    takes it as any digit, however sure its best reading (a corner photo's cell may list
    every sticker beside a best one at 0.96), and counted it would make one digit look read
    too often. The words say that, not that it was only guessed."""
    problems = digit_count_problems(state)
    if not problems:
        return []
    unread = {i for i in range(len(state.stickers)) if is_open(state.hypotheses(i))}
    counts = Counter(s.digit for i, s in enumerate(state.stickers) if i not in unread)
    expected = 6 * state.n * state.n // 9
    off = [f"{d} x{counts.get(d, 0)}" for d in range(1, 10) if counts.get(d, 0) != expected]
    whose = ("stickers whose readings rule" if len(unread) > 1 else
             "sticker whose reading rules")
    left = (f"; {len(unread)} {whose} out no digit "
            f"({listed([sticker_name(i, state.n) for i in sorted(unread)])}: any digit "
            "possible) not counted" if unread else "")
    return [f"digit counts off: {', '.join(off)} (a Sudoku Cube has {expected} of each{left})"]


def unsolvable_problem(error: UnsolvableError) -> str:
    """The grid solver's refusal in a few lines for the review: why, and the stickers that,
    read differently, make the cube solvable (name, reading, what the grid needs), in one
    sentence instead of a line each (the suggested readings also stand in the review's list)."""
    if getattr(error, "reason", None) == "too-doubtful":
        return str(error)
    lines = _finding(error).splitlines()  # the review gives its own advice
    culprits = getattr(error, "culprits", ())
    cut = next((k for k, line in enumerate(lines) if line.startswith("The fewest")), None)
    if not culprits or cut is None:
        return "the grid cannot be completed: " + joined(lines)
    named = ", ".join(f"{c.name} ({'typed' if getattr(c, 'typed', False) else 'read'} "
                      f"{c.read}" + (f", needs {c.suggested})" if c.suggested else ")")
                      for c in culprits)
    return ("the grid cannot be completed: " + " ".join(lines[:cut])
            + f" Likely misread: {named}.")


def joined(lines: list[str]) -> str:
    """Lines of a refusal on one line: after a line that ends a sentence or opens a list
    (``.``, ``:``) a space, else "; ", so that the items of a list (each digit read too often,
    with its stickers) stay apart rather than run together."""
    out = ""
    for line in (line.strip() for line in lines if line.strip()):
        out += line if not out else (" " if out[-1] in ".:;!?" else "; ") + line
    return out


def accepted(state: CubeState, check: ReviewCheck) -> CubeState:
    """The reading with the grid solver's suggestions taken (candidates kept)."""
    stickers = list(state.stickers)
    for i, s in check.suggestions.items():
        stickers[i] = s
    return replace(state, stickers=tuple(stickers))


def suggestion_lines(state: CubeState, check: ReviewCheck) -> list[str]:
    """'F7: read 9v, the grid needs 6^' for every suggestion."""
    return [f"{sticker_name(i, state.n)}: read {format_token(state.stickers[i])}, the grid "
            f"needs {format_token(s)}" for i, s in sorted(check.suggestions.items())]
