"""``sudoku-cube serve`` over HTTP on the loopback: the token, the refusals (oversized, not an
image, paths that try to leave the page), the photos stored under the server's names, and whole
uploads read exactly as ``read`` reads the same files; the check's photo, the step the guide
reached, and the terminal taking over."""
from __future__ import annotations

import http.client
import io
import json
import os
import random
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from rich.console import Console

from sudoku_cube.assistant.terminal import guide_run, review_ui, solve_flow
from sudoku_cube.assistant.bench.serve import measure
from sudoku_cube.assistant.cli import build_parser, main
from sudoku_cube.assistant.commands import serve as serve_command
from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.services.sessions import save_guide_step
from sudoku_cube.assistant.web.server import Server
from sudoku_cube.assistant.services.review import ReviewCheck
from sudoku_cube.assistant.web.service import (GUIDING, PLANNING, RETAKE_HERE, REVIEW_QUIT,
                                               PhoneService, inconsistency, quit_words)
from sudoku_cube.assistant.web.store import MAX_UPLOAD_BYTES, PhotoFolder, new_folder
from sudoku_cube.models.cube.moves import invert_moves, parse_moves, simplify
from sudoku_cube.models.cube.state import sticker_index
from sudoku_cube.models.cube.stickers import format_token
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.storage.folders import data_dir
from sudoku_cube.vision.photo.images import load_image
from sudoku_cube.vision.reading.reader import Reader
from tests.conftest import assert_clear_error, random_design

ROOT = Path(__file__).resolve().parent.parent
FACES_DIR = ROOT / "samples" / "cubes" / "01-easy"
CORNERS_DIR = ROOT / "samples" / "corners" / "c1-plain"


@pytest.fixture
def served():
    """A server on the loopback for a new session, reading without OCR."""
    service = PhoneService(PhotoFolder(new_folder()), Reader(ocr="never"), max_uploads=20)
    server = Server(service, port=0)
    server.start()
    yield server
    server.stop()


def call(url: str, data: bytes | None = None) -> tuple[int, dict | str]:
    """GET (or POST ``data``) and the status with the JSON (or text) answer."""
    req = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET")
    try:
        with urllib.request.urlopen(req, timeout=60) as res:
            status, body, kind = res.status, res.read(), res.headers.get_content_type()
    except urllib.error.HTTPError as e:
        status, body, kind = e.code, e.read(), e.headers.get_content_type()
    return status, json.loads(body) if kind == "application/json" else body.decode()


def raw_get(server: Server, path: str) -> tuple[int, bytes]:
    """A GET of ``path`` exactly as written (no client tidies ``..`` away)."""
    host, port = server.url.split("/")[2].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("GET", path)
    res = conn.getresponse()
    return res.status, res.read()


def near_token(token: str) -> str:
    """``token`` with its last character changed: a wrong token one character off (a fixed
    'x' there is the token itself for one random token in 64)."""
    return token[:-1] + ("y" if token.endswith("x") else "x")


def test_a_token_one_character_off_is_another_token():
    for token in ("kT3-9_xYzAbCdEfGhIjKlM", "kT3-9_xYzAbCdEfGhIjKlx"):
        wrong = near_token(token)
        assert wrong != token and wrong[:-1] == token[:-1]


def test_every_request_needs_the_token(served):
    base = served.url.rsplit("/", 2)[0]
    for path in ("/", "/api/status", "/app.js", f"/{near_token(served.token)}/api/status"):
        status, body = call(base + path)
        assert status == 403, path
        assert "open the address the computer's terminal printed" in body["error"], path
    status, body = call(base + "/api/face/U", b"x")
    assert status == 403
    status, page = call(served.url)
    assert status == 200 and 'capture="environment"' in page


def test_a_request_that_fails_on_a_bug_is_answered_in_json_and_said_at_the_terminal(
        served, monkeypatch):
    """A bug met while answering (here the photo's reading raises) is no plain-text 500 with a
    traceback on the terminal: the phone gets the page's JSON error, the terminal one line
    naming the error, and the photo sent stays in the session's folder."""
    def broken(*args):
        raise RuntimeError("a bug in reading")
    monkeypatch.setattr(served.service, "_kept_photo", broken)
    status, body = call(served.url + "api/face/U", (FACES_DIR / "U.jpg").read_bytes())
    assert status == 500 and "a bug, said in its terminal" in body["error"]
    said = " ".join(served.service.news())
    assert "internal error while answering the phone: RuntimeError: a bug in reading" in said
    assert any(served.service.folder.path.rglob("U*.jpg"))


def test_a_browser_opening_an_old_address_is_told_on_a_page(served):
    """After ``serve --resume`` the phone's open tab holds the last session's code: reloaded,
    it shows a page that says what to open, not the API's JSON."""
    host, port = served.url.split("/")[2].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("GET", f"/{near_token(served.token)}/", headers={"Accept": "text/html"})
    res = conn.getresponse()
    page = res.read().decode()
    assert res.status == 403 and res.getheader("Content-Type").startswith("text/html")
    assert "<h1>Sudoku Cube</h1>" in page and "This address lacks the session's code" in page
    assert "`serve --resume` too" in page and "scan its QR code" in page


@pytest.mark.parametrize("method, path", [("status", "api/status"),
                                          ("reading_json", "api/reading")])
def test_a_slow_answer_holds_up_no_other_request(served, monkeypatch, method, path):
    """The page's status and the whole reading are made off the server's event loop: while
    one request waits for its answer, the page itself still answers, and the request gets
    its answer once it is made."""
    started, release = threading.Event(), threading.Event()
    made = getattr(served.service, method)

    def slow(*args):
        started.set()
        release.wait(30)
        return made(*args)
    monkeypatch.setattr(served.service, method, slow)
    polled: list[tuple[int, dict | str]] = []
    poll = threading.Thread(target=lambda: polled.append(call(served.url + path)))
    poll.start()
    try:
        assert started.wait(30)
        with urllib.request.urlopen(served.url, timeout=10) as res:  # the status still waits
            assert res.status == 200 and not release.is_set()
    finally:
        release.set()
        poll.join(60)
    answer = (200, {"stage": "photos"}) if method == "status" else (409, {})
    assert polled and polled[0][0] == answer[0], polled
    assert answer[1].items() <= polled[0][1].items(), polled


