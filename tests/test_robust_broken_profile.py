"""A profile with a damaged field that only the listing reads (its calibration report) is a
broken profile like any other, through the real CLI: `profiles` lists it with what is wrong
(exit 0) and `--profile NAME` refuses it with exit 2 naming the file; never an internal error."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.storage.folders import profiles_root
from tests.conftest import assert_clear_error

ROOT = Path(__file__).resolve().parents[1]
REPORTS = {"text": {"before": "x", "after": 0.5}, "list": {"before": 0.9, "after": []},
           "not an object": [0.9, 1.0], "over one": {"before": 0.9, "after": 7}}


def _broken(report) -> Path:
    folder = profiles_root() / "mine"
    folder.mkdir(parents=True)
    path = folder / "profile.json"
    path.write_text(json.dumps({"format": "sudoku-cube-profile/1", "settings": {},
                                "report": report}))
    return path


@pytest.mark.parametrize("report", list(REPORTS))
def test_a_damaged_report_is_a_broken_profile_everywhere(report, capsys):
    path = _broken(REPORTS[report])
    assert main(["profiles"]) == 0
    listing = " ".join(capsys.readouterr().out.split())
    assert "broken" in listing and "report" in listing
    assert main(["profiles", "--json"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)["profiles"]}
    assert not rows["mine"]["ok"] and "report" in rows["mine"]["problem"]
    for argv in (["read", str(ROOT / "samples/cubes/01-easy"), "--profile", "mine"],
                 ["calibrate", "settings", "--profile", "mine", "--symmetric", "1"]):
        assert_clear_error(main(argv), capsys.readouterr().err, str(path), "report",
                           "calibrate again")


def test_a_report_without_a_before_figure_is_fine(capsys):
    _broken({"after": 0.5})
    assert main(["calibrate", "settings", "--profile", "mine", "--symmetric", "1,8"]) == 0
    assert main(["profiles"]) == 0
    assert "symmetric 1,8" in " ".join(capsys.readouterr().out.split())
