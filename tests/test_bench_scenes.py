"""``bench vision --renderer second --scenes everyday``: its photos are the everyday scenes
and every face is counted under its ground, size band and light."""
from __future__ import annotations

from sudoku_cube.assistant.bench.vision_scenes import SceneTallies, reason
from sudoku_cube.assistant.bench.vision_second import six_photos
from sudoku_cube.render.second.scenes import everyday


class _Progress:
    def advance(self, task: int) -> None:
        pass


def test_alike_refusals_have_one_gist():
    a = reason("exam-white-70001/A: corner photo A: only one face found (279 sticker shapes "
               "seen); it must show three faces around one corner")
    b = reason("exam-black-70200/A: corner photo A: only one face found (12 sticker shapes "
               "seen); it must show three faces around one corner")
    assert a == b == "corner photo A: only one face found"
    assert reason("face F: no cube face found (no group of square stickers); photograph one "
                  "face") == "no cube face found"


def test_an_everyday_run_counts_each_face_under_its_scene():
    scenes = SceneTallies()
    t = six_photos("white", 1, 90000, False, None, _Progress(), 0, scenes)
    rows = {r["kind"]: r for r in scenes.rows("faces")}
    ground, light = f"ground {everyday(0, 0).ground}", f"light {everyday(0, 0).light}"
    assert set(rows) == {ground, light, "band small", "band middle", "band large"}
    assert rows[ground]["faces"] == rows[light]["faces"] == 6 == t.faces
    assert all(rows[f"band {b}"]["faces"] == 2 for b in ("small", "middle", "large"))
    assert rows[ground]["located"] + rows[ground]["refused"] + rows[ground]["misplaced"] == 6
    assert rows[ground]["located"] == t.located
    assert rows[ground]["cubes"] == 1 and rows["band small"]["cubes"] == 0
    assert sum(rows[ground]["reasons"].values()) == rows[ground]["refused"]
    # a face located reads nearly all its stickers; one not located counts them all wrong
    assert rows[ground]["sticker_accuracy"] <= rows[ground]["located"] / 6
    assert rows[ground]["sticker_accuracy"] >= 0.8 * rows[ground]["located"] / 6
