"""State formats: round-trips, solved rule, validation, and every malformed-file error."""
from __future__ import annotations

import json
import random

import pytest

from sudoku_cube.models.errors import StateFormatError
from sudoku_cube.models.cube.pieces import encode
from sudoku_cube.models.cube.solved import is_solved, validate
from sudoku_cube.models.cube.state import CubeState, sticker_index, sticker_name
from sudoku_cube.models.cube.state_format import (parse_json, parse_state, parse_text, to_dict,
                                                  to_json, to_text)
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker, parse_token
from tests.conftest import random_design, random_moves


def test_tokens():
    assert parse_token("7>") == Sticker(7, 1)
    assert Sticker(6, 2).token == "6v"
    for bad in ("0^", "7x", "10>", "", "7", "^7"):
        with pytest.raises(ValueError):
            parse_token(bad)


def test_json_and_text_round_trip():
    rng = random.Random(3)
    for _ in range(10):
        s = random_design(rng).apply(random_moves(rng, 20))
        assert parse_json(to_json(s)) == s
        assert parse_text(to_text(s)) == s
        assert parse_state(to_text(s)) == s


def test_candidates_round_trip():
    s = random_design(random.Random(1))
    cands = tuple((Hypothesis(x, 0.8), Hypothesis(x.turned(2), 0.2)) for x in s.stickers)
    s2 = CubeState(s.stickers, 3, cands)
    back = parse_json(to_json(s2))
    assert back.candidates == cands
    assert back.apply("R").candidates == s2.apply("R").candidates


def test_a_token_changed_by_hand_in_faces_is_a_certain_correction():
    """``faces`` holds each sticker's best candidate; a token there that differs from it was
    corrected by hand in the file and must not be undone by the stale alternatives."""
    s = random_design(random.Random(1))
    cands = tuple((Hypothesis(x, 0.8), Hypothesis(x.turned(2), 0.2)) for x in s.stickers)
    data = json.loads(to_json(CubeState(s.stickers, 3, cands)))
    fixed = s.stickers[3].turned(1)
    data["faces"]["U"][3] = fixed.token
    back = parse_json(json.dumps(data))
    assert back.stickers[3] == fixed and back.candidates[3] == (Hypothesis(fixed, None),)
    assert back.candidates[:3] == cands[:3] and back.candidates[4:] == cands[4:]


def test_solved_rule_and_symmetric_setting():
    design = random_design(random.Random(5))
    assert is_solved(design)
    assert not is_solved(design.apply("R"))
    # turn the 1 of face U upside down: still solved with 1 symmetric, not without
    i = next(k for k in range(9) if design.stickers[k].digit == 1)
    flipped = design.with_sticker(i, design.stickers[i].turned(2))
    assert is_solved(flipped, {1})
    assert not is_solved(flipped, set())
    j = next(k for k in range(9) if design.stickers[k].digit == 8)
    flipped8 = design.with_sticker(j, design.stickers[j].turned(2))
    assert not is_solved(flipped8) and is_solved(flipped8, {1, 8})


def test_validate_reports_digit_counts():
    design = random_design(random.Random(2))
    assert validate(design) == []
    i = next(k for k in range(54) if design.stickers[k].digit == 4)
    bad = design.with_sticker(i, Sticker(5, 0))
    messages = " ".join(p.message for p in validate(bad))
    assert "digit 4 appears 5 times" in messages and "digit 5 appears 7 times" in messages


def test_sticker_names():
    assert sticker_name(0) == "U1" and sticker_name(24) == "F7"
    assert sticker_index("F7") == 24
    with pytest.raises(ValueError):
        sticker_index("X1")


def test_encoding_lists_pieces_in_kociemba_order():
    s = random_design(random.Random(9))
    enc = encode(s)
    assert [p.place for p in enc.corners][:2] == ["URF", "UFL"]
    assert len(enc.edges) == 12 and len(enc.centres) == 6
    # URF corner: U9, R1, F3
    assert enc.corners[0].stickers == (s.stickers[8], s.stickers[9], s.stickers[20])


