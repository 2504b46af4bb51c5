"""Calibration profiles: save/load round trip, listing, broken and old profiles, atomic saves."""
from __future__ import annotations

import json

import numpy as np
import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.vision.photo.camera_settings import CameraSettings, LensCalibration
from sudoku_cube.calibration.labels import LabelError, parse_face_label, parse_labels
from sudoku_cube.calibration.profiles import (PROFILE_FILE, Profile, list_profiles, load_profile,
                                              profile_dir, save_profile)
from sudoku_cube.calibration.profile_files import ProfileError
from sudoku_cube.vision.recognise.templates import TemplateSet
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.vision.cells.glyph import GLYPH
from sudoku_cube.vision.recognise.hog import LinearModel
from sudoku_cube.vision.reading.reader import Reader


def _templates(seed: int, n: int = 36) -> TemplateSet:
    rng = np.random.default_rng(seed)
    return TemplateSet(rng.random((n, GLYPH, GLYPH)).astype(np.float32),
                       np.array([1 + i % 9 for i in range(n)]), np.array([i % 4 for i in range(n)]),
                       {"source": "test"})


def _profile(name: str = "mine") -> Profile:
    rng = np.random.default_rng(1)
    model = LinearModel(rng.random((496, 36)).astype(np.float32),
                        rng.random(36).astype(np.float32), 7.5, {"version": 3})
    lens = LensCalibration(((500.0, 0, 320), (0, 500.0, 240), (0, 0, 1)), (0.1, -0.2, 0, 0, 0),
                           (640, 480), 0.31, 8)
    cam = CameraSettings(source=1, width=1280, height=720, exposure=-6.0, white_balance=4600,
                         locked=("exposure", "white balance"), settle_frames=12, lens=lens)
    return Profile(name, CubeSettings(frozenset({1, 8}), False), _templates(2),
                   _templates(3, 80), cam, model, {"before": 0.9, "after": 1.0})


def test_round_trip_keeps_everything():
    p = _profile()
    folder = save_profile(p)
    q = load_profile("mine")
    assert q.path == folder and q.settings == p.settings and q.camera == p.camera
    assert q.report == p.report
    for a, b in ((q.templates, p.templates), (q.training, p.training)):
        assert np.abs(a.images - b.images).max() <= 0.5 / 255 + 1e-6
        assert (a.digits == b.digits).all() and (a.rots == b.rots).all()
    assert np.array_equal(q.classifier.weights, p.classifier.weights)
    assert q.classifier.temperature == 7.5
    reader = q.reader()  # the profile's templates with its training glyphs, model, settings
    assert len(reader.templates) == 36 + 80 and reader.settings == p.settings
    assert np.array_equal(reader.templates.images[:36], q.templates.images)
    assert np.array_equal(reader.templates.images[36:], q.training.images)
    assert reader.model is q.classifier and reader.ocr == "auto"
    assert {r.name for r in list_profiles()} == {"default", "mine"}


def test_resave_replaces_files_and_removes_stale_sheets():
    save_profile(_profile())
    from dataclasses import replace
    save_profile(replace(_profile(), templates=_templates(9)))
    files = sorted(x.name for x in profile_dir("mine").iterdir())
    assert sum(f.startswith("templates-") for f in files) == 1
    assert not any(f.endswith(".tmp") for f in files)
    assert np.abs(load_profile("mine").templates.images - _templates(9).images).max() < 0.01


def test_default_is_builtin_and_protected():
    d = load_profile("default")
    assert d.builtin and d.templates is None
    assert len(d.effective_templates()) == 72  # 36 from a bold sans + 36 shipped serif
    with pytest.raises(ProfileError, match="built in"):
        save_profile(Profile("default"))


@pytest.mark.parametrize("damage, words", [
    (lambda f: (f / PROFILE_FILE).write_text("{not json"), "not valid JSON"),
    (lambda f: (f / PROFILE_FILE).unlink(), "missing"),
    (lambda f: _edit(f, format="sudoku-cube-profile/0"), "older version"),
    (lambda f: _edit(f, format=None), "older version"),
    (lambda f: _edit(f, format="sudoku-cube-profile/7"), "newer version"),
    (lambda f: _edit(f, format="sudoku-cube-profile/000"), "older version"),
    (lambda f: _edit(f, format="sudoku-cube-profile/" + "1" * 5001), "newer version"),
    (lambda f: _edit(f, settings={"underlined_69": "maybe"}), "underlined_69"),
    (lambda f: _edit(f, camera={"source": [1]}), "camera settings"),
    (lambda f: [p.write_bytes(b"junk") for p in f.glob("templates-*.png")], "not a readable PNG"),
    (lambda f: [p.unlink() for p in f.glob("training-*.png")], "missing"),
    (lambda f: [p.write_text("[1, 2]") for p in f.glob("classifier-*.json")], "damaged"),
    (lambda f: _edit_entry(f, "templates", glyph_px=24), "older profile"),
    (lambda f: _edit_entry(f, "templates", file="../../etc/passwd"), "outside the profile"),
])
def test_broken_or_old_profile_is_explained(damage, words, capsys):
    folder = save_profile(_profile())
    damage(folder)
    with pytest.raises(ProfileError, match=words) as info:
        load_profile("mine")
    assert str(folder) in str(info.value)
    rows = {r.name: r for r in list_profiles()}
    assert rows["mine"].profile is None and words.split()[0] in rows["mine"].problem
    assert main(["profiles"]) == 0  # the listing survives a broken profile
    assert "broken" in capsys.readouterr().out


