"""Corner photos A/B: geometry, readings against truth, agreement with six face photos, messages."""
from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.renders import same
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.cube.cube_rotations import identity_rotation, rotation_transform
from sudoku_cube.models.cube.face_words import centre
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.grid import solve_grid
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.state_format import parse_json
from sudoku_cube.vision.locate.corners.faces import (CornerPhotoError, NotUprightError,
                                                     locate_corner, locate_faces,
                                                     not_upright_message)
from sudoku_cube.vision.locate.corners.views import corner_faces
from sudoku_cube.vision.reading.corner_naming import held_words
from sudoku_cube.vision.reading.corners import read_corner_folder
from sudoku_cube.vision.photo.images import load_image
from sudoku_cube.vision.reading.photo_set import read_folder

ROOT = Path(__file__).resolve().parents[1]
CORNERS = ROOT / "samples" / "corners"
SAMPLES = sorted(d for d in CORNERS.iterdir() if (d / "truth.json").exists())


def test_there_are_corner_samples():
    assert len(SAMPLES) >= 3


def test_places_follow_conventions():
    """docs/photos.md: A shows U on top, F lower left, R lower right; B shows D, L, B."""
    assert [(f.face, f.place) for f in corner_faces("A")] == [
        ("U", "top"), ("F", "lower left"), ("R", "lower right")]
    assert [(f.face, f.place) for f in corner_faces("B")] == [
        ("D", "top"), ("L", "lower left"), ("B", "lower right")]
    # U's view has B at the top: the U/F/R corner is U's bottom-right net corner
    assert corner_faces("A")[0].corner_net == (3, 3)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda d: d.name)
def test_sample_face_outlines_match_the_render(sample):
    """Every located face (net orientation included) lies on the rendered face's outline."""
    truth = json.loads((sample / "photos.json").read_text())
    for photo in "AB":
        img = load_image(sample / f"{photo}.jpg")
        faces = locate_faces(img, photo)
        assert [f.face for f in faces] == [f.face for f in corner_faces(photo)]
        for f in faces:
            quad = np.array(truth[photo]["faces"][f.face]["quad"])
            err = np.abs(f.quad() - quad).max()
            assert err < 0.06 * np.linalg.norm(quad[0] - quad[2]), (photo, f.face, err)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda d: d.name)
def test_sample_reads_right_after_joint_decoding(sample):
    truth = parse_json((sample / "truth.json").read_text(), str(sample))
    # vision.reading.photo_set hands a corner pair A/B to the corner reader
    reading = read_folder(sample)
    assert sorted(reading.faces) == sorted(FACES)
    chosen = solve_grid(reading.state, CubeSettings()).chosen
    wrong = [i for i, (a, b) in enumerate(zip(chosen, truth.stickers)) if not same(a, b)]
    assert wrong == []