def test_only_the_pages_own_assets_are_served(served, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the phone")
    prefix = f"/{served.token}/"
    for path in ("static/", "static/app.js", "api/", "../../../etc/passwd",
                 "..%2f..%2fetc%2fpasswd", str(secret), "style.css/../../pyproject.toml"):
        status, body = raw_get(served, prefix + path)
        assert status in (403, 404), path
        assert b"not for the phone" not in body and b"root:" not in body
        assert json.loads(body)["error"], path
    assert raw_get(served, prefix + "app.js")[0] == 200


def test_uploads_refused_with_clear_json(served):
    folder = served.service.folder.path
    status, body = call(served.url + "api/face/U", b"\0" * (MAX_UPLOAD_BYTES + 1))
    assert status == 413 and "MB" in body["error"]
    status, body = call(served.url + "api/face/U", b"%!PS-Adobe-3.0\n(hello) show\n")
    assert status == 415 and "PostScript" in body["error"] and "JPEG" in body["error"]
    status, body = call(served.url + "api/face/U", b"")
    assert status == 400 and "0 bytes" in body["error"]
    jpeg = (FACES_DIR / "U.jpg").read_bytes()
    status, body = call(served.url + "api/face/U", jpeg[:len(jpeg) // 2])
    assert status == 400 and "photo U" in body["error"] and "truncated" in body["error"]
    assert str(folder) not in body["error"]
    for name in ("..%2F..%2Fescape", "X", "u", "A"):  # names the server does not offer
        status, body = call(served.url + f"api/face/{name}", jpeg)
        assert status == 404 and body["error"], name
    status, body = call(served.url + "api/corner/U", jpeg)
    assert status == 404
    assert sorted(p.name for p in (folder / "refused").iterdir()) == ["U-1.jpg"]  # the JPEG
    assert not list(folder.glob("*.jpg")) and not (folder.parent / "escape").exists()


def test_a_file_that_is_no_photo_is_refused_on_its_card(served):
    """The page redraws its cards from the status: a refusal answered only to the upload (a
    file that is not a JPEG or PNG) was drawn over at once, and the card showed nothing."""
    status, body = call(served.url + "api/face/D", b"these are my notes, not a photo\n")
    assert status == 415
    status, view = call(served.url + "api/status")
    assert view["photos"][3]["name"] == "D" and view["photos"][3]["refused"] == body["error"]
    assert "not an image" in body["error"] and "JPEG" in body["error"]


def test_a_photo_without_a_face_is_refused_and_kept(served):
    status, body = call(served.url + "api/face/F", (CORNERS_DIR / "A.jpg").read_bytes())
    assert status == 422 and body["error"].startswith("photo F")
    status, view = call(served.url + "api/status")
    assert view["photos"][2]["refused"] == body["error"]
    assert (served.service.folder.path / "refused" / "F-1.jpg").exists()


def test_a_photo_without_any_digit_is_refused_on_its_card_as_read_refuses_it(served, tmp_path,
                                                                            monkeypatch):
    """A face photo on which no digit is seen (a plain cube, a newspaper page) was taken, its
    card green with nine "?"; it is refused on its card with what ``read`` says of it, and
    kept aside, so the person retakes it at once. A corner photo whose three faces show no
    digit likewise; one with digits on its faces is taken."""
    from tests.test_cli_read_single import _erase_digits
    from tests.test_read_blank_cube import _plain_corner

    plain = tmp_path / "U.jpg"
    _erase_digits(FACES_DIR / "U.jpg", plain, list(range(9)))
    status, body = call(served.url + "api/face/U", plain.read_bytes())
    assert status == 422, body
    assert body["error"] == ("photo U: no digit seen on any sticker: is this a Sudoku Cube (a "
                             "digit on every sticker)? If so, photograph the face sharply, in "
                             "even light, so it fills about half of the picture")
    _, view = call(served.url + "api/status")
    assert view["photos"][0]["refused"] == body["error"] and not view["photos"][0]["faces"]
    assert (served.service.folder.path / "refused" / "U-1.jpg").exists()
    assert call(served.url + "api/face/U", (FACES_DIR / "U.jpg").read_bytes())[0] == 200

    real = Reader.read_corner_photo
    monkeypatch.setattr(Reader, "read_corner_photo",
                        lambda self, img, which, source=None, **kw: _plain_corner(source))
    status, body = call(served.url + "api/corner/A", (CORNERS_DIR / "A.jpg").read_bytes())
    monkeypatch.setattr(Reader, "read_corner_photo", real)
    assert status == 422 and body["error"].startswith(
        "corner photo A: no digit seen on any of its faces: is this a Sudoku Cube"), body
    assert "If so, retake it: sharp, evenly lit" in body["error"]
    assert call(served.url + "api/corner/A", (CORNERS_DIR / "A.jpg").read_bytes())[0] == 200
    assert served.service.kind() == "corners"


def test_a_face_photo_read_as_one_already_taken_is_refused_naming_both(served):
    """The same photo sent for U and then for R: R is refused as ``scan`` refuses a face seen
    before, saying which face it repeats and what to photograph instead; the photo is kept
    aside, no R is read, and U taken again (a retake of its own slot) is no repeat."""
    u = (FACES_DIR / "U.jpg").read_bytes()
    assert call(served.url + "api/face/U", u)[0] == 200
    status, body = call(served.url + "api/face/R", u)
    assert (status, body["error"]) == (422, "photo R: this is centre 5 (U) again (already "
                                            "captured); photograph the face on the right (R) "
                                            "instead, or retake U if its photo shows this "
                                            "face by mistake")
    view = call(served.url + "api/status")[1]
    assert view["photos"][1]["refused"] == body["error"] and view["photos"][1]["faces"] == {}
    assert view["next"] == "R" and view["stage"] == "photos"
    folder = served.service.folder.path
    assert (folder / "refused" / "R-1.jpg").exists() and not (folder / "R.jpg").exists()
    assert call(served.url + "api/face/U", u)[0] == 200


def test_a_face_in_the_wrong_slot_is_undone_by_retaking_that_slot(served):
    """F's photo taken for U by mistake: the right F photo is refused as a repeat of U, the
    words say to retake U; U retaken with its own photo is taken, then F is too."""
    photo = {f: (FACES_DIR / f"{f}.jpg").read_bytes() for f in "UF"}
    assert call(served.url + "api/face/U", photo["F"])[0] == 200
    status, body = call(served.url + "api/face/F", photo["F"])
    assert status == 422 and body["error"].startswith("photo F: this is centre ")
    assert body["error"].endswith("(U) again (already captured); photograph your front face "
                                  "(F) instead, or retake U if its photo shows this face by "
                                  "mistake")
    assert call(served.url + "api/face/U", photo["U"])[0] == 200
    assert call(served.url + "api/face/F", photo["F"])[0] == 200
    folder = served.service.folder.path
    assert [(folder / f"{f}.jpg").read_bytes() == photo[f] for f in "UF"] == [True, True]


def test_two_photos_in_each_others_slots_are_undone_by_retaking_both(served):
    """R's photo taken for L and L's for R: the right R photo is refused as a repeat of L's
    slot, and the right L photo as a repeat of R's, as each slot still holds the other's
    photo; with both retaken the two are taken, each in its own slot (the R photo refused
    first is taken from refused/), and the set reads as ``read`` reads it."""
    photo = {f: (FACES_DIR / f"{f}.jpg").read_bytes() for f in "URFDLB"}
    for slot, face in (("U", "U"), ("F", "F"), ("D", "D"), ("B", "B"), ("R", "L"), ("L", "R")):
        assert call(served.url + f"api/face/{slot}", photo[face])[0] == 200
    status, body = call(served.url + "api/face/R", photo["R"])
    assert status == 422 and "or retake L if its photo shows this face" in body["error"], body
    status, body = call(served.url + "api/face/L", photo["L"])
    assert status == 200, body
    folder = served.service.folder.path
    assert [(folder / f"{f}.jpg").read_bytes() == photo[f] for f in "RL"] == [True, True]
    view = call(served.url + "api/status")[1]
    assert [p["refused"] for p in view["photos"]] == [None] * 6, view["photos"]
    truth = Reader(ocr="never").read_photo_set(FACES_DIR).state.stickers
    deadline = time.monotonic() + 60
    while served.service.reading() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert served.service.reading().state.stickers == truth


def test_a_photo_refused_as_a_repeat_waits_only_for_its_own_swap(served):
    """The same face taken for two slots (no swap): a retake of the first slot with another
    face takes that photo alone; the photo refused for the second slot stays refused."""
    photo = {f: (FACES_DIR / f"{f}.jpg").read_bytes() for f in "URF"}
    assert call(served.url + "api/face/U", photo["U"])[0] == 200
    assert call(served.url + "api/face/R", photo["U"])[0] == 422
    assert call(served.url + "api/face/U", photo["F"])[0] == 200  # wrong again, but no repeat
    folder = served.service.folder.path
    assert not (folder / "R.jpg").exists() and (folder / "refused" / "R-1.jpg").exists()


def test_resume_refuses_the_newer_photo_of_a_repeated_pair():
    """``serve --resume`` reads the photos in the order they were taken: of U.jpg and its
    copy R.jpg the newer is refused as a repeat, whichever name it has."""
    u = (FACES_DIR / "U.jpg").read_bytes()
    for older, newer in (("U", "R"), ("R", "U")):
        folder = PhotoFolder(new_folder())
        for name, when in ((older, 1_000_000), (newer, 2_000_000)):
            (folder.path / f"{name}.jpg").write_bytes(u)
            os.utime(folder.path / f"{name}.jpg", (when, when))
        service = PhoneService(folder, Reader(ocr="never"))
        try:
            service.resume()
            view = {p["name"]: p for p in service.status()["photos"]}
        finally:
            service.close()
        assert view[older]["refused"] is None and view[older]["faces"], (older, newer)
        assert view[newer]["refused"].startswith(f"photo {newer}: this is centre 5 ({older}) "
                                                 "again"), (older, newer)


def test_the_pages_inconsistency_names_the_photos_of_the_likely_misreads():
    """The grid's likely misreads on U (and one on R): a face set names the photo of face U,
    a corner set corner photo A, which shows U R F; a digit read too often names every
    sticker of it, not misreads: no photo is named, nor where the misreads lie on most of
    the photos. Either way the words say how to retake photos here: q at the review."""
    problem = "digit 2 is read 7 times (at U1 U2 U3 R1 F5 D2 L4)"
    check = ReviewCheck([problem], None, named=True, culprits=(0, 1, 2, 9))
    after = "; type q at the review on the computer to retake photos here."
    assert inconsistency(check, "faces") == (
        f"The reading is not consistent: {problem}. Retake the photo of face U (up): sharp, "
        "evenly lit, no glare, the face square on and filling much of the picture (most of the "
        "likely misreads are there), or correct the stickers at the review on the computer" + after)
    assert inconsistency(check, "corners") == (
        f"The reading is not consistent: {problem}. Retake corner photo A (faces U R F): "
        "sharp, evenly lit, no glare, the corner square on with its three faces filling much "
        "of the picture (most of the likely misreads are there), or correct the stickers at "
        "the review on the computer" + after)
    d = ReviewCheck([problem], None, named=True, culprits=(27, 28, 36, 45))
    assert "Retake corner photo B (faces D L B):" in inconsistency(d, "corners")
    general = (f"The reading is not consistent: {problem}. Correct the stickers at the review "
               "on the computer, or retake the photos misread" + after)
    assert inconsistency(ReviewCheck([problem], None, named=True), "faces") == general
    spread = ReviewCheck([problem], None, named=True, culprits=(0, 9, 18, 27))
    assert inconsistency(spread, "faces") == general  # four of the six photos
    both = ReviewCheck([problem], None, named=True, culprits=(0, 27))
    assert inconsistency(both, "corners") == general  # both corner photos
    assert inconsistency(both, "faces").startswith(  # two of six photos are named
        f"The reading is not consistent: {problem}. Retake the photos of faces U (up) and "
        "D (down): ")


def test_a_typed_slip_names_no_photo_to_retake():
    """A correction typed at the review that fits no solved cube with the photos' reading is
    the likely slip, not a photo's misread: the page names no photo to retake for it."""
    from sudoku_cube.assistant.services.review import apply_corrections, check_reading
    from tests.conftest import unsure_reading

    truth = make_puzzle(7, 20).state
    read = unsure_reading(truth, {})
    i = 1  # U2, an edge sticker
    wrong = truth.stickers[i]._replace(digit=truth.stickers[i].digit % 9 + 1)
    check = check_reading(apply_corrections(read, [(i, wrong)]))
    assert not check.ok and check.culprits == ()
    said = inconsistency(check, "faces")
    assert "Retake the photo" not in said and "Correct the stickers at the review" in said


def test_while_the_terminal_plans_a_photo_is_refused_and_kept_aside(served):
    """With nobody at the terminal (``--plain``) the page says the computer plans, and a
    photo sent then is refused (409) and kept in refused/; a reading no longer the set's
    (a photo came since it was read) is not taken for review."""
    service = served.service
    for face in "URFDLB":
        service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    wait_read(served)
    reading = service.reading()
    assert service.reviewing(reading, person=False)
    view = call(served.url + "api/status")[1]
    assert (view["stage"], view["message"]) == ("reviewing", PLANNING)
    status, body = call(served.url + "api/face/D", (FACES_DIR / "L.jpg").read_bytes())
    assert (status, body["error"]) == (409, "photo D is not taken: t" + PLANNING[1:])
    folder = service.folder.path
    assert (folder / "D.jpg").read_bytes() == (FACES_DIR / "D.jpg").read_bytes()
    assert (folder / "refused" / "D-1.jpg").read_bytes() == (FACES_DIR / "L.jpg").read_bytes()
    service.reviewing(None)
    assert call(served.url + "api/face/D", (FACES_DIR / "D.jpg").read_bytes())[0] == 200
    assert not service.reviewing(reading)  # the set is read again from the new D


def test_before_the_first_photo_each_card_says_its_own_hold(served):
    """Only U's card asks to choose the top and the front; the others say how to hold the
    cube for their own face, named by place."""
    photos = call(served.url + "api/status")[1]["photos"]
    holds = {p["name"]: p["hold"] for p in photos}
    assert holds["U"].startswith("Choose any face to be the top (U)")
    for face, where in (("R", "the face on the right (R)"), ("F", "your front face (F)"),
                        ("D", "the bottom face (D)"), ("L", "the face on the left (L)"),
                        ("B", "the back face (B)")):
        assert f"{where} faces the camera" in holds[face] and "Choose" not in holds[face]


def test_the_turned_centres_are_found_once_per_version_of_the_set(monkeypatch):
    """Every card of every status poll asks for the centres had a photo been held turned:
    they are found once while nothing changes, again once a photo is taken (or read back by
    ``serve --resume``), and the page shows what it shows when they are found afresh."""
    from sudoku_cube.assistant.web import service as web_service

    calls, real = [], web_service.held_turned
    monkeypatch.setattr(web_service, "held_turned",
                        lambda *a, **k: calls.append(1) or real(*a, **k))
    service = PhoneService(PhotoFolder(new_folder()), Reader(ocr="never"))
    try:
        for face in "UR":
            service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
        service._turned_at, calls[:] = {}, []  # as after any change
        first = service.status()
        assert len(calls) == 1 and service.status() == first and len(calls) == 1
        service.upload("faces", "F", (FACES_DIR / "F.jpg").read_bytes())  # its card: found
        again = service.status()
        assert len(calls) == 2 and service.status() == again and len(calls) == 2
        assert again["photos"] != first["photos"]
        service._turned_at = {}  # found afresh: the same page
        assert service.status() == again and len(calls) == 3
    finally:
        service.close()
    resumed = PhoneService(PhotoFolder(service.folder.path), Reader(ocr="never"))
    try:
        resumed.status()
        resumed.resume()
        found = len(calls)
        assert resumed.status()["photos"] == again["photos"] and len(calls) == found + 1
    finally:
        resumed.close()


def test_upload_count_is_capped():
    service = PhoneService(PhotoFolder(new_folder()), Reader(ocr="never"), max_uploads=1)
    server = Server(service, port=0)
    server.start()
    try:
        assert call(server.url + "api/face/U", b"not a photo")[0] == 415
        status, body = call(server.url + "api/face/U", b"not a photo")
        assert status == 429 and "--resume" in body["error"]
    finally:
        server.stop()


def read_json(folder: Path, capsys) -> dict:
    """What ``sudoku-cube read --json --no-ocr`` prints for ``folder``."""
    capsys.readouterr()
    assert main(["read", "--json", "--ocr", "never", str(folder)]) == 0
    return json.loads(capsys.readouterr().out)


def wait_read(server: Server) -> dict:
    """The status once the whole set is read."""
    service = server.service
    seen = -1
    for _ in range(120):
        seen, reading, problem = service.wait_reading(seen, 1.0)
        assert not problem
        if reading is not None:
            return call(server.url + "api/status")[1]
    raise AssertionError("the set was never read")


def test_six_face_photos_read_as_read_reads_them(served, capsys):
    for face in "URFDLB":
        status, view = call(served.url + f"api/face/{face}",
                            (FACES_DIR / f"{face}.jpg").read_bytes())
        assert status == 200 and view["name"] == face and len(view["faces"][face]["tokens"]) == 9
        assert view["refused"] is None
    status = wait_read(served)
    assert status["stage"] == "read" and status["next"] is None
    want = read_json(FACES_DIR, capsys)
    got = call(served.url + "api/reading")[1]
    assert got["faces"] == want["faces"] and got["candidates"] == want["candidates"]
    assert {p["name"]: p["faces"][p["name"]]["tokens"] for p in status["photos"]} == want["faces"]
    stored = served.service.folder.path
    assert sorted(p.name for p in stored.glob("*.jpg")) == [f"{f}.jpg" for f in "BDFLRU"]
    assert read_json(stored, capsys)["faces"] == want["faces"]  # `read` reads the session too


def test_a_corner_pair_reads_as_read_reads_it(served, capsys):
    call(served.url + "api/face/U", (FACES_DIR / "U.jpg").read_bytes())  # then switched
    for name in "AB":
        status, view = call(served.url + f"api/corner/{name}",
                            (CORNERS_DIR / f"{name}.jpg").read_bytes())
        assert status == 200 and len(view["faces"]) == 3, view
    status = wait_read(served)
    assert status["kind"] == "corners"
    want = read_json(CORNERS_DIR, capsys)
    assert call(served.url + "api/reading")[1]["faces"] == want["faces"]
    folder = served.service.folder.path
    assert (folder / "set-aside" / "U-1.jpg").exists()  # every photo kept
    assert read_json(folder, capsys)["faces"] == want["faces"]
    centre = {f: tokens[4][0] for f, tokens in want["faces"].items()}
    assert served.service.news() == [  # what the terminal says as the photos arrive
        "photo U taken: centre 5",  # 01-easy's U, set aside by the corner photos
        f"corner photo A taken: centres {centre['U']} (U), {centre['F']} (F) and "
        f"{centre['R']} (R)",
        f"corner photo B taken: centres {centre['D']} (D), {centre['L']} (L) and "
        f"{centre['B']} (B)"]


def upside_down_pair(folder: Path, b_from: Path = CORNERS_DIR) -> Path:
    """A corner pair in ``folder``: the sample's photo A turned half round (held with a face
    at the bottom, so it alone cannot say which face is U) and photo B of ``b_from``."""
    import cv2

    folder.mkdir()
    cv2.imwrite(str(folder / "A.jpg"),
                cv2.rotate(cv2.imread(str(CORNERS_DIR / "A.jpg")), cv2.ROTATE_180))
    (folder / "B.jpg").write_bytes((b_from / "B.jpg").read_bytes())
    return folder


def test_a_corner_photo_with_no_face_on_top_is_kept_and_named_by_the_pair(served, tmp_path,
                                                                          capsys):
    """Photo A held upside down is kept with its three faces unnamed; once B arrives the pair
    is read as ``read`` reads the folder, and the page says how A was held, by centre digits."""
    pair = upside_down_pair(tmp_path / "pair")
    status, view = call(served.url + "api/corner/A", (pair / "A.jpg").read_bytes())
    assert status == 200, view
    assert view["faces"] == {} and view["refused"] is None
    assert view["unnamed"].startswith("three faces found; which is on top is decided")
    page = call(served.url + "api/status")[1]
    assert page["stage"] == "photos" and page["next"] == "B" and page["notes"] == []
    status, view = call(served.url + "api/corner/B", (pair / "B.jpg").read_bytes())
    assert status == 200 and sorted(view["faces"]) == ["B", "D", "L"], view
    page = wait_read(served)
    want = read_json(pair, capsys)
    got = call(served.url + "api/reading")[1]
    assert (got["faces"], got["candidates"]) == (want["faces"], want["candidates"])
    assert want["notes"][0].startswith("A.jpg was held with no face on top of the corner")
    assert page["notes"] == got["notes"] == [  # A named by its card, not by a file
        want["notes"][0].replace("A.jpg", "Corner photo A", 1)]
    assert "U is the face with centre" in page["notes"][0]
    a = next(p for p in page["photos"] if p["name"] == "A")
    assert a["unnamed"] is None and a["refused"] is None
    assert {f: v["tokens"] for f, v in a["faces"].items()} == \
        {f: want["faces"][f] for f in "UFR"}
    assert read_json(served.service.folder.path, capsys)["faces"] == want["faces"]


def test_a_corner_pair_no_naming_fits_is_refused_with_words_then_retaken(served, tmp_path):
    """Photo A upside down beside photo B of another cube: no way round the corner fits, so the
    set is refused on photo A's card, saying how to hold it; a retake of A is read."""
    pair = upside_down_pair(tmp_path / "pair", ROOT / "samples" / "corners" / "c2-coloured")
    for name in "AB":
        assert call(served.url + f"api/corner/{name}", (pair / f"{name}.jpg").read_bytes())[0] \
            == 200
    service, seen, problem = served.service, -1, ""
    for _ in range(120):
        seen, reading, problem = service.wait_reading(seen, 1.0)
        if problem or reading is not None:
            break
    assert reading is None
    page = call(served.url + "api/status")[1]
    assert page["stage"] == "refused" and page["notes"] == []
    assert page["message"].startswith("Corner photo A is not upright")
    assert "do not fit corner photo B's" in page["message"] and "U faces up" in page["message"]
    assert ".jpg" not in page["message"] and page["retake"] == ""  # it says how to hold A
    cards = {p["name"]: p for p in page["photos"]}
    assert cards["A"]["refused"] == page["message"] and cards["A"]["unnamed"] is None
    assert cards["B"]["refused"] is None
    other = ROOT / "samples" / "corners" / "c2-coloured" / "A.jpg"
    status, view = call(served.url + "api/corner/A", other.read_bytes())
    assert status == 200 and len(view["faces"]) == 3 and view["unnamed"] is None
    assert wait_read(served)["stage"] == "read"


def test_a_phone_photo_stored_sideways_reads_as_the_phone_shows_it(served, tmp_path):
    """The page uploads the phone's file as it is: pixels stored sideways with an EXIF
    Orientation tag; the face reads as the phone showed it."""
    import cv2

    from tests.phone_photos import phone_jpeg

    truth = json.loads((FACES_DIR / "truth.json").read_text())["faces"]["F"]
    for tag in (6, 8, 3):
        photo = phone_jpeg(cv2.imread(str(FACES_DIR / "F.jpg")), tag, tmp_path / f"F{tag}.jpg")
        status, view = call(served.url + "api/face/F", photo.read_bytes())
        assert status == 200 and view["faces"]["F"]["tokens"] == truth, (tag, view)


def test_a_retake_replaces_the_photo_and_keeps_the_old_one(served):
    folder = served.service.folder.path
    call(served.url + "api/face/U", (FACES_DIR / "U.jpg").read_bytes())
    status, view = call(served.url + "api/face/U", (FACES_DIR / "R.jpg").read_bytes())
    assert status == 200
    assert (folder / "retaken" / "U-1.jpg").read_bytes() == (FACES_DIR / "U.jpg").read_bytes()
    assert (folder / "U.jpg").read_bytes() == (FACES_DIR / "R.jpg").read_bytes()
    assert "centre" in view["hold"]  # faces named by the centres read so far


def test_the_page_shows_the_step_the_guide_reached(served):
    start = random_design(random.Random(5))
    steps = steps_from_moves(start, parse_moves("R U F' D2"))
    assert call(served.url + "api/status")[1]["step"] is None  # nothing guided yet
    served.service.follow(steps, start)
    step = call(served.url + "api/status")[1]["step"]
    assert (step["number"], step["total"], step["move"]) == (1, 4, "R")
    assert step["picture"].startswith("<svg") and "right" in step["words"]
    save_guide_step(GuideCursor(steps, start, remember=False).key, 2)  # as the terminal does
    step = call(served.url + "api/status")[1]["step"]
    assert (step["number"], step["move"], step["done"]) == (3, "F'", False)
    save_guide_step(GuideCursor(steps, start, remember=False).key, 4)
    assert call(served.url + "api/status")[1]["step"]["done"]


def test_where_nobody_steps_the_guide_the_page_steps_through_the_plan(served):
    """With ``serve --plain`` (or no terminal) the steps are printed and nobody steps the
    terminal's guide: the page then steps through the plan itself, saved as the guide saves
    its step; while the terminal's guide runs, only it steps."""
    from sudoku_cube.assistant.services.sessions import load_guide_step

    start = random_design(random.Random(5))
    steps = steps_from_moves(start, parse_moves("R U F' D2"))
    served.service.follow(steps, start)  # the terminal guides
    status, body = call(served.url + "api/step/next", b"")
    assert status == 409 and "turned at the computer's guide" in body["error"]
    served.service.guided()
    served.service.steps_on_page()  # as serve --plain does once the steps are printed
    assert call(served.url + "api/status")[1]["step"]["own"]
    status, step = call(served.url + "api/step/next", b"")
    assert status == 200 and (step["number"], step["move"], step["own"]) == (2, "U", True)
    key = GuideCursor(steps, start, remember=False).key
    assert load_guide_step(key) == 1  # where `guide` would go on
    for _ in range(3):
        call(served.url + "api/step/back", b"")
    assert call(served.url + "api/status")[1]["step"]["number"] == 1  # not before the first
    for _ in range(6):
        status, step = call(served.url + "api/step/next", b"")
    assert step["done"] and step["words"].startswith("The cube is solved")
    assert load_guide_step(key) == 4


def test_while_the_terminal_guides_a_photo_of_the_set_is_refused(served):
    """Once the guide runs the cube is being turned: a new photo of the set would mix two
    cubes (and a resumed session could not go on), so it is refused (409), kept aside in
    refused/, and the set's photo stays; the page is told how to show the cube instead."""
    service = served.service
    for face in "URFDLB":
        service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    wait_read(served)
    start = service.reading().state
    service.follow(steps_from_moves(start, parse_moves("R U")), start)
    status, body = call(served.url + "api/face/U", (FACES_DIR / "R.jpg").read_bytes())
    assert status == 409 and body["error"] == "photo U is not taken: t" + GUIDING[1:]
    folder = service.folder.path
    assert (folder / "U.jpg").read_bytes() == (FACES_DIR / "U.jpg").read_bytes()
    assert (folder / "refused" / "U-1.jpg").read_bytes() == (FACES_DIR / "R.jpg").read_bytes()
    view = call(served.url + "api/status")[1]
    assert view["step"]["number"] == 1 and view["guiding"]
    service.guided()  # the guide ended (q): the set's photos are taken again
    assert not call(served.url + "api/status")[1]["guiding"]
    assert call(served.url + "api/face/U", (FACES_DIR / "U.jpg").read_bytes())[0] == 200


def test_bench_serve_times_each_face_from_its_last_byte():
    photos = {f: (FACES_DIR / f"{f}.jpg").read_bytes() for f in "URFDLB"}
    result = measure({"as taken": photos}, 1)["as taken"]
    assert result["uploads"] == 6 and 0 < result["median_ms"] <= result["max_ms"]


def answer_from_page(served, take) -> tuple[dict | None, int]:
    """Run ``take`` (a capture waiting for the phone's photo) on a thread, wait until the page
    shows its check, then send F.jpg as the answer: the check the page showed and the upload's
    status, once the capture has returned."""
    import threading

    taking = threading.Thread(target=take)
    taking.start()
    check = None
    for _ in range(200):
        check = call(served.url + "api/status")[1]["check"]
        if check is not None:
            break
        taking.join(0.05)
    status, _ = call(served.url + "api/check/F", (FACES_DIR / "F.jpg").read_bytes())
    taking.join(30)
    return check, status


def test_a_check_takes_its_photo_from_the_phone(served):
    service = served.service
    status, body = call(served.url + "api/check/F", (FACES_DIR / "F.jpg").read_bytes())
    assert status == 409 and "press c" in body["error"]  # no check asks for one
    service.ask_check("F")
    check = call(served.url + "api/status")[1]["check"]
    assert check["name"] == "F" and not check["corner"] and "faces the camera" in check["hold"]
    status, body = call(served.url + "api/check/F", (CORNERS_DIR / "A.jpg").read_bytes())
    assert status == 422 and body["error"].startswith("photo F")
    assert service.news() == [body["error"]]  # the terminal, waiting for it, says why
    status, view = call(served.url + "api/check/F", (FACES_DIR / "F.jpg").read_bytes())
    assert status == 200 and len(view["faces"]["F"]["tokens"]) == 9
    faces = service.wait_check(5)
    want = Reader(ocr="never").read_face(load_image(FACES_DIR / "F.jpg"), face="F")
    assert faces["F"].candidates == want.candidates
    assert call(served.url + "api/status")[1]["check"] is None  # asked no more
    assert [p.name for p in (service.folder.path / "checks").iterdir()] == ["F-1.jpg"]
    assert not list(service.folder.path.glob("*.jpg"))  # the photo set is untouched


def test_the_terminal_names_the_checks_photo_by_its_centre_digit(served):
    """The guide's c key with the phone: the terminal says which photo the page asks for, the
    face named by its centre digit (the letter beside), in 80 columns unbroken mid-word."""
    from sudoku_cube.models.cube.face_words import face_words
    from sudoku_cube.models.cube.state_format import parse_json

    cube = parse_json((FACES_DIR / "truth.json").read_text())
    out = io.StringIO()
    capture = serve_command.phone_capture(served.service, Console(file=out, width=80))
    got: dict = {}
    _, status = answer_from_page(served, lambda: got.update(capture("F", cube)))
    assert status == 200 and len(got["F"]) == 9
    said = (f"Take a photo of {face_words(cube, 'F', pointing=False)} with the phone: the page "
            "asks for it (q: cancel).")
    text = out.getvalue()
    assert text.split() == said.split()  # wrapped between words only
    assert all(len(line) <= 80 for line in text.splitlines())


def test_q_typed_while_the_phone_is_waited_for_cancels_the_check(served):
    """The terminal waits up to five minutes for the check's photo: q and Enter typed there
    meanwhile end the check as q at its question does, and the page asks no more."""
    from sudoku_cube.assistant.terminal.guide_check import CheckCancelled, _answer
    from sudoku_cube.models.cube.state_format import parse_json

    cube = parse_json((FACES_DIR / "truth.json").read_text())
    lines = iter([None, "x\n", "q\n"])  # a line that is not q goes on waiting
    capture = serve_command.phone_capture(served.service, Console(file=io.StringIO()),
                                          typed=lambda: next(lines, "q\n"))
    with pytest.raises(CheckCancelled):
        capture("F", cube)
    assert call(served.url + "api/status")[1]["check"] is None
    assert _answer("", "F", Reader(ocr="never"), capture, cube=cube) is None


def test_a_checks_hold_on_the_page_names_the_cube_as_it_is_now(served):
    """Mid-solve the page asks for a check's photo in the words the terminal's check shows for
    the cube as it should be at the step reached (not the first reading's centres), naming
    only what a slip in the last steps cannot have turned."""
    from sudoku_cube.assistant.services.slip_check import show_face_words
    from sudoku_cube.assistant.services.slipped_cubes import check_cubes, slipped_cubes

    start = random_design(random.Random(7))
    moves = parse_moves("R U F' D2")
    steps = steps_from_moves(start, moves)
    served.service.follow(steps, start)
    save_guide_step(GuideCursor(steps, start, remember=False).key, 2)  # as the terminal does
    cube = steps[2].before
    maybe = check_cubes(start, moves, 2)  # the guide's check looks in the step shown too
    assert set(slipped_cubes(start, moves, 2)) < set(maybe)
    assert served.service.slipped(cube) == maybe
    assert served.service.slipped(start.apply(parse_moves("B"))) == ()  # not on this plan
    capture = serve_command.phone_capture(served.service, Console(file=io.StringIO()))
    check, _ = answer_from_page(served, lambda: capture("F", cube))
    words = show_face_words("F", cube, maybe, served.service.settings)
    assert check is not None and check["hold"] == f"{words}."
    assert check["hold"] != f"{show_face_words('F', start, (), served.service.settings)}."
    assert serve_command.check_hold("A", cube, maybe).startswith("Hold the cube with centre")


def test_after_a_slip_the_page_follows_the_new_plan(served):
    start = random_design(random.Random(6))
    steps = steps_from_moves(start, parse_moves("R U F'"))
    cursor = GuideCursor(steps, start, remember=False, on_follow=served.service.follow)
    served.service.follow(steps, start)
    cursor.next()
    real = steps[1].before.apply(parse_moves("L"))  # a slip: L instead of U
    cursor.follow(steps_from_moves(real, parse_moves("L' U F'")), real)
    step = call(served.url + "api/status")[1]["step"]
    assert (step["number"], step["total"], step["move"]) == (1, 3, "L'")


def test_a_set_refused_as_a_whole_says_which_photo_to_retake(served):
    photo_a = (CORNERS_DIR / "A.jpg").read_bytes()
    assert call(served.url + "api/corner/A", photo_a)[0] == 200
    assert call(served.url + "api/corner/B", photo_a)[0] == 200  # three faces: read alone
    service, seen = served.service, -1
    for _ in range(120):
        seen, reading, problem = service.wait_reading(seen, 1.0)
        if problem or reading is not None:
            break
    status = call(served.url + "api/status")[1]
    assert status["stage"] == "refused" and status["message"].startswith(
        "Corner photo B shows the same corner as corner photo A (")
    assert "If corner photo A is the one taken twice, retake it instead" in status["message"]
    assert ".jpg" not in status["message"] and status["retake"] == ""  # said once
    cards = {p["name"]: p["refused"] for p in status["photos"]}
    assert cards == {"A": status["message"], "B": status["message"]}  # either was taken twice


def test_the_page_adds_advice_only_to_a_refusal_that_has_none(served):
    """A set refused as a whole: where the refusal was made it says whether its words tell how
    to go on (``advises``, as every refusal about a photo does); the page adds its own advice
    only where they do not: to retake the photos misread (the refusal ended as a sentence
    before it); none at any other stage."""
    from sudoku_cube.models.errors import SudokuCubeError

    for name in "AB":
        assert call(served.url + f"api/corner/{name}",
                    (CORNERS_DIR / f"{name}.jpg").read_bytes())[0] == 200
    wait_read(served)
    assert call(served.url + "api/status")[1]["retake"] == ""
    service = served.service
    cases = [(SudokuCubeError("no plan reaches this cube"), "No plan reaches this cube.",
              "Check each photo against the cube and retake those misread.", None),
             (SudokuCubeError("corner photo A: x; retake B so", advises=True, photos=("B",)),
              "Corner photo A: x; retake B so.", "", "B")]
    for error, message, retake, card in cases:
        assert service.refuse_reading(error) == message
        status = call(served.url + "api/status")[1]
        assert (status["stage"], status["message"], status["retake"]) == \
            ("refused", message, retake)
        cards = {p["name"]: p["refused"] for p in status["photos"]}
        assert cards == {n: message if n == card else None for n in "AB"}  # as the error says


def test_the_refusals_of_photos_and_of_doubt_say_they_advise():
    """A photo's refusal says how to take it again, a corner photo among the faces where it
    belongs, a reading too doubtful which photos to retake: each says so where it is made."""
    from sudoku_cube.models.errors import SudokuCubeError
    from sudoku_cube.models.grid.hopeless import PhotoNames, photo_refusal, too_doubtful
    from sudoku_cube.vision.locate.corners.faces import CornerPhotoError
    from sudoku_cube.vision.reading.photo_set import CornerAsFaceError

    assert CornerPhotoError("corner photo A: ...; photograph the cube from its corner").advises
    assert CornerAsFaceError("B", "B.jpg: shows a corner ...; photograph face B").advises
    assert not SudokuCubeError("no plan reaches this cube").advises
    state = random_design(random.Random(5))
    err = too_doubtful(state, tuple(range(0, 54, 2)), "too many to decide between")
    again = photo_refusal(err, state, PhotoNames({f: f"{f}.jpg" for f in "URFDLB"}))
    assert again is not err and err.advises and again.advises
    assert "Retake" in str(err) and "Retake" in str(again)


def test_a_reading_too_doubtful_names_the_photos_by_the_pages_cards():
    """Where the page names the photos, the refusal of a reading too doubtful names them by
    their cards, keeps them as data, and the page retakes them on those cards."""
    from sudoku_cube.assistant.web.service import page_naming, retake_named
    from sudoku_cube.models.grid.hopeless import PhotoNames, photo_refusal, too_doubtful

    state = random_design(random.Random(5))
    err = too_doubtful(state, tuple(range(0, 27)), "too many to decide between")
    files = {f: f"{f}.jpg" for f in "URFDLB"}
    terminal = photo_refusal(err, state, PhotoNames(files))
    page = photo_refusal(err, state, PhotoNames(files, naming=page_naming("faces")))
    assert "Retake U.jpg, R.jpg and F.jpg: " in str(terminal)
    assert "Retake the photos of faces U (up), R (right) and F (front): " in str(page)
    assert ".jpg" not in str(page) and page.photos == terminal.photos == ("U", "R", "F")
    check = ReviewCheck([str(page)], None, explanation=str(page), too_doubtful=True,
                        retake=page.photos)
    assert retake_named(check, "faces") == ("U", "R", "F")
    assert inconsistency(check, "faces", person=False) == \
        f"The reading is not consistent: {str(page).rstrip('. ')}."


def refused_without_a_person(served: Server, monkeypatch) -> tuple[dict, str]:
    """The terminal's side of ``serve --plain`` (nobody at it) run on the photos the page took
    until the page has shown the set refused for two more rounds: the page's status and what
    the terminal said."""
    service, waited = served.service, []
    check = serve_command.interrupt.check

    def check_until_said_twice_over() -> None:  # two more rounds after the refusal
        if service.status()["stage"] == "refused":
            waited.append(1)
        if len(waited) > 2 or time.monotonic() > deadline:
            raise _Done
        check()
    monkeypatch.setattr(serve_command.interrupt, "check", check_until_said_twice_over)
    deadline = time.monotonic() + 180
    out = io.StringIO()
    args = build_parser("serve").parse_args(["serve", "--ocr", "never", "--plain"])
    with pytest.raises(_Done):
        serve_command.hand_over(service, service.folder, CubeSettings(), args,
                                Console(file=out, width=300))
    return call(served.url + "api/status")[1], out.getvalue()


def refused_cards(page: dict) -> dict[str, str | None]:
    """Each card's refusal on the page (None: none), by the photo's name."""
    return {p["name"]: p["refused"] for p in page["photos"]}


def test_a_face_photographed_twice_is_said_once_on_the_page_and_the_terminal(served,
                                                                             monkeypatch):
    """U's photo put in R's slot a quarter turn round (no repeat at upload: the stickers lie
    elsewhere): the terminal's reading refuses the set, naming both photos, by their cards,
    and what each is to show; the page says it as it was made, on both cards, adding no
    advice of its own (it has its own), and the terminal says it once."""
    import cv2

    turned = cv2.rotate(cv2.imread(str(FACES_DIR / "U.jpg")), cv2.ROTATE_90_CLOCKWISE)
    service = served.service
    for face in "URFDLB":
        data = cv2.imencode(".jpg", turned)[1].tobytes() if face == "R" else \
            (FACES_DIR / f"{face}.jpg").read_bytes()
        service.upload("faces", face, data)
    page, terminal = refused_without_a_person(served, monkeypatch)
    said = ("The photo of face R (right) shows the same face as the photo of face U (up) (9 of "
            "its 9 stickers alike, one turned to the other): the same face was photographed "
            "twice. Retake the one taken of the wrong face: the photo of face U (up) is to show "
            "the top face and the photo of face R (right) the right face.")
    assert (page["stage"], page["message"], page["retake"]) == ("refused", said, "")
    assert refused_cards(page) == {f: said if f in "UR" else None for f in "URFDLB"}
    assert terminal.count("the same face was photographed twice") == 1, terminal
    assert "retake that photo" not in terminal.lower()


def test_a_face_of_another_cube_is_refused_on_its_card(served, monkeypatch):
    """F's photo taken of another cube: the terminal refuses the set as not fitting, and the
    page names the photo by its card, on that card alone, with no file's name."""
    for face in "URFDLB":
        cube = "02-tilted" if face == "F" else "01-easy"
        served.service.upload("faces", face,
                              (ROOT / "samples" / "cubes" / cube / f"{face}.jpg").read_bytes())
    page, _ = refused_without_a_person(served, monkeypatch)
    message = page["message"]
    assert page["stage"] == "refused" and message.startswith(
        "The photo of face F (front) does not fit the other five faces: it may show another "
        "cube, or another face than the front face. Retake the photo of face F (front): "
        "sharp"), message
    assert ".jpg" not in message and page["retake"] == ""
    assert refused_cards(page) == {f: message if f == "F" else None for f in "URFDLB"}
    # the hold words take no centre from the refused photo (the other cube's F shows a 7)
    holds = [p["hold"] for p in page["photos"]]
    assert not any("centre 7" in h for h in holds), holds


def test_a_plain_cube_is_refused_naming_its_photos_by_their_cards(served, monkeypatch):
    """Photos on which no digit is seen (a plain colour cube): the refusal names the photos
    to retake by their cards, as several; each of their cards shows it."""
    from tests.test_read_blank_cube import _plain_faces

    real = Reader.read_photo_set
    monkeypatch.setattr(Reader, "read_photo_set", lambda self, path, **kw: _plain_faces(
        real(self, path, **kw)))
    for face in "URFDLB":
        served.service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    page, _ = refused_without_a_person(served, monkeypatch)
    message = page["message"]
    assert page["stage"] == "refused" and message.startswith("No digit seen on 54 of the 54 "), \
        message
    assert ("is this a Sudoku Cube (a digit on every sticker)? If so, retake the photos of "
            "faces U (up), R (right), F (front), D (down), L (left) and B (back): ") in message
    assert ".jpg" not in message and page["retake"] == ""
    assert refused_cards(page) == {f: message for f in "URFDLB"}


def test_a_review_nobody_answers_names_the_photo_to_retake_on_its_card(served, monkeypatch):
    """``serve --plain``: the review's check finds the reading not consistent, the grid's
    likely misreads on R, and nobody answers: the set is refused in the page's words, on the
    card of R's photo."""
    problem = "digit 2 is read 7 times (at R1 R2 R3 U1)"
    monkeypatch.setattr(review_ui, "check_reading", lambda *a, **k: ReviewCheck(
        [problem], None, named=True, culprits=(9, 10, 11)))
    for face in "URFDLB":
        served.service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    page, _ = refused_without_a_person(served, monkeypatch)
    message = page["message"]
    assert page["stage"] == "refused" and message.startswith(
        f"The reading is not consistent: {problem}. Retake the photo of face R (right): "), \
        message
    assert ".jpg" not in message and page["retake"] == ""
    assert refused_cards(page) == {f: message if f == "R" else None for f in "URFDLB"}


def test_a_review_nobody_answers_unsure_asks_the_phone_to_retake_its_photo(served, monkeypatch):
    """``serve --plain``: the reading is consistent but the grid solver is not sure of two
    stickers on F, and nobody answers the review: the page says which, and to retake the photo
    of F, on its card, as one holding a phone can; the terminal still says to run the command
    at a terminal."""
    from dataclasses import replace

    from sudoku_cube.assistant.services.review import unsure_stickers

    real = review_ui.check_reading

    def unsure(state, settings, solver=None, photos=None):
        check = real(state, settings, solver, photos)
        chosen = check.grid.chosen
        a, b = next((i, j) for i in range(18, 27) for j in range(i + 1, 27)
                    if chosen[i].digit != chosen[j].digit)  # two stickers of F, swapped
        rival = list(chosen)
        rival[a], rival[b] = chosen[b], chosen[a]
        grid = replace(check.grid, review=(a, b), rival=tuple(rival))
        return replace(check, grid=grid, unsure=unsure_stickers(state, grid, settings))
    monkeypatch.setattr(review_ui, "check_reading", unsure)
    for face in "URFDLB":
        served.service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    page, terminal = refused_without_a_person(served, monkeypatch)
    message = page["message"]
    assert page["stage"] == "refused" and message.startswith(
        "The grid solver is not sure of 2 stickers: F"), message
    assert message.endswith(
        "so no plan was made from a guess. Check them on the cube, and retake the photo of face "
        "F (front): sharp, evenly lit, no glare, the face square on and filling much of the "
        "picture; the new photo should settle them."), message
    assert page["retake"] == "" and "terminal" not in message and ".jpg" not in message
    assert refused_cards(page) == {f: message if f == "F" else None for f in "URFDLB"}
    assert "run the same command at a terminal" in terminal, terminal


def test_the_pages_words_for_a_grid_not_sure_name_every_photo_that_shows_one():
    """The page's stop for stickers the grid solver is not sure of names every photo that
    shows one, the one showing the most first, by its card (corner photo A or B for a corner
    pair); a reading the grid is sure of, or one not consistent, gets none of these words."""
    from dataclasses import replace

    from sudoku_cube.assistant.services.review import unsure_stickers
    from sudoku_cube.assistant.web.service import unsure_named, unsure_words
    from sudoku_cube.models.grid import solve_grid

    state = random_design(random.Random(5))
    grid = solve_grid(state)
    unsure = replace(grid, review=(47, 20, 24), rival=tuple(s.turned(2) for s in grid.chosen))
    check = ReviewCheck([], unsure, unsure=unsure_stickers(state, unsure))
    assert unsure_named(check, "faces") == ("F", "B")
    assert unsure_named(check, "corners") == ("A", "B")
    words = unsure_words(check, "corners")
    assert words.startswith("The grid solver is not sure of 3 stickers: F3 (grid "), words
    assert ("Check them on the cube, and retake corner photo A (faces U R F) and corner photo "
            "B (faces D L B): ") in words and words.endswith("; the new photos should settle "
                                                             "them."), words
    sure = ReviewCheck([], grid)
    assert unsure_words(sure, "faces") == "" and unsure_named(sure, "faces") == ()
    assert unsure_words(replace(check, problems=["digit 2 is read 7 times"]), "faces") == ""


def test_serve_refuses_a_bad_port_clearly(capsys, tmp_path):
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port 70000" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--port", str(port), "--ocr", "never"])
    assert_clear_error(code, capsys.readouterr().err, f"port {port}", "--port N")
    phone = tmp_path / "home" / "phone"
    assert not phone.exists() or not list(phone.iterdir())  # no empty session left


def test_a_run_that_took_no_photo_leaves_no_session_for_resume(tmp_path, monkeypatch, capsys):
    """serve stopped before any photo came (Ctrl-C) removes its empty folder, so that a later
    ``serve --resume`` goes on with the newest session that holds photos."""
    kept = PhotoFolder(new_folder())
    kept.switch("faces")  # an earlier run's session, with its session file

    def stopped(*_args, **_kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(serve_command, "hand_over", stopped)
    assert main(["serve", "--port", "0", "--ocr", "never"]) == 130
    phone = tmp_path / "home" / "phone"
    assert list(phone.iterdir()) == [kept.path]
    err = " ".join(capsys.readouterr().err.split())
    assert "no photo was taken; run `sudoku-cube serve --port 0 --ocr never` again" in err, err


def test_the_terminal_reviews_and_guides_and_the_page_follows(served, monkeypatch, capsys):
    """hand_over on a terminal: each photo from the phone said as it arrives, taken or
    refused; the review (Enter accepts), then the guide (two steps, q); the page shows the
    step the guide reached."""
    for name, module in (("interactive", solve_flow), ("interactive", guide_run),
                         ("interactive", serve_command)):
        monkeypatch.setattr(module, name, lambda: True)
    monkeypatch.setattr(solve_flow, "read_line", lambda prompt="": "")
    keys = iter(["n", "n", "q"])
    monkeypatch.setattr(guide_run, "read_key", lambda *a, **k: next(keys))
    service = served.service
    assert call(served.url + "api/face/D", b"my notes, not a photo\n")[0] == 415
    for face in "URFDLB":
        service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    args = build_parser("serve").parse_args(["serve", "--ocr", "never"])
    out = io.StringIO()
    assert serve_command.hand_over(service, service.folder, CubeSettings(), args,
                                   Console(file=out, width=100)) == 0
    said = out.getvalue().splitlines()
    arrived = [line for line in said if line.startswith("From the phone: ")]
    assert arrived[0].startswith("From the phone: photo D: is ") and "not an image" in arrived[0]
    assert arrived[1:] == [f"From the phone: photo {f} taken: centre {d}"
                           for f, d in zip("URFDLB", "532969")], arrived
    step = call(served.url + "api/status")[1]["step"]
    assert step["number"] == 3 and not step["done"]
    # serve again would start a new session: the guide names the command that goes on
    assert ("Stopped at step 3 of 8; run `sudoku-cube serve --resume` to continue there."
            in " ".join(out.getvalue().split())), out.getvalue()


def test_only_a_photo_taken_in_this_run_sends_the_guide_back_to_step_1(served, monkeypatch):
    """`serve --resume` with the photos of an earlier run goes on at the step reached (old
    photos cannot show the cube now), a refused photo changing nothing, and so does a set
    with one photo taken again (the others may be from before turns it does not show); every
    photo taken again shows the start: step 1 on the terminal and on the page, saved, so a
    later run on those photos goes on from step 1 too."""
    from sudoku_cube.assistant.web.store import RequestRefused

    for module in (solve_flow, guide_run, serve_command):
        monkeypatch.setattr(module, "interactive", lambda: True)
    monkeypatch.setattr(solve_flow, "read_line", lambda prompt="": "")
    keys = iter(["n", "n", "q", "q", "q", "q", "q"])
    monkeypatch.setattr(guide_run, "read_key", lambda *a, **k: next(keys))
    args = build_parser("serve").parse_args(["serve", "--ocr", "never"])

    def guided(service: PhoneService) -> int:
        assert serve_command.hand_over(service, service.folder, CubeSettings(), args,
                                       Console(file=io.StringIO(), width=100)) == 0
        return service.status()["step"]["number"]

    def resumed() -> PhoneService:
        service = PhoneService(PhotoFolder(served.service.folder.path), Reader(ocr="never"))
        service.resume()
        return service

    for face in "URFDLB":
        served.service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    assert guided(served.service) == 3
    again = resumed()
    with pytest.raises(RequestRefused):
        again.upload("faces", "U", b"not a photo")
    assert not again.took_photos() and guided(again) == 3
    again.upload("faces", "U", (FACES_DIR / "U.jpg").read_bytes())
    assert not again.took_photos() and guided(again) == 3
    for face in "RFDLB":
        again.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    assert again.took_photos() and guided(again) == 1
    assert guided(resumed()) == 1


class _Done(Exception):
    """Ends a scripted review (the test has seen what it needs)."""


def test_q_at_the_review_retakes_photos_and_the_new_reading_is_reviewed(served, monkeypatch):
    """hand_over on a terminal, the review's check finding the reading not consistent (the
    grid's likely misreads on R): while the review waits at its prompt the page says so, from
    the check the review itself made, naming R's photo, and a retake of R is refused (409),
    the stored R unchanged. q does not stop serve: the terminal says to retake photos on the
    phone, the page says the review was stopped and takes R again, and the review runs again
    on the new reading."""
    for name, module in (("interactive", solve_flow), ("interactive", serve_command)):
        monkeypatch.setattr(module, name, lambda: True)
    problem = "digit 2 is read 7 times (at R1 R2 R3 U1)"
    monkeypatch.setattr(review_ui, "check_reading", lambda *a, **k: ReviewCheck(
        [problem], None, named=True, culprits=(9, 10, 11)))
    service, seen, readings = served.service, [], []
    r_photo = (FACES_DIR / "R.jpg").read_bytes()

    gave_up = threading.Event()

    def retake() -> None:
        for _ in range(600):  # until q has stopped the review
            view = call(served.url + "api/status")[1]
            if view["message"].startswith("The review was stopped on the computer"):
                seen.append(view)
                seen.append(call(served.url + "api/face/R", r_photo))
                return
            time.sleep(0.05)
        gave_up.set()  # the page never said the review stopped: end the wait for a reading
    retaker = threading.Thread(target=retake)
    check = serve_command.interrupt.check

    def check_or_give_up() -> None:
        if gave_up.is_set():
            raise _Done
        check()
    monkeypatch.setattr(serve_command.interrupt, "check", check_or_give_up)

    def answer(prompt: str = "") -> str:
        readings.append(service.reading())
        seen.append(call(served.url + "api/status")[1])
        if len(readings) > 1:
            raise _Done
        seen.append(call(served.url + "api/face/R", (FACES_DIR / "L.jpg").read_bytes()))
        retaker.start()
        return "q"
    monkeypatch.setattr(solve_flow, "read_line", answer)
    for face in "URFDLB":
        service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    args = build_parser("serve").parse_args(["serve", "--ocr", "never"])
    out = io.StringIO()
    with pytest.raises(_Done):
        serve_command.hand_over(service, service.folder, CubeSettings(), args,
                                Console(file=out, width=200))
    retaker.join()
    assert not gave_up.is_set(), "the page never said the review was stopped"
    inconsistent, (status, body), quit_view, (retaken, _), again = seen
    assert inconsistent["stage"] == "inconsistent"
    assert inconsistent["message"].startswith(
        f"The reading is not consistent: {problem}. Retake the photo of face R (right): ")
    assert inconsistent["message"].endswith(
        "; type q at the review on the computer to retake photos here.")
    assert inconsistent["photos"][1]["refused"] is None  # R's photo stays in use
    assert (status, body["error"]) == (409, "photo R is not taken: the computer is reviewing "
                                            "the photos: finish the review there (type any "
                                            "corrections, then go on as its prompt says), or "
                                            "type q at the review on the computer to retake "
                                            "photos here.")
    folder = service.folder.path
    assert (folder / "refused" / "R-1.jpg").exists()
    assert (quit_view["stage"], retaken) == ("read", 200)
    assert quit_view["message"].startswith("The review was stopped on the computer. The reading "
                                           f"is not consistent: {problem}. Retake the photo of "
                                           "face R (right): ")
    assert (folder / "R.jpg").read_bytes() == r_photo
    assert readings[1] is not None and readings[1] is not readings[0]
    assert again["stage"] == "inconsistent"  # the review of the new reading
    text = " ".join(out.getvalue().split())
    assert ("Stopped at the review; nothing was planned. Retake photos on the phone; the review "
            "starts again when they are read. Ctrl-C stops the server.") in text
    assert "run the same command" not in text


def test_serve_resume_takes_up_the_corrections_of_the_review_stopped(served, monkeypatch):
    """q at the review with a correction typed, then the server stopped: `serve --resume`
    reviews the same reading from what was typed (the file that keeps it named in one line),
    as `scan --resume` does, rather than the reading as read."""
    for module in (solve_flow, serve_command):
        monkeypatch.setattr(module, "interactive", lambda: True)
    typed = iter(["F1 1v"])  # the symmetric 1 turned: the cube is still solved
    quit_said: list[str] = []

    def answer(prompt: str = "", **_: str) -> str:
        line = next(typed, "q")
        if line == "q":
            quit_said.append(line)
        return line
    monkeypatch.setattr(solve_flow, "read_line", answer)
    check = serve_command.interrupt.check

    def stop_after_q() -> None:  # Ctrl-C once q has stopped the review
        if quit_said:
            raise _Done
        check()
    monkeypatch.setattr(serve_command.interrupt, "check", stop_after_q)
    for face in "URFDLB":
        served.service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    args = build_parser("serve").parse_args(["serve", "--ocr", "never"])
    with pytest.raises(_Done):
        serve_command.hand_over(served.service, served.service.folder, CubeSettings(), args,
                                Console(file=io.StringIO(), width=200))
    kept = sorted(data_dir().glob("reviewed-*.json"))
    assert len(kept) == 1 and quit_said
    quit_said.clear()  # the server started again

    reviewed = []

    def first_prompt(console: Console, state, *a, **k):
        reviewed.append(state)
        raise _Done
    monkeypatch.setattr(solve_flow, "run_review", first_prompt)
    again = PhoneService(PhotoFolder(served.service.folder.path), Reader(ocr="never"))
    again.resume()
    out = io.StringIO()
    args = build_parser("serve").parse_args(["serve", "--resume", "--ocr", "never"])
    with pytest.raises(_Done):
        serve_command.hand_over(again, again.folder, CubeSettings(), args,
                                Console(file=out, width=200))
    text = " ".join(out.getvalue().split())
    assert ("Taking up your corrections from an earlier review of this reading "
            f"({kept[0]})") in text
    assert format_token(reviewed[0].stickers[sticker_index("F1")]) == "1v"


def test_a_checks_hold_on_the_page_after_the_step_shown_is_the_terminals(served):
    """Where the terminal's check goes on after the step shown (a slip there fitted), its
    words weigh only a slip in that step; the page tells the hold from the cubes the terminal
    hands it, not from the wider set the service would rebuild for that cube. (Any wrong turn
    of one step may turn every centre, as the wider set may, so their words are alike: a part
    of the terminal's cubes, whose words differ, stands in.)"""
    from sudoku_cube.assistant.services.slipped_cubes import check_cubes, slipped_cubes

    pz = make_puzzle(0, 20)
    start, moves = pz.state, simplify(invert_moves(pz.scramble))
    steps = steps_from_moves(start, moves)
    served.service.follow(steps, start)
    done = 1
    save_guide_step(GuideCursor(steps, start, remember=False).key, done)
    cube = steps[done + 1].before  # judged after the step shown
    maybe = slipped_cubes(start, moves, done + 1, 1)[:1]
    rebuilt = check_cubes(start, moves, done + 1)
    settings = served.service.settings
    assert serve_command.check_hold("F", cube, maybe, settings) != \
        serve_command.check_hold("F", cube, rebuilt, settings)
    capture = serve_command.phone_capture(served.service, Console(file=io.StringIO()))
    check, _ = answer_from_page(served, lambda: capture("F", cube, maybe))
    assert check is not None
    assert check["hold"] == serve_command.check_hold("F", cube, maybe, settings)


def test_what_a_check_said_is_shown_on_the_page_with_its_step(served, monkeypatch):
    """The page is the person's screen: what the guide's check ended with (here a slip found
    and the new plan) stands with the step the guide shows then, less the terminal's command
    to take the plan up later, and goes once the guide shows another step."""
    from sudoku_cube.assistant.terminal import guide_check

    pz = make_puzzle(0, 20)
    start, moves = pz.state, simplify(invert_moves(pz.scramble))
    steps = steps_from_moves(start, moves)
    served.service.follow(steps, start)
    served.service.at(2)
    said = "Found the slip: step 2 (R) was skipped. New plan from here (9 moves): R U"
    monkeypatch.setattr(guide_check, "check_cube",  # a check that found this slip
                        lambda *a, **k: f"{said}\nTo take it up later: `sudoku-cube guide x`")
    check = guide_check.make_checker(Console(file=io.StringIO()), lambda *a: "",
                                     told=served.service.check_said)
    assert check(None).endswith("`sudoku-cube guide x`")  # the terminal's line, whole
    assert served.service.status()["step"]["said"] == said
    served.service.at(3)
    assert served.service.status()["step"]["said"] == ""


def test_a_corner_photo_in_a_face_slot_is_refused_in_the_pages_words():
    """A corner photo put in face F's slot is refused by the slot the person chose, not by
    the file names (A.jpg) that a phone's user never sees; a check asking for face F wants
    the face alone."""
    from sudoku_cube.assistant.web.store import RequestRefused

    service = PhoneService(PhotoFolder(new_folder()), Reader(ocr="never"))
    with pytest.raises(RequestRefused) as refused:
        service.upload("faces", "F", (CORNERS_DIR / "A.jpg").read_bytes())
    said = str(refused.value)
    assert said == ("photo F: this looks like a corner photo, showing three faces, not face F "
                    "(front) alone: photograph face F (front) straight on, or choose \"Two "
                    "corner photos\" and put it in the slot of corner photo A or B"), said
    assert service.status()["photos"][2]["refused"] == said


def test_the_pages_words_for_two_faces_and_a_corner_in_slot_b():
    """Two faces in a face slot's photo (not a corner): the face alone, in the page's words;
    the set refused for a corner photo among the faces (in slot B) names the slot too."""
    from sudoku_cube.assistant.web.service import face_slot_refusal
    from sudoku_cube.vision.locate.face_geometry import TWO_FACES_ADVICE
    from sudoku_cube.vision.reading.photo_set import CornerAsFaceError

    two = f"photo R: two faces in one photo (...); {TWO_FACES_ADVICE}"
    alone = "photo R: two faces in one photo (...); photograph face R (right) alone, straight on"
    assert face_slot_refusal(two, "R", False, check=True) == alone
    assert face_slot_refusal(two, "R", False) == alone  # no corner: no corner slot offered
    corner = ("photo R: this looks like a corner photo, showing three faces, not face R "
              "(right) alone: photograph face R (right) straight on")
    assert face_slot_refusal(two, "R", True, check=True) == corner
    assert face_slot_refusal(two, "R", True) == (
        f'{corner}, or choose "Two corner photos" and put it in the slot of corner photo A or B')

    class Refusing:
        def read_photo_set(self, path, **_):
            raise CornerAsFaceError("B", f"{path}/B.jpg: shows a corner of the cube ...")

    service = PhoneService(PhotoFolder(new_folder()), Refusing())  # type: ignore[arg-type]
    service._read = {name: {} for name in "URFDLB"}
    service._read_set_if_complete()
    _, reading, problem = service.wait_reading(-1, 0)
    assert reading is None and problem.startswith(
        "Photo B: this looks like a corner photo, showing three faces, not face B (back) "
        "alone"), problem
    assert ".jpg" not in problem
    cards = {p["name"]: p["refused"] for p in service.status()["photos"]}
    assert cards == {f: problem if f == "B" else None for f in "URFDLB"}


def test_after_q_the_page_keeps_the_reviews_advice_or_asks_for_any_photo():
    """Once q stopped a review the page names the photos the review's verdict named (photos
    can be retaken now); after a consistent reading it claims no misread."""
    verdict = f"The reading is not consistent: x. Retake the photo of face R: y; {RETAKE_HERE}."
    assert quit_words(verdict) == ("The review was stopped on the computer. The reading is not "
                                   "consistent: x. Retake the photo of face R: y; the review "
                                   "starts again when the photos retaken are read.")
    assert quit_words("") == REVIEW_QUIT and "misread" not in REVIEW_QUIT


def test_a_corner_photo_in_a_face_slot_is_named_when_its_face_comes_again(served):
    """Corner photo A put in R's slot is read as its clearest face, F; F's own photo then
    repeated it, and the page said "this is centre ... (R) again", sending the person to
    retake the right photo. The earlier photo shows a corner, and the refusal says so."""
    import cv2

    from sudoku_cube.assistant.bench.vision_second import cube
    from sudoku_cube.assistant.web.store import RequestRefused
    from sudoku_cube.render.second import corner_shot
    from tests import render_cache

    state, homes, look = cube(4108, 0, "white")
    corner = cv2.imencode(".jpg", corner_shot(state, "A", 41089, look, homes).image)[1]
    served.service.upload("faces", "R", corner.tobytes())
    face = cv2.imencode(".jpg", render_cache.face_shot(state, "F", 41082, look, homes).image)[1]
    with pytest.raises(RequestRefused) as refused:
        served.service.upload("faces", "F", face.tobytes())
    said = str(refused.value)
    assert "the photo of face R (right) shows a corner of the cube (three faces)" in said, said
    assert "retake face R (right) straight on" in said and "again (already" not in said, said


def test_a_mirrored_photo_is_read_flipped_back_and_said_on_the_page(served, capsys):
    """A front camera's mirrored photo of F: its card shows the face as taken the right way
    round, and the page's notes say it was read flipped back."""
    import cv2

    for face in "URFDLB":
        data = (FACES_DIR / f"{face}.jpg").read_bytes()
        if face == "F":
            image = cv2.flip(load_image(FACES_DIR / "F.jpg"), 1)
            data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 98])[1].tobytes()
        status, view = call(served.url + f"api/face/{face}", data)
        assert status == 200 and view["refused"] is None, view
        assert (view["note"] is not None) == (face == "F"), view  # said as it arrives
        if face == "F":
            assert view["faces"]["F"]["tokens"] == read_json(FACES_DIR, capsys)["faces"]["F"]
            assert served.service.news()[-1].endswith("(saved mirrored: read flipped back)")
    want = read_json(FACES_DIR, capsys)
    status = wait_read(served)
    cards = {p["name"]: p["faces"][p["name"]]["tokens"] for p in status["photos"]}
    assert cards["F"] == want["faces"]["F"]
    assert any(n.startswith("The photo of") and "F" in n and "is mirrored" in n
               for n in status["notes"]), status["notes"]


