"""A correction typed at the review that no solved cube allows is the likely slip: it is named
at once (not another sticker the photos read with confidence), the grid falls back on what the
photo read there (a centre keeps the photo's turn, which nothing else settles), ``y`` takes
that, and the plan solves the real cube. The photo's reading of a typed sticker survives the
state file the corrections are saved in, and ``y`` on the tokens as read is a new question
for the grid solver that remembers its last answer."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.assistant.services.pipeline import RememberedSolver
from sudoku_cube.assistant.services.review import (apply_corrections, check_reading,
                                                   earlier_answers, take_choices, typed_slips,
                                                   unsure_message)
from sudoku_cube.assistant.terminal.review_ui import run_review
from sudoku_cube.assistant.terminal.review_view import ReviewView
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state import CubeState, sticker_index, sticker_name
from sudoku_cube.models.cube.state_format import parse_json, to_json
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker, parse_token, same_sticker
from sudoku_cube.models.errors import StateFormatError
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.grid import GridUnsolvableError, diagnose, solve_grid
from sudoku_cube.models.plan.planner import plan
from sudoku_cube.models.profile import CubeSettings
from tests.conftest import scripted, swapped_pair, unsure_reading

FOOTED = CubeSettings(symmetric=frozenset())
"""The black cube's settings: its 1 has a foot, so no digit looks the same turned round."""
BLACK = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "09-black"
BLACK_READ = Path(__file__).resolve().parent / "data" / "09-black-read.json"
"""``samples/cubes/09-black`` as vision read it without OCR (``read_folder``), written by
``to_json``: its tokens, candidates and their scores."""
F5, F2, U1 = (sticker_index(n) for n in ("F5", "F2", "U1"))


@pytest.fixture(scope="module")
def black() -> tuple[CubeState, CubeState]:
    """The black sample's photos as read (F5, a centre, read 5^ for sure; F2 3^ at 0.99) and
    the real cube (its truth file). The reading is the one vision gave, kept as a state file
    (:data:`BLACK_READ`): which stickers the grid doubts turns on the fourth decimal of a
    reading's scores, and these tests are of the review, not of vision."""
    read = parse_json(BLACK_READ.read_text(encoding="utf-8"))
    truth = load_state(BLACK / "truth.json")
    assert read.stickers[F5] == truth.stickers[F5] == parse_token("5^")
    assert read.stickers[F2] == parse_token("3^") and read.stickers[U1] == parse_token("1>")
    return read, truth


def _typed(state: CubeState, *pairs: str) -> CubeState:
    """``state`` with corrections typed as at the review (``"F5 3^"``)."""
    return apply_corrections(state, [(sticker_index(n), parse_token(t))
                                     for n, t in (p.split() for p in pairs)])


def test_a_typed_impossible_centre_is_named_first_as_the_slip(black):
    """F5 typed 3^ (the photo read 5^): the fix of one sticker that changes the typed token
    back is named, first and as typed, not F2 that the photo read 3^ at 0.99."""
    read, _ = black
    err = diagnose(_typed(read, "F5 3^"), FOOTED)
    first = err.culprits[0]
    assert first.index == F5
    assert (first.index, first.typed, first.read, first.photo, first.suggested) == \
        (F5, True, "3^", "5^", "5^")
    assert F2 not in [c.index for c in err.culprits]
    text = " ".join(str(err).split())
    assert "Likely a slip in the correction typed: F5 3^ fits no solved arrangement" in text
    assert "F5 on the front face (F): typed as 3^ (the photo read 5^)" in text
    assert "Check F5 on the cube" in text


