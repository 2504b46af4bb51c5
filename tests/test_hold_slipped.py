"""A check asks for a hold before it knows whether a slip turned a face, and a face turn turns
its centre: the hold words name only what looks the same on every cube one slip away
(:func:`assistant.services.slipped_cubes.slipped_cubes`), so that on the real cube they fit
the intended hold, and exactly that one wherever such words exist."""
from __future__ import annotations

import random

import pytest

from sudoku_cube.assistant.services.slipped_cubes import slipped_cubes
from sudoku_cube.models.cube.cube_rotations import rotated_face
from sudoku_cube.models.cube.face_words import hold_phrase
from sudoku_cube.models.cube.holds import hold_parts, one_hold_fits
from sudoku_cube.models.cube.moves import Move, invert_moves, simplify
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.slips.kinds import Slip, random_slip
from sudoku_cube.models.slips.replay import slipped_state
from tests.test_hold_words import holds_fitting

TOP = {"U": "B", "D": "F"}


def _target(face: str) -> int:
    top = TOP.get(face, "U")
    return next(i for i in range(24)
                if rotated_face(i, face) == "F" and rotated_face(i, top) == "U")


def _plan(seed: int):
    pz = make_puzzle(seed, 20)
    return pz.state, simplify(invert_moves(pz.scramble))


def test_the_reviews_example_d_turned_the_other_way():
    """make_puzzle(1, 20), D' made for D at step 10: the D centre's 6 points the other way,
    so words that said which way it points fit no hold on the real cube."""
    start, plan = _plan(1)
    done, m = 10, plan[9]
    assert m.face == "D" and m.turns != 2
    slip = Slip("direction", done, m, (Move("D", 4 - m.turns),))
    real = slipped_state(start, plan, done, [slip])
    expected = start.apply(plan[:done])
    words = hold_phrase(expected, "D", "F", "the camera", maybe=slipped_cubes(start, plan, done))
    assert "the 6 pointing" not in words, words
    assert holds_fitting(real, words) == [_target("D")], words
    assert holds_fitting(expected, words) == [_target("D")], words


@pytest.mark.parametrize("seed", range(0, 40, 4))
def test_on_the_real_cube_the_words_fit_the_intended_hold(seed):
    rng = random.Random(seed)
    start, plan = _plan(seed)
    done = min(10, len(plan))
    cubes = slipped_cubes(start, plan, done)
    expected = start.apply(plan[:done])
    for _ in range(3):
        step = rng.randint(max(1, done - 4), done)
        slip = random_slip(rng, step, plan[step - 1])
        if slip.kind == "held":
            continue  # the cube itself is the plan's, held turned
        real = slipped_state(start, plan, done, [slip])
        for face in "URFDLB":
            top = TOP.get(face, "U")
            words = hold_phrase(expected, face, top, "the camera", maybe=cubes)
            fits = holds_fitting(real, words)
            assert _target(face) in fits, (slip, face, words)
            if one_hold_fits(expected, hold_parts(expected, face, top, maybe=cubes), face, top,
                             maybe=cubes):
                assert fits == [_target(face)], (slip, face, words)
            else:
                assert "may" in words, words


def test_without_other_cubes_the_words_are_as_before():
    start, plan = _plan(5)
    assert hold_phrase(start, "R", "U", maybe=()) == hold_phrase(start, "R", "U")
    assert "pointing" in hold_phrase(start) or "upright" in hold_phrase(start)


def test_the_checks_words_for_a_face_fit_the_intended_hold_on_the_real_cube():
    """how_to_show and show_face_words, as check and the guide's c key call them, for the
    review's example: on the real cube (D' made for D) exactly the intended hold fits."""
    from sudoku_cube.assistant.services.slip_check import how_to_show, show_face_words

    start, plan = _plan(1)
    done, m = 10, plan[9]
    real = slipped_state(start, plan, done, [Slip("direction", done, m, (Move("D", 4 - m.turns),))])
    expected = start.apply(plan[:done])
    maybe = slipped_cubes(start, plan, done)
    for words in (how_to_show("D", expected, maybe), show_face_words("D", expected, maybe)):
        assert holds_fitting(real, words) == [_target("D")], words


def test_a_cube_with_no_centres_is_asked_for_by_place():
    """A 2x2x2 or 4x4x4 cube has no centre to name the face by."""
    from sudoku_cube.assistant.services.slip_check import show_face_words
    from sudoku_cube.models.cube.state import CubeState
    from sudoku_cube.models.cube.stickers import Sticker

    for n in (2, 4):
        cube = CubeState(tuple(Sticker(1 + i % 9, 0) for i in range(6 * n * n)), n)
        words = show_face_words("R", cube)
        assert "centre" not in words and "the right face (R)" in words, words