def _edit(folder, **changes):
    doc = json.loads((folder / PROFILE_FILE).read_text())
    doc.update(changes)
    (folder / PROFILE_FILE).write_text(json.dumps(doc))


def _edit_entry(folder, key, **changes):
    doc = json.loads((folder / PROFILE_FILE).read_text())
    doc[key].update(changes)
    (folder / PROFILE_FILE).write_text(json.dumps(doc))


def test_unknown_and_badly_named_profiles(capsys):
    with pytest.raises(ProfileError, match="not found"):
        load_profile("nosuch")
    with pytest.raises(ProfileError, match="profile name"):
        profile_dir("../evil")
    assert main(["calibrate", "settings", "--profile", "bad/name"]) == 2
    assert "profile name" in capsys.readouterr().err


def test_interrupted_save_keeps_old_profile(monkeypatch):
    save_profile(_profile())
    import sudoku_cube.calibration.profiles as profiles

    def boom(path, data):
        raise OSError("disk full")
    monkeypatch.setattr(profiles, "atomic_write_json", boom)
    from dataclasses import replace
    with pytest.raises(OSError):
        save_profile(replace(_profile(), templates=_templates(5)))
    q = load_profile("mine")  # still the old, complete profile
    assert np.abs(q.templates.images - _templates(2).images).max() < 0.01


def test_older_profile_with_a_sticker_style_still_loads(capsys):
    """Profiles once saved the stickers' look, which no reading used (the reader tells the
    look from the photos): such a profile loads as it was, and no listing claims a look."""
    folder = save_profile(_profile())
    _edit(folder, settings={"symmetric": [1, 8], "underlined_69": False,
                            "sticker_style": "coloured"})
    assert load_profile("mine").settings == CubeSettings(frozenset({1, 8}), False)
    assert main(["profiles"]) == 0
    out = capsys.readouterr().out
    assert "mine" in out and "stickers" not in out
    with pytest.raises(SystemExit) as stop:  # the option that set it is gone
        main(["calibrate", "settings", "--profile", "mine", "--stickers", "white"])
    assert stop.value.code == 2


def test_settings_command_and_profiles_json(capsys):
    assert main(["calibrate", "settings", "--profile", "cube8", "--symmetric", "1,8",
                 "--underlined", "no"]) == 0
    p = load_profile("cube8")
    assert p.settings == CubeSettings(frozenset({1, 8}), False)
    capsys.readouterr()
    assert main(["profiles", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [x["name"] for x in out["profiles"]] == ["default", "cube8"]
    assert main(["calibrate", "settings", "--profile", "cube8", "--symmetric", "0"]) == 2


def test_labels():
    assert parse_face_label("5^ 4> 6^ 3v 6^ 5< 8^ 2^ 2>")[1] == Sticker(4, 1)
    assert parse_face_label("534 126 978 <") == tuple(Sticker(int(c), 3) for c in "534126978")
    assert len(parse_labels(["123456789^; 987654321v", "1^2^3^4^5^6^7^8^9^"])) == 3
    for bad in ("1^ 2^", "0^ 1^ 2^ 3^ 4^ 5^ 6^ 7^ 8^", "12345678^", "1x 2^ 3^ 4^ 5^ 6^ 7^ 8^ 9^"):
        with pytest.raises(LabelError):
            parse_face_label(bad)


def test_symmetric_option_overrides_the_profile_even_when_it_says_1():
    import argparse

    from sudoku_cube.assistant.terminal.profile_option import cube_settings

    assert main(["calibrate", "settings", "--profile", "cube18", "--symmetric", "1,8"]) == 0
    with_profile = argparse.Namespace(profile="cube18", symmetric=None)
    assert cube_settings(with_profile).symmetric == frozenset({1, 8})
    with_profile.symmetric = "1"
    assert cube_settings(with_profile).symmetric == frozenset({1})
    assert cube_settings(argparse.Namespace(symmetric=None)) == CubeSettings()


def test_builtin_profile_reads_with_the_builtin_reader():
    import argparse

    from sudoku_cube.assistant.terminal.profile_option import chosen_reader

    assert Profile().reader() == Reader()
    assert chosen_reader(argparse.Namespace(profile=None)) == Reader()
    assert chosen_reader(argparse.Namespace(profile="default", no_ocr=True)) == Reader(ocr="never")
    save_profile(_profile())
    reader = chosen_reader(argparse.Namespace(profile="mine", ocr="always"))
    assert reader.settings == CubeSettings(frozenset({1, 8}), False)
    assert len(reader.templates) == 36 + 80 and reader.ocr == "always"