def test_the_review_names_the_typed_slip_and_falls_back_on_the_photo(black):
    """After the typo alone the review's doubt is on F5 (not on F2), the grid takes the photo's
    5^ (not the upside-down 5v, which fits as well), and the screen says so in 24 lines."""
    read, truth = black
    state = _typed(read, "F5 3^")
    check = check_reading(state, FOOTED)
    assert check.ok and set(check.unsure) == {F5}
    assert check.grid.chosen[F5] == parse_token("5^")
    assert check.grid.chosen == truth.stickers and check.grid.typed_refused == (F5,)
    assert check.typed_notes == typed_slips(state, check.grid, FOOTED)
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    console.print(ReviewView(state, check))
    text = console.export_text()
    flat = " ".join(text.split())
    assert ("Likely slip: F5 3^ as typed fits no solved arrangement of this cube with the "
            "other stickers as read; the grid takes what the photo read, F5 5^. Check it on "
            "the cube: y takes that, or type what it shows.") in flat
    assert len(text.splitlines()) <= 22 and all(len(line) <= 80 for line in text.splitlines())
    # the row shows what the photo read under "read", the token typed marked as typed
    row = next(line for line in text.splitlines() if " F5 " in line)
    assert "F5 5^ 1.0  typed 3^" in row and row.rstrip().endswith(">5^/3^")
    assert "F5 3^ 1.0" not in text
    # narrower (short lines beside the net) the row agrees: the photo's reading, then the
    # token typed marked short, in its 15 characters
    narrow = Console(file=io.StringIO(), width=66, height=24, record=True, color_system=None)
    view = ReviewView(state, check)
    assert view.layout(narrow, 66) == "short"
    narrow.print(view)
    lines = narrow.export_text().splitlines()
    short = next(line for line in lines if " F5 " in line)
    assert short.rstrip().endswith("F5 5^ t3^>5^/3^") and "F5 3^" not in short
    assert len(view.short_row(F5).plain) <= 15 and all(len(line) <= 66 for line in lines)
    # the grid is sure, against the person: it overrides the token typed
    assert ("The grid solver overrides the token you typed (>grid/rival: its choice, what "
            "you typed): check it on the cube; y takes its choice.") in flat
    assert "not sure of" not in flat


U7_WITH_OCR = {"3<": 0.8789, "8<": 0.1136, "8>": 0.0074}
"""U7's likeliest readings as the reader with OCR scores them (without: 8< 0.57, 3< 0.40):
then the first fix found of the two typos changes them alone, and the likeliest of the
fixes as small must not trade the typed F5 for the F2 the photo read with confidence."""


@pytest.mark.parametrize("ocr", [False])  # True (U7 as OCR scores it) cost as much again
def test_two_typed_slips_then_y_give_a_plan_that_solves_the_real_cube(black, ocr):
    """The trial's keys: F5 3^, U1 9v, y, Enter (both typos on one line: each round is a
    diagnosis that costs seconds). Both typos are named, y takes what the photos read (the 5
    upright, as on the cube), and the grid is the real cube."""
    read, truth = black
    if ocr:
        u7 = sticker_index("U7")
        alts = sorted((Hypothesis(h.sticker, U7_WITH_OCR.get(h.sticker.token, h.score))
                       for h in read.hypotheses(u7)), key=lambda h: -(h.score or 0.0))
        cands = list(read.candidates)
        cands[u7] = tuple(alts)
        stickers = list(read.stickers)
        stickers[u7] = alts[0].sticker
        read = CubeState(tuple(stickers), 3, tuple(cands))
    ask, _ = scripted("F5 3^ U1 9v", "y", "")
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    final, check = run_review(console, read, FOOTED, read_line=ask)
    assert final.stickers[F5] == parse_token("5^") and final.stickers[U1] == parse_token("1>")
    flat = " ".join(console.export_text().split())
    assert "Likely slips: U1 9v and F5 3^ as typed fit no solved arrangement" in flat
    assert "the grid takes what the photos read, U1 1> and F5 5^" in flat
    # the grid is the real cube, centres' turns included (the plan from a grid is checked on
    # the cube in the centre tests below; planning here again cost seconds)
    assert check.sure and check.grid.chosen == truth.stickers


def _puzzle(turn: int) -> CubeState:
    """A scrambled cube (one solved arrangement) with its front centre turned ``turn``
    quarter turns further (a half turn: still a cube face turns solve, turned otherwise)."""
    design = make_puzzle(11, 25, symmetric=frozenset()).state
    stickers = list(design.stickers)
    stickers[F5] = stickers[F5].turned(turn)
    return CubeState(tuple(stickers))


