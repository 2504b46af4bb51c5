"""Generator: designs are solved, scrambles are recorded and applied, well-posed designs have one
answer, samples' truth equals design + scramble, 4x4x4 labellings satisfy faces and orbits."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from sudoku_cube.models.generator.cube3 import (make_puzzle, make_unique_puzzle, random_scramble,
                                                random_substitution, same_up_to_symmetric,
                                                solution_count)
from sudoku_cube.models.generator.cube4 import (apply4, cp_sat_labelling, face_groups,
                                                labelling_problems, orbits, random_scramble4,
                                                safe_set_labelling)
from sudoku_cube.models.grid import enumerate_targets
from sudoku_cube.models.cube.moves import invert_moves
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state_format import parse_state

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@given(st.integers(0, 10 ** 9), st.booleans(), st.sampled_from([{1}, {1, 8}, set()]))
@settings(max_examples=60, deadline=None)
def test_designs_are_solved_and_scrambles_undo(seed, substitute, symmetric):
    p = make_puzzle(seed, 12, substitution=substitute, symmetric=symmetric)
    assert is_solved(p.design, symmetric)
    assert p.state == p.design.apply(p.scramble)
    assert p.state.apply(invert_moves(p.scramble)) == p.design
    for a, b in zip(p.scramble, p.scramble[1:]):
        assert a.face != b.face


def test_scramble_recorded_as_text_round_trips():
    p = make_puzzle(5, 25)
    assert p.design.apply(p.scramble_text) == p.state
    assert len(random_scramble(9, 40)) == 40


@given(st.integers(0, 10 ** 6), st.sampled_from([{1}, {1, 8}, {1, 6, 9}]))
def test_substitution_keeps_symmetric_digits_symmetric(seed, symmetric):
    m = random_substitution(seed, symmetric)
    assert sorted(m) == sorted(m.values()) == list(range(1, 10))
    assert all((k in symmetric) == (v in symmetric) for k, v in m.items())


def test_designs_differ_between_seeds_and_repeat_for_a_seed():
    assert make_puzzle(1).design == make_puzzle(1).design
    assert make_puzzle(1).design != make_puzzle(2).design


def test_well_posed_design_has_exactly_one_solution():
    p, tries = make_unique_puzzle(11, 20)
    sols = enumerate_targets(p.state, cap=5)
    assert len(sols) == 1 and sols[0].stats["count_complete"]
    assert same_up_to_symmetric(sols[0].target, p.design)
    assert tries >= 1


def test_solution_count_finds_the_design_among_targets():
    for seed in range(4):
        p = make_puzzle(seed, 20)
        sols = enumerate_targets(p.state, cap=10)
        assert any(same_up_to_symmetric(s.target, p.design) for s in sols)
        assert solution_count(p.state, 10)[0] == len(sols)


def _sample_dirs():
    return sorted(d for group in ("cubes", "corners") for d in (SAMPLES / group).iterdir())


def test_every_sample_truth_is_its_design_with_its_scramble():
    dirs = _sample_dirs()
    assert len([d for d in dirs if d.parent.name == "cubes"]) >= 8
    assert len([d for d in dirs if d.parent.name == "corners"]) >= 3
    for d in dirs + [SAMPLES / "video"]:
        truth = parse_state((d / "truth.json").read_text(), str(d))
        design = parse_state((d / "design.json").read_text(), str(d))
        scramble = (d / "scramble.txt").read_text().splitlines()[0]
        assert is_solved(design), d
        assert design.apply(scramble) == truth, d
        assert set(json.loads((d / "truth.json").read_text())) == {"format", "faces"}


def test_sample_photo_tokens_match_truth():
    for d in _sample_dirs():
        truth = json.loads((d / "truth.json").read_text())["faces"]
        photos = json.loads((d / "photos.json").read_text())
        for name, info in photos.items():
            faces = info.get("faces", {name: info})
            for face, f in faces.items():
                assert f["tokens"] == truth[face], (d, name, face)


# --- 4x4x4 Sudokube -------------------------------------------------------------------------

SEED_EXAMPLE = """6 2 D 9 7 3 C 8 F B 4 0 E A 5 1
C D E F 0 1 2 3 4 5 6 7 8 9 A B
0 1 2 3 4 5 6 7 8 9 A B C D E F
4 5 6 7 8 9 A B C D E F 0 1 2 3
2 6 9 D 3 7 8 C B F 0 4 A E 1 5
5 4 7 6 1 0 3 2 D C F E 9 8 B A"""


def test_orbits_are_twelve_rings_of_sixteen_and_cover_each_sticker_twice():
    rings = orbits()
    assert len(rings) == 12 and all(len(r) == 16 for r in rings)
    count = [0] * 96
    for r in rings:
        for i in r:
            count[i] += 1
    assert count == [2] * 96


def test_seed_example_satisfies_faces_and_orbits_in_some_placement():
    """KubeGenerator's solved example fits our orbit definition (placing its six faces)."""
    import numpy as np
    faces = [np.array([int(t, 16) for t in line.split()]).reshape(4, 4)
             for line in SEED_EXAMPLE.splitlines()]
    variants = [[v for k in range(4) for v in (np.rot90(f, k), np.rot90(f, k).T)] for f in faces]
    rings = orbits()

    def place(i, labels, used):
        if i == 6:
            return labels
        for e in range(6):
            if e in used:
                continue
            for v in variants[e]:
                trial = dict(labels)
                trial.update(zip(face_groups()[i], v.flatten().tolist()))
                if all(len(vals) == len(set(vals)) for vals in
                       ([trial[j] for j in r if j in trial] for r in rings)):
                    done = place(i + 1, trial, used | {e})
                    if done:
                        return done
        return None

    found = place(0, {}, frozenset())
    assert found is not None
    assert labelling_problems([found[i] for i in range(96)]) == []


@pytest.mark.parametrize("method", ["cp-sat", "safe-set-1"])
def test_4x4_labellings_satisfy_every_face_and_orbit(method):
    for seed in range(3):
        lab = cp_sat_labelling(seed) if method == "cp-sat" else safe_set_labelling(seed, 1)
        assert labelling_problems(lab.labels) == []
        assert lab.state().n == 4


def test_4x4_scramble_uses_real_turns_and_undoes():
    lab = cp_sat_labelling(4)
    moves = random_scramble4(4, 30)
    state = apply4(lab.state(), moves)
    inverse = []
    for m in reversed(moves):
        inverse.append(m[:-1] if m.endswith("'") else m if m.endswith("2") and not m[:-1].isdigit()
                       else m + "'")
    assert apply4(state, inverse) == lab.state()
    assert state != lab.state()
