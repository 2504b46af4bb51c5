"""Vision for joint decoding: unsure cells keep every sticker as a candidate so the grid
solver can recover a misread the classifiers did not rank, and glare that merges stickers
into one big blob does not hide the face."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sudoku_cube.assistant.bench.renders import face_photo
from sudoku_cube.vision.recognise.templates import default_templates
from sudoku_cube.models.grid import solve_grid
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.state_format import parse_json
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
from sudoku_cube.vision.locate.detect import find_face
from sudoku_cube.vision.recognise.hog import default_model
from sudoku_cube.vision.recognise.evidence import ANYTHING, analyse_cells, hypotheses
from sudoku_cube.vision.reading.faces import read_face
from sudoku_cube.vision.photo.images import load_image

SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "cubes"


def test_blank_cell_lists_every_sticker():
    ev = analyse_cells([np.zeros((80, 80), bool)], default_templates(), default_model())[0]
    hyps = hypotheses(ev)
    assert len({h.sticker for h in hyps}) == 36
    assert all(h.score >= ANYTHING / 36 * 0.99 for h in hyps)


def test_joint_decoding_recovers_a_cell_misread_beyond_its_alternatives():
    truth = parse_json((SAMPLES / "01-easy" / "truth.json").read_text(), "truth")
    cands = [(Hypothesis(s, 0.97),) for s in truth.stickers]
    wrong = Sticker(truth.stickers[10].digit % 9 + 1, truth.stickers[10].rot)
    ev = analyse_cells([np.zeros((80, 80), bool)], default_templates(), default_model())[0]
    rest = [h for h in hypotheses(ev) if h.sticker != wrong]
    cands[10] = (Hypothesis(wrong, 0.6),) + tuple(Hypothesis(h.sticker, ANYTHING / 36)
                                                  for h in rest)
    state = CubeState(tuple(c[0].sticker for c in cands), 3, tuple(cands))
    assert solve_grid(state).chosen[10] == truth.stickers[10]


def test_glare_merging_stickers_does_not_hide_the_face():
    img = load_image(SAMPLES / "01-easy" / "F.jpg")
    geo = find_face(img)
    # a bright glare spot lighting up the body between the top-left four stickers
    c = geo.cell_centres()
    centre = c[[0, 1, 3, 4]].mean(axis=0)
    pitch = float(np.linalg.norm(c[1] - c[0]))
    yy, xx = np.mgrid[:img.shape[0], :img.shape[1]]
    glow = 230 * np.exp(-((xx - centre[0]) ** 2 + (yy - centre[1]) ** 2) / (0.6 * pitch) ** 2)
    glared = np.clip(img + glow[..., None], 0, 255).astype(np.uint8)
    found = find_face(glared)
    assert np.abs(found.cell_centres() - c).max() < 0.2 * pitch
    assert read_face(glared, ocr=False).stickers[8] == read_face(img, ocr=False).stickers[8]


@pytest.mark.parametrize("seed,k,face", [(123015, 15, "L"), (123016, 16, "U"),
                                         (123003, 3, "L")])
def test_glare_photos_found_on_the_lattice(seed, k, face):
    """Renders (seeds far from the benchmark's) where glare merged four stickers into one
    blob that hid them (5 of 9 found), or cut into a sticker's outline and pulled the
    lattice 0.4 pitch off."""
    img, truth = face_photo(seed, k, face)
    geo = find_face(img)
    centres = np.array(truth["centres"], float)
    pitch = float(np.linalg.norm(centres[1] - centres[0]))
    assert np.linalg.norm(geo.cell_centres() - centres, axis=1).max() < 0.2 * pitch
