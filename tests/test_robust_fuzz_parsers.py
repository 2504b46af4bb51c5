"""Fuzzing the state and move parsers: mutated inputs give documented errors, never a crash."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_cube.models.errors import MoveError, StateFormatError
from sudoku_cube.models.cube.moves import parse_moves
from sudoku_cube.models.cube.state_format import (parse_json, parse_state, parse_text, to_json,
                                                  to_text)
from tests.conftest import random_design
from tests.fuzzcount import tried

GOOD = random_design(random.Random(99))
GOOD_JSON = to_json(GOOD)
GOOD_TEXT = to_text(GOOD)


def _mutate(text: str, data) -> str:
    """Delete, insert or replace a few characters."""
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 6))):
        op = data.draw(st.sampled_from(["del", "ins", "rep"]))
        pos = data.draw(st.integers(0, max(0, len(chars) - 1)))
        c = data.draw(st.characters(codec="utf-8"))
        if op == "del" and chars:
            del chars[pos]
        elif op == "ins":
            chars.insert(pos, c)
        elif chars:
            chars[pos] = c
    return "".join(chars)


@given(st.data())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_json_states(data):
    tried("state JSON parser")
    text = _mutate(GOOD_JSON, data)
    try:
        parse_json(text, source="fuzz.json")
    except StateFormatError as e:
        assert "fuzz.json" in str(e)


@given(st.data())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_text_states(data):
    tried("state text parser")
    try:
        parse_text(_mutate(GOOD_TEXT, data), source="fuzz.txt")
    except StateFormatError as e:
        assert "fuzz.txt" in str(e)


json_values = st.recursive(
    st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=10) | st.dictionaries(st.text(max_size=3), inner,
                                                                 max_size=7),
    max_leaves=40)


@given(json_values)
@settings(max_examples=300, deadline=None)
def test_arbitrary_json_documents(value):
    tried("state parser, arbitrary JSON")
    doc = {"format": "sudoku-cube/1", "faces": value} if isinstance(value, dict) else value
    try:
        parse_state(json.dumps(doc))
    except StateFormatError:
        pass


@given(st.text(alphabet="URFDLBurfdlbxyzMESw2'’ 3", max_size=30))
@settings(max_examples=400, deadline=None)
def test_move_parser(text):
    tried("move parser")
    try:
        moves = parse_moves(text)
    except MoveError as e:
        assert "move" in str(e)
    else:
        assert len(moves) == len(text.split())
