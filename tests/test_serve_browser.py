"""The phone page in a real browser: Debian's headless Chromium, driven by Playwright (the
system browser, nothing downloaded), at a phone's size. It takes the sample photos one at a time
through the page's camera inputs, sees each face's digits as read, and, once the terminal
(``serve`` run without a person, so ``--plain``) has planned, sees the first step.

With ``SUDOKU_CUBE_SCREENSHOTS=DIR`` the page's pictures are also written there (the ones in
docs/ were made so)."""
from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path
from typing import Iterator

from playwright.sync_api import Page, expect, sync_playwright

from sudoku_cube.assistant.web.service import REVIEWING
from sudoku_cube.models.errors import SudokuCubeError
from tests.test_serve import (CORNERS_DIR, FACES_DIR, call, read_json, served,  # noqa: F401
                              upside_down_pair, wait_read)
from tests.test_serve_cli import start, stop

PHONE = {"width": 390, "height": 844}
"""A phone's viewport in CSS pixels (a 6.1-inch phone held upright)."""


def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    assert path, "headless Chromium is needed (Debian package chromium; `make system`)"
    return path


@contextlib.contextmanager
def phone_page(url: str, **options) -> Iterator[Page]:
    """A page of headless Chromium at :data:`PHONE`'s size, opened at ``url`` (``options``:
    more of the page's settings, such as ``has_touch``), closed after."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                **options)
        page.goto(url)
        yield page
        browser.close()


def shots(tmp_path: Path) -> Path:
    """Where the screenshots go: ``SUDOKU_CUBE_SCREENSHOTS`` when set, else the test's folder."""
    return Path(os.environ.get("SUDOKU_CUBE_SCREENSHOTS") or tmp_path)


def test_phone_page_takes_six_photos_and_shows_the_first_step(tmp_path, capsys):
    want = read_json(FACES_DIR, capsys)["faces"]
    proc, url, _, _ = start(tmp_path, "--plain")
    try:
        with phone_page(url, has_touch=True) as page:
            expect(page.locator("li.card")).to_have_count(6)
            assert page.locator("input[capture=environment]").count() == 6
            assert page.locator(".kinds").is_visible()  # six faces or two corner photos
            for k, face in enumerate("URFDLB"):
                card = page.locator(f"li.card[data-photo={face}]")
                card.locator("input").set_input_files(str(FACES_DIR / f"{face}.jpg"))
                if k == 0:  # said on the card, not only in the message at the top
                    expect(card.locator(".take span")).to_have_text("Reading...")
                cells = page.locator(f"figure[data-face={face}] .cell")
                expect(cells).to_have_count(9, timeout=60_000)
                assert [cells.nth(i).get_attribute("title") for i in range(9)] == want[face]
                if k == 1:
                    page.screenshot(path=str(shots(tmp_path) / "serve-photos.png"))
            expect(page.locator("#step")).to_be_visible(timeout=120_000)
            expect(page.locator("#step-count")).to_contain_text("Step 1 of")
            move = page.locator("#step-move").inner_text()
            assert move and page.locator("#step-picture svg").count() == 1
            assert not page.locator(".kinds").is_visible()  # no kind of photos to choose now
            assert not page.locator("#lead").is_visible()  # nor photos to take
            # --plain: nobody steps the guide at the computer, so the page steps itself
            expect(page.locator("#step-next")).to_be_visible(timeout=30_000)
            assert page.locator("#step-back").is_disabled()
            page.screenshot(path=str(shots(tmp_path) / "serve-step.png"))
            page.click("#step-next")
            expect(page.locator("#step-count")).to_contain_text("Step 2 of")
            second = page.locator("#step-move").inner_text()
            page.click("#step-back")
            expect(page.locator("#step-count")).to_contain_text("Step 1 of")
    finally:
        code, out, err = stop(proc)
    assert code == 130 and "Traceback" not in err
    assert f"1. {move}" in out or f" {move} " in out, out[-2000:]
    assert f"2. {second}" in out or f" {second} " in out, out[-2000:]
    assert "From the phone: photo U taken: centre 5" in out  # each photo said as it came


