"""The review step as a person uses it: doubtful stickers shown with alternatives, the grid
solver's suggestions, typed corrections (``F7 6>``) that take effect, and no way on until the
reading is consistent. Uses the real grid solver."""
from __future__ import annotations

import io
import random
from collections import Counter

import pytest
from rich.console import Console

from sudoku_cube.assistant.services.review import (ReviewCheck, apply_corrections, check_reading,
                                                   count_note, doubtful, parse_corrections)
from sudoku_cube.assistant.terminal.review_ui import (PROMPT, PROMPT_MORE, ReviewQuit,
                                                      run_review)
from sudoku_cube.assistant.terminal.review_view import ReviewView
from sudoku_cube.models.cube.face_words import centre_words, listed
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.grid.diagnosis import Culprit, GridUnsolvableError
from sudoku_cube.models.cube.state import CubeState, sticker_index, sticker_name
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
from tests.conftest import random_design, random_moves, scripted


def _truth(seed: int) -> CubeState:
    rng = random.Random(seed)
    return random_design(rng).apply(random_moves(rng, 20))


def _reading(truth: CubeState, wrong: dict[str, tuple[Sticker, float, float]]) -> CubeState:
    """A reading with candidates: every sticker certain except ``wrong`` ones, read as the given
    sticker (score) with the truth as runner-up (score)."""
    cands = []
    stickers = []
    for i, s in enumerate(truth.stickers):
        cands.append((Hypothesis(s, 0.99),))
        stickers.append(s)
    for name, (bad, s_bad, s_true) in wrong.items():
        i = sticker_index(name)
        alts = (Hypothesis(bad, s_bad),)
        if s_true:
            alts += (Hypothesis(truth.stickers[i], s_true),)
        cands[i] = alts
        stickers[i] = bad
    return CubeState(tuple(stickers), 3, tuple(cands))


def _console() -> Console:
    return Console(file=io.StringIO(), width=80, record=True, color_system=None)


def _other_digit(s: Sticker) -> Sticker:
    return Sticker(s.digit % 9 + 1, s.rot)


def test_doubtful_sticker_shown_with_alternatives_and_grid_suggestion():
    truth = _truth(11)
    f7 = truth.stickers[sticker_index("F7")]
    reading = _reading(truth, {"F7": (_other_digit(f7), 0.55, 0.45)})
    assert doubtful(reading) == {sticker_index("F7")}
    check = check_reading(reading)
    assert check.ok
    assert check.suggestions == {sticker_index("F7"): f7}
    console = _console()
    console.print(ReviewView(reading, check))
    text = console.export_text()
    assert "Doubtful" in text and "F7" in text
    row = next(line for line in text.splitlines() if f"F7 {_other_digit(f7).token} .55" in line)
    assert f"{f7.token} .45" in row and row.rstrip().endswith(f">{f7.token}")
    assert "consistent once the grid's 1 suggestion is taken" in text.replace("\n", " ") \
        or "1 suggestion" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_correction_takes_effect_and_nothing_continues_until_consistent():
    truth = _truth(12)
    f7 = truth.stickers[sticker_index("F7")]
    wrong = _other_digit(f7)
    reading = _reading(truth, {"F7": (wrong, 0.9, 0.0)})  # certain but wrong: counts are off
    ask, prompts = scripted("", "F7 " + "x>", "F7 " + f7.token, "")

    console = _console()
    final, check = run_review(console, reading, read_line=ask)
    text = console.export_text()
    assert "not consistent" in text and "Not yet" in text
    assert "bad token" in text  # the mistyped correction is explained, not fatal
    assert final.stickers == truth.stickers and check.ok
    assert len(prompts) == 4


def test_y_with_no_grid_choice_in_doubt_goes_on_as_enter_does():
    """``y`` (as photos.md says: take the solver's choice) where the grid solver is sure of the
    doubtful stickers goes on with the reading as shown, the grid's suggestion taken; on a
    reading not consistent yet it answers as Enter does, with no line kept to mend."""
    truth = _truth(11)
    f7 = truth.stickers[sticker_index("F7")]
    reading = _reading(truth, {"F7": (_other_digit(f7), 0.55, 0.45)})
    ask, prompts = scripted("y")
    console = _console()
    final, check = run_review(console, reading, read_line=ask)
    assert check.ok and check.sure and prompts == [PROMPT]
    assert final.stickers == truth.stickers
    assert "type a position" not in console.export_text()

    wrong = _reading(truth, {"F7": (_other_digit(f7), 0.9, 0.0)})  # not consistent
    ask, prompts = scripted("Y", "F7 " + f7.token, "")
    console = _console()
    final, check = run_review(console, wrong, read_line=ask)
    text = console.export_text()
    assert "Not yet: the reading must be consistent first" in text
    assert "type a position" not in text and prompts[1] == PROMPT  # nothing kept to mend
    assert final.stickers == truth.stickers and check.ok


