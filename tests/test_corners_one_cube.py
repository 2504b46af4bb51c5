"""Exam corner photos any person reads, placed by what one cube allows
(vision/locate/corners/whole.py, faces.py, rebuild.py): compared against the
renderer's faces."""
from __future__ import annotations

from dataclasses import replace

from sudoku_cube.assistant.bench.renders import CORNER_RECIPE, unseen_cube
from sudoku_cube.assistant.bench.vision_grounds import ground_of
from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.render import render_corner_photo
from sudoku_cube.render.second import corner_shot
from sudoku_cube.render.second.scenes import everyday
from sudoku_cube.vision.locate.corners.faces import (CornerPhotoError, locate_corner,
                                                      locate_faces)
from sudoku_cube.vision.recognise.digits_seen import digits_seen_by
from tests.conftest import assert_corner_faces_on_truth
from tests.exam_shots import exam_corner_shot
from tests.test_corners_digit_fit import _shot


def test_three_faces_no_cube_shows_give_way_to_the_cubes_model():
    """A coloured cube, large, on a printed table: the relaxed pass finds its top face a
    row off (six stickers, its third row extrapolated onto the ground beside the cube) and
    its right face true, and the left face is rebuilt from the two. No one cube shows those
    three; the whole-cube model, a cube, frames one sticker fewer than they do, and is
    taken: every face on the truth."""
    shot = _shot(926002, "coloured", "A", True)
    faces = locate_faces(shot.image, "A", "coloured/A", seen=digits_seen_by())
    assert_corner_faces_on_truth(faces, shot.truth)


def test_a_dim_white_body_corner_seen_only_on_chroma_is_placed_by_its_digits():
    """A white body in dim light on a printed page, small: no pass frames its dark side
    faces, and only a chroma pass finds the top face. The cube modelled from that face,
    where the cell model sees the digits of the other two, places all three."""
    shot = _shot(929001, "white-body", "A", True)
    faces = locate_faces(shot.image, "A", "white-body/A", seen=digits_seen_by())
    assert_corner_faces_on_truth(faces, shot.truth)


def test_of_more_faces_than_three_those_that_meet_at_one_corner_are_completed():
    """A white body in its held-out font on a green cutting mat, the first cube of a run at
    seed 1409000: the chroma pass frames the left and back faces and two lattices of the
    mat's squares, and the three with most stickers were the left face and the mat's two,
    so the whole-cube model placed the top and back faces off. Of more than three whole
    faces, the two that share an edge are completed, the top rebuilt from them: every face
    on the truth."""
    state, homes, made = cube(1409000, 0, "white-body", held_out=True)
    shot = corner_shot(state, "B", 1409000 * 10 + 1, made, homes, scene=everyday(0, 1))
    assert shot.truth["surface"] == "mat"
    faces = locate_faces(shot.image, "B", "white-body/B", seen=digits_seen_by())
    assert_corner_faces_on_truth(faces, shot.truth)


def test_a_modelled_cube_keeps_its_faces_where_the_box_fitted_to_few_stickers_loses_digits():
    """A coloured cube, small and dim on a gradient (corner photo B, the sixth cube of a run
    at seed 1475000): the sticker passes find its top face and a few stickers of each side
    face, and the cube modelled from them places all three. Fitted together as one box
    through those few stickers, the left face's far side swings off the cube, its cells
    holding fewer digits than the model's; the model's faces are kept, on the truth."""
    shot = _shot(1476005, "coloured", "B", True)
    faces = locate_faces(shot.image, "B", "coloured/B", seen=digits_seen_by())
    assert_corner_faces_on_truth(faces, shot.truth)


def test_a_steep_side_face_keeps_the_fit_whose_cells_hold_its_digits():
    """A coloured cube in the exam's held-out sans font, dim on a printed page (corner photo
    A, the second cube of a run at seed 1445000): the box fitted to the stickers found moves
    the steep left face's far column a third of a sticker off; the cube modelled from its top
    face holds more of the left face's digits and lies on the truth."""
    state, homes, made = cube(1446001, 1, "coloured", held_out=True)
    shot = corner_shot(state, "A", 1446001 * 10, made, homes, scene=everyday(1, 0))
    faces = locate_faces(shot.image, "A", "coloured/A", seen=digits_seen_by())
    assert_corner_faces_on_truth(faces, shot.truth)


