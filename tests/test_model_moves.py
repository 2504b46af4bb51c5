"""The move engine: group laws, known orders and agreement with a physical cube."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.moves import (ALL_MOVES, Move, invert_moves, move_transform,
                                           parse_moves, sequence_transform, simplify)
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.stickers import Sticker
from tests.conftest import random_design

IDENTITY_SIZE = 54


def numbered_state() -> CubeState:
    """A state where every sticker is distinguishable by position (digit = index mod 9 + 1) is
    not enough; use the transform itself for identity checks instead."""
    return CubeState(tuple(Sticker(i % 9 + 1, 0) for i in range(54)))


def test_every_move_has_order_four_and_inverse_undoes_it():
    for m in ALL_MOVES:
        t = move_transform(m)
        assert t.order() == (4 if m.turns != 2 else 2)
        assert t.then(move_transform(m.inverse())).is_identity()
    for face in FACES:
        q = move_transform(Move(face, 1))
        assert q.power(4).is_identity() and not q.power(2).is_identity()


def test_r_u_order_is_420_with_centre_orientation():
    t = sequence_transform(parse_moves("R U"))
    assert t.order() == 420
    # without centre orientation (ignore twist on centres) the order is 105
    centres = {9 * k + 4 for k in range(6)}
    k, cur = 1, t
    while not (all(s == i for i, s in enumerate(cur.source))
               and all(tw == 0 for i, tw in enumerate(cur.twist) if i not in centres)):
        cur, k = cur.then(t), k + 1
    assert k == 105


def test_quarter_turn_moves_twenty_one_stickers():
    for face in FACES:
        moved = move_transform(Move(face, 1)).moved()
        assert len(moved) == 21  # 8 on the face + centre turning + 12 around it


def test_physical_sticker_paths_of_r_and_u():
    s = numbered_state()
    after = s.apply("R")
    # F's right column goes up to U's right column, digits keep pointing to view-up
    for f_i, u_i in ((2, 2), (5, 5), (8, 8)):
        assert after.stickers[u_i] == Sticker(s.stickers[18 + f_i].digit, 0)
    # U's right column goes to B's left column upside down (U3 -> B7, U9 -> B1)
    assert after.stickers[45 + 6] == Sticker(s.stickers[2].digit, 2)
    assert after.stickers[45 + 0] == Sticker(s.stickers[8].digit, 2)
    # the R centre turns a quarter clockwise
    assert after.stickers[9 + 4] == Sticker(s.stickers[13].digit, 1)
    after_u = s.apply("U")
    # U turns F's top row to L, rotation unchanged (both faces have y up)
    for i in range(3):
        assert after_u.stickers[36 + i] == s.stickers[18 + i]
    # U's own stickers turn clockwise: U1 goes to U3 and turns one quarter
    assert after_u.stickers[2] == Sticker(s.stickers[0].digit, 1)


def test_simplify_merges_and_cancels():
    assert simplify(parse_moves("R R")) == parse_moves("R2")
    assert simplify(parse_moves("R R'")) == ()
    assert simplify(parse_moves("U D U'")) == parse_moves("D")
    assert simplify(parse_moves("F R R' F'")) == ()


move_lists = st.lists(st.sampled_from(ALL_MOVES), max_size=30)


@given(move_lists, st.integers(0, 10**6))
@settings(max_examples=150, deadline=None)
def test_sequence_then_inverse_round_trips(moves, seed):
    state = random_design(random.Random(seed))
    assert state.apply(moves).apply(invert_moves(moves)) == state


@given(move_lists, move_lists)
@settings(max_examples=100, deadline=None)
def test_transforms_compose_like_sequences(a, b):
    ta, tb = sequence_transform(a), sequence_transform(b)
    assert ta.then(tb) == sequence_transform(list(a) + list(b))
    assert ta.then(tb).inverse() == tb.inverse().then(ta.inverse())


@given(move_lists)
@settings(max_examples=100, deadline=None)
def test_simplify_keeps_the_effect(moves):
    assert sequence_transform(simplify(moves)) == sequence_transform(moves)
    assert len(simplify(moves)) <= len(moves)


def test_junction_saving_counts_turns_merged_where_two_sequences_meet():
    from sudoku_cube.models.cube.moves import junction_saving

    assert junction_saving(parse_moves("R U"), parse_moves("U' F")) == 2  # U U' cancel
    assert junction_saving(parse_moves("R U"), parse_moves("D U")) == 1   # U D U -> U2 D
    assert junction_saving(parse_moves("R U"), parse_moves("F U")) == 0   # other axis
    assert junction_saving((), parse_moves("U")) == 0


# where a clockwise quarter turn takes a sticker, in the person's words: (face, sticker index
# in net order, the face it lands on) for the words each move uses
_SEEN = {
    "U": ("to your left", "F", 0, "L"),        # the front's top-left goes to the left face
    "D": ("to your right", "F", 6, "R"),       # the front's bottom-left goes to the right face
    "R": ("away from you", "U", 2, "B"),       # the top's right column goes to the back
    "L": ("towards you", "U", 0, "F"),         # the top's left column comes to the front
    "B": ("its top goes to your left", "U", 0, "L"),
}


@pytest.mark.parametrize("face", sorted(_SEEN))
def test_viewer_words_say_where_the_layer_goes(face):
    words, src_face, index, lands = _SEEN[face]
    move = parse_moves(face)[0]
    assert words in move.viewer_words() and words in move.describe()
    t = move_transform(move, 3)
    src = FACES.index(src_face) * 9 + index
    dest = t.source.index(src)
    assert FACES[dest // 9] == lands
    opposite = parse_moves(face + "'")[0].viewer_words()
    assert opposite != move.viewer_words() and "half" in parse_moves(face + "2")[0].describe()



def test_a_typographic_prime_or_apostrophe_is_an_anticlockwise_turn():
    """R′ as the watch window and printed plans draw it, R’ as a phone's keyboard types it."""
    assert parse_moves("R′ U’ F2′ B") == parse_moves("R' U' F2' B")
