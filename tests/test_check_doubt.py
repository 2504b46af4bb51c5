"""``check STATE --step N`` settles a reading the way ``solve`` does: when the grid solver is
not sure of some stickers, a person at the terminal confirms or corrects them in the review;
without one the check stops with exit 2 naming them, and never compares against a guess."""
from __future__ import annotations

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.commands import check
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.cube.moves import format_moves, invert_moves, simplify
from sudoku_cube.models.cube.state import sticker_name
from sudoku_cube.models.cube.state_format import to_json
from tests.conftest import scripted, swapped_pair

SEED = 11  # the cube of swapped_pair()


@pytest.fixture(scope="module")
def case():
    """The cube, its two doubtful stickers, the unsure reading and the plan that solves it."""
    state, a, b, swapped, _ = swapped_pair(SEED)
    plan = simplify(invert_moves(make_puzzle(SEED, 25).scramble))
    return state, a, b, swapped, plan


def _face_tokens(state, face: str = "F") -> str:
    return face + "=" + " ".join(s.token for s in state.face(face))


@pytest.mark.parametrize("with_moves", [False, True])
def test_unsure_reading_stops_the_check_naming_the_stickers(case, tmp_path, capsys, with_moves):
    state, a, b, swapped, plan = case
    path = tmp_path / "start.json"
    path.write_text(to_json(swapped))
    moves = ["--moves", format_moves(plan)] if with_moves else []
    code = main(["check", str(path), *moves, "--step", "0", "--tokens", _face_tokens(state),
                 "--json"])
    out = capsys.readouterr()
    assert code == 2 and out.out == "", out.out
    assert "not sure of 2 stickers" in out.err and "Traceback" not in out.err
    assert sticker_name(a) in out.err and sticker_name(b) in out.err
    assert f"correct them in {path}" in out.err


def test_at_a_terminal_the_person_corrects_the_unsure_stickers_and_the_check_goes_on(
        case, tmp_path, capsys, monkeypatch):
    state, a, b, swapped, plan = case
    typed = (f"{sticker_name(a)} {state.stickers[a].token} "
             f"{sticker_name(b)} {state.stickers[b].token}")
    ask, prompts = scripted(typed, "")
    monkeypatch.setattr(check, "interactive", lambda: True)
    monkeypatch.setattr(check, "read_line", ask)
    path = tmp_path / "start.json"
    path.write_text(to_json(swapped))
    code = main(["check", str(path), "--moves", format_moves(plan), "--step", "0",
                 "--tokens", _face_tokens(state)])
    out = capsys.readouterr()
    assert len(prompts) == 2 and "y to take the grid's choices" in prompts[0]
    assert ">" in out.err and sticker_name(a) in out.err  # the review, on stderr
    assert code == 0 and "matches the plan" in out.out, out.out + out.err
