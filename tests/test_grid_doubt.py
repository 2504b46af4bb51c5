"""Joint decoding of doubtful readings: many open (unsure) cells settled to the truth, two
stickers that may be each other's digit sent to review, never settled by a guess."""
from __future__ import annotations

import pytest

from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.grid import solve_grid
from sudoku_cube.models.grid.model import is_open
from sudoku_cube.models.cube.pieces import centre_facelets
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker, same_sticker
from tests.conftest import open_cell, unsure_reading

SEED = 11  # a design whose scramble has exactly one solved arrangement
CENTRES = frozenset(centre_facelets())


@pytest.fixture(scope="module")
def truth():
    """The puzzle's true stickers and where each lands when solved (target cell -> sticker)."""
    state = make_puzzle(SEED, 25).state
    sol = solve_grid(state)
    return state, sol.transform.source


def same(a, b) -> bool:
    """Equal readings, a 1 also turned half round (the default symmetric digit)."""
    return all(same_sticker(x, y, {1}) for x, y in zip(a, b))


def misread(s: Sticker) -> Sticker:
    """A wrong reading of ``s``: another digit, the same way up."""
    return Sticker(s.digit % 9 + 1, s.rot)


def test_twenty_unsure_cells_settled_to_the_truth(truth):
    """Twenty cells (more than the old cap of twelve wildcards) each read wrong at 0.55 with
    the truth only second at 0.2: joint decoding recovers all twenty and is sure of it."""
    state, _ = truth
    cells = [i for i in range(54) if i not in CENTRES][::2][:20]
    got = unsure_reading(state, {i: open_cell({misread(state.stickers[i]): 0.55,
                                               state.stickers[i]: 0.2}) for i in cells})
    assert all(is_open(got.hypotheses(i)) for i in cells)
    sol = solve_grid(got)
    assert same(sol.chosen, state.stickers)
    assert sol.sure and sol.margin is None


def test_blank_sticker_settled_by_its_face(truth):
    """One blank sticker (no evidence at all): its face's missing digit and direction decide
    it, and nothing else could fit, so decoding is sure."""
    state, _ = truth
    i = 10
    sol = solve_grid(unsure_reading(state, {i: open_cell({})}))
    assert same([sol.chosen[i]], [state.stickers[i]])
    assert sol.sure


def test_two_stickers_that_may_be_each_others_digit_go_to_review(truth):
    """Two unsure stickers landing on the same face, each read as the other's digit at about
    the score of its own: both readings make a solved cube, so decoding must not pick one
    silently; it names both for review."""
    state, source = truth
    face = [source[j] for j in range(18, 27) if source[j] not in CENTRES]
    a, b = next((a, b) for a in face for b in face
                if state.stickers[a].digit != state.stickers[b].digit)
    sa, sb = state.stickers[a], state.stickers[b]
    swapped_a, swapped_b = Sticker(sb.digit, sa.rot), Sticker(sa.digit, sb.rot)
    got = unsure_reading(state, {a: open_cell({swapped_a: 0.5, sa: 0.45}),
                                 b: open_cell({swapped_b: 0.5, sb: 0.45})})
    sol = solve_grid(got)
    assert not sol.sure
    assert set(sol.review) == {a, b}


def test_blank_centre_rotation_goes_to_review(truth):
    """A blank centre: its digit follows from its face, its rotation from nothing (the centre
    turns in place), so decoding names it for review rather than guess how it points."""
    state, _ = truth
    c = sorted(CENTRES)[2]
    sol = solve_grid(unsure_reading(state, {c: open_cell({})}))
    assert sol.chosen[c].digit == state.stickers[c].digit
    assert sol.review == (c,)


def test_clear_evidence_decides_between_two_fits(truth):
    """The same two stickers, but one read clearly (0.9 against 0.02): the other fit is forty
    times less likely, so decoding settles it and is sure."""
    state, source = truth
    face = [source[j] for j in range(18, 27) if source[j] not in CENTRES]
    a, b = next((a, b) for a in face for b in face
                if state.stickers[a].digit != state.stickers[b].digit)
    sa, sb = state.stickers[a], state.stickers[b]
    got = unsure_reading(state, {a: open_cell({Sticker(sb.digit, sa.rot): 0.5, sa: 0.45}),
                                 b: open_cell({sb: 0.9, Sticker(sa.digit, sb.rot): 0.02})})
    sol = solve_grid(got)
    assert same(sol.chosen, state.stickers)
    assert sol.sure


def test_confident_reading_overruled_goes_to_review(truth):
    """Sticker a misread confidently as the digit of b (its truth not even listed): the only
    solved cube reads b as a far-fetched alternative (0.005 against 0.95). Decoding may return
    it, but never as sure: b is named for review."""
    state, source = truth
    face = [source[j] for j in range(18, 27) if source[j] not in CENTRES]
    a, b = next((a, b) for a in face for b in face
                if state.stickers[a].digit != state.stickers[b].digit)
    sa, sb = state.stickers[a], state.stickers[b]
    got = unsure_reading(state, {a: (Hypothesis(Sticker(sb.digit, sa.rot), 0.97),),
                                 b: (Hypothesis(sb, 0.95),
                                     Hypothesis(Sticker(sa.digit, sb.rot), 0.005))})
    sol = solve_grid(got)
    assert sol.chosen[b] == Sticker(sa.digit, sb.rot)
    assert not sol.sure and b in sol.review


def test_a_sure_reading_overruled_in_an_open_cell_goes_to_review(truth):
    """A learned recogniser lists all 36 readings for a cell (an open cell) however sure it
    is. Here F5 is read right at 0.98 that way, and F9 is misread as F5's sticker at 0.99
    with no other reading listed. The face cannot hold that sticker twice, so the solver
    must overrule one of them, and only F5 offers anything else, at the recogniser's floor.
    Settling that silently would accept the misread: F5 is sent to review instead."""
    state, _ = truth
    a, b = 21, 25  # F5, F9
    sa = state.stickers[a]
    got = unsure_reading(state, {a: open_cell({sa: 0.98}), b: (Hypothesis(sa, 0.99),)})
    assert is_open(got.hypotheses(a)) and not is_open(got.hypotheses(b))
    sol = solve_grid(got)
    assert not sol.sure
    assert a in sol.review
