"""Grid solver: geometry consequences, solving scrambles (solved and reachable), enumeration."""
from __future__ import annotations

import kociemba
import pytest

from sudoku_cube.models.generator.cube3 import make_puzzle, random_scramble
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.grid import enumerate_targets, solve_grid, sticker_hypotheses
from sudoku_cube.models.grid.data import corner_landings, edge_landings
from sudoku_cube.models.cube.moves import parse_moves, sequence_transform
from sudoku_cube.models.cube.pieces import centre_facelets, corner_facelets, edge_facelets
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker, same_sticker

CENTRES = frozenset(centre_facelets())


def implied_placements(transform, groups, landings, size):
    """Placements (p -> (q, t)) a sticker transform performs, checked against the landings."""
    where = {f: (p, k) for p, fs in enumerate(groups) for k, f in enumerate(fs)}
    out = {}
    for q, fs in enumerate(groups):
        p, k = where[transform.source[fs[0]]]
        t = (-k) % size
        out[p] = (q, t)
        for landing in landings[p][q][t]:
            assert transform.source[landing.target] == landing.source
            assert transform.twist[landing.target] == landing.delta
    return out


@pytest.mark.parametrize("seed", range(40))
def test_landings_agree_with_face_turns(seed):
    t = sequence_transform(random_scramble(seed, 1 + seed % 25))
    corners = implied_placements(t, corner_facelets(), corner_landings(), 3)
    edges = implied_placements(t, edge_facelets(), edge_landings(), 2)
    assert sum(tw for _, tw in corners.values()) % 3 == 0
    assert sum(tw for _, tw in edges.values()) % 2 == 0