def test_a_symmetric_centre_turned_half_round_is_not_taken_for_turned():
    """A 1 turned 180 degrees by a slip looks the same: it is not taken for a centre the slip
    turned, and the hold words still say which way it points; turned a quarter, it is, and
    they name its digit alone."""
    from sudoku_cube.models.cube.holds import turned_centres
    from sudoku_cube.models.cube.state import CubeState

    state = make_puzzle(17, 20).state  # centre 1 towards you
    stickers = list(state.stickers)
    stickers[2 * 9 + 4] = stickers[2 * 9 + 4].turned(2)
    half = CubeState(tuple(stickers))
    stickers[2 * 9 + 4] = stickers[2 * 9 + 4].turned(1)
    quarter = CubeState(tuple(stickers))
    assert state.face("F")[4].digit == 1
    for turned, pointed in ((half, True), (quarter, False)):
        assert ("F" in turned_centres(state, (turned,))) is not pointed
        parts = hold_parts(state, maybe=(turned,))
        assert any(p.place == "F" and p.index == 4 and p.pointing for p in parts) is pointed


_PLACE = {"U": "top", "R": "right", "F": "front", "D": "bottom", "L": "left", "B": "back"}
_COUNT = {2: "two", 3: "three", 4: "four", 8: "eight"}


def _from_steps(face: str) -> str:
    """The end of a check's words where no words fit one hold on every cube it may find."""
    top = TOP.get(face, "U")
    return (f"from the way you hold the cube for the steps, turn its {_PLACE[face]} face "
            f"({face}) towards the camera, its {_PLACE[top]} face ({top}) at the top)")


@pytest.mark.parametrize("seed", [2, 3, 9, 105, 0, 1, 5, 6])
def test_a_checks_hold_fits_one_hold_on_every_cube_or_says_to_start_from_the_steps_hold(seed):
    """make_puzzle(2, 20) has four centres 7 around a 5 and a 3 (seeds 3, 9 and 105: two
    pairs of centres alike that come round the same under a half turn), and one slip may
    have turned any face: the centres' digits alone fit several holds, and nothing that
    tells them apart looks the same on every cube the check may find. The words said that
    the named centres "may point another way", though they named no direction, and left the
    person to pick one of the holds. Now, read back as a person follows them, they fit the
    intended hold alone on the cube and on every cube one slip away, or they say how many
    holds fit and how to reach the one meant from the hold kept for the steps (seeds 0, 1, 5
    and 6: centres alike that never come round the same, the next centre's digit tells the
    holds apart; one hold always fits)."""
    from sudoku_cube.assistant.services.slip_check import how_to_show

    start, plan = _plan(seed)
    alike = seed in (2, 3, 9, 105)
    for done in (3, 8):
        expected = start.apply(plan[:done])
        cubes = slipped_cubes(start, plan, done)
        for face in "URFDLB":
            words = how_to_show(face, expected, cubes)
            fits = {tuple(holds_fitting(c, words)) for c in (expected, *cubes)}
            assert (fits != {(_target(face),)}) is alike, words
            assert "point another way" not in words, words
            if alike:
                assert all(_target(face) in holds_fitting(c, words) for c in cubes), words
                count = _COUNT[len(holds_fitting(expected, words))]
                assert f"({count} holds show this, and a slip may have turned the faces that " \
                       "tell them apart: " in words, words
                assert words.endswith(_from_steps(face)), words


def test_four_centres_alike_the_corner_photo_is_taken_from_the_hold_kept_for_the_steps():
    """make_puzzle(2, 20) three steps in: face R (centre 5) with a 7 on top fits four holds,
    the corner photo's hold as well; each says so and how to pick the one meant."""
    from sudoku_cube.assistant.services.slip_check import corner_words, show_face_words

    start, plan = _plan(2)
    expected, cubes = start.apply(plan[:3]), slipped_cubes(start, plan, 3)
    assert show_face_words("R", expected, cubes) == (
        "Show me the face with centre 5 (R), the cube held with centre 5 towards the camera "
        "(R) and centre 7 at the top (U) (four holds show this, and a slip may have turned the "
        "faces that tell them apart: from the way you hold the cube for the steps, turn its "
        "right face (R) towards the camera, its top face (U) at the top)")
    words = corner_words(expected, cubes)
    assert "(four holds show this, and a slip may have turned the faces that tell them apart: " \
           "keep the cube as you hold it for the steps), then photograph the corner" in words, \
        words