@pytest.mark.parametrize("turn", [2])  # 0 (the centre as designed) takes the same path
def test_a_centre_typed_a_quarter_turn_off_falls_back_on_the_photos_turn(turn):
    """Any cube, the front centre read sure either way up: typed a quarter turn off, no solved
    cube fits (a centre's quarter turn would need two pieces swapped). The typed centre is
    the slip, not another centre a quarter turn off (which would fit as well), and the grid
    keeps the centre as the photo read it: nothing else tells its half turn, so any other
    reading of it would be a coin toss. The plan solves the cube."""
    truth = _puzzle(turn)
    photo = truth.stickers[F5]
    state = _typed(unsure_reading(truth, {}), f"F5 {photo.turned(1).token}")
    sol = solve_grid(state, FOOTED)
    assert sol.chosen[F5] == photo and sol.chosen == truth.stickers
    assert sol.typed_refused == (F5,) and sol.review == (F5,)
    assert is_solved(truth.apply(plan(sol, FOOTED).moves), FOOTED.symmetric)


def test_a_centre_typed_as_another_digit_is_named_before_the_counts():
    """Every sticker read sure, the front centre typed as another digit: the digit counts
    refuse the reading, and the refusal names the typed centre first, with what the photo
    read, as the likely slip."""
    truth = _puzzle(0)
    photo = truth.stickers[F5]
    typo = Sticker(photo.digit % 9 + 1, photo.rot)
    state = _typed(unsure_reading(truth, {}), f"F5 {typo.token}")
    with pytest.raises(GridUnsolvableError) as err:
        solve_grid(state, FOOTED)
    assert err.value.reason == "digit-count"
    assert [(c.index, c.typed, c.photo) for c in err.value.culprits] == [(F5, True, photo.token)]
    assert str(err.value).startswith(
        "the digit counts are wrong, so no solved arrangement exists (likely a slip in the "
        f"correction typed: F5 {typo.token}, where the photo read {photo.token}):")
    assert "Check F5 on the cube and type what it shows" in str(err.value)


