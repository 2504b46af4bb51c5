"""``serve`` where the terminal sets a photo held turned upright (a face photo a quarter turn
round, corner photo B named a third round its corner): the phone page shows the photos' faces
and the hold words as the terminal reads them, and says what the terminal found, the photo
named by its card (never a file name the person never gave it), with advice to retake it only
while the page can take it again."""
from __future__ import annotations

import io
import random
from dataclasses import replace

import cv2
import pytest
from rich.console import Console

from sudoku_cube.assistant.cli import build_parser
from sudoku_cube.assistant.commands import serve as serve_command
from sudoku_cube.assistant.services.cube_input import (TurnedWords, Upright, face_photos,
                                                       turned_upright)
from sudoku_cube.assistant.services.face_poses import corner_hold_words
from sudoku_cube.assistant.terminal import guide_run, solve_flow
from sudoku_cube.assistant.web.service import upright_note
from sudoku_cube.assistant.web.views import upright_face_view
from sudoku_cube.models.cube.face_words import to_hold_words
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.stickers import Hypothesis
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.grid.corner_turn import PHOTO_B, corner_turn, corner_turned
from sudoku_cube.models.grid.photo_turn import photo_turn, photo_turned, turned_from
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.vision.photo.images import load_image
from sudoku_cube.vision.reading.reader import Reader
from tests.conftest import random_design
from tests.test_serve import CORNERS_DIR, FACES_DIR, call, served, wait_read

__all__ = ["served"]  # the fixture, shared with tests/test_serve.py

HELD = 3
"""F's photo is taken a quarter turn clockwise: its reading is set upright by three quarter
turns clockwise (:class:`models.grid.photo_turn.TurnedPhoto`)."""


def _cards(status: dict) -> dict[str, dict]:
    return {p["name"]: p for p in status["photos"]}


def test_a_face_photo_held_turned_is_shown_upright_on_the_page_as_on_the_terminal(
        served, monkeypatch):
    """F photographed a quarter turn round: the terminal reads it turned back and says so; the
    page's card of F shows the face so read (the digits of F photographed upright, its cells in
    doubt or blank moved with them), every card's hold words name the centre towards the
    person as the terminal's step box does, and the page's notes hold the terminal's finding,
    the photo named as the page names it; how to retake it at the review, not in the guide."""
    service = served.service
    seen: dict[str, dict] = {}  # the page at the review and in the guide

    def review(prompt: str = "") -> str:
        seen.setdefault("review", call(served.url + "api/status")[1])
        return ""

    def guide(*args: object, **kwargs: object) -> str:
        seen["guide"] = call(served.url + "api/status")[1]
        return "q"
    for module in (solve_flow, guide_run, serve_command):
        monkeypatch.setattr(module, "interactive", lambda: True)
    monkeypatch.setattr(solve_flow, "read_line", review)
    monkeypatch.setattr(guide_run, "read_key", guide)
    for face in "URFDLB":
        data = (FACES_DIR / f"{face}.jpg").read_bytes()
        if face == "F":
            turned = cv2.rotate(cv2.imread(str(FACES_DIR / "F.jpg")), cv2.ROTATE_90_CLOCKWISE)
            data = cv2.imencode(".jpg", turned)[1].tobytes()
        service.upload("faces", face, data)
    before = _cards(wait_read(served))
    out = io.StringIO()
    args = build_parser("serve").parse_args(["serve", "--ocr", "never"])
    assert serve_command.hand_over(service, service.folder, CubeSettings(), args,
                                   Console(file=out, width=100)) == 0
    terminal = " ".join(out.getvalue().split())
    said = "F.jpg shows its face turned a quarter turn clockwise"
    assert said in terminal, terminal
    page = call(served.url + "api/status")[1]
    cards = _cards(page)

    # the page says what the terminal found, naming the photo by its card, never its file;
    # how to retake it only while the page can take it again (after q at the review, as the
    # page's message says then), not once the guide runs, nor after
    assert "retake F.jpg with the cube upright" in terminal, terminal
    found = ("shows its face turned a quarter turn clockwise (the phone or the cube was held "
             "turned); turned back, the reading is consistent: reading it so.")
    named = f"The photo of face F (front) {found}"
    assert seen["review"]["stage"] == "reviewing" and seen["review"]["notes"] == [
        f"{named} If that is wrong, retake the photo of face F (front) with the cube upright."]
    assert seen["guide"]["guiding"] and seen["guide"]["notes"] == [named]
    assert page["notes"] == [named]
    assert not any("F.jpg" in n for n in seen["review"]["notes"] + seen["guide"]["notes"])
    assert f"F.jpg {found}" in terminal  # the terminal's finding, word for word

    # F's card: the face as photographed upright, not as held
    upright = Reader(ocr="never").read_face(load_image(FACES_DIR / "F.jpg"), face="F")
    f = cards["F"]["faces"]["F"]
    assert f["tokens"] == [s.token for s in upright.stickers] != \
        before["F"]["faces"]["F"]["tokens"]
    came_from = turned_from(HELD)
    was = before["F"]["faces"]["F"]
    assert f["doubtful"] == [i for i in range(9) if came_from[i] in was["doubtful"]]
    assert f["blank"] == [i for i in range(9) if came_from[i] in was["blank"]]
    assert all(cards[x]["faces"] == before[x]["faces"] for x in "URDLB")

    # the hold words: the terminal's step box and every card name F's centre the same way
    hold = page["step"]["hold"].removeprefix("Hold the cube with ")
    assert f"Hold the cube with {hold} for the whole solve" in terminal, terminal
    for name in "URL":
        assert hold in cards[name]["hold"], (name, cards[name]["hold"])
        assert hold not in before[name]["hold"]  # as photographed, F's centre pointed elsewhere


