"""Templates learnt from rendered photos with known labels (a font the defaults do not use)."""
from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.calibration.fit import LabelledPhoto, accuracy, score_photo
from sudoku_cube.calibration.profiles import load_profile, profile_dir
from sudoku_cube.calibration.sheet import CELL_PX
from sudoku_cube.models.generator.cube3 import make_puzzle, random_scramble
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.render import PhotoStyle, render_face_photo
from sudoku_cube.vision.reading.reader import Reader
from tests import render_cache

STYLE = PhotoStyle(font="FreeSerifBold.ttf", size=(640, 480), supersample=1, difficulty=0.1)


@pytest.fixture(scope="module")
def puzzle():
    return make_puzzle(100)


def test_calibrate_templates_from_labelled_photos(tmp_path, puzzle, capsys):
    paths, labels = [], []
    for k, f in enumerate(FACES):
        img, truth = render_cache.face_photo(puzzle.state.face(f), 5000 + k, STYLE)
        path = tmp_path / f"{f}.png"
        cv2.imwrite(str(path), img)
        paths.append(str(path))
        labels.append(" ".join(truth["tokens"]))
    sheet = tmp_path / "sheet.png"
    code = main(["calibrate", "templates", *paths, "--digits", "; ".join(labels),
                 "--profile", "serif", "--sheet", str(sheet), "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["glyphs"] == 54 and out["after"] == 1.0 and out["after"] >= out["before"]
    img = cv2.imread(str(sheet))
    assert img is not None and img.shape[0] > 9 * CELL_PX and img.shape[1] > 4 * CELL_PX
    profile = load_profile("serif")
    assert profile.templates is not None and len(profile.templates) == 36
    assert len(profile.training) == 54 * 4 and profile.classifier is not None
    assert profile.report["after"] == 1.0
    # other photos of the same cube (another scramble) read at least as well as before
    state = puzzle.design.apply(random_scramble(901, 20))
    held = [LabelledPhoto(f, render_face_photo(state.face(f), 7000 + k, STYLE)[0],
                          tuple(state.face(f))) for k, f in enumerate(FACES[:3])]
    defaults = Reader(settings=profile.settings)
    before = accuracy([score_photo(p, defaults, profile.settings)[0] for p in held])
    after = accuracy([score_photo(p, profile.reader(), profile.settings)[0]
                      for p in held])
    assert after >= before and after >= 26 / 27


def test_truth_file_labels_and_label_errors(tmp_path, puzzle, capsys):
    img, _ = render_cache.face_photo(puzzle.state.face("U"), 5000, STYLE)
    cv2.imwrite(str(tmp_path / "U.png"), img)
    truth = tmp_path / "truth.json"
    truth.write_text(json.dumps({"format": "sudoku-cube/1", "faces": {
        f: [s.token for s in puzzle.state.face(f)] for f in FACES}}))
    assert main(["calibrate", "templates", str(tmp_path / "U.png"), "--truth", str(truth),
                 "--profile", "one"]) == 0
    assert "contact-sheet.png" in capsys.readouterr().out
    assert main(["calibrate", "templates", str(tmp_path / "U.png"), "--truth", str(tmp_path),
                 "--profile", "one"]) == 2  # a folder: its reading would prove nothing
    err = capsys.readouterr().err
    assert "--truth takes a state file of the cube as it really is" in err
    assert "--json >" not in err  # not the reader's own reading as the truth
    assert main(["calibrate", "templates", str(tmp_path / "U.png"), "--digits",
                 "1^ 2^ 3^", "--profile", "one"]) == 2
    assert "need 9" in capsys.readouterr().err
    assert main(["calibrate", "templates", str(tmp_path / "U.png"), "--digits",
                 "123456789^;123456789^", "--profile", "one"]) == 2
    assert "1 photo(s) but 2 label(s)" in capsys.readouterr().err
    blank = tmp_path / "F.png"
    cv2.imwrite(str(blank), np.full((200, 200, 3), 128, np.uint8))
    assert main(["calibrate", "templates", str(blank), "--digits", "123456789^",
                 "--profile", "two"]) == 2
    assert "no face could be read" in capsys.readouterr().err


def test_calibrate_reads_phone_photos_saved_sideways_as_shown(tmp_path, puzzle, capsys):
    """Calibration photos from a phone (pixels stored sideways, an EXIF Orientation tag) are
    turned as a viewer turns them: each digit meets its own label, as in the upright photo."""
    from tests.phone_photos import phone_jpeg

    img, truth = render_cache.face_photo(puzzle.state.face("U"), 5000, STYLE)
    digits = " ".join(truth["tokens"])
    results = []
    for name, orientation in (("upright", 1), ("phone", 6)):
        folder = tmp_path / name
        folder.mkdir()
        photo = phone_jpeg(img, orientation, folder / "U.jpg")
        assert main(["calibrate", "templates", str(photo), "--digits", digits, "--profile",
                     name, "--sheet", str(folder / "sheet.png"), "--json"]) == 0
        results.append(json.loads(capsys.readouterr().out))
    upright, phone = results
    assert phone["glyphs"] == upright["glyphs"] == 9
    assert phone["after"] == upright["after"] == 1.0 and phone["before"] == upright["before"]


@pytest.mark.parametrize("sample,symmetric", [("09-black", []), ("01-easy", [1])])
def test_the_1s_foot_in_the_photos_decides_the_saved_symmetry(capsys, sample, symmetric):
    """The black sample's 1s have a foot, the first sample's do not: calibrating from their
    photos, with no --symmetric, saves the 1 as not symmetric and as symmetric (it saved
    both as symmetric, and that profile then overrode what the photos show)."""
    folder = Path(__file__).resolve().parents[1] / "samples" / "cubes" / sample
    code = main(["calibrate", "templates", str(folder), "--truth", str(folder / "truth.json"),
                 "--profile", f"p{sample[:2]}", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["symmetric"] == symmetric
    assert sorted(load_profile(f"p{sample[:2]}").settings.symmetric) == symmetric
    # a setting the person gives stands
    code = main(["calibrate", "templates", str(folder), "--truth", str(folder / "truth.json"),
                 "--profile", f"q{sample[:2]}", "--symmetric", "1", "--json"])
    assert code == 0 and json.loads(capsys.readouterr().out)["symmetric"] == [1]


def test_calibrating_again_on_footless_ones_makes_the_1_symmetric_again(capsys):
    """A profile calibrated on the black sample (footed 1s: not symmetric), then again on the
    first sample (1s without a foot): the second calibration saves the 1 as symmetric again
    and says so; it kept "not symmetric", silently, and the profile then asked every footless
    1 to end upright."""
    cubes = Path(__file__).resolve().parents[1] / "samples" / "cubes"
    for sample, symmetric in (("09-black", []), ("01-easy", [1])):
        folder = cubes / sample
        assert main(["calibrate", "templates", str(folder), "--truth",
                     str(folder / "truth.json"), "--profile", "again"]) == 0
        assert sorted(load_profile("again").settings.symmetric) == symmetric
    said = " ".join(capsys.readouterr().out.split())
    assert "The 1 has no foot in these photos (" in said and "saved as symmetric" in said, said


def test_a_photo_to_label_by_hand_shows_what_it_reads_as():
    """Labelling at the terminal, the person sees what each photo reads as now, to check
    against the cube (they typed blind), or why no face was read."""
    from sudoku_cube.assistant.commands.calibrate import _as_read
    from sudoku_cube.assistant.services.files import load_state
    from sudoku_cube.vision.photo.images import load_image

    folder = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"
    truth = " ".join(s.token for s in load_state(folder / "truth.json").face("U"))
    reader = Reader(ocr="never")
    assert _as_read(load_image(folder / "U.jpg"), reader) == f"read as: {truth}"
    wall = np.full((480, 640, 3), 128, np.uint8)
    assert _as_read(wall, reader).startswith("no face read (")


SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _typed(monkeypatch, lines):
    """The terminal labelling of ``calibrate templates``, its prompts answered by ``lines``
    (an exception instance is raised at that prompt, as Ctrl-C would)."""
    from sudoku_cube.assistant.commands import calibrate

    answers = iter(lines)
    asked = []

    def ask(prompt, prefill=""):
        asked.append(prompt)
        answer = next(answers)
        if isinstance(answer, BaseException):
            raise answer
        return answer
    monkeypatch.setattr(calibrate, "read_line", ask)
    monkeypatch.setattr(calibrate.sys.stdin, "isatty", lambda: True)
    return asked


def test_ctrl_c_while_labelling_says_how_to_go_on_with_the_labels_typed(monkeypatch, capsys):
    """Ctrl-C at the third photo's label keeps nothing on disk, but says the command that goes
    on with the two labels typed (each a --digits, quoted for the shell) and the line that was
    being typed; that command asks only the photos left, and learns from all six."""
    from sudoku_cube.assistant.services.files import load_state
    from sudoku_cube.assistant.terminal.keys import LineInterrupted

    folder = SAMPLES / "cubes" / "01-easy"
    truth = load_state(folder / "truth.json")
    label = {f: " ".join(s.token for s in truth.face(f)) for f in FACES}
    asked = _typed(monkeypatch, ["", label["U"], label["R"], LineInterrupted("5^ 4>")])
    args = ["calibrate", "templates", str(folder), "--profile", "typed"]
    assert main(args) == 130
    out, err = (" ".join(text.split()) for text in capsys.readouterr())
    assert "type the nine stickers as the cube shows them" in out  # the empty line
    assert f"--digits '{label['U']}' --digits '{label['R']}'` to go on" in err, err
    assert "the line you were typing for" in err and "F.jpg: '5^ 4>'" in err, err
    assert len(asked) == 4 and not profile_dir("typed").exists()
    asked = _typed(monkeypatch, [label[f] for f in FACES[2:]])
    assert main([*args, "--digits", label["U"], "--digits", label["R"]]) == 0
    assert len(asked) == 4 and "Saved in" in " ".join(capsys.readouterr().out.split())


def test_corner_photos_are_refused_rather_than_taken_for_faces(capsys):
    """A folder of corner photos A and B held its B.jpg for face B's photo and learnt from
    its slanted faces; corner photos are refused, saying to give face photos: the folder by
    its names, a corner photo given as a file as it reads."""
    folder = SAMPLES / "corners" / "c1-plain"
    code = main(["calibrate", "templates", str(folder), "--truth", str(folder / "truth.json"),
                 "--profile", "corners"])
    err = " ".join(capsys.readouterr().err.split())
    assert code == 2 and "corner photos (A.jpg and B.jpg) are not taken" in err, err
    assert "give those (U.jpg ... B.jpg)" in err and "Traceback" not in err
    code = main(["calibrate", "templates", str(folder / "A.jpg"), "--digits", "1^" * 9,
                 "--profile", "corners"])
    err = " ".join(capsys.readouterr().err.split())
    assert code == 2 and "A.jpg: two faces in one photo" in err, err
    assert "templates are learnt from face photos, one face each (not corner photos)" in err
    assert "as corner photo A or B" not in err and "Traceback" not in err
    assert not profile_dir("corners").exists()


def test_labels_typed_and_refused_are_given_back_to_type_no_more(monkeypatch, capsys):
    """Labels typed at the terminal that the label check refuses (two photos' labels
    swapped) are said back as --digits options, so a rerun with --force or mended labels
    need not type them all again."""
    from sudoku_cube.assistant.services.files import load_state

    folder = SAMPLES / "cubes" / "01-easy"
    truth = load_state(folder / "truth.json")
    label = {f: " ".join(s.token for s in truth.face(f)) for f in FACES}
    typed = [label["R"], label["U"], *(label[f] for f in FACES[2:])]
    _typed(monkeypatch, typed)
    assert main(["calibrate", "templates", str(folder), "--profile", "swapped"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "nothing was saved (--force saves anyway)" in err, err
    assert "the labels you typed, to give again with the command: " + " ".join(
        f"--digits '{t}'" for t in typed) in err, err
    assert not profile_dir("swapped").exists()


def test_a_sheet_that_cannot_be_written_is_refused_before_the_profile_is_saved(tmp_path, puzzle,
                                                                              capsys):
    """--sheet naming a folder, or a file in a folder that does not exist, is refused before
    anything is read or saved: the profile stays as it was and no folder is created."""
    from tests.conftest import assert_clear_error

    img, truth = render_cache.face_photo(puzzle.state.face("U"), 5000, STYLE)
    path = tmp_path / "U.png"
    cv2.imwrite(str(path), img)
    folder = tmp_path / "sheets"
    folder.mkdir()
    for sheet, words in ((folder, ("is a folder", str(folder / "contact-sheet.png"))),
                         (tmp_path / "typo" / "x.png", ("does not exist", "mkdir -p"))):
        code = main(["calibrate", "templates", str(path), "--digits", " ".join(truth["tokens"]),
                     "--profile", "sheeted", "--sheet", str(sheet)])
        assert_clear_error(code, capsys.readouterr().err, str(sheet), *words)
    assert not (tmp_path / "typo").exists()
    assert main(["profiles"]) == 0
    assert "sheeted" not in capsys.readouterr().out


@pytest.mark.parametrize("option, value, words", [
    ("--settle-frames", "0", ("--settle-frames 0", "at least 1")),
    ("--chessboard-frames", "-2", ("--chessboard-frames -2", "at least 1")),
    ("--chessboard", "9by6", ("--chessboard '9by6'", "inner corners, e.g. 9x6")),
    ("--chessboard", "2x2", ("--chessboard '2x2'", "3 at least each way")),
    ("--chessboard", "9x1", ("--chessboard '9x1'", "3 at least each way"))])
def test_camera_calibration_options_out_of_range_are_refused(option, value, words, capsys):
    """A frame count below one, or a chessboard not given as its inner corners or smaller
    than OpenCV's corner finder takes, is refused before any camera is opened (a count of 0
    and a 1x1 or 2x2 board ended in an internal error)."""
    from tests.conftest import assert_clear_error

    code = main(["calibrate", "camera", "--camera", "nothing.avi", option, value])
    assert_clear_error(code, capsys.readouterr().err, *words)


def test_labels_given_twice_are_refused_not_one_ignored(tmp_path, capsys):
    """--truth and --digits together: which labels count? Refused (--digits was ignored)."""
    code = None
    try:
        code = main(["calibrate", "templates", str(tmp_path / "U.png"), "--truth",
                     str(tmp_path / "t.json"), "--digits", "534126978^"])
    except SystemExit as stop:
        code = stop.code
    assert code == 2
    assert "--digits: not allowed with argument --truth" in capsys.readouterr().err


def test_a_photo_given_as_the_camera_is_refused_as_scan_refuses_it(tmp_path, capsys):
    """calibrate camera --camera U.jpg: a photo, not a video (it was opened as a video of
    one frame and said to have ended too soon)."""
    from tests.conftest import assert_clear_error

    photo = tmp_path / "U.jpg"
    cv2.imwrite(str(photo), np.full((48, 64, 3), 128, np.uint8))
    code = main(["calibrate", "camera", "--camera", str(photo)])
    assert_clear_error(code, capsys.readouterr().err, "U.jpg", "is a photo (JPEG), not a video")


def test_a_label_the_reader_contradicts_surely_is_named_to_check(tmp_path, capsys,
                                                                 monkeypatch):
    """A one-digit typo in a label was learnt without a word (the table blamed the reader:
    "1: 7v read 4v"): a label that a sticker read surely contradicts is named, to check; the
    profile is saved as given (the reader may be the one that is wrong)."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    photo = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy" / "U.jpg"
    truth = Reader(ocr="never").read_face(cv2.imread(str(photo)))
    tokens = [s.token for s in truth.stickers]
    wrong = "7v" if tokens[0] != "7v" else "6v"
    code = main(["calibrate", "templates", str(photo), "--profile", "typo", "--digits",
                 " ".join([wrong] + tokens[1:])])
    said = " ".join(capsys.readouterr().out.split())
    assert code == 0 and load_profile("typo").templates is not None
    assert (f"Check these labels of {photo}: sticker 1 labelled {wrong}, read surely as "
            f"{tokens[0]}") in said, said


def test_calibrating_again_says_the_earlier_templates_are_replaced(tmp_path, capsys,
                                                                   monkeypatch):
    """A profile calibrated again from one photo lost the templates of six without a word:
    the second run says what it replaces, and how to keep both."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    easy = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"
    truth = str(easy / "truth.json")
    assert main(["calibrate", "templates", str(easy), "--truth", truth, "--profile", "twice"]) == 0
    first = " ".join(capsys.readouterr().out.split())
    assert "learnt before" not in first
    assert main(["calibrate", "templates", str(easy / "U.jpg"), "--truth", truth,
                 "--profile", "twice"]) == 0
    again = " ".join(capsys.readouterr().out.split())
    assert "The profile's templates learnt before (from 54 glyphs" in again, again
    assert "calibrate with all the photos at once" in again