def _faces_json(**overrides):
    s = to_dict(random_design(random.Random(4)))
    s.update(overrides)
    return s


@pytest.mark.parametrize("mutate,fragment", [
    (lambda d: "{not json", "not valid JSON"),
    (lambda d: json.dumps({**d, "format": "sudoku-cube/9"}), '"format" is "sudoku-cube/9"'),
    (lambda d: json.dumps({**d, "faces": {**d["faces"], "X": d["faces"]["U"]}}),
     "unknown face 'X'"),
    (lambda d: json.dumps({**d, "faces": {**d["faces"], "F": d["faces"]["F"][:8]}}),
     "the front face (F): has 8 stickers"),
    (lambda d: json.dumps({**d, "faces": {**d["faces"], "F": d["faces"]["F"] + ["1^"]}}),
     "the front face (F): has 10 stickers"),
    (lambda d: json.dumps({**d, "faces": {**d["faces"], "R": ["0^"] + d["faces"]["R"][1:]}}),
     "the right face (R), sticker R1: bad token '0^'"),
    (lambda d: json.dumps({**d, "faces": {**d["faces"], "R": ["7x"] + d["faces"]["R"][1:]}}),
     "arrow 'x'"),
    (lambda d: json.dumps({**d, "faces": {**d["faces"], "R": ["10>"] + d["faces"]["R"][1:]}}),
     "bad token '10>'"),
    (lambda d: json.dumps({k: v for k, v in d.items() if k != "faces"}), "'faces'"),
    (lambda d: json.dumps({**d, "candidates": {"U": [[{"token": "1^", "score": -1}]] * 9}}),
     "score -1"),
    (lambda d: json.dumps({**d, "candidates": {"U": [[{"token": "1^"}]] * 9}}), "has no score"),
])
def test_malformed_json_names_the_problem(mutate, fragment):
    with pytest.raises(StateFormatError) as e:
        parse_json(mutate(_faces_json()), source="cube.json")
    assert "cube.json" in str(e.value)
    assert fragment in str(e.value)


def test_a_face_typed_as_three_row_lines_is_shown_on_its_one_line():
    """A face typed the way it looks (three lines of three) is refused with the line it
    should be, its own tokens in it; a line that is short for another reason says the form."""
    good = to_text(random_design(random.Random(4)))
    u = good.splitlines()[0].split()[1:]
    rows = "U: {}\n   {}\n   {}\n".format(*(" ".join(u[k:k + 3]) for k in (0, 3, 6)))
    with pytest.raises(StateFormatError) as e:
        parse_text(rows + "\n".join(good.splitlines()[1:]), source="rows.txt")
    assert str(e.value) == (
        "rows.txt: the top face (U): line 1: has 3 stickers; its other rows are on the lines "
        "below it; a face's 9 tokens go on its one line: U: "
        + "  ".join(" ".join(u[k:k + 3]) for k in (0, 3, 6)))
    with pytest.raises(StateFormatError) as e:
        parse_text(good.replace(f"U: {u[0]} ", "U: ", 1))
    assert "has 8 stickers; a face has 9 tokens, all on its one line, row after row " \
        "(U: 1^ 2^ 3^  4^ 5^ 6^  7^ 8^ 9^)" in str(e.value)


def test_lower_case_face_letters_and_a_capital_v_are_read_as_meant():
    """``u:`` is face U and ``4V`` is ``4v`` (the shift key held): neither can mean anything
    else, so the state is the one typed in the usual letters."""
    good = to_text(random_design(random.Random(4)))
    typed = "\n".join(line[0].lower() + line[1:].replace("v", "V")
                      for line in good.splitlines() if line.strip())
    assert typed != good and parse_text(typed) == parse_text(good)