def test_corner_photo_b_set_upright_is_shown_so_until_a_photo_is_retaken(served):
    """Corner photo B named a third further round its corner by the terminal: B's card shows
    its three faces as so named, photo A's card and hold words follow the faces set upright,
    the page says the terminal's finding of corner photo B, without the advice to retake it
    while the guide runs; a photo retaken makes a new reading, shown as read."""
    service = served.service
    for name in "AB":
        service.upload("corners", name, (CORNERS_DIR / f"{name}.jpg").read_bytes())
    before = _cards(wait_read(served))
    reading = service.reading()
    assert reading is not None
    turn = corner_turn(PHOTO_B)
    state = reading.state.transformed(turn)
    words = TurnedWords("B", True, "shows its corner turned a third round", "with U on top")
    service.upright(Upright(state, words.said("photo B"), turn, words))
    page = call(served.url + "api/status")[1]
    cards = _cards(page)
    assert {f: v["tokens"] for f, v in cards["B"]["faces"].items()} == \
        {f: [s.token for s in state.face(f)] for f in PHOTO_B} != \
        {f: v["tokens"] for f, v in before["B"]["faces"].items()}
    assert cards["A"]["faces"] == before["A"]["faces"]
    centres = {f: state.face(f)[4] for f in "URFDLB"}
    assert cards["A"]["hold"] == corner_hold_words("A", centres, service.settings)
    assert page["notes"] == ["Corner photo B shows its corner turned a third round: reading "
                             "it so. If that is wrong, retake corner photo B with U on top."]
    service.follow([], state)  # the guide runs: no retake advice the page cannot follow
    assert call(served.url + "api/status")[1]["notes"] == [
        "Corner photo B shows its corner turned a third round: reading it so."]
    service.guided()

    service.upload("corners", "B", (CORNERS_DIR / "B.jpg").read_bytes())  # a retake
    again = wait_read(served)
    assert again["notes"] == [] and _cards(again)["B"]["faces"] == before["B"]["faces"]


def test_a_cell_in_doubt_or_blank_moves_with_the_face_set_upright():
    """A face's cell in doubt and a blank cell, photographed a quarter turn round: set upright,
    each is marked where its sticker went, the digits those of the reading set upright."""
    read = Reader(ocr="never").read_face(load_image(FACES_DIR / "F.jpg"), face="F")
    low = tuple((Hypothesis(h[0].sticker, 0.01),) + h[1:] if i == 0 else h
                for i, h in enumerate(read.candidates))
    inkless = tuple(replace(e, glyph=None) if i == 1 else e for i, e in enumerate(read.evidence))
    unseen = tuple(0.0 if i == 1 else p for i, p in enumerate(read.digit_seen))  # nor the model
    face = replace(read, candidates=low, evidence=inkless, digit_seen=unseen)
    assert (face.doubtful[:1], face.blank) == ((0,), (1,))
    state = photo_turned(random_design(random.Random(3)), "F", HELD)
    view = upright_face_view({"F": face}, state, photo_turn("F", HELD), "F")
    came_from = turned_from(HELD)
    assert view["blank"] == [came_from.index(1)]
    assert came_from.index(0) in view["doubtful"] and came_from.index(1) not in view["doubtful"]
    assert view["tokens"] == [s.token for s in state.face("F")]
    assert view["centre"] == state.face("F")[4].digit