def test_phone_page_takes_corner_photos_and_shows_a_refusal(tmp_path, capsys):
    want = read_json(CORNERS_DIR, capsys)["faces"]
    proc, url, _, _ = start(tmp_path)
    try:
        with phone_page(url) as page:
            page.click("#kind-corners")
            expect(page.locator("li.card")).to_have_count(2)
            page.locator("li.card[data-photo=A] input").set_input_files(str(FACES_DIR / "F.jpg"))
            refused = page.locator("li.card[data-photo=A] .refused")
            expect(refused).to_be_visible(timeout=60_000)
            assert "corner photo A" in refused.inner_text()
            expect(page.locator("li.card[data-photo=A] .take span")).to_have_text("Retake photo")
            page.screenshot(path=str(shots(tmp_path) / "serve-refused.png"))
            notes = tmp_path / "notes.jpg"  # no photo at all: refused before it is read
            notes.write_text("these are my notes, not a photo\n")
            page.locator("li.card[data-photo=B] input").set_input_files(str(notes))
            not_photo = page.locator("li.card[data-photo=B] .refused")
            expect(not_photo).to_contain_text("not an image", timeout=30_000)
            page.wait_for_timeout(2000)  # the page's next look at the status keeps it
            expect(not_photo).to_contain_text("not an image")
            pair = upside_down_pair(tmp_path / "pair")  # A held with U at the bottom
            card_a = page.locator("li.card[data-photo=A]")
            card_a.locator("input").set_input_files(str(pair / "A.jpg"))
            expect(card_a.locator(".unnamed")).to_contain_text("three faces found",
                                                                timeout=60_000)
            expect(card_a.locator(".refused")).to_be_hidden()
            page.locator("li.card[data-photo=B] input").set_input_files(str(pair / "B.jpg"))
            for name in "AB":
                expect(page.locator(f"li.card[data-photo={name}] figure")).to_have_count(
                    3, timeout=60_000)
            expect(page.locator("#notes li")).to_contain_text(
                "Corner photo A was held with no face on top of the corner", timeout=60_000)
            expect(card_a.locator(".unnamed")).to_be_hidden()
            page.screenshot(path=str(shots(tmp_path) / "serve-corner-named.png"))
            for face in "URFDLB":
                cells = page.locator(f"figure[data-face={face}] .cell")
                assert [cells.nth(i).get_attribute("title") for i in range(9)] == want[face]
    finally:
        stop(proc)


def test_phone_page_takes_the_photo_a_check_asks_for(served, tmp_path):
    """While the terminal reviews the reading the page offers no photo to take; the check
    the guide asks for later takes its photo from the page, its card above the step shown
    and in view (on a phone the step's picture fills the screen)."""
    from sudoku_cube.assistant.services.guide import steps_from_moves
    from sudoku_cube.models.cube.moves import parse_moves

    for face in "URFDLB":
        call(served.url + f"api/face/{face}", (FACES_DIR / f"{face}.jpg").read_bytes())
    wait_read(served)
    assert served.service.reviewing(served.service.reading())
    with phone_page(served.url) as page:
        expect(page.locator("#message")).to_have_text(REVIEWING, timeout=30_000)
        takes = page.locator("#photos li.card .take")
        assert takes.count() == 6 and not any(takes.nth(i).is_visible() for i in range(6))
        served.service.reviewing(None)  # the review is over (the guide starts)
        start = served.service.reading().state
        served.service.follow(steps_from_moves(start, parse_moves("R U F' D2")), start)
        expect(page.locator("#step-move")).to_have_text("R", timeout=30_000)
        page.mouse.wheel(0, 2000)  # the person scrolled down to the cards meanwhile
        served.service.ask_check("A")  # as the guide's c key does, by Enter at its prompt
        card = page.locator("#check li.card[data-photo=A]")
        expect(card.locator("h2")).to_have_text("Check: Corner photo A", timeout=30_000)
        expect(card.locator("h2")).to_be_in_viewport()
        assert card.bounding_box()["y"] < page.locator("#step").bounding_box()["y"]
        expect(page.locator("#message")).to_contain_text("take the photo it asks for")
        page.screenshot(path=str(shots(tmp_path) / "serve-check.png"))
        card.locator("input").set_input_files(str(CORNERS_DIR / "A.jpg"))
        faces = served.service.wait_check(60)
        assert faces is not None and sorted(faces) == ["F", "R", "U"]
        expect(page.locator("#check li.card")).to_have_count(0, timeout=30_000)
        served.service.end_check()
        assert not page.locator("#step-said").is_visible()
        said = "The cube matches the plan at this step."  # what the check ends with
        served.service.check_said(said)  # as the guide's check tells the page
        expect(page.locator("#step-said")).to_have_text(said, timeout=30_000)
        page.screenshot(path=str(shots(tmp_path) / "serve-check-said.png"))


def test_switching_the_kind_with_photos_taken_asks_first(tmp_path):
    """A set is of one kind: with a face photo taken, choosing corner photos asks first (the
    face photo is set aside when the first corner photo arrives); declined, the six faces
    stay; accepted, the two corner photos are asked for."""
    proc, url, _, _ = start(tmp_path)
    try:
        with phone_page(url) as page:
            page.locator("li.card[data-photo=U] input").set_input_files(str(FACES_DIR / "U.jpg"))
            expect(page.locator("li.card[data-photo=U] figure")).to_have_count(1, timeout=60_000)
            said: list[str] = []
            page.once("dialog", lambda d: (said.append(d.message), d.dismiss()))
            page.click("#kind-corners")
            page.wait_for_timeout(500)
            expect(page.locator("li.card")).to_have_count(6)
            assert said and "1 face photo taken will be set aside" in said[0], said
            page.once("dialog", lambda d: d.accept())
            page.click("#kind-corners")
            expect(page.locator("li.card")).to_have_count(2)
    finally:
        stop(proc)


