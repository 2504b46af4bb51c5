"""Joint decoding repairs what it can prove and never settles a guess: a confident misread
whose truth the classifier never listed is repaired to the truth and sent to review (the
plan from it solves the real cube); a blurred 8 in a centre is not settled upside down, one
whose turn is clear and only its digit in doubt is; a
review lists every sticker some close reading reads differently."""
from __future__ import annotations

import pytest

from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.grid import GridUnsolvableError, solve_grid
from sudoku_cube.models.cube.pieces import centre_facelets
from sudoku_cube.models.plan.planner import plan
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker, same_sticker
from tests.conftest import unsure_reading

SEED = 11
FOOTED = CubeSettings(symmetric=frozenset())
"""The black cube's settings: its 1 has a foot, so no digit looks the same turned round."""


@pytest.fixture(scope="module")
def state():
    return make_puzzle(SEED, 25, symmetric=frozenset()).state


def _edge_cell(state, pred) -> int:
    centres = set(centre_facelets())
    return next(i for i, s in enumerate(state.stickers) if i not in centres and pred(s))


def test_a_confident_quarter_turn_misread_is_repaired_to_the_truth(state):
    """A sticker read 0.97 sure a quarter turn off, its truth not among the alternatives (no
    solved cube fits): repaired to the truth, sent to review, and the plan solves the cube."""
    i = _edge_cell(state, lambda s: True)
    true = state.stickers[i]
    read = unsure_reading(state, {i: (Hypothesis(true.turned(1), 0.97),
                                      Hypothesis(Sticker(true.digit % 9 + 1, true.rot), 0.02))})
    sol = solve_grid(read, FOOTED)
    assert sol.review == (i,) and sol.stats["repaired"] == 1
    assert sol.chosen == state.stickers
    p = plan(sol, FOOTED)
    assert is_solved(state.apply(p.moves), FOOTED.symmetric)


def test_a_state_file_without_alternatives_is_still_refused(state):
    """Typed tokens count as certain: no repair, the diagnosis names the sticker."""
    i = _edge_cell(state, lambda s: True)
    typed = state.with_sticker(i, state.stickers[i].turned(1)).without_candidates()
    with pytest.raises(GridUnsolvableError) as err:
        solve_grid(typed, FOOTED)
    assert [c.index for c in err.value.culprits] == [i]


def test_a_blurred_eight_in_a_centre_is_not_settled_upside_down(state):
    """A centre 8 read with doubt the wrong way up (its half-turn twin unlisted): the cube
    cannot tell a centre's half turn, so the centre goes to review instead of sure-wrong."""
    centre = next(j for j in centre_facelets() if state.stickers[j].digit == 8)  # F5
    true = state.stickers[centre]
    read = unsure_reading(state, {centre: (Hypothesis(true.turned(2), 0.55),
                                           Hypothesis(Sticker(5, true.rot), 0.1))})
    sol = solve_grid(read, FOOTED)
    assert centre in sol.review and not sol.sure


def test_an_eight_in_a_centre_doubtful_only_in_its_digit_is_settled(state):
    """A centre 8 read with doubt between 8 and 3, the same way up, its half-turn twin listed
    far below (the reader saw which bowl is the smaller): no question about its turn."""
    centre = next(j for j in centre_facelets() if state.stickers[j].digit == 8)
    true = state.stickers[centre]
    read = unsure_reading(state, {centre: (Hypothesis(true, 0.6),
                                           Hypothesis(Sticker(3, true.rot), 0.3),
                                           Hypothesis(true.turned(2), 0.004))})
    sol = solve_grid(read, FOOTED)
    assert sol.chosen[centre] == true
    assert centre not in sol.review and sol.sure


def test_an_eight_in_a_centre_whose_turns_score_alike_goes_to_review(state):
    centre = next(j for j in centre_facelets() if state.stickers[j].digit == 8)
    true = state.stickers[centre]
    read = unsure_reading(state, {centre: (Hypothesis(true, 0.6),
                                           Hypothesis(Sticker(3, true.rot), 0.3),
                                           Hypothesis(true.turned(2), 0.1))})
    sol = solve_grid(read, FOOTED)
    assert centre in sol.review and not sol.sure


@pytest.mark.parametrize("digit", [8, None])
def test_a_centre_read_upside_down_at_twenty_to_one_goes_to_review(state, digit):
    """A centre read 0.95 the wrong way up, its true turn 0.044 (glare over a centre 8): the
    cube checks no centre's half turn, so twenty to one does not settle it (the grid would
    leave it upside down at the end); the centre goes to review, for an 8 as for any other
    digit. At a thousand to one it is settled."""
    centre = next(j for j in centre_facelets()
                  if digit is None and state.stickers[j].digit not in (1, 8)
                  or state.stickers[j].digit == digit)
    true = state.stickers[centre]
    read = unsure_reading(state, {centre: (Hypothesis(true.turned(2), 0.95),
                                           Hypothesis(true, 0.044))})
    sol = solve_grid(read, FOOTED)
    assert centre in sol.review and not sol.sure
    read = unsure_reading(state, {centre: (Hypothesis(true, 0.998),
                                           Hypothesis(true.turned(2), 0.001))})
    sol = solve_grid(read, FOOTED)
    assert sol.chosen[centre] == true and sol.sure