def test_the_page_names_the_photo_set_upright_by_its_card_not_its_file():
    """What the terminal found, worded for the page: a face photo named as its card ('face R
    (right)'), never by the file name the terminal uses ('R.jpg', a name a phone's user never
    gave it); corner photo B as 'corner photo B'; the advice to retake it left out where the
    page cannot take it (the guide runs), the finding kept."""
    truth = make_puzzle(321, 20).state
    files = {f: f"{f}.jpg" for f in FACES}
    face = turned_upright(photo_turned(truth, "R", 1), CubeSettings(), files)
    assert face.state == truth and face.said is not None and face.words is not None
    assert face.said.startswith("R.jpg shows its face turned") and \
        face.said.endswith("If that is wrong, retake R.jpg with the cube upright.")
    assert face.said == face.words.said("R.jpg")  # the terminal's words, from the same parts
    note = upright_note(face.words, retake=True)
    assert note == face.said.replace("R.jpg", "the photo of face R (right)").replace(
        "the photo", "The photo", 1)
    assert ".jpg" not in note
    assert upright_note(face.words, retake=False) == note.split(" If that is wrong")[0]

    corner = turned_upright(corner_turned(truth, PHOTO_B, 1), CubeSettings(), None,
                            corners={f: "B" for f in PHOTO_B})
    assert corner.state == truth and corner.said is not None and corner.words is not None
    hold = to_hold_words(truth, "D", CubeSettings())
    assert corner.said.startswith("photo B shows its corner turned a third round")
    note = upright_note(corner.words, retake=True)
    assert note.startswith("Corner photo B shows its corner turned a third round")
    assert note.endswith(f"If that is wrong, retake corner photo B with {hold} on top.")
    assert upright_note(corner.words, retake=False) == note.split(" If that is wrong")[0]


def _turned_f() -> bytes:
    """Face F's sample photo taken a quarter turn clockwise (:data:`HELD`)."""
    turned = cv2.rotate(cv2.imread(str(FACES_DIR / "F.jpg")), cv2.ROTATE_90_CLOCKWISE)
    return cv2.imencode(".jpg", turned)[1].tobytes()


def test_until_the_whole_reading_is_checked_the_hold_words_name_nothing_a_turn_changes(served):
    """F photographed a quarter turn round: while photos are taken, and once all six are read
    until the terminal has checked the reading for a photo held turned, the cards' hold words
    name each centre by its digit, not by the way it points in its photo (F's 2 is upright in
    the photo taken turned, pointing left on the cube held upright); nor are two faces whose
    centres look alike told apart by their directions, but by place. Once the terminal has set
    F upright the words add the directions of the reading so set: nothing said before is
    taken back."""
    service = served.service
    for face in "URF":
        service.upload("faces", face, _turned_f() if face == "F" else
                       (FACES_DIR / f"{face}.jpg").read_bytes())
    during = _cards(call(served.url + "api/status")[1])
    assert "Back to centre 2 towards you (F), centre 5 on top (U) and centre 3 on the right " \
        "(R) (until every face is read, these may fit another hold too)" in during["L"]["hold"]
    for face in "DLB":
        service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    before = _cards(wait_read(served))
    assert before["F"]["faces"]["F"]["tokens"][4] == "2^"  # as photographed
    assert before["L"]["hold"].startswith("Back to centre 2 towards you (F) and centre 5 on "
                                          "top (U), then")
    assert before["D"]["hold"].startswith("Tip the bottom of the cube towards the camera: the "
                                          "bottom face (D, centre 9) faces the camera")
    assert not any("pointing" in c["hold"] or "upright" in c["hold"] or "upside" in c["hold"]
                   for c in [*during.values(), *before.values()])

    reading = service.reading()
    assert reading is not None
    found = turned_upright(reading.state, CubeSettings(), face_photos(reading.faces))
    assert found.turn is not None
    service.upright(found)
    after = _cards(call(served.url + "api/status")[1])
    assert after["F"]["faces"]["F"]["tokens"][4] == "2<"  # set upright: the 2 points left
    assert after["L"]["hold"] == before["L"]["hold"].replace("(F)", "(F, the 2 pointing left)",
                                                             1)
    assert after["D"]["hold"] == before["D"]["hold"].replace(
        "the bottom face (D, centre 9)", "centre 9, pointing left (D)")


