"""bench vision --real: corner photos of the black Sudoku Cube are read against hand labels
(here a bundled render stands in for a real photo; the real ones are never needed by tests)."""
from __future__ import annotations

import json
from pathlib import Path

from sudoku_cube.assistant.bench.vision_real import CORNER_LABELS, sudoku_cube_figures

CUBE = Path(__file__).resolve().parents[1] / "samples" / "corners" / "c4-black"


def test_labelled_black_corner_photo_is_located_and_read_against_its_label(tmp_path):
    (tmp_path / "black.jpg").write_bytes((CUBE / "A.jpg").read_bytes())
    truth = json.loads((CUBE / "photos.json").read_text())["A"]["faces"]
    label = {"photo": "A", "symmetric": [], "faces": {f: truth[f]["tokens"] for f in "UFR"}}
    label["faces"]["U"] = ["5^" if t != "5^" else "6^" for t in label["faces"]["U"][:1]] + \
        label["faces"]["U"][1:]  # one label that the photo does not show
    out = sudoku_cube_figures(tmp_path, {"black.jpg": label})
    assert (out["photos"], out["located"], out["labelled"]) == (1, 1, 1)
    assert (out["stickers"], out["right"]) == (27, 26)
    assert out["errors"] == [f"black.jpg U1: label {label['faces']['U'][0]} read "
                             f"{truth['U']['tokens'][0]}"]


def test_the_shipped_labels_name_a_corner_photo_and_nine_tokens_per_face():
    labels = json.loads(CORNER_LABELS.read_text())
    assert labels
    for label in labels.values():
        assert label["photo"] in ("A", "B")
        assert all(len(tokens) == 9 for tokens in label["faces"].values())


def test_corner_photos_held_upside_down_are_located_and_counted_apart(tmp_path):
    """A corner photo whose three faces are found but held with no face on top is located
    (its faces named up to the corner's turn) and counted apart from the upright ones, a photo
    without a cube refused as not found."""
    import cv2
    import numpy as np

    from sudoku_cube.assistant.bench.vision_real import corners_figures

    upright = cv2.imread(str(CUBE.parent / "c1-plain" / "A.jpg"))
    cv2.imwrite(str(tmp_path / "upright.jpg"), upright)
    cv2.imwrite(str(tmp_path / "below.jpg"), cv2.rotate(upright, cv2.ROTATE_180))
    cv2.imwrite(str(tmp_path / "grey.jpg"), np.full((300, 400, 3), 128, np.uint8))
    out = corners_figures(tmp_path)
    assert (out["photos"], out["located"], out["refused"]) == (3, 2, 1)
    assert (out["upright"], out["not_upright"]) == (1, 1)
    assert list(out["refusals"]) == ["grey.jpg"]
