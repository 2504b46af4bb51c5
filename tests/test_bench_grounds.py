"""``bench vision --scenes patterned``: our renderer's cubes on patterned grounds, every face
counted under its ground, size band and light; the scenes a renderer does not draw are
refused with a message."""
from __future__ import annotations

import pytest

from sudoku_cube.assistant.bench.vision_grounds import ground_of, six_photos
from sudoku_cube.assistant.bench.vision_scenes import SceneTallies
from sudoku_cube.assistant.cli import main
from sudoku_cube.render.grounds import GROUND_KINDS
from sudoku_cube.render.looks import PHOTO_LOOKS


class _Progress:
    def advance(self, task: int) -> None:
        pass


@pytest.mark.parametrize("renderer,scenes", [("second", "patterned"), ("ours", "everyday")])
def test_scenes_a_renderer_does_not_draw_are_refused(renderer, scenes, capsys):
    assert main(["bench", "vision", "--renderer", renderer, "--scenes", scenes,
                 "--cubes", "1", "--no-ocr"]) == 2
    err = capsys.readouterr().err
    assert f"--scenes {scenes} is not drawn by --renderer {renderer}" in err
    assert "Traceback" not in err


def test_every_look_meets_every_ground_within_eleven_cubes():
    for look in PHOTO_LOOKS:
        assert {ground_of(k, look) for k in range(len(GROUND_KINDS))} == set(GROUND_KINDS)
    assert len({ground_of(0, look) for look in PHOTO_LOOKS}) == len(PHOTO_LOOKS)


def test_a_patterned_run_counts_each_face_under_its_scene():
    scenes = SceneTallies()
    t = six_photos("white", 1, 90000, False, None, _Progress(), 0, scenes)
    rows = {r["kind"]: r for r in scenes.rows("faces")}
    ground = f"ground {ground_of(0, 'white')}"
    assert rows[ground]["faces"] == t.faces == 6
    assert sum(r["faces"] for k, r in rows.items() if k.startswith("band ")) == 6
    assert sum(r["faces"] for k, r in rows.items() if k.startswith("light ")) == 6
    assert rows[ground]["located"] + rows[ground]["refused"] + rows[ground]["misplaced"] == 6
    assert rows[ground]["located"] == t.located
    assert rows[ground]["cubes"] == 1
    assert all(r["cubes"] == 0 for k, r in rows.items() if not k.startswith("ground "))
    assert rows[ground]["sticker_accuracy"] <= rows[ground]["located"] / 6
    assert rows[ground]["sticker_accuracy"] >= 0.8 * rows[ground]["located"] / 6


def test_refusals_of_our_photos_have_their_gist_too():
    from sudoku_cube.assistant.bench.vision_scenes import reason

    assert reason("ours-black-73004/B: corner photo B: no cube face found; photograph the "
                  "cube from its corner") == "corner photo B: no cube face found"