def test_a_review_nobody_answers_is_told_in_the_pages_words_within_its_width(served, tmp_path):
    """Two photos in each other's slots and nobody at the terminal (``--plain``): the review
    stops, and the page says so in its own words (photos to check and retake, no state file
    or command of the terminal's), wrapped within the phone's width."""
    from sudoku_cube.assistant.services.review import check_reading

    for slot, face in zip("URFDLB", "ULFDRB"):
        call(served.url + f"api/face/{slot}", (FACES_DIR / f"{face}.jpg").read_bytes())
    wait_read(served)
    service = served.service
    reading = service.reading()
    assert service.reviewing(reading, person=False)
    service.review_check(check_reading(reading.state))
    terminal = (f"the reading is not consistent: ... correct them in a state file "
                f"(`sudoku-cube read {service.folder.path} --json > state.json` writes one)")
    words = service.refuse_reading(SudokuCubeError(terminal))
    service.reviewing(None)
    assert words.startswith("The reading is not consistent: ") and "sudoku-cube" not in words
    assert "Check that each photo shows the face (or corner) it is taken for" in words, words
    with phone_page(served.url) as page:
        expect(page.locator("#message")).to_have_text(words, timeout=30_000)
        page.screenshot(path=str(shots(tmp_path) / "serve-unanswered.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_page_prints_a_refusal_and_the_computers_advice_once(served, tmp_path):
    """The set refused as a whole: the page prints the refusal, then the advice the computer
    adds where the refusal gives none (to retake the photos misread); a refusal that advises
    is printed alone, whatever its words."""
    for name in "AB":
        call(served.url + f"api/corner/{name}", (CORNERS_DIR / f"{name}.jpg").read_bytes())
    wait_read(served)
    service = served.service
    service.refuse_reading(SudokuCubeError("no cube fits these photos"))
    with phone_page(served.url) as page:
        message = page.locator("#message")
        expect(message).to_have_text("No cube fits these photos. Check each photo against the "
                                     "cube and retake those misread.", timeout=30_000)
        page.screenshot(path=str(shots(tmp_path) / "serve-refused-advice.png"))
        service.refuse_reading(SudokuCubeError("corner photo B: hold D on top and take it so",
                                               advises=True))
        expect(message).to_have_text("Corner photo B: hold D on top and take it so.",
                                     timeout=30_000)


def test_a_set_refused_as_a_whole_shows_on_the_cards_of_its_photos(served, tmp_path):
    """Refusals of the whole set name the photos by the page's cards, never by a file, and
    show on the cards of the photos they are about: the same corner photographed twice (the
    reader's refusal of the pair: either card may be the one to retake), then one face
    photographed twice (the terminal's refusal of six face photos), each within the phone's
    width."""
    from sudoku_cube.assistant.services.cube_input import read_input
    from sudoku_cube.vision.reading.reader import Reader

    service = served.service
    for name in "AB":
        call(served.url + f"api/corner/{name}", (CORNERS_DIR / "A.jpg").read_bytes())
    with phone_page(served.url) as page:
        message = page.locator("#message")
        expect(message).to_contain_text("Corner photo B shows the same corner as corner photo A",
                                        timeout=120_000)
        for name in "AB":
            expect(page.locator(f"li.card[data-photo={name}] .refused")).to_have_text(
                message.inner_text())
        assert ".jpg" not in message.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(shots(tmp_path) / "serve-same-corner.png"), full_page=True)
    import cv2

    turned = cv2.rotate(cv2.imread(str(FACES_DIR / "U.jpg")), cv2.ROTATE_90_CLOCKWISE)
    for face in "URFDLB":  # U's photo in R's slot too, turned: the terminal refuses the reading
        call(served.url + f"api/face/{face}", cv2.imencode(".jpg", turned)[1].tobytes()
             if face == "R" else (FACES_DIR / f"{face}.jpg").read_bytes())
    reading = wait_read(served) and service.reading()
    assert reading is not None
    try:
        read_input(service.folder.path, Reader(ocr="never"), reading=reading,
                   naming=service.naming())
    except SudokuCubeError as e:
        said = service.refuse_reading(e)
    else:
        raise AssertionError("a face photographed twice was read")
    assert said.startswith("The photo of face R (right) shows the same face as the photo of "
                           "face U (up)") and ".jpg" not in said, said
    with phone_page(served.url) as page:
        expect(page.locator("#message")).to_have_text(said, timeout=30_000)
        for face in "URFDLB":
            refused = page.locator(f"li.card[data-photo={face}] .refused")
            if face in "UR":
                expect(refused).to_have_text(said)
            else:
                expect(refused).to_be_hidden()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(shots(tmp_path) / "serve-same-face.png"), full_page=True)