def test_a_state_file_keeps_the_photos_reading_of_a_typed_sticker(black, tmp_path, capsys):
    """The corrections are saved in a state file: the typed token stands in ``faces`` and the
    photo's alternatives stay its candidates, so the file read back knows the sticker was
    typed and what the photo saw; solved from the file without a person, the slip is named
    first and no plan is made."""
    read, _ = black
    state = _typed(read, "F5 3^")
    path = tmp_path / "typed.json"
    path.write_text(to_json(state))
    assert main(["solve", str(path), "--plain", "--symmetric", "none"]) == 2
    said = capsys.readouterr()
    err = " ".join(said.err.split())
    assert " ".join(said.out.split()).startswith("From your earlier review: typed F5 3^.")
    assert ("Likely slip: F5 3^ as typed fits no solved arrangement of this cube with the "
            "other stickers as read; the grid takes what the photo read, F5 5^. Check it on "
            "the cube. The grid solver overrides the token typed: F5 (grid 5^, or 3^)") in err
    # with --json too the answers the file holds are named first (on stderr: stdout is JSON)
    assert main(["solve", str(path), "--json", "--symmetric", "none"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert err.startswith("From your earlier review: typed F5 3^.") and "Likely slip" in err
    back = parse_json(to_json(state))
    assert back.stickers == state.stickers
    assert back.hypotheses(F5) == (Hypothesis(parse_token("3^"), None),)
    assert [h.sticker for h in back.prior(F5)] == [h.sticker for h in read.hypotheses(F5)]
    assert back.typed_stickers() == (F5,)


def test_a_file_without_a_typed_token_has_no_priors(black):
    assert parse_json(to_json(black[0])).priors is None


def test_y_on_the_tokens_as_read_is_a_new_question_for_the_remembering_solver():
    """y confirms the grid's choices, which may be the very tokens read: only the candidates
    change, and the solver that remembers its last answer must not give the unsure one back
    (the review would ask again for ever)."""
    _, a, b, swapped, _ = swapped_pair()
    solver = RememberedSolver()
    check = check_reading(swapped, solver=solver)
    assert not check.sure
    after = take_choices(swapped, check)
    assert after.stickers == swapped.stickers  # the grid chose the tokens as read
    assert check_reading(after, solver=solver).sure


def _centre_off(*names: str) -> tuple[CubeState, CubeState]:
    """The real cube (:func:`_puzzle`) and a reading of it, every sticker sure, with the
    centres ``names`` read a quarter turn off."""
    truth = _puzzle(0)
    stickers = list(truth.stickers)
    for n in names:
        stickers[sticker_index(n)] = stickers[sticker_index(n)].turned(1)
    return truth, unsure_reading(CubeState(tuple(stickers)), {})


def test_a_token_confirmed_as_the_photo_read_it_is_not_the_slip():
    """F5 read a quarter turn off, every sticker sure: a quarter turn of any centre would fit,
    and the grid's doubt may fall on U5. The person types U5's true token, which is also what
    the photo read: it is not named as a slip (it was only confirmed), and it stays as typed
    (hard) while the grid looks elsewhere."""
    truth, read = _centre_off("F5")
    u5 = sticker_index("U5")
    state = _typed(read, f"U5 {truth.stickers[u5].token}")
    assert state.typed_stickers() == () and state.insisted() == (u5,)
    sol = solve_grid(state, FOOTED)
    assert sol.typed_refused == () and u5 not in sol.review
    assert sol.chosen[u5] == truth.stickers[u5]


def test_a_correct_token_typed_again_after_it_was_named_the_slip_is_hard():
    """F5 and R5 both read a quarter turn off (a consistent reading, sure but wrong): the true
    F5 typed is named the likely slip (the photo read it otherwise, with confidence); typed
    again, it stands and the grid looks elsewhere."""
    truth, read = _centre_off("F5", "R5")
    true_f5 = f"F5 {truth.stickers[F5].token}"
    state = _typed(read, true_f5)
    assert state.typed_stickers() == (F5,)
    assert solve_grid(state, FOOTED).typed_refused == (F5,)
    state = _typed(state, true_f5)
    assert state.typed_stickers() == () and state.insisted() == (F5,)
    again = solve_grid(state, FOOTED)
    assert again.typed_refused == () and F5 not in again.review
    assert again.chosen[F5] == truth.stickers[F5]
    # the doubt moved because of the insistence: the person is told so, and how to undo it
    assert again.insisted == (F5,) and len(again.repaired) == 1
    moved = sticker_name(again.repaired[0])
    assert moved != "F5" and again.repaired[0] in again.review
    photo = read.stickers[F5].token
    notes = typed_slips(state, again, FOOTED)
    assert notes == [
        f"{moved} is in doubt because you insisted on {true_f5}: it fits no solved arrangement "
        f"of this cube with the other stickers as read, so the grid changes {moved} instead. "
        f"If {true_f5} was a slip, type F5 {photo} to take the photo's reading back."]


def test_a_typed_sticker_is_not_preferred_when_the_fix_is_not_its_photos_reading():
    """U5 typed a half turn from what the photo read (a reading that fits a solved cube), F5
    read a quarter turn off: a quarter turn of any centre fixes it, and one of U5 lands on
    neither the typed nor the photo's reading, so U5 is no likelier a slip than the others
    and the fix keeps it as typed."""
    truth, read = _centre_off("F5")
    u5 = sticker_index("U5")
    state = _typed(read, f"U5 {truth.stickers[u5].turned(2).token}")
    err = diagnose(state, FOOTED)
    assert len(err.culprits) == 1 and err.culprits[0].index != u5
    assert not any(c.typed for c in err.culprits)


def test_the_digit_counts_do_not_name_a_token_typed_with_its_photos_digit():
    """A sticker misread as another digit leaves its digit short; another sticker of that
    digit typed a turn from what the photo read keeps the digit, so the refusal does not
    name it as a slip."""
    truth = _puzzle(0)
    cands = {}
    d7 = sticker_index("D7")
    wrong = Sticker(truth.stickers[d7].digit % 9 + 1, truth.stickers[d7].rot)
    cands[d7] = (Hypothesis(wrong, 0.99),)
    read = unsure_reading(truth, cands)
    same = next(i for i, s in enumerate(truth.stickers)
                if i != d7 and s.digit == truth.stickers[d7].digit)
    state = _typed(read, f"{sticker_name(same)} {truth.stickers[same].turned(1).token}")
    assert state.typed_stickers() == (same,)
    with pytest.raises(GridUnsolvableError) as err:
        solve_grid(state, FOOTED)
    assert err.value.reason == "digit-count"
    assert same not in [c.index for c in err.value.culprits]


def test_a_later_correction_wins_over_a_y_and_the_yed_sticker_is_asked_again():
    """Two stickers each read as the other's digit about as likely: the grid is not sure,
    and the person takes its choice (the swap, wrong) with y. y only says "I did not object":
    the true token typed for one of them afterwards is not named as the slip; the grid takes
    it and asks again about the other, whose rival is now the y'ed token, and the cube comes
    out true."""
    truth, a, b, swapped, _ = swapped_pair()
    check = check_reading(swapped)
    assert set(check.unsure) == {a, b} and check.grid.chosen[a] != truth.stickers[a]
    state = take_choices(swapped, check)
    assert state.insisted() == () and state.typed_stickers() == ()
    assert check_reading(state).sure
    state = _typed(state, f"{sticker_name(a)} {truth.stickers[a].token}")
    check = check_reading(state)
    assert check.typed_notes == [] and check.grid.typed_refused == ()
    assert check.grid.chosen[a] == truth.stickers[a] and set(check.unsure) == {b}
    assert check.unsure[b] == Sticker(truth.stickers[a].digit, truth.stickers[b].rot)
    assert all(same_sticker(x, t, {1}) for x, t in zip(check.grid.chosen, truth.stickers))


def test_insisted_tokens_stay_insisted_in_a_state_file_and_old_files_load_as_before():
    """A token typed again as it stood and one typed as the photo read it are insisted on:
    the state file the review keeps them in (read back as ``solve FILE`` reads it) names
    them under "insisted", so they stay hard and the photo's reading of each is kept; a
    file without the key (written before it) loads as it did, the one typed again a
    correction like any other. A bad "insisted" names the file and what it should hold."""
    from sudoku_cube.assistant.terminal.review_ui import keep_corrections

    truth, read = _centre_off("F5", "R5")
    u5 = sticker_index("U5")
    true_f5 = f"F5 {truth.stickers[F5].token}"
    state = _typed(read, true_f5, true_f5, f"U5 {read.stickers[u5].token}")
    assert state.insisted() == (u5, F5) and state.typed_stickers() == ()
    path = keep_corrections(read, state)
    data = json.loads(path.read_text())
    assert data["insisted"] == ["U5", "F5"]
    back = load_state(path)
    assert back.stickers == state.stickers and back.insisted() == (u5, F5)
    assert back.typed_stickers() == () and parse_json(to_json(back)).insisted() == (u5, F5)
    for i in (F5, u5):
        assert back.hypotheses(i) == (Hypothesis(state.stickers[i], None),)
        assert back.photo_reading(i) == read.hypotheses(i)
    del data["insisted"]
    old = parse_json(json.dumps(data))
    assert old.insisted() == () and old.typed_stickers() == (F5,)
    assert old.hypotheses(u5) == read.hypotheses(u5)
    for bad, words in (("F5", "not \"F5\""), ([5], "it holds 5"), (["F10"], "numbered 1-9")):
        with pytest.raises(StateFormatError) as err:
            parse_json(json.dumps({**data, "insisted": bad}), "kept.json")
        assert "kept.json" in str(err.value) and words in str(err.value)
        assert "'insisted' is a list of sticker names such as [\"F5\", \"U3\"]" in str(err.value)


def test_a_y_is_kept_in_a_state_file_as_a_reading_not_a_correction():
    """The grid's choices taken with y are saved as readings a little surer than the photo's
    (the choice first, the photo's others and the rival shown far behind), neither typed nor
    insisted, so that read back they are still soft."""
    _, a, b, swapped, _ = swapped_pair()
    state = take_choices(swapped, check_reading(swapped))
    data = json.loads(to_json(state))
    assert set(data["accepted"]) == {sticker_name(a), sticker_name(b)}
    back = parse_json(json.dumps(data))
    assert back.insisted() == () and back.typed_stickers() == ()
    assert back.accepted == state.accepted == frozenset({a, b})
    for i in (a, b):
        alts = back.hypotheses(i)
        assert alts[0] == Hypothesis(state.stickers[i], 1.0) and len(alts) > 1
        assert max(h.score for h in alts[1:]) <= 0.05
        # the file's candidates are what the photo read, and so is the reading read back
        written = data["candidates"][sticker_name(i)[0]][i % 9]
        assert [c["token"] for c in written] == [h.sticker.token
                                                 for h in swapped.hypotheses(i)]
        assert state.photo_reading(i) == swapped.hypotheses(i)
        assert [(h.sticker, round(h.score, 4)) for h in back.photo_reading(i)] == \
            [(h.sticker, round(h.score, 4)) for h in swapped.hypotheses(i)]
    # the rival the person was shown stays behind the choice even where the photo never
    # listed it (a centre's half turn), so that a later correction can still overrule the y
    s = swapped.stickers[F5]
    taken = swapped.with_accepted(F5, s, s.turned(2))
    assert taken.hypotheses(F5) == (Hypothesis(s, 1.0), Hypothesis(s.turned(2), 0.05))
    assert parse_json(to_json(taken)).hypotheses(F5) == taken.hypotheses(F5)
    for bad, words in (([], "not a list"), ({"F5": 5}, "F5 has 5"), ({"F10": None}, "1-9")):
        with pytest.raises(StateFormatError) as err:
            parse_json(json.dumps({**data, "accepted": bad}), "kept.json")
        assert "kept.json" in str(err.value) and words in str(err.value)


def test_a_token_typed_after_a_y_is_weighed_against_the_photo_not_the_choice():
    """A sticker the photo read X (0.9) or Y, taken as Y with y: its photo reading is still
    X. Typed X afterwards it is what the photo read (held, never the slip); typed Y it is
    a correction of the photo's X for the first time (a suspect, not insisted on)."""
    truth = _puzzle(0)
    u1 = sticker_index("U1")
    x = truth.stickers[u1]
    y = Sticker(x.digit % 9 + 1, x.rot)
    read = unsure_reading(truth, {u1: (Hypothesis(x, 0.9), Hypothesis(y, 0.1))})
    taken = read.with_accepted(u1, y)
    assert taken.photo_reading(u1) == read.hypotheses(u1) and taken.typed_stickers() == ()
    back = taken.with_sticker(u1, x, typed=True)
    assert back.insisted() == (u1,) and back.typed_stickers() == ()
    assert back.accepted == frozenset() and back.photo_reading(u1) == read.hypotheses(u1)
    again = taken.with_sticker(u1, y, typed=True)
    assert again.insisted() == () and again.typed_stickers() == (u1,)
    assert again.prior(u1) == read.hypotheses(u1)


def test_the_photos_own_token_typed_after_a_y_is_not_named_the_slip(black):
    """The black cube: F5 3^ typed twice (insisted) puts the doubt on F2, y takes 5^ there;
    F2 3^ typed then is what the photo read (3^ at 0.99): held, not named the likely slip
    with the y'd 5^ as "what the photo read"."""
    read, _ = black
    state = _typed(read, "F5 3^", "F5 3^")
    check = check_reading(state, FOOTED)
    assert F2 in check.unsure and check.grid.insisted == (F5,)
    state = take_choices(state, check)
    assert state.photo_reading(F2) == read.hypotheses(F2)
    # reopened from the state file a review keeps, the answers are named as the person's
    said = "From your earlier review: typed F5 3^ (held); taken with y: F2 5^."
    assert earlier_answers(state) == said
    assert earlier_answers(parse_json(to_json(state))) == said
    assert earlier_answers(read) == ""
    state = _typed(state, "F2 3^")
    assert state.insisted() == (F2, F5) and state.typed_stickers() == ()
    check = check_reading(state, FOOTED)
    notes = " ".join(check.typed_notes)
    assert "Likely slip" not in notes and "F2 5^" not in notes
    # no diagnosis ran (the reading fits as typed), yet the grid doubts centres and stickers
    # the photos read surely: the tokens it holds as typed are named, with the way back
    assert check.grid.insisted == () and set(check.unsure) >= {sticker_index("R5")}
    # F2 3^ is what its photo read: a confirmation, neither named nor to take back
    assert notes.startswith("The grid keeps F5 3^ as you typed it; it doubts R5")
    assert notes.endswith("which the photos read surely. If F5 3^ is a slip, type F5 5^.")
    assert "F2" not in notes and "instead" not in notes
    quiet = typed_slips(state, check.grid, FOOTED, person=False)
    assert quiet[0].endswith("If F5 3^ is a slip, the photo read F5 5^.")


def _misread(state: CubeState, name: str, token: str) -> CubeState:
    """``state`` with sticker ``name`` read ``token`` for sure (a confident misread)."""
    i = sticker_index(name)
    stickers, cands = list(state.stickers), list(state.candidates)
    stickers[i] = parse_token(token)
    cands[i] = (Hypothesis(parse_token(token), 1.0),)
    return CubeState(tuple(stickers), state.n, tuple(cands), state.priors, state.held,
                     state.accepted)


def test_tokens_typed_as_the_photo_read_them_are_not_named_held(black):
    """The black cube with U1 misread 2> for sure, so the grid doubts it: F5 5^ typed, just
    what the photo read, is a confirmation and no note names it as held or kept (it is no
    reason for the doubt on U1, and there is nothing to take back); F5 3^ typed instead is
    overridden, and the stop without a person says so apart from the sticker it is not sure
    of, not that another reading of both is about as likely."""
    read, _ = black
    state = _typed(_misread(read, "U1", "2>"), "F5 5^")
    check = check_reading(state, FOOTED)
    assert set(check.unsure) == {U1} and check.typed_notes == []
    stop = unsure_message(state, check.grid, FOOTED)
    assert "keeps" not in stop and "F5" not in stop
    state = _typed(_misread(read, "U1", "2>"), "F5 3^")
    check = check_reading(state, FOOTED)
    assert set(check.unsure) == {U1, F5} and check.grid.typed_refused == (F5,)
    stop = " ".join(unsure_message(state, check.grid, FOOTED).split())
    assert ("The grid solver overrides the token typed: F5 (grid 5^, or 3^), and is not sure "
            "of 1 other sticker: U1 (grid 1>, or 2>); no plan was made against what you "
            "typed or from a guess.") in stop
    assert "another reading about as likely" not in stop


def test_a_reopened_review_names_the_answers_it_holds():
    """``solve FILE`` of a state file a review kept: every sticker is sure now, and the
    review says which of them the person typed or took with y, not only that all read
    with confidence."""
    truth, a, b, swapped, _ = swapped_pair()
    state = take_choices(swapped, check_reading(swapped))
    state = _typed(state, f"{sticker_name(a)} {state.stickers[a].token}")
    back = parse_json(to_json(state))
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    run_review(console, back, read_line=None)
    flat = " ".join(console.export_text().split())
    assert (f"From your earlier review: typed {sticker_name(a)} {state.stickers[a].token} "
            f"(held); taken with y: {sticker_name(b)} {state.stickers[b].token}.") in flat


def _insisted_centre() -> tuple[CubeState, CubeState, CubeState]:
    """F5 and R5 read a quarter turn off, the true F5 typed twice (insisted on): the real
    cube, the reading and the state."""
    truth, read = _centre_off("F5", "R5")
    true_f5 = f"F5 {truth.stickers[F5].token}"
    return truth, read, _typed(read, true_f5, true_f5)


def test_the_diagnosis_of_an_insisted_token_names_the_photos_reading_not_a_key_to_type():
    """The diagnosis is read without a person too (``solve --json``, ``guide STATE``): it
    names what the photo read rather than a token to type."""
    truth, read, state = _insisted_centre()
    err = diagnose(state, FOOTED)
    assert err.insisted == (F5,)
    text = " ".join(str(err).split())
    photo = read.stickers[F5].token
    assert f"If F5 {truth.stickers[F5].token} was a slip, the photo read F5 {photo}." in text
    assert "type F5" not in text


def test_no_fix_found_names_the_insisted_tokens_as_a_possible_cause(monkeypatch):
    """Where no fix is found at all, the tokens typed again as they stood are named: held as
    typed, they may be why (no other search is made to tell)."""
    from sudoku_cube.models.grid import diagnosis

    truth, read, state = _insisted_centre()
    monkeypatch.setattr(diagnosis, "_culprits", lambda *a, **k: ([], False, ()))
    text = " ".join(str(diagnose(state, FOOTED)).split())
    true_f5 = f"F5 {truth.stickers[F5].token}"
    assert "No fix with" in text
    assert (f"{true_f5}, typed again as it stood, is held as typed and may be the cause: if "
            f"{true_f5} was a slip, the photo read F5 {read.stickers[F5].token}.") in text


def test_an_insistence_that_moves_the_doubt_onto_a_typed_token_names_it():
    """The repair changes only another typed token (the likely slip): the note says that
    token is named because of the insistence, not that "the grid looks elsewhere"."""
    from dataclasses import replace

    truth, read, state = _insisted_centre()
    u5 = sticker_index("U5")
    state = _typed(state, f"U5 {read.stickers[u5].turned(2).token}")
    sol = replace(solve_grid(_typed(read, f"F5 {truth.stickers[F5].token}"), FOOTED),
                  insisted=(F5,), repaired=(u5,), typed_refused=(u5,))
    notes = typed_slips(state, sol, FOOTED)
    u5_typed = f"U5 {state.stickers[u5].token}"
    assert notes[0].startswith(f"Likely slip: {u5_typed} as typed")
    assert notes[1].startswith(f"{u5_typed} is named the likely slip because you insisted on "
                               f"F5 {truth.stickers[F5].token}")
    assert "so the grid changes U5 instead" in notes[1] and "looks elsewhere" not in notes[1]


def test_the_quit_message_counts_the_ys_apart_from_the_corrections(tmp_path):
    """Choices taken with y are saved, but they are not corrections typed."""
    from sudoku_cube.assistant.terminal.review_ui import (ReviewQuit, corrected_count,
                                                          kept_corrections, taken_count)

    _, a, b, swapped, _ = swapped_pair()
    state = take_choices(swapped, check_reading(swapped))
    assert corrected_count(swapped, state) == 0 and taken_count(swapped, state) == 2
    both = _typed(state, f"{sticker_name(a)} {swapped.stickers[a].turned(1).token}")
    assert corrected_count(swapped, both) == 1 and taken_count(swapped, both) == 1
    saved = tmp_path / "kept.json"
    said = kept_corrections(ReviewQuit(0, saved, taken=2))
    assert said.startswith(" The 2 grid choices taken with y are saved with the reading in")
    said = kept_corrections(ReviewQuit(1, saved, taken=1))
    assert said.startswith(" The correction typed and the grid's choice taken with y are saved")
    assert kept_corrections(ReviewQuit(1, saved)).startswith(" The correction typed is saved")


def test_a_token_typed_over_a_doubtful_photo_reading_is_not_named_held(black):
    """The black cube with U1 misread 2> for sure (the grid doubts it) and L2 read in doubt,
    a wrong digit first (0.5) over the truth (0.3): L2 typed as the truth settles a doubt the
    photo left, against nothing it was sure of, so no note offers the photo's weak wrong
    reading back as the way to take a slip back."""
    read, truth = black
    l2 = sticker_index("L2")
    right = truth.stickers[l2]
    wrong = Sticker(right.digit % 9 + 1, right.rot)
    state = _misread(read, "U1", "2>")
    stickers, cands = list(state.stickers), list(state.candidates)
    stickers[l2] = wrong
    cands[l2] = (Hypothesis(wrong, 0.5), Hypothesis(right, 0.3))
    state = CubeState(tuple(stickers), state.n, tuple(cands), state.priors, state.held,
                      state.accepted)
    state = _typed(state, f"L2 {right.token}")
    check = check_reading(state, FOOTED)
    assert U1 in check.unsure
    notes = " ".join(check.typed_notes)
    assert f"L2 {wrong.token}" not in notes and "keeps" not in notes