def test_a_face_typed_with_commas_is_told_to_part_its_tokens_by_spaces():
    """Tokens joined by commas read as fewer stickers: the refusal says what parts them, and
    a count of one is said in the singular."""
    good = to_text(random_design(random.Random(4)))
    u = good.splitlines()[0].split()[1:]
    rest = "\n".join(good.splitlines()[1:])
    with pytest.raises(StateFormatError) as e:
        parse_text(f"U: {','.join(u[:3])} {' '.join(u[3:])}\n{rest}", source="commas.txt")
    assert str(e.value) == ("commas.txt: the top face (U): line 1: has 7 stickers; tokens are "
                            "separated by spaces, not commas (U: 1^ 2^ 3^  4^ 5^ 6^  7^ 8^ 9^)")
    with pytest.raises(StateFormatError) as e:
        parse_text(f"U: {u[0]}\n{rest}")
    assert "line 1: has 1 sticker; a face has 9 tokens" in str(e.value)


def test_a_json_face_that_is_not_a_list_is_shown_as_one():
    """A JSON face given as one string (or anything else but a list) is told the form: its
    own tokens as a list where the string holds nine."""
    d = _faces_json()
    one = " ".join(d["faces"]["U"])
    with pytest.raises(StateFormatError) as e:
        parse_json(json.dumps({**d, "faces": {**d["faces"], "U": one}}), source="cube.json")
    listed = ", ".join(f'"{t}"' for t in d["faces"]["U"])
    assert str(e.value) == (
        "cube.json: the top face (U): is one string, not a list; a face is a list of its 9 "
        f'tokens, each in quotes, row by row: "U": [{listed}]')
    for face, words in ((5, "is 5"), ({"stickers": one}, "its stickers entry is one string"),
                        ({}, "has no list of stickers")):
        with pytest.raises(StateFormatError) as e:
            parse_json(json.dumps({**d, "faces": {**d["faces"], "R": face}}))
        assert words in str(e.value) and "has no stickers" not in str(e.value)


def test_malformed_text_names_the_problem():
    good = to_text(random_design(random.Random(4)))
    with pytest.raises(StateFormatError, match=r"the bottom face \(D\) is missing"):
        parse_text("\n".join(line for line in good.splitlines() if not line.startswith("D")))
    with pytest.raises(StateFormatError, match="unknown face 'Q'"):
        parse_text(good + "Q: 1^ 1^ 1^ 1^ 1^ 1^ 1^ 1^ 1^\n")
    with pytest.raises(StateFormatError, match=r"the top face \(U\), sticker U3: bad token"):
        parse_text(good.replace("U: ", "U: 5^ 5^ 5& ", 1).replace(
            good.splitlines()[0][3:], " ".join(good.splitlines()[0][3:].split()[3:]), 1))


def test_same_sticker_allows_half_turns_of_symmetric_digits_only():
    from sudoku_cube.models.cube.stickers import same_sticker

    assert same_sticker(Sticker(1, 0), Sticker(1, 2), {1})
    assert not same_sticker(Sticker(1, 0), Sticker(1, 1), {1})
    assert not same_sticker(Sticker(6, 0), Sticker(6, 2), {1})
    assert same_sticker(Sticker(8, 3), Sticker(8, 1), {1, 8})
    assert not same_sticker(Sticker(8, 3), Sticker(3, 3), {1, 8})


def test_from_faces_puts_stickers_and_candidates_in_net_order_whatever_the_mapping_order():
    state = random_design(random.Random(5)).apply(random_moves(random.Random(6), 15))
    faces = state.faces()
    cands = {f: tuple((Hypothesis(s, 0.9), Hypothesis(Sticker(s.digit, (s.rot + 1) % 4), 0.1))
                      for s in stickers) for f, stickers in faces.items()}
    backwards = dict(reversed(list(faces.items())))
    built = CubeState.from_faces(backwards, candidates=dict(reversed(list(cands.items()))))
    assert built == state and built.candidates is not None
    assert all(built.hypotheses(i)[0].sticker == state.stickers[i] for i in range(54))
    assert CubeState.from_faces(backwards).candidates is None