def test_a_sticker_typed_twice_in_one_line_is_refused_naming_both():
    truth = _truth(12)
    f7 = truth.stickers[sticker_index("F7")]
    wrong = _other_digit(f7)
    reading = _reading(truth, {"F7": (wrong, 0.9, 0.0)})
    twice = f"F7 {wrong.token} f7 {f7.token}"
    ask, prompts = scripted(twice, "F7 " + f7.token, "")
    console = _console()
    final, check = run_review(console, reading, read_line=ask)
    text = console.export_text().replace("\n", " ")
    assert f"F7 typed twice in one line (F7 {wrong.token}, F7 {f7.token})" in text
    assert prompts[1].endswith(f"[{twice}]")  # kept on the line to mend, not taken silently
    assert final.stickers == truth.stickers and check.ok


def test_without_a_person_an_inconsistent_reading_stops_with_a_clear_message():
    truth = _truth(13)
    u1 = truth.stickers[0]
    reading = _reading(truth, {"U1": (_other_digit(u1), 0.9, 0.0)})
    with pytest.raises(SudokuCubeError, match="not consistent") as err:
        run_review(_console(), reading, read_line=None)
    text = str(err.value)
    assert ".." not in text and "U1" in text and "read PHOTOS --json" in text


def test_without_a_person_the_problem_is_said_once_in_the_error():
    truth = _truth(13)
    u1 = truth.stickers[0]
    reading = _reading(truth, {"U1": (_other_digit(u1), 0.9, 0.0)})
    console = _console()
    with pytest.raises(SudokuCubeError) as err:
        run_review(console, reading, read_line=None)
    shown = console.export_text()
    assert "problem:" not in shown and "not consistent" not in shown and "U" in shown
    assert "Retake the photos of those stickers" in str(err.value)


def test_the_verdict_claims_named_stickers_only_when_some_were_named():
    truth = _truth(15)
    for named, words in ((True, "correct the stickers named above"),
                         (False, "retake the photos, or correct the stickers you see misread")):
        check = ReviewCheck(["no solved arrangement fits"], None, named=named)
        console = _console()
        console.print(ReviewView(truth, check))
        text = " ".join(console.export_text().split())
        assert words in text and ("named above" in text) == named


def test_the_check_keeps_the_grids_likely_misreads_by_index():
    """A refusal naming culprits keeps their stickers (the phone page names their photos);
    a digit read too often names every sticker of it, none of them a culprit."""
    truth = _truth(15)
    f7, u1 = sticker_index("F7"), sticker_index("U1")

    def refuse(*culprits: Culprit, reason: str = "infeasible"):
        def solver(*args, **kwargs):
            raise GridUnsolvableError("no solved arrangement fits", culprits, reason=reason)
        return solver
    check = check_reading(truth, solver=refuse(Culprit(f7, "7", "3"), Culprit(u1, "2", None)))
    assert (check.ok, check.culprits, check.named) == (False, (f7, u1), True)
    counted = check_reading(truth, solver=refuse(reason="digit-count"))
    assert (counted.culprits, counted.named) == ((), True)


def test_without_a_person_a_consistent_reading_takes_the_suggestions():
    truth = _truth(14)
    b4 = truth.stickers[sticker_index("B4")]
    reading = _reading(truth, {"B4": (Sticker(b4.digit, (b4.rot + 2) % 4), 0.6, 0.5)})
    console = _console()
    final, _ = run_review(console, reading, read_line=None)
    assert final.stickers == truth.stickers
    assert "taking the grid's suggestion B4" in console.export_text()


def test_parse_corrections():
    assert parse_corrections("f7 6> U3 2^") == [(sticker_index("F7"), Sticker(6, 1)),
                                                (sticker_index("U3"), Sticker(2, 0))]
    assert parse_corrections("F7 6> f7 6>") == [(sticker_index("F7"), Sticker(6, 1))]
    for bad in ("F7", "F10 6>", "X1 6>", "F7 0^", "U7 8< U3 2^ U7 4<"):
        with pytest.raises(SudokuCubeError):
            parse_corrections(bad)
    truth = _truth(15)
    fixed = apply_corrections(truth, [(0, Sticker(9, 3))])
    assert fixed.stickers[0] == Sticker(9, 3)


