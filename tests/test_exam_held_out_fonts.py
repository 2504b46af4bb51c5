"""``bench vision --renderer second --held-out-fonts``: every cube printed in its look's
held-out font (type no model trained on), the same cubes otherwise; ``--fonts SERIF SANS``
the same in other type; the sets say so by name and in the JSON; our renderer refuses both
options."""
from __future__ import annotations

import dataclasses
import json

import pytest

from sudoku_cube.assistant.bench import vision_second
from sudoku_cube.assistant.bench.vision_second import Tally, cube
from sudoku_cube.assistant.cli import main
from sudoku_cube.render.second.looks import (HELD_OUT, HELD_OUT_SANS, HELD_OUT_SERIF, LOOKS,
                                             SANS_FONTS, SERIF_FONTS)
from tools import train_cell_model
from tools.render_training import MODERN_SERIF_FONTS


def test_the_held_out_fonts_are_one_serif_and_one_sans_the_training_leaves_out():
    assert HELD_OUT == (HELD_OUT_SERIF, HELD_OUT_SANS) == train_cell_model.EXAM_HELD_OUT
    assert HELD_OUT_SERIF in SERIF_FONTS and HELD_OUT_SANS in SANS_FONTS


def test_the_modern_serifs_of_training_hold_no_exam_font_and_no_century_cut():
    # the black cube's held-out serif is URW's Century Schoolbook: no cut of that design (nor
    # any font the exam renderer prints in) may teach a model its 3s
    exam = {f.lower() for f in (*SERIF_FONTS, *SANS_FONTS)}
    for font in MODERN_SERIF_FONTS:
        assert font.lower() not in exam
        assert not any(c in font.lower() for c in ("c059", "schola", "century"))


@pytest.mark.parametrize("look", LOOKS)
def test_held_out_cubes_are_the_standard_cubes_in_held_out_type(look):
    fonts = set()
    for k, seed in enumerate(range(90000, 90006)):
        state, homes, standard = cube(seed, k, look)
        state2, homes2, held = cube(seed, k, look, held_out=True)
        assert held.font == (HELD_OUT_SERIF if look == "black" else HELD_OUT_SANS)
        assert state2 == state and homes2 == homes
        # all but the type (its font and how bold it is drawn) as the standard exam's cube
        assert dataclasses.replace(held, font=standard.font, bold=standard.bold) == standard
        if standard.font == held.font:
            assert held == standard
        fonts.add(standard.font)
    assert fonts - set(HELD_OUT), "the standard exam draws other fonts too"


def test_a_standard_cube_already_in_its_held_out_font_is_drawn_alike():
    # black corner pair 73004 is printed in C059 Roman by the standard exam too
    assert cube(73004, 4, "black")[2] == cube(73004, 4, "black", held_out=True)[2]
    assert cube(73004, 4, "black")[2].font == HELD_OUT_SERIF


def _recording(asked: list[tuple]):
    """A stand-in for the bench's readers that notes (look, held_out, pair) and reads
    nothing."""
    def fake(look, count, seed, ocr, save, progress, task, scenes=None, held_out=False,
             pair=HELD_OUT):
        asked.append((look, held_out, pair))
        return Tally()
    return fake


def test_the_option_names_its_sets_and_reads_held_out_cubes(monkeypatch, capsys):
    asked: list[tuple] = []
    fake = _recording(asked)
    monkeypatch.setattr(vision_second, "six_photos", fake)
    monkeypatch.setattr(vision_second, "corner_pairs", fake)
    assert main(["bench", "vision", "--renderer", "second", "--held-out-fonts", "--no-ocr",
                 "--looks", "black", "--photos", "faces", "corners", "--cubes", "1",
                 "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert asked == [("black", True, HELD_OUT), ("black", True, HELD_OUT)]
    assert [r["set"] for r in rows] == ["black faces 90000+ held-out fonts",
                                        "black corners 70000+ held-out fonts"]
    assert all(r["fonts"] == list(HELD_OUT) for r in rows)


@pytest.mark.parametrize("look", ["white", "black"])
def test_chosen_fonts_print_the_same_cubes_in_that_type(look):
    pair = ("PTF55F.ttf", "PTC75F.ttf")
    for k, seed in enumerate(range(70000, 70004)):
        state, homes, held = cube(seed, k, look, held_out=True)
        state2, homes2, chosen = cube(seed, k, look, held_out=True, pair=pair)
        assert chosen.font == (pair[0] if look == "black" else pair[1])
        assert state2 == state and homes2 == homes
        assert dataclasses.replace(chosen, font=held.font, bold=held.bold) == held


def test_the_fonts_option_names_its_sets_and_reads_cubes_in_them(monkeypatch, capsys):
    asked: list[tuple] = []
    fake = _recording(asked)
    monkeypatch.setattr(vision_second, "corner_pairs", fake)
    assert main(["bench", "vision", "--renderer", "second", "--fonts", "A.ttf", "B.otf",
                 "--no-ocr", "--looks", "white", "--photos", "corners", "--cubes", "1",
                 "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert asked == [("white", True, ("A.ttf", "B.otf"))]
    assert [r["set"] for r in rows] == ["white corners 70000+ in A.ttf / B.otf"]
    assert rows[0]["fonts"] == ["A.ttf", "B.otf"]


def test_a_font_not_installed_is_named(capsys):
    assert main(["bench", "vision", "--renderer", "second", "--fonts", "NoSuchSerif.otf",
                 "NoSuchSans.otf", "--no-ocr", "--looks", "white", "--photos", "corners",
                 "--cubes", "1"]) == 2
    err = capsys.readouterr().err
    assert "NoSuchSans.otf" in err and "Traceback" not in err


def test_our_renderer_refuses_the_option(capsys):
    assert main(["bench", "vision", "--held-out-fonts", "--cubes", "1", "--no-ocr"]) == 2
    err = capsys.readouterr().err
    assert "--held-out-fonts" in err and "--renderer second" in err
    assert "--photos held-out" in err
    assert "Traceback" not in err
    assert main(["bench", "vision", "--fonts", "A.ttf", "B.otf", "--cubes", "1",
                 "--no-ocr"]) == 2
    assert "--renderer second" in capsys.readouterr().err
