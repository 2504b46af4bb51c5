"""The cube's two print facts, written once in vision/recognise/print_facts.py: the 6/9 shape read
either way round, and the footed 1."""
from __future__ import annotations

from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.vision.recognise.print_facts import (
    is_footed, is_underlined, shape_of, six_turn, underlined_pair)


def test_a_six_and_the_nine_half_a_turn_from_it_are_one_shape():
    for r in range(4):
        six, nine = underlined_pair(r)
        assert six == Sticker(6, r) and nine == Sticker(9, (r + 2) % 4)
        assert six_turn(six) == six_turn(nine) == r
        assert shape_of(six) == shape_of(nine) == six


def test_other_digits_are_their_own_shape_and_only_6_and_9_are_underlined():
    for d in (1, 2, 3, 4, 5, 7, 8):
        for r in range(4):
            assert shape_of(Sticker(d, r)) == Sticker(d, r) and six_turn(Sticker(d, r)) is None
    assert [d for d in range(1, 10) if is_underlined(d)] == [6, 9]
    assert [d for d in range(1, 10) if is_footed(d)] == [1]
