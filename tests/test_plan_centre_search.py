"""The compiled centre-aware two-phase solver: built by the install, every orientation's answer
solves pieces and centres on the model (symmetric centres too), and the planner uses it."""
from __future__ import annotations

import random

from sudoku_cube.models.plan.centre_search import available, orientations, solve_oriented
from sudoku_cube.models.cube.moves import simplify
from sudoku_cube.models.cube.pieces import centre_facelets
from sudoku_cube.models.plan.samples import scrambled
from sudoku_cube.models.plan.planner import plan_to_target, problems_for
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.solved import is_solved


def test_extension_is_built():
    assert available(), "sudoku_cube.models._twophase missing: run `pip install -e .` (needs gcc)"


def test_every_orientation_solves_pieces_and_centres():
    rng = random.Random(31)
    settings = CubeSettings()
    for _ in range(4):
        state, design, _ = scrambled(rng, 30)
        p = problems_for(state, [design], settings)[0]
        for sym, inverse in orientations():
            moves = solve_oriented(p.dest, p.centre_turns, p.centre_free, sym, inverse, 20_000)
            assert moves is not None and len(moves) <= 30
            assert simplify(moves) == moves
            assert is_solved(state.apply(moves), settings.symmetric)


def test_symmetric_centres_may_end_half_turned():
    rng = random.Random(32)
    settings = CubeSettings(symmetric=frozenset({1, 2, 3, 4, 5, 6, 7, 8, 9}))
    for _ in range(3):
        state, design, _ = scrambled(rng, 25)
        c = centre_facelets()[rng.randrange(6)]
        turned = design.with_sticker(c, design.stickers[c].turned(2)).without_candidates()
        p = problems_for(state, [turned], settings)[0]
        assert all(p.centre_free)
        moves = solve_oriented(p.dest, p.centre_turns, p.centre_free, *orientations()[1], 20_000)
        assert moves is not None and is_solved(state.apply(moves), settings.symmetric)


def test_planner_takes_the_centre_aware_plan():
    rng = random.Random(33)
    methods = []
    for _ in range(3):
        state, design, _ = scrambled(rng, 30)
        p = plan_to_target(state, design)
        assert is_solved(state.apply(p.moves)) and p.stats["verified"]
        assert len(p.moves) <= 30
        methods.append(p.stats["method"])
    assert "centre-aware two-phase" in methods, methods  # it wins on these cubes
