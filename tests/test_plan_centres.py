"""The centre table covers all 2048 reachable centre orientations, each entry verified; the
facelet carry table and piece mapping agree with the move model."""
from __future__ import annotations

import random

from sudoku_cube.models.plan.centres import centre_effect, centre_table, generators, verify_fix
from sudoku_cube.models.cube.moves import ALL_MOVES, sequence_transform
from sudoku_cube.models.plan.piece_map import apply_map, carry_twists, piece_maps
from sudoku_cube.models.plan.samples import random_moves, scrambled


def test_centre_table_complete_and_every_entry_verified():
    table = centre_table()
    assert len(table) == 2048
    for k, fix in table.items():
        effect = tuple((k >> (2 * (5 - j))) & 3 for j in range(6))
        assert sum(effect) % 2 == 0
        assert centre_effect(fix.moves) == effect
        assert verify_fix(effect, fix), effect
    assert len(table[0].moves) == 0
    assert max(len(f.moves) for f in table.values()) <= 60


def test_generators_are_centre_only():
    for g in generators():
        t = sequence_transform(g)
        assert list(t.source) == list(range(54))
        assert all(tw == 0 for i, tw in enumerate(t.twist) if i % 9 != 4)


def test_carry_twists_do_not_depend_on_the_path():
    carry = carry_twists()
    rng = random.Random(3)
    for _ in range(30):
        t = sequence_transform(random_moves(rng, rng.randrange(1, 25)))
        for d, (s, k) in enumerate(zip(t.source, t.twist)):
            if d % 9 != 4:
                assert carry[(s, d)] == k


def test_piece_map_carries_state_onto_target():
    rng = random.Random(4)
    for _ in range(20):
        state, design, scramble = scrambled(rng, 25)
        maps = piece_maps(state, design)
        assert maps
        for pm in maps:
            assert apply_map(state, pm) == design
        # the centre turns needed are exactly what the scramble's inverse does
        undo = [m.inverse() for m in reversed(scramble)]
        assert maps[0].centre_turns == centre_effect(undo)


def test_all_moves_listed():
    assert len(ALL_MOVES) == 18


def test_cyclic_rotations_of_centre_fixes_are_centre_only_with_the_same_effect():
    from sudoku_cube.models.plan.centres import rotations
    table = centre_table()
    for k in sorted(table)[1::400]:
        fix = table[k]
        effect = tuple((k >> (2 * (5 - j))) & 3 for j in range(6))
        for r in rotations(fix.moves):
            assert len(r) <= len(fix.moves)
            assert verify_fix(effect, type(fix)(r, (r,))), (effect, r)