def test_a_corner_ranked_by_digits_must_show_them_on_every_face():
    """A white body, large and dim on a gradient (corner photo A, the sixth cube of a run at
    seed 1345000): no pass frames its top face, and the corner the cell model's ranking
    finds completes it with a lattice of three of its digits and the grain above the cube,
    a face on which the cell model sees three digits. That corner is not taken; the photo
    with its shade lifted places all three faces."""
    shot = _shot(1349005, "white-body", "A", True)
    faces = locate_faces(shot.image, "A", "white-body/A", seen=digits_seen_by())
    assert_corner_faces_on_truth(faces, shot.truth)


def test_a_face_rebuilt_off_its_digits_gives_way_to_a_pass_that_places_it_on_them():
    """White digits on coloured stickers, the cube large on cloth (corner photo A, the
    seventh cube of a run at seed 1417000): the first sticker pass frames six stickers of
    the top and front faces and none of the steep right face, rebuilt from the two; its far
    side strays a fifth of the face off, onto the cloth, where the cell model sees no
    digits. A later pass fits the other two through more stickers and places the right face
    on its digits: every face on the truth."""
    shot = _shot(1417006, "coloured-white-ink", "A", False)
    faces = locate_faces(shot.image, "A", "coloured-white-ink/A", seen=digits_seen_by())
    assert_corner_faces_on_truth(faces, shot.truth)


def test_a_corner_of_digits_on_which_no_digits_are_seen_is_not_taken():
    """The black cube, dim on a cutting mat (our renderer's patterned grounds, cube 73013,
    photo B): every sticker pass frames the mat's squares, and the digits' own corner, chosen
    among the mat's thousands of marks, lies a face or more off the cube, the cell model
    seeing about one digit on its three faces. With no corner in the pool that corner was
    taken, all three faces misplaced; it must show digits on each face, as a corner ranked by
    them must. The photo is not misplaced: its faces lie on the truth, or it is refused
    (a person reads it: placing it is left to do). The later looks at the photo (its shade
    lifted, its grain smoothed) are left out: they place no corner here either, and cost
    most of the time."""
    puzzle, style, homes = unseen_cube(73013, 13, CORNER_RECIPE, "black")
    style = replace(style, ground=ground_of(13, "black"))
    image, truth = render_corner_photo(puzzle.state.faces(), "B", 730131, style, homes=homes)
    assert truth["ground"] == "mat"
    try:
        faces = locate_corner(image, "B", "black/B", lift_shade=False,
                              seen=digits_seen_by()).faces()
    except CornerPhotoError:
        return
    assert_corner_faces_on_truth(faces, truth)


def test_three_faces_that_fit_one_box_stand_where_no_model_is_believed():
    """A white body seen from low down on a grey floor (corner photo A of the twelfth cube
    of a run at seed 2204000): a chroma pass finds the right face (nine stickers) and the
    left (five), and rebuilds the steep top face from the two. The three fit one box, but
    the rebuilt top strays from the outline the other two predict, and the whole-cube
    model frames too few stickers on two faces to be believed; the three were refused,
    and the model left standing placed the top and left faces off the cube. One box is
    one cube: the three stand, every face on the truth."""
    shot = exam_corner_shot(2204011, 11, "white-body")
    faces = locate_faces(shot.image, "A", "white-body/A", seen=digits_seen_by())
    assert_corner_faces_on_truth(faces, shot.truth)


def test_a_cube_modelled_from_its_top_face_is_moved_onto_its_digits():
    """A small white body in dim light on blue tiles (corner photo B of the twelfth cube of
    an everyday run at seed 2514000): only chroma passes frame its top face and four
    stickers of a side face. The cube modelled from the top face puts the left face, in
    shade, a fifth to a third of a sticker off its digits, where the cell model sees 2.5 of
    them, and the photo was refused. Moved onto the photo's glyphs, the three faces show
    their digits: every face on the truth."""
    shot = exam_corner_shot(2514011, 11, "white-body", "B", everyday_scene=True)
    faces = locate_faces(shot.image, "B", "white-body/B", seen=digits_seen_by())
    assert_corner_faces_on_truth(faces, shot.truth)
