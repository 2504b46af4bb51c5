"""``read`` on single photos: a person checks one photo before taking the others."""
from __future__ import annotations

import json
from pathlib import Path

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.cube.state_format import parse_json

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def test_one_good_photo_prints_its_face(capsys):
    truth = parse_json((SAMPLES / "cubes/01-easy/truth.json").read_text())
    assert main(["read", str(SAMPLES / "cubes/01-easy/U.jpg"), "--no-ocr", "--json"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    (reading,) = data.values()
    assert reading["faces"] == [s.token for s in truth.face("U")]
    assert "a whole cube needs the six faces" in out.err


def test_one_bad_photo_says_what_is_wrong_with_it(capsys):
    assert main(["read", str(SAMPLES / "bad/half-face/F.jpg"), "--no-ocr"]) == 2
    err = capsys.readouterr().err
    assert "half-face/F.jpg: partial face" in err and "Traceback" not in err
    assert main(["read", str(SAMPLES / "bad/two-cubes/F.jpg"), "--no-ocr"]) == 2
    assert "two faces in one photo" in capsys.readouterr().err


def test_a_lone_photo_named_b_is_face_b(tmp_path, capsys):
    truth = parse_json((SAMPLES / "cubes/01-easy/truth.json").read_text())
    lone = tmp_path / "B.jpg"
    lone.write_bytes((SAMPLES / "cubes/01-easy/B.jpg").read_bytes())
    assert main(["read", str(lone), "--no-ocr", "--json"]) == 0
    out = capsys.readouterr()
    (reading,) = json.loads(out.out).values()
    assert reading["faces"] == [s.token for s in truth.face("B")]
    assert "B.jpg, the back face (B):" in " ".join(out.err.split()) and "missing" not in out.err


def test_json_coordinates_are_in_the_photo_files_pixels(tmp_path, capsys):
    """A photo larger than the working copy (read downscaled) reports its quad and centres in
    its own pixels: they match the sample's photos.json scaled like the photo."""
    import cv2
    import numpy as np

    photos = json.loads((SAMPLES / "cubes/01-easy/photos.json").read_text())
    img = cv2.imread(str(SAMPLES / "cubes/01-easy/F.jpg"))
    k = 2.5  # 960 x 720 -> 2400 x 1800: read at 1600 x 1200
    big = tmp_path / "F.png"
    cv2.imwrite(str(big), cv2.resize(img, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC))
    assert main(["read", str(big), "--no-ocr", "--json"]) == 0
    (reading,) = json.loads(capsys.readouterr().out).values()
    quad, centres = np.array(reading["quad"]), np.array(reading["centres"])
    pitch = np.linalg.norm(quad[1] - quad[0]) / 3
    assert pitch > 150  # file pixels, not the 1600-wide working copy's
    assert np.abs(quad - k * np.array(photos["F"]["quad"])).max() < 0.12 * pitch
    assert np.abs(centres - k * np.array(photos["F"]["centres"])).max() < 0.12 * pitch


def test_doubtful_line_shows_the_likely_readings_only() -> None:
    """A doubtful sticker lists at most four readings worth a look, not all 36 (a wall of
    zero scores hides the two that matter), and says how many were left out."""
    from sudoku_cube.assistant.commands.read import _alternatives
    from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
    hyps = [Hypothesis(Sticker(d, r), s) for (d, r, s) in
            [(6, 1, 0.58), (9, 3, 0.34), (7, 0, 0.05), (4, 2, 0.02), (1, 0, 0.009)]]
    hyps += [Hypothesis(Sticker(d, r), 0.0) for d in (2, 3, 5, 8) for r in range(4)]
    text = _alternatives(hyps)
    assert text.startswith("6> 0.58, 9< 0.34, 7^ 0.05, 4v 0.02")
    assert text.endswith("(+17 unlikely)")
    assert _alternatives(hyps[:2]) == "6> 0.58, 9< 0.34"


def test_read_takes_the_ocr_modes_of_solve(capsys):
    """``read --ocr never|auto|always`` as ``solve`` has it: the same stickers, and with
    ``always`` tesseract (real) votes on every sticker, which changes the confidences."""
    truth = [s.token for s in parse_json((SAMPLES / "cubes/01-easy/truth.json").read_text())
             .face("U")]
    got = {}
    for mode in ("never", "always"):
        assert main(["read", str(SAMPLES / "cubes/01-easy/U.jpg"), "--ocr", mode, "--json"]) == 0
        (reading,) = json.loads(capsys.readouterr().out).values()
        assert reading["faces"] == truth
        got[mode] = reading["confidence"]
    assert got["always"] != got["never"]


def _erase_digits(src: Path, out: Path, cells: list[int]) -> None:
    """The photo with the digits of ``cells`` (0-8) painted over in their sticker's own
    colour (taken near the sticker's edge): blank stickers, as a cube without digits has."""
    import cv2
    import numpy as np

    photo = json.loads((src.parent / "photos.json").read_text())[src.stem]
    img = cv2.imread(str(src))
    quad = np.array(photo["quad"])
    pitch = np.linalg.norm(quad[1] - quad[0]) / 3
    for i in cells:
        x, y = np.array(photo["centres"][i])
        colour = img[int(y + 0.36 * pitch), int(x)].tolist()
        cv2.rectangle(img, (int(x - 0.33 * pitch), int(y - 0.33 * pitch)),
                      (int(x + 0.33 * pitch), int(y + 0.33 * pitch)), colour, -1)
    cv2.imwrite(str(out), img)


def test_stickers_without_a_digit_are_shown_blank_not_guessed(tmp_path, capsys):
    """A sticker in which no digit is seen is printed as ``--`` and named once, not listed
    as a doubtful 1 with 36 equal scores; the other stickers read as before."""
    truth = [s.token for s in parse_json((SAMPLES / "cubes/01-easy/truth.json").read_text())
             .face("U")]
    photo = tmp_path / "U.png"
    _erase_digits(SAMPLES / "cubes/01-easy/U.jpg", photo, [4, 8])
    assert main(["read", str(photo), "--no-ocr"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines()
            if len(line.split()) == 3 and all(len(t) == 2 for t in line.split())]
    assert rows[1][1] == "--" and rows[2][2] == "--"
    assert [t for row in rows for t in row if t != "--"] == [t for i, t in enumerate(truth)
                                                             if i not in (4, 8)]
    text = " ".join(out.split())  # the console wraps long lines
    assert "no digit seen on sticker(s) 5 9" in text
    assert "doubtful sticker 5" not in text and "doubtful sticker 9" not in text


def test_a_face_without_any_digit_asks_whether_it_is_a_sudoku_cube(tmp_path, capsys):
    """A face with no digit at all (a plain colour cube) says so instead of nine guesses,
    and exits 2."""
    photo = tmp_path / "U.png"
    _erase_digits(SAMPLES / "cubes/01-easy/U.jpg", photo, list(range(9)))
    assert main(["read", str(photo), "--no-ocr"]) == 2  # as a folder of such photos
    text = " ".join(capsys.readouterr().out.split())  # the console wraps long lines
    assert text.count("--") == 9 and "is this a Sudoku Cube" in text
    assert "doubtful sticker" not in text


def test_a_corner_view_read_as_one_face_says_how_to_read_it_as_a_corner_photo(tmp_path, capsys):
    """A photo of the cube's corner given as one face is refused as showing three faces (the
    one-face search sees two across an edge, the corner search all three), and the message
    gives the command that reads it as corner photo A (or B), which does."""
    view = tmp_path / "view.jpg"
    view.write_bytes((SAMPLES / "corners/c4-black/A.jpg").read_bytes())
    assert main(["read", str(view), "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "three faces in one photo (a corner of the cube" in err
    assert f"`sudoku-cube read {view} --corner A --no-ocr` (U on top" in err  # as given
    assert "`--corner B`" in err
    named_b = tmp_path / "B.jpg"  # a photo named B: read as corner photo B first
    named_b.write_bytes((SAMPLES / "corners/c4-black/B.jpg").read_bytes())
    assert main(["read", str(named_b), "--no-ocr"]) == 2
    said = " ".join(capsys.readouterr().err.split())
    assert f"`sudoku-cube read {named_b} --corner B --no-ocr` (D on top" in said, said
    assert main(["read", str(view), "--corner", "A", "--no-ocr"]) == 0  # that command
    out = " ".join(capsys.readouterr().out.split())
    truth = json.loads((SAMPLES / "corners/c4-black/truth.json").read_text())["faces"]
    for face in "UFR":  # the three faces of corner photo A, as the sample's truth has them
        assert f"{face} {' '.join(truth[face])}" in out


def test_a_long_photo_path_is_printed_whole_on_one_line(tmp_path, capsys, monkeypatch):
    """The line that names a photo read alone keeps its path on one line, left to the terminal
    to wrap (a wrap it draws is no line break): folded by the program, a path longer than the
    screen came out in two pieces that no copy joins again. Face photos and corner photos."""
    monkeypatch.setenv("COLUMNS", "80")
    deep = tmp_path / ("a-folder-with-a-long-name-" * 3)
    deep.mkdir()
    face = deep / "photo-of-the-top-face-taken-on-the-kitchen-table.jpg"
    face.symlink_to(SAMPLES / "cubes/01-easy/U.jpg")
    corner = deep / "A.jpg"
    corner.symlink_to(SAMPLES / "corners/c1-plain/A.jpg")
    for argv, path in ((["read", str(face), "--no-ocr"], face),
                       (["read", "--corner", "A", str(corner), "--no-ocr"], corner)):
        assert len(str(path)) > 80
        main(argv)
        lines = capsys.readouterr().out.splitlines()
        assert any(line.startswith(str(path)) for line in lines), lines[:3]


def test_a_lone_photo_with_no_digit_is_refused_without_asking_for_the_next(monkeypatch,
                                                                             capsys):
    """A photo whose face shows no digit (no Sudoku Cube) is said so, exit 2; the count of
    photos read, which asks for the cube's other faces, is left out then: it would read as if
    the photo had done. A photo with digits beside it keeps the count."""
    import dataclasses

    from sudoku_cube.assistant.commands import read as read_command
    from sudoku_cube.vision.reading.reader import Reader

    chosen = Reader.read_chosen_face

    def plain_u(self, image, **kwargs):
        reading = chosen(self, image, **kwargs)
        return dataclasses.replace(reading, digit_seen=(0.1,) * 9) \
            if kwargs.get("face") == "U" else reading

    monkeypatch.setattr(Reader, "read_chosen_face", plain_u)
    monkeypatch.setattr(read_command, "corner_shown", lambda image, source: None)
    u, f = (str(SAMPLES / f"cubes/01-easy/{x}.jpg") for x in "UF")
    assert main(["read", u, "--no-ocr"]) == 2
    said = " ".join("".join(capsys.readouterr()).split())
    assert "no digit seen on any sticker" in said and "a whole cube needs" not in said, said
    assert main(["read", u, f, "--no-ocr"]) == 2
    said = " ".join("".join(capsys.readouterr()).split())
    assert "2 photo(s) read; a whole cube needs the six faces" in said, said
