"""``read`` on a photo with no cube in it at all: an everyday ground of the exam renderer (a
printed table, tiles, a page of text; the cube's body, faces and the thumb drawn nowhere), or
noise, is
refused as "no cube face found" with what to do, exit status 2, no traceback, never as two
faces or a partial face (deterministic photos from fixed seeds; nothing trains on them)."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.assistant.cli import main
from sudoku_cube.vision.locate.detect import FaceNotFoundError, find_face
from sudoku_cube.render.second import Scene, shots


@pytest.mark.parametrize("ground,band,light,seed", [
    ("page-table", "large", "normal", 60000), ("page-table", "large", "dim", 60001),
    ("tiles", "middle", "normal", 60000), ("tiles", "large", "dim", 60001),
    ("page-text", "middle", "normal", 60002), ("page-text", "small", "dim", 60003)])
def test_a_photo_without_a_cube_says_no_cube_face_found(monkeypatch, tmp_path, capsys,
                                                        ground, band, light, seed):
    monkeypatch.setattr(shots, "_body", lambda *args: None)
    monkeypatch.setattr(shots, "_face", lambda *args: {"tokens": [], "centres": [],
                                                       "sticker_quads": []})
    monkeypatch.setattr(shots, "_thumb", lambda *args: None)
    state, homes, look = cube(seed, 0, "white")
    shot = shots.face_shot(state, "F", seed, look, homes, scene=Scene(ground, band, light))
    photo = tmp_path / "F.jpg"
    cv2.imwrite(str(photo), shot.image)
    assert main(["read", str(photo), "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "F.jpg" in err and "no cube face found" in err, err
    assert "); photograph" in err and "Traceback" not in err, err  # what to do
    assert "two faces in one photo" not in err and "partial face" not in err, err


def test_a_photo_of_noise_is_no_cube_rather_than_two_faces():
    """Pure noise frames faint squares here and there, some holding a speck that passes for a
    digit; two such lattices apart are no two faces of a cube, as a person sees: with no face
    of digits and the stickers faint, the locator says it found no cube face."""
    noise = np.random.default_rng(1).integers(0, 256, (360, 480, 3), dtype=np.uint8)
    photo = cv2.imdecode(cv2.imencode(".jpg", noise)[1], cv2.IMREAD_COLOR)  # as a file holds it
    with pytest.raises(FaceNotFoundError) as refused:
        find_face(photo, "F.jpg")
    said = str(refused.value)
    assert said.startswith("F.jpg: no cube face found (faint squares with few or no digits")
    assert "); photograph" in said and "two faces in one photo" not in said


def test_a_photo_of_texture_is_refused_after_a_bounded_search(monkeypatch):
    """Noise of a phone's size lines up over ten thousand windows of scattered blobs (each
    was fitted and judged: 11,217 lattice fits for this photo, about 15 s): each cue adds at
    most MOST_WINDOWS of them, those resting on the most blobs, and the faint face with no
    digits that is then the best is refused as texture, as the full search refused it (it
    found a second one)."""
    from sudoku_cube.vision.locate import face_pool, hypotheses
    fits = []
    fit = hypotheses.robust_fit
    monkeypatch.setattr(hypotheses, "robust_fit", lambda sub: fits.append(1) or fit(sub))
    noise = np.random.default_rng(1).integers(0, 256, (480, 640, 3), dtype=np.uint8)
    with pytest.raises(FaceNotFoundError) as refused:
        find_face(noise, "F.jpg")
    said = str(refused.value)
    assert said.startswith("F.jpg: no cube face found (faint squares with few or no digits")
    assert "noise or a texture" in said and "); photograph" in said
    assert len(fits) <= 3 * face_pool.MOST_WINDOWS