def test_read_and_review_flag_the_same_doubtful_stickers():
    """One definition of doubtful: what ``read`` marks in a reading is what the review of
    ``solve`` and ``scan`` shows for the same state. A real reading of a sample, with a few
    stickers' alternatives made borderline (low best score, close runner-up, sure)."""
    import dataclasses
    from pathlib import Path

    from sudoku_cube.vision.reading.photo_set import read_folder
    from sudoku_cube.vision.reading.faces import Reading, reading_state

    folder = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"
    reading = read_folder(folder, ocr=False)
    f = reading.faces["F"]
    best = [alts[0].sticker for alts in f.candidates]
    other = [_other_digit(s) for s in best]
    cands = list(f.candidates)
    cands[0] = (Hypothesis(best[0], 0.85),)                              # low score
    cands[1] = (Hypothesis(best[1], 0.95), Hypothesis(other[1], 0.8))   # close runner-up
    cands[2] = (Hypothesis(best[2], 0.95), Hypothesis(other[2], 0.05))  # sure
    faces = dict(reading.faces, F=dataclasses.replace(f, candidates=tuple(cands)))
    changed = Reading(reading_state(faces), faces)
    flagged = changed.doubtful_indices()
    assert {sticker_index("F1"), sticker_index("F2")} <= flagged
    assert sticker_index("F3") not in flagged
    assert doubtful(changed.state) == flagged


def _many_doubtful(seed: int, count: int) -> CubeState:
    """A reading whose first ``count`` non-centre stickers are doubtful (best read right, a
    close runner-up), and one certain misread (U1): the grid cannot be completed."""
    truth = _truth(seed)
    names = [f + str(k) for f in "URFDLB" for k in (2, 3, 4, 6, 7, 8, 9)][:count]
    wrong = {name: (truth.stickers[sticker_index(name)], 0.55, 0.0) for name in names}
    reading = _reading(truth, wrong)
    cands = list(reading.candidates)
    for name in names:
        i = sticker_index(name)
        cands[i] = cands[i] + (Hypothesis(_other_digit(truth.stickers[i]), 0.45),)
    stickers = list(reading.stickers)
    stickers[0] = _other_digit(truth.stickers[0])
    cands[0] = (Hypothesis(stickers[0], 0.99),)
    return CubeState(tuple(stickers), 3, tuple(cands))


@pytest.mark.parametrize("width", [80, 60])
def test_review_with_many_doubtful_stickers_fits_24_lines_and_pages_reach_every_sticker(width):
    """30 doubtful stickers, too many to settle: each page of the review, with
    the prompt (wrapped on a narrow terminal), fits 24 lines of 80 or of 60 columns (short lines
    beside the net), and ``+`` turns the pages until every doubtful sticker was listed."""
    reading = _many_doubtful(21, 30)
    ask, prompts = scripted("+", "+", "+", "q")
    prompt_lines = -(-len(prompts and prompts[0] or PROMPT_MORE) // width)

    console = Console(file=io.StringIO(), width=width, height=24, record=True, color_system=None)
    with pytest.raises(ReviewQuit):
        run_review(console, reading, read_line=ask)
    screens = console.export_text().split("What was read")[1:]
    assert len(screens) == 4
    listed = set()
    for screen in screens:
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) + prompt_lines <= 24 - 1  # the screen, its title line and the prompt
        assert all(len(line) <= width for line in lines)
        listed |= {line[45:48].strip() for line in lines[1:13] if line[45:46] in "URFDLB"}
    assert "+ more" in prompts[0]
    assert set([f + str(k) for f in "URFDLB" for k in (2, 3, 4, 6, 7, 8, 9)][:30]) <= listed
    words = " ".join(screens[0].split())
    assert "cannot be settled: 30 of 54 stickers" in words  # too doubtful: retake photos
    names = [centre_words(reading, f).removeprefix("centre ").replace(",", "") + f" ({f})"
             for f in "URFD"]  # each face by its centre digit, the letter beside
    assert f"Retake the photos of the faces with centres {', '.join(names[:3])} and " \
        f"{names[3]}" in words