def test_a_reading_with_no_photo_held_turned_is_checked_so_too(served):
    """The terminal tells the page its finding also where no photo was held turned: the hold
    words then name the directions as read, the faces and notes as they were."""
    told: list[Upright] = []
    for face in "URFDLB":
        served.service.upload("faces", face, (FACES_DIR / f"{face}.jpg").read_bytes())
    before = wait_read(served)
    reading = served.service.reading()
    assert reading is not None
    state = solve_flow.upright_photos(reading.state, CubeSettings(), face_photos(reading.faces),
                                      Console(file=io.StringIO()), told=told.append)
    assert state == reading.state and len(told) == 1 and told[0].turn is None
    served.service.upright(told[0])
    after = call(served.url + "api/status")[1]
    assert "centre 2 towards you (F) and" in _cards(before)["L"]["hold"]
    assert "centre 2 towards you (F, the 2 pointing left) and" in _cards(after)["L"]["hold"]
    assert [p["faces"] for p in after["photos"]] == [p["faces"] for p in before["photos"]]
    assert after["notes"] == before["notes"] == []


def test_corner_photo_bs_faces_are_named_by_place_until_the_reading_is_checked(served):
    """Corner photo B held a third round its corner shows each of its faces' centres on
    another of them: until the terminal has checked the reading, B's hold words name D, L and
    B by place, not by the digits its photo shows there; A's, which no such turn changes,
    by their digits. Once checked, B's faces by their digits too."""
    service = served.service
    for name in "AB":
        service.upload("corners", name, (CORNERS_DIR / f"{name}.jpg").read_bytes())
    before = _cards(wait_read(served))
    assert "the bottom face (D) at the top of the picture, the face on the left (L) lower " \
        "left, the back face (B) lower right" in before["B"]["hold"]
    assert "towards you (F, the" in before["A"]["hold"]  # A is never read turned so
    service.upright(Upright(service.reading().state))  # type: ignore[union-attr]
    after = _cards(call(served.url + "api/status")[1])
    assert "the bottom face (D)" not in after["B"]["hold"] and "centre" in \
        after["B"]["hold"].split("points at the camera")[1]
    assert after["A"]["hold"] == before["A"]["hold"]


@pytest.mark.parametrize("seed", [2, 3, 9])
def test_hold_words_while_photos_are_taken_fit_one_hold(seed):
    """Centres whose digits come round the same in several holds, all six photographed and
    the reading not yet checked for a photo held turned: the words named the centres by
    digit alone ("... may point another way if their photos were held turned"), which fit
    several holds. They tell the directions as photographed, which fit one."""
    from sudoku_cube.assistant.services.face_poses import held_turned
    from sudoku_cube.models.cube.face_words import hold_phrase
    from sudoku_cube.models.cube.holds import centres_state, hold_parts, one_hold_fits
    from sudoku_cube.models.generator.cube3 import make_puzzle

    state = make_puzzle(seed, 20).state
    centres = {f: state.face(f)[4] for f in "URFDLB"}
    cube = centres_state(centres)
    assert not one_hold_fits(cube, hold_parts(cube, maybe=[centres_state(c) for c in
                                                           held_turned(centres)]),
                             maybe=[centres_state(c) for c in held_turned(centres)])
    words = hold_phrase(cube, maybe=[centres_state(c) for c in held_turned(centres)],
                        photos=True)
    assert "another way" not in words and "another hold" not in words, words
    assert words == hold_phrase(cube), words  # the hold as photographed: one fits
    assert one_hold_fits(cube, hold_parts(cube))
