"""A corner photo refused as taken is sought as if from further away, then closer
(:mod:`vision.locate.corners.zoom`): a cube photographed so close that its faces fill the
frame is placed, so is one photographed so far away that its stickers blur into each other,
and the faces found on a zoomed copy are the photo's own."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.assistant.bench.vision_second import LOCATED_TOLERANCE
from sudoku_cube.vision.locate.corners import faces as corner_faces
from sudoku_cube.vision.locate.corners.faces import CornerFace, CornerView, locate_faces
from sudoku_cube.vision.locate.corners.zoom import ZOOM, zoomed_in, zoomed_out
from sudoku_cube.vision.locate.face_geometry import project
from sudoku_cube.vision.reading.corners import digits_seen_by
from sudoku_cube.vision.reading.reader import Reader
from tests.exam_shots import exam_corner_shot


def _bright_spot(picture: np.ndarray) -> np.ndarray:
    """The centre (1 x 2) of the bright pixels of ``picture``."""
    ys, xs = np.nonzero(picture[..., 0] > 170)
    return np.array([[xs.mean(), ys.mean()]])


def _on_their_outlines(got: list[CornerFace], faces: dict) -> None:
    """Every face of the truth ``faces`` was found, each within
    :data:`LOCATED_TOLERANCE` of a pitch of its sticker centres."""
    assert {f.face for f in got} == set(faces)
    for f in got:
        want = np.array(faces[f.face]["centres"], np.float64)
        pitch = np.linalg.norm(want[0] - want[1])
        off = np.linalg.norm(np.asarray(f.geometry().cell_centres()) - want, axis=1).max()
        assert off < LOCATED_TOLERANCE * pitch, (f.face, off / pitch)


def test_a_point_of_the_zoomed_out_copy_maps_back_onto_the_photo() -> None:
    """A bright dot drawn in the photo is found in the copy about ZOOM times nearer the
    middle, and the copy's position maps back onto the dot."""
    photo = np.full((300, 400, 3), 90, np.uint8)
    cv2.circle(photo, (330, 60), 6, (255, 255, 255), -1)
    far = zoomed_out(photo)
    assert far.picture.shape == photo.shape
    assert np.all(far.picture[0, 0] == 90)  # the margin: the colour of the photo's edge
    spot = _bright_spot(far.picture)
    assert abs(spot[0, 0] - (200 + (330 - 199.5) / ZOOM)) < 1.0
    assert np.abs(project(far.to_photo, spot) - [330, 60]).max() < 1.0


def test_a_point_of_the_zoomed_in_copy_maps_back_onto_the_photo() -> None:
    """A bright dot drawn in the photo is found in the copy ZOOM times further from the
    middle, and the copy's position maps back onto the dot."""
    photo = np.full((300, 400, 3), 90, np.uint8)
    cv2.circle(photo, (250, 120), 4, (255, 255, 255), -1)
    near = zoomed_in(photo)
    assert near.picture.shape == photo.shape
    spot = _bright_spot(near.picture)
    assert abs(spot[0, 0] - (199.5 + (250 - 199.5) * ZOOM)) < 1.0
    assert np.abs(project(near.to_photo, spot) - [250, 120]).max() < 1.0


def _view(quads: list[np.ndarray], found: int) -> CornerView:
    """A corner view whose faces have outlines ``quads`` (top-left, top-right, bottom-right,
    bottom-left) and ``found`` stickers each."""
    def face(name: str, q: np.ndarray) -> CornerFace:
        net = np.array([[0, 0], [3, 0], [3, 3], [0, 3]], np.float32)
        return CornerFace(name, "top", cv2.getPerspectiveTransform(net, q.astype(np.float32)),
                          found)
    naming = tuple(face(n, q) for n, q in zip("UFR", quads))
    return CornerView("A", (naming,), (0.0,))


def _digits(count: float):
    """A stand-in for the cell model that sees ``count`` digits on every face."""
    return lambda image, faces, small=False, middle=False, cells=False: np.full(len(faces),
                                                                                 count)


def test_faces_of_a_zoomed_look_must_lie_in_the_photo_each_on_its_own_stickers_or_digits(
        ) -> None:
    square = np.array([[10, 10], [90, 10], [90, 90], [10, 90]], float)
    quads = [square, square + [100, 0], square + [0, 100]]
    image = np.zeros((300, 400, 3), np.uint8)
    assert corner_faces._shown(_view(quads, 9), image, None)
    assert not corner_faces._shown(_view(quads, 0), image, None)  # rebuilt on none of its own
    assert not corner_faces._shown(_view(quads, 0), image, _digits(2.0))  # and holds no digits
    assert corner_faces._shown(_view(quads, 0), image, _digits(8.5))  # its digits show
    across_the_edge = [q - [20, 0] for q in quads]
    assert not corner_faces._shown(_view(across_the_edge, 9), image, _digits(9.0))


def test_a_small_cube_far_away_is_placed_from_closer() -> None:
    """The exam's white cube in a held-out font, photographed small and soft on cloth
    (corner photo B of cube 1765006, each face about a twentieth of the frame): its
    stickers blur into one another, every look at the photo as taken and at its zoomed-out
    copy refuses it, and the zoomed-in copy places all three faces (its top face rebuilt
    from the other two, its digits seen), each on its outline in the photo."""
    shot = exam_corner_shot(1765006, 6, "white", "B", held_out=True)
    got = locate_faces(shot.image, "B", "B.jpg",
                       seen=digits_seen_by(Reader(ocr="never").cell_model))
    _on_their_outlines(got, shot.truth["faces"])


def test_a_cube_that_fills_the_frame_is_placed_from_further_away(monkeypatch) -> None:
    """The exam's black cube photographed close in dim light on a gradient (corner photo B
    of cube 1478019, its faces nearly the whole frame, its digit strokes as wide as the
    digits' top-hat window): every look at the photo as taken refuses it, the zoomed-out
    copy places all three faces, each on its outline in the photo."""
    shot = exam_corner_shot(1478019, 19, "black", "B", everyday_scene=True)
    zooms = []
    monkeypatch.setattr(corner_faces, "zoomed_out",
                        lambda image: zooms.append(image) or zoomed_out(image))
    got = locate_faces(shot.image, "B", "B.jpg",
                       seen=digits_seen_by(Reader(ocr="never").cell_model))
    assert len(zooms) == 1  # refused as taken: only then is the photo zoomed out
    _on_their_outlines(got, shot.truth["faces"])