def test_review_plain_net_marks_doubtful_stickers():
    """Without colours a doubtful sticker is followed by ``?`` in the net."""
    reading = _many_doubtful(22, 2)
    console = _console()
    console.print(ReviewView(reading, None))
    text = console.export_text()
    u_rows = [line[:24] for line in text.splitlines() if line.startswith("           |")][:3]
    assert sum(row.count("?") for row in u_rows) == 2  # U2 and U3


def test_a_digit_count_refusal_keeps_each_digit_apart_on_one_line():
    """The grid's refusal names each digit read too often or too rarely on a line of its
    own; the review puts them on one line, each item separated, not run together."""
    from sudoku_cube.assistant.services.review import unsolvable_problem
    from sudoku_cube.models.grid import GridUnsolvableError

    error = GridUnsolvableError("the digit counts are wrong, so no solved arrangement exists:\n"
                                "  digit 2 is read 8 times (at U4 L3 L9)\n"
                                "  digit 4 is read 5 times (at U1 R1)", reason="digit-count")
    assert unsolvable_problem(error) == (
        "the grid cannot be completed: the digit counts are wrong, so no solved arrangement "
        "exists: digit 2 is read 8 times (at U4 L3 L9); digit 4 is read 5 times (at U1 R1)")


def _covered(truth: CubeState, names: list[str]) -> CubeState:
    """A reading of ``truth`` in which the stickers ``names`` show no digit (a finger over
    them): every one of the 36 readings listed at the recogniser's floor, a 1 a little
    above the rest, as the reader guesses there."""
    reading = _reading(truth, {})
    stickers, cands = list(reading.stickers), list(reading.candidates)
    for name in names:
        i = sticker_index(name)
        alts = [Hypothesis(Sticker(d, r), 0.04 if d == 1 else 0.02)
                for d in range(1, 10) for r in range(4)]
        cands[i] = tuple(sorted(alts, key=lambda h: -h.score))
        stickers[i] = cands[i][0].sticker
    return CubeState(tuple(stickers), 3, tuple(cands))


def test_stickers_with_no_digit_seen_are_left_out_of_the_digit_counts_and_said_so():
    truth = _truth(12)
    names = [n for n in ("F8", "U2", "R4", "L6", "B2")
             if truth.stickers[sticker_index(n)].digit != 1]
    reading = _covered(truth, names)
    note = count_note(reading)
    # counted as read, the guessed 1s would say "1 x" 6 + len(names); left out, each covered
    # digit is one short and the 1s are right
    assert len(note) == 1 and "1 x" not in note[0]
    hidden = Counter(truth.stickers[sticker_index(name)].digit for name in names)
    assert note[0].startswith("digit counts off: " + ", ".join(
        f"{d} x{6 - hidden[d]}" for d in sorted(hidden)) + " (")
    named = listed([n for n in (sticker_name(i) for i in range(54)) if n in names])
    assert note[0].endswith(f"{len(names)} stickers whose readings rule out no digit ({named}: "
                            "any digit possible) not counted)")
    assert count_note(truth) == []


def test_a_typed_state_file_that_does_not_fit_asks_for_a_correction_not_a_photo(tmp_path,
                                                                                capsys):
    """A state file typed by hand (no photo's readings in it) with a digit miscounted: the
    stop names the stickers and the file to correct, not photos to retake."""
    from sudoku_cube.assistant.cli import main
    from sudoku_cube.models.cube.state_format import to_json

    truth = _truth(13)
    typed = truth.with_sticker(0, _other_digit(truth.stickers[0])).without_candidates()
    path = tmp_path / "typed.json"
    path.write_text(to_json(typed))
    assert main(["solve", str(path), "--plain"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "not consistent" in err and f"Correct them in {path}" in err
    assert "Retake" not in err and "Traceback" not in err


def test_a_short_doubtful_list_says_what_its_numbers_are():
    """A new user could not tell what ``.55`` after a reading means: a list of one page with a
    free row says it under the readings; a list that fills its page leaves the row to them."""
    from sudoku_cube.assistant.terminal.review_view import LEGEND, ROW_WIDTH

    assert len(LEGEND) <= ROW_WIDTH
    few = _console()
    few.print(ReviewView(_many_doubtful(22, 3), None))
    assert LEGEND in few.export_text()
    many = _console()
    many.print(ReviewView(_many_doubtful(22, 30), None))
    assert LEGEND not in many.export_text()