def assert_reachable(sol, symmetric=frozenset({1})):
    """Independent check with kociemba: label each sticker with the face it must go to, solve
    that colouring, apply the moves to the chosen readings: every piece must then match the
    target and the centres must still need an even total of quarter turns."""
    dest = [""] * 54
    for j, i in enumerate(sol.transform.source):
        dest[i] = FACES[j // 9]
    facelets = "".join(dest)
    start = CubeState(sol.chosen)
    solved_colours = "".join(f * 9 for f in FACES)
    moves = () if facelets == solved_colours else parse_moves(kociemba.solve(facelets))
    after = start.apply(moves)
    for j in range(54):
        if j not in CENTRES:
            assert after.stickers[j] == sol.target.stickers[j], j
    offset = 0
    for j in CENTRES:
        a, b = after.stickers[j], sol.target.stickers[j]
        assert a.digit == b.digit
        offset += (b.rot - a.rot) % 4
    assert offset % 2 == 0, "centres would need an odd total of quarter turns"


def same_reading(a, b, symmetric=frozenset({1})) -> bool:
    return all(same_sticker(x, y, symmetric) for x, y in zip(a, b))


@pytest.mark.parametrize("seed", range(12))
def test_random_scrambles_are_solved_and_reachable(seed):
    pz = make_puzzle(1000 + seed, 25)
    sol = solve_grid(pz.state)
    assert is_solved(sol.target)
    assert CubeState(sol.chosen).transformed(sol.transform) == sol.target
    assert same_reading(sol.chosen, pz.state.stickers)
    assert sol.changed == ()
    assert_reachable(sol)
    for f, r in sol.directions.items():
        k = FACES.index(f)
        assert all(s.rot == r for s in sol.target.stickers[9 * k:9 * k + 9] if s.digit != 1)
    assert sorted({q for q, _ in sol.corner_moves}) == list(range(8))
    assert sorted({q for q, _ in sol.edge_moves}) == list(range(12))
    assert all(0 <= t <= 3 for t in sol.centre_turns.values())


def test_solved_cube_stays_put():
    pz = make_puzzle(7, 0)
    sol = solve_grid(pz.state)
    assert sol.corner_moves == tuple((p, 0) for p in range(8))
    assert sol.edge_moves == tuple((p, 0) for p in range(12))
    assert set(sol.centre_turns.values()) == {0}
    assert same_reading(sol.target.stickers, pz.design.stickers)


def test_deterministic():
    pz = make_puzzle(31, 25)
    a, b = solve_grid(pz.state), solve_grid(pz.state)
    assert a.key() == b.key() and a.centre_turns == b.centre_turns and a.chosen == b.chosen


def test_enumeration_counts_distinct_targets():
    # seed 2 has two different solved arrangements (found by counting), seed 0 only one
    sols = enumerate_targets(make_puzzle(2, 25).state, CubeSettings(), 50)
    assert len(sols) == 2 and sols[0].target != sols[1].target
    for s in sols:
        assert is_solved(s.target)
        assert_reachable(s)
        assert s.solution_count == 2 and s.stats["count_complete"]
    one = solve_grid(make_puzzle(0, 25).state, count_cap=50)
    assert one.solution_count == 1 and one.stats["unique"]
    capped = solve_grid(make_puzzle(2, 25).state, count_cap=1)
    assert capped.solution_count == 1 and not capped.stats["unique"]
    assert not capped.stats["count_complete"]


def test_symmetric_twin_and_symmetric_setting():
    hyps = sticker_hypotheses(CubeState((Sticker(1, 0),) + (Sticker(2, 0),) * 53))
    assert {h.sticker for h in hyps[0]} == {Sticker(1, 0), Sticker(1, 2)}
    assert len(hyps[1]) == 1
    sym = frozenset({1, 8})
    pz = make_puzzle(5, 25, symmetric=sym)
    sol = solve_grid(pz.state, CubeSettings(symmetric=sym))
    assert is_solved(sol.target, sym)
    assert_reachable(sol, sym)


def test_six_nine_ambiguity():
    pz = make_puzzle(12, 25)
    six = next(i for i, s in enumerate(pz.state.stickers) if s.digit == 6 and i not in CENTRES)
    true = pz.state.stickers[six]
    nine = Sticker(9, (true.rot + 2) % 4)
    # a reading that carries both, the wrong one first
    cands = [(Hypothesis(s, None),) for s in pz.state.stickers]
    cands[six] = (Hypothesis(nine, 0.5), Hypothesis(true, 0.5))
    stickers = list(pz.state.stickers)
    stickers[six] = nine
    state = CubeState(tuple(stickers), 3, tuple(cands))
    sol = solve_grid(state)
    assert sol.chosen[six] == true and is_solved(sol.target)
    # a cube without underlines: a certain "9" may be a 6 upside down
    plain = pz.state.with_sticker(six, nine).without_candidates()
    sol = solve_grid(plain, CubeSettings(underlined_69=False))
    assert sol.chosen[six] == true and sol.changed == (six,)
    assert_reachable(sol)


def test_wrong_top_reading_is_corrected():
    pz = make_puzzle(21, 25)
    i = 9 * 2 + 6  # F7
    true = pz.state.stickers[i]
    wrong = Sticker(true.digit % 9 + 1, true.rot)
    cands = [(Hypothesis(s, None),) for s in pz.state.stickers]
    cands[i] = (Hypothesis(wrong, 0.7), Hypothesis(true, 0.25), Hypothesis(true.turned(1), 0.05))
    stickers = list(pz.state.stickers)
    stickers[i] = wrong
    sol = solve_grid(CubeState(tuple(stickers), 3, tuple(cands)))
    assert sol.chosen[i] == true and sol.changed == (i,)
    assert is_solved(sol.target)
    assert_reachable(sol)


def test_scores_prefer_the_likelier_reading():
    from sudoku_cube.models.grid.samples import doubtful_state
    hits = 0
    for seed in range(6):
        pz = make_puzzle(300 + seed, 25)
        state = doubtful_state(pz.state, seed)
        assert state.stickers != pz.state.stickers
        sol = solve_grid(state)
        assert is_solved(sol.target)
        hits += same_reading(sol.chosen, pz.state.stickers)
    assert hits >= 5
