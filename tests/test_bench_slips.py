"""``bench slips`` draws slips of kind ``face_turn`` (another face turned another way) in a set
of their own, drawn after the old sets so that their cases and figures stay comparable."""
from __future__ import annotations

import argparse
import json

from sudoku_cube.assistant.bench import slips
from sudoku_cube.models.slips import kinds


def _figures(capsys, **given) -> dict:
    args = argparse.Namespace(**{"n1": 2, "n2": 0, "nft": 2, "seed": 3, "scramble": 10,
                                 "doubtful": 0.0, "json": True, **given})
    assert slips.run(args) == 0
    return json.loads(capsys.readouterr().out)


def test_the_face_turn_set_draws_that_kind_and_leaves_the_old_sets_as_they_were(capsys,
                                                                             monkeypatch):
    drawn = []

    def spy(rng, step, planned, kind=None):
        slip = kinds.random_slip(rng, step, planned, kind)
        drawn.append(slip.kind)
        return slip

    monkeypatch.setattr(slips, "random_slip", spy)
    with_it = _figures(capsys)
    assert drawn[2:] == ["face_turn", "face_turn"] and "face_turn" not in drawn[:2]
    ft = with_it["face_turn_slip"]["corner_photo_A_first"]
    assert ft["cases"] == 2 and ft["replans_solve"] == ft["replans"] == 2 and ft["wrong"] == 0
    without = _figures(capsys, nft=0)
    assert without["face_turn_slip"]["face_asked_first"]["cases"] == 0
    same = ("one_face", "two_faces", "wrong", "missed", "replans_solve")
    for how, row in with_it["1_slip"].items():
        if isinstance(row, dict):
            assert {k: row[k] for k in same} == {k: without["1_slip"][how][k] for k in same}


def test_no_cases_at_all_is_refused(capsys):
    args = argparse.Namespace(n1=0, n2=0, nft=None, seed=0, scramble=10, doubtful=0.0,
                              json=True)
    assert slips.run(args) == 2
    assert "--nft" in capsys.readouterr().err