@cache
def _rendered_cube(tmp: str) -> Path:
    """Six face photos and a corner pair of one cube, in two folders under ``tmp``."""
    from sudoku_cube.render import PhotoStyle, render_corner_photo, render_face_photo

    puzzle = make_puzzle(4242, 25)
    style = PhotoStyle(difficulty=0.15, size=(960, 720))
    base = Path(tmp)
    (base / "six").mkdir(parents=True)
    (base / "corner").mkdir(parents=True)
    for i, f in enumerate(FACES):
        img, _ = render_face_photo(puzzle.state.face(f), 500 + i, style)
        cv2.imwrite(str(base / "six" / f"{f}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
    for i, w in enumerate("AB"):
        img, _ = render_corner_photo(puzzle.state.faces(), w, 600 + i, style)
        cv2.imwrite(str(base / "corner" / f"{w}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
    tokens = [s.token for s in puzzle.state.stickers]
    (base / "truth.json").write_text(json.dumps({"tokens": tokens}))
    return base


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    return _rendered_cube(str(tmp_path_factory.mktemp("corner-cube")))


def test_corner_pair_and_six_photos_give_the_same_reading(rendered):
    six = read_folder(rendered / "six", ocr=False)
    corner = read_folder(rendered / "corner", ocr=False)
    truth = json.loads((rendered / "truth.json").read_text())["tokens"]
    assert [s.token for s in corner.state.stickers] == [s.token for s in six.state.stickers]
    assert [s.token for s in corner.state.stickers] == truth
    assert corner.faces["U"].source.endswith("A.jpg") and corner.faces["D"].source.endswith("B.jpg")


def _corner_dir(tmp_path: Path, rendered: Path, a: np.ndarray | None = None,
                b: np.ndarray | None = None) -> Path:
    d = tmp_path / "photos"
    d.mkdir()
    for k, img in (("A", a), ("B", b)):
        if img is None:
            shutil.copy(rendered / "corner" / f"{k}.jpg", d / f"{k}.jpg")
        else:
            cv2.imwrite(str(d / f"{k}.jpg"), img)
    return d


def test_single_face_photo_as_corner_photo_is_refused(tmp_path, rendered):
    face = cv2.imread(str(rendered / "six" / "F.jpg"))
    d = _corner_dir(tmp_path, rendered, a=face)
    with pytest.raises(CornerPhotoError, match=r"A\.jpg: corner photo A: (only one face|no "
                                               r"cube face) found.*three faces"):
        read_corner_folder(d, ocr=False)


def test_photo_with_two_faces_is_refused(tmp_path, rendered):
    img = cv2.imread(str(rendered / "corner" / "B.jpg"))
    faces = locate_faces(img, "B")
    cv2.fillPoly(img, [np.round(faces[0].quad()).astype(np.int32)], (20, 20, 20))
    d = _corner_dir(tmp_path, rendered, b=img)
    with pytest.raises(CornerPhotoError, match="corner photo B: only two faces found"):
        read_corner_folder(d, ocr=False)


def _turned(img: np.ndarray, degrees: float) -> np.ndarray:
    """The photo as a camera turned ``degrees`` clockwise about its axis takes it, on a canvas
    large enough to keep the whole picture."""
    h, w = img.shape[:2]
    side = int(np.hypot(h, w)) + 2
    M = cv2.getRotationMatrix2D((w / 2, h / 2), -degrees, 1.0)
    M[:, 2] += ((side - w) / 2, (side - h) / 2)
    return cv2.warpAffine(img, M, (side, side), borderMode=cv2.BORDER_REPLICATE)


@pytest.mark.parametrize("photo, degrees, bottom", [("A", 180, 0), ("B", 60, 2)])
def test_photo_held_with_a_face_at_the_bottom_reads_the_cube_and_is_named(
        tmp_path, rendered, photo, degrees, bottom):
    """A corner photo held with no face on top (here the camera turned half round, or a sixth)
    names its faces up to the corner's turn; the one naming in which both photos' digits fit
    together is the cube, and the person is told how the photo was held, each face named by
    its centre digit."""
    img = _turned(cv2.imread(str(rendered / "corner" / f"{photo}.jpg")), degrees)
    d = _corner_dir(tmp_path, rendered, **{photo.lower(): img})
    reading = read_corner_folder(d, ocr=False)
    truth = json.loads((rendered / "truth.json").read_text())["tokens"]
    assert [s.token for s in reading.state.stickers] == truth
    low = corner_faces(photo)[bottom].face  # turned to the bottom: the top face, or B
    centre = truth[FACES.index(low) * 9 + 4][0]
    assert len(reading.notes) == 1
    assert reading.notes[0].startswith(f"{photo}.jpg was held with no face on top")
    assert f"{low} is the face with centre {centre} (at the bottom of the picture)" in \
        reading.notes[0]
    assert reading.to_dict()["notes"] == list(reading.notes)



def test_a_turned_photos_faces_are_named_by_centres_the_person_can_tell_apart(rendered):
    """On a cube whose 6 and 9 carry no underline the two look alike, so a face of a photo
    held with no face on top is named by "centre 6 or 9" and where the picture shows it, not
    by a digit the person cannot check; an underlined cube names the digit."""
    img = _turned(cv2.imread(str(rendered / "corner" / "B.jpg")), 60)
    view = locate_corner(img, "B")
    state = make_puzzle(305, 20).state  # its D centre is a 6, its L centre a 9
    assert [centre(state, f).digit for f in "DL"] == [6, 9]
    plain = held_words("B.jpg", view, 0, state, CubeSettings(underlined_69=False))
    marked = held_words("B.jpg", view, 0, state, CubeSettings(underlined_69=True))
    for f in "DL":
        assert f"{f} is the face with centre 6 or 9 (" in plain
        assert f"{f} is the face with centre {centre(state, f).digit} (" in marked
    assert "6 or 9" not in marked
    # the three faces listed as the product lists words: commas, then "and" before the last
    assert plain.count("), ") == 1 and plain.count(") and ") == 1, plain

def test_both_photos_held_with_a_face_at_the_bottom_read_a_cube_and_say_so(tmp_path, rendered):
    """Both photos upside down: nothing names U, so photo A's faces are named one way round
    the corner and photo B's fitted to them; the cube read is the real one turned in the hand
    (its digits fit a solved arrangement), and both photos are named in the notes."""
    a, b = (cv2.rotate(cv2.imread(str(rendered / "corner" / f"{k}.jpg")), cv2.ROTATE_180)
            for k in "AB")
    reading = read_corner_folder(_corner_dir(tmp_path, rendered, a=a, b=b), ocr=False)
    truth = make_puzzle(4242, 25).state  # the rendered cube (_rendered_cube)
    read = [s.token for s in reading.state.stickers]
    turned = [i for i in range(24)
              if [s.token for s in truth.transformed(rotation_transform(i)).stickers] == read]
    assert len(turned) == 1 and turned[0] != identity_rotation()
    assert [n.split(" ", 1)[0] for n in reading.notes] == ["A.jpg", "B.jpg"]
    assert "nothing tells which of its faces is U" in reading.notes[0]
    assert "fit together" in reading.notes[1]


def test_photo_held_so_that_no_naming_fits_is_refused(tmp_path, rendered):
    """Upside down, and beside a photo B of another cube: no way round the corner makes the
    digits fit, so the photo is refused with how to hold it."""
    from sudoku_cube.render import PhotoStyle, render_corner_photo

    other, _ = render_corner_photo(make_puzzle(77, 25).state.faces(), "B", 601,
                                   PhotoStyle(difficulty=0.15, size=(960, 720)))
    img = cv2.rotate(cv2.imread(str(rendered / "corner" / "A.jpg")), cv2.ROTATE_180)
    d = _corner_dir(tmp_path, rendered, a=img, b=other)
    with pytest.raises(NotUprightError, match="not upright.*do not fit photo B's.*U faces up"):
        read_corner_folder(d, ocr=False)


def test_upside_down_photo_alone_is_refused(rendered):
    """Read alone (to check one photo) nothing but the pose can name its faces."""
    img = cv2.rotate(cv2.imread(str(rendered / "corner" / "A.jpg")), cv2.ROTATE_180)
    with pytest.raises(NotUprightError, match="not upright.*U faces up"):
        locate_faces(img, "A")


def test_same_corner_twice_is_refused(tmp_path, rendered):
    a = cv2.imread(str(rendered / "corner" / "A.jpg"))
    d = _corner_dir(tmp_path, rendered, b=a)
    with pytest.raises(CornerPhotoError, match="same corner as photo A.*z2.*retake A instead"):
        read_corner_folder(d, ocr=False)


def test_a_photo_not_upright_is_told_how_to_hold_in_words():
    """The refusal of a corner photo with no face on top lists the faces expected and where,
    "and" before the last, as the rest of the product lists words."""
    said = not_upright_message("B", "B.jpg", 40)
    assert said.startswith("B.jpg: corner photo B is not upright: no face sits on top"), said
    assert "Expected D top, L lower left and B lower right; hold the cube so that D faces " \
        "up" in said, said


def test_missing_corner_photo_is_named(tmp_path, rendered):
    d = tmp_path / "only-a"
    d.mkdir()
    shutil.copy(rendered / "corner" / "A.jpg", d / "A.jpg")
    with pytest.raises(SudokuCubeError, match=r"corner photo B \(D, L and B\) is missing"):
        read_folder(d, ocr=False)
