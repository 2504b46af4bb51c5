"""Plans for random scrambles end solved on the model, are never longer than the naive
baseline, and handle solved, symmetric-centre and impossible cubes."""
from __future__ import annotations

import random

import kociemba
import pytest

from sudoku_cube.models.errors import UnsolvableError
from sudoku_cube.models.plan.kociemba_bridge import SOLVED_COLOURS, colours_of, premoved, solve_dest
from sudoku_cube.models.plan.naive import naive_moves
from sudoku_cube.models.cube.pieces import centre_facelets, corner_facelets
from sudoku_cube.models.plan.samples import scrambled
from sudoku_cube.models.plan.search import simplify_labelled
from sudoku_cube.models.plan.planner import plan_to_target, problems_for
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.moves import parse_moves


def test_random_scrambles_verified_and_never_longer_than_naive():
    rng = random.Random(2024)
    settings = CubeSettings()
    for _ in range(8):
        state, design, _ = scrambled(rng, 30)
        p = plan_to_target(state, design, settings, max_candidates=16)
        assert is_solved(state.apply(p.moves))
        assert p.stats["verified"]
        assert len(p.phases) == len(p.moves)
        naive = naive_moves(problems_for(state, [design], settings)[0])
        assert is_solved(state.apply(naive))
        assert len(p.moves) <= len(naive)
        steps = p.steps()
        assert steps[0].before == p.start and steps[-1].after == p.target
        assert all(a.after == b.before for a, b in zip(steps, steps[1:]))
        assert p.stats["moves"] == p.stats["pieces_moves"] + p.stats["centres_moves"]


def test_every_symmetry_and_inverse_solves_the_pieces():
    rng = random.Random(5)
    state, design, _ = scrambled(rng, 30)
    dest = problems_for(state, [design], CubeSettings())[0].dest
    for sym in range(0, 48, 5):
        for inverse in (False, True):
            moves = solve_dest(dest, sym, inverse)
            assert colours_of(premoved(dest, moves)) == SOLVED_COLOURS


def test_solved_cube_gives_empty_plan_without_kociemba(monkeypatch):
    rng = random.Random(6)
    _, design, _ = scrambled(rng, 5)

    def refuse(*a, **k):
        raise AssertionError("kociemba called on a solved cube")

    monkeypatch.setattr(kociemba, "solve", refuse)
    p = plan_to_target(design, design)
    assert p.moves == () and p.target == design


def test_symmetric_centre_half_turn_counts_as_solved():
    rng = random.Random(7)
    _, design, _ = scrambled(rng, 5)
    centres = centre_facelets()
    k = next(c for c in centres if design.stickers[c].digit != 1)
    one = next((c for c in centres if design.stickers[c].digit == 1), None)
    turned = design.with_sticker(k, design.stickers[k].turned(2)).without_candidates()
    p = plan_to_target(turned, design, max_candidates=8)
    assert is_solved(turned.apply(p.moves)) and p.moves
    if one is not None:
        state = design.with_sticker(one, design.stickers[one].turned(2)).without_candidates()
        assert is_solved(state) and plan_to_target(state, design).moves == ()


def test_twisted_corner_is_unsolvable():
    rng = random.Random(8)
    state, design, _ = scrambled(rng, 20)
    a, b, c = corner_facelets()[0]
    st = list(state.stickers)
    # twist one corner in place: its three stickers move round one slot, rotations kept
    st[a], st[b], st[c] = st[c], st[a], st[b]
    from sudoku_cube.models.cube.state import CubeState
    with pytest.raises(UnsolvableError):
        plan_to_target(CubeState(tuple(st)), design)


def test_simplify_labelled_merges_and_labels():
    moves = parse_moves("U D U' R R L R2 F F' B")  # U..U' cancel across D, R R..R2 across L
    out, labels = simplify_labelled(moves, ["pieces"] * len(moves))
    assert out == parse_moves("D L B") and labels == ("pieces",) * 3
    out, labels = simplify_labelled(parse_moves("R U U R'"),
                                    ["pieces", "pieces", "centres", "pieces"])
    assert out == parse_moves("R U2 R'")
    assert labels == ("pieces", "centres", "pieces")  # a merge with a centre turn is one