def test_a_checks_mirrored_photo_is_read_flipped_back_and_said(served):
    """The photo a check asks for, saved mirrored: read as the photo as taken, and said on
    its card and at the terminal."""
    import cv2

    service = served.service
    service.ask_check("F")
    image = cv2.flip(load_image(FACES_DIR / "F.jpg"), 1)
    data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 98])[1].tobytes()
    status, view = call(served.url + "api/check/F", data)
    assert status == 200 and view["note"] is not None and "mirrored" in view["note"]
    want = Reader(ocr="never").read_face(load_image(FACES_DIR / "F.jpg"), face="F")
    assert service.wait_check(5)["F"].stickers == want.stickers
    assert service.news() == ["photo F taken for the check (saved mirrored: read flipped back)"]


def test_a_corner_photo_whose_face_shows_no_digit_in_a_face_slot_is_told_it_is_a_corner(served):
    """A corner photo in a face's slot whose one-face search laid a lattice across its steep
    faces, with no digit in its cells, was refused as no Sudoku Cube ("no digit seen on any
    sticker"): it is told it is a corner photo, in the page's words."""
    status, body = call(served.url + "api/face/F", (CORNERS_DIR / "B.jpg").read_bytes())
    assert status == 422 and "no digit seen" not in body["error"]
    assert "corner photo" in body["error"] and "three faces" in body["error"], body
