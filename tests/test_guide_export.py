"""The exported plan as a person sees it: the SVG's pictures and text never overlap and stay on
the canvas, the words wrap whole, every face letter is drawn; the HTML printed by a real browser
(headless Chromium) puts 3-4 steps on a page; each step's picture of the held cube marks the
layer to turn and its arrow turns the way the model turns it."""
from __future__ import annotations

import math
import random
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np

from sudoku_cube.assistant.services.export import export_plan, plan_svg, step_words
from sudoku_cube.assistant.services.guide import steps_from_moves
from sudoku_cube.assistant.services.phases import phase_title
from sudoku_cube.models.cube.geometry import NORMAL, rotate_quarter
from sudoku_cube.models.cube.moves import ALL_MOVES, invert_moves
from sudoku_cube.assistant.services.held_svg import (ARROW, SIZE, arc_points, held_camera,
                                                      held_svg, turning)
from tests.conftest import random_design, random_moves

SVG = "{http://www.w3.org/2000/svg}"


def _plan(count: int, seed: int = 3):
    rng = random.Random(seed)
    scramble = random_moves(rng, count)
    start = random_design(rng).apply(scramble)
    return start, steps_from_moves(start, invert_moves(scramble))


def _boxes(root: ET.Element) -> list[tuple[str, float, float, float, float]]:
    """Boxes (what, x, y, w, h) of the pictures and text lines of each step row."""
    out = []
    for row in root.iter(f"{SVG}g"):
        if row.get("class") != "step":
            continue
        dy = float(re.match(r"translate\(0 ([\d.]+)\)", row.get("transform")).group(1))
        for child in row:
            if child.tag == f"{SVG}svg":
                out.append((child.get("class"), float(child.get("x")), dy + float(child.get("y")),
                            float(child.get("width")), float(child.get("height"))))
            elif child.tag == f"{SVG}text":
                size = float(child.get("font-size"))
                # a generous text box: 0.62 em a character (DejaVu Sans averages ~0.55)
                out.append((child.text, float(child.get("x")), dy + float(child.get("y")) - size,
                            0.62 * size * len(child.text), 1.2 * size))
    return out


def _overlap(a, b) -> bool:
    return a[1] < b[1] + b[3] and b[1] < a[1] + a[3] and a[2] < b[2] + b[4] and b[2] < a[2] + a[4]


def test_svg_boxes_do_not_overlap_and_fit_the_canvas_words_wrap_whole_phase_in_words():
    start, steps = _plan(8)
    svg = plan_svg(steps, start)
    root = ET.fromstring(svg)
    width, height = map(float, root.get("viewBox").split()[2:])  # drawn in these units
    boxes = _boxes(root)
    # the start, each step and the end, which says the cube is solved
    assert sum(1 for b in boxes if b[0] == "net") == len(steps) + 2
    assert sum(1 for b in boxes if b[0] == "held") == len(steps) + 2
    for i, a in enumerate(boxes):
        assert 0 <= a[1] and a[1] + a[3] <= width and 0 <= a[2] and a[2] + a[4] <= height, a
        for b in boxes[i + 1:]:
            assert not _overlap(a, b), (a, b)
    texts = [t.text for t in root.iter(f"{SVG}text") if t.text]
    flowing = " ".join(texts)
    for step in steps:
        assert step_words(step) in flowing  # wrapped at spaces, nothing cut
    assert phase_title(steps[0].phase, True) in flowing and "pieces" not in texts
    for net in root.iter(f"{SVG}svg"):  # face letters inside each net's own canvas
        if net.get("class") != "net":
            continue
        vw, vh = map(float, net.get("viewBox").split()[2:])
        letters = {t.text: (float(t.get("x")), float(t.get("y"))) for t in net.iter(f"{SVG}text")
                   if t.text in "URFDLB"}
        assert set(letters) == set("URFDLB")
        assert all(0 <= x < vw - 10 and 12 <= y <= vh for x, y in letters.values()), letters


def test_held_pictures_face_letters_lie_over_the_turns_arrow():
    """The arrow of a turn may pass where a face's letter stands (R's over the U): the letters
    are drawn after it, each in a white halo, so the arrow never hides one."""
    start, _ = _plan(4, seed=5)
    for move in ALL_MOVES:
        svg = held_svg(start, move)
        arrow = svg.index(f'stroke="{ARROW}"')
        for letter in "UFR":
            at = svg.index(f">{letter}</text>")
            assert at > arrow, (move, letter)
            assert 'paint-order="stroke"' in svg[svg.rindex("<text", 0, at):at], (move, letter)


def test_held_picture_marks_the_layer_and_its_arrow_turns_as_the_model_does():
    start, _ = _plan(4, seed=5)
    camera = held_camera()
    for move in ALL_MOVES:
        svg = held_svg(start, move)
        marked = svg.count('fill="#ffd43b"')
        assert len(turning(move.face)) == 21
        # the visible stickers of the turning layer: all 9 of a face seen from the front (U F
        # R), or its 3-sticker rims on the two or three visible faces
        assert marked == (9 + 3 + 3 if move.face in "UFR" else 3 + 3), (move, marked)
        arc = arc_points(move.face, move.turns)
        uv, depth = camera.project(arc)
        assert (depth > 0).all() and (uv >= 0).all() and (uv <= SIZE).all(), move
        axis = np.array(NORMAL[move.face], float)
        a, b = arc[0] - axis * 2, arc[1] - axis * 2  # positions round the face's axis
        quarter = np.array(rotate_quarter(tuple(int(round(c)) for c in a * 10), NORMAL[move.face],
                                          1 if move.turns != 3 else 3), float) / 10
        # the arc's first step heads the way the model turns a point (within the quarter)
        assert float(np.dot(b - a, quarter - a)) > 0, move
        angle = math.degrees(math.acos(np.clip(np.dot(a, b) / np.dot(a, a), -1, 1)))
        assert 0 < angle < 20


def _printed(tmp_path, ext: str) -> str:
    """The text of a 22-step plan exported as ``ext``, printed to PDF by headless Chromium."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    assert chromium, "headless Chromium is needed (Debian package chromium; `make system`)"
    assert shutil.which("pdftotext"), "pdftotext is needed (Debian package poppler-utils)"
    start, steps = _plan(22, seed=8)
    page = export_plan(tmp_path / f"plan.{ext}", steps, start)
    pdf = tmp_path / "plan.pdf"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}",
                    "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout


def test_printed_html_has_three_or_four_steps_a_page(tmp_path):
    text = _printed(tmp_path, "html")
    pages = text.split("\f")
    counts = [len(re.findall(r"Step \d+ of 22", p)) for p in pages if p.strip()]
    assert sum(counts) == 22, counts
    assert all(3 <= c <= 4 for c in counts[:-1]) and 1 <= counts[-1] <= 4, counts
    order = [int(n) for n in re.findall(r"Step (\d+) of 22", text)]
    assert order == list(range(1, 23))  # no step split or lost between pages
    assert all(f"as you hold it" in p for p in pages if "Step" in p)


def test_printed_svg_keeps_every_step_whole_on_its_page(tmp_path):
    """The SVG plan is drawn as A4 pages of whole rows: printed from Chromium on A4, each
    printed page holds the start or steps it was drawn with, in order, and its own footer."""
    text = _printed(tmp_path, "svg")
    pages = [p for p in text.split("\f") if p.strip()]
    assert len(pages) == 6  # the start and 22 steps, four rows a page
    for k, p in enumerate(pages):
        first = max(1, 4 * k)  # page 1: the start and steps 1-3
        want = list(range(first, min(22, 4 * k + 3) + 1))
        assert [int(n) for n in re.findall(r"Step (\d+) of 22", p)] == want, (k, p)
        assert f"page {k + 1} of 6" in p
        assert p.count("after the turn") == len(want)  # each step's net on its page
    assert "Start" in pages[0] and "Hold the cube with" in pages[0]


def test_the_guide_says_where_the_plan_was_exported_on_its_first_screen(tmp_path, monkeypatch):
    """`guide --export plan.html` prints where the plan went before the full-screen guide
    takes the screen, which hides it until the guide ends: the guide's first screen says it
    again (and the next screens do not)."""
    import argparse
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.guide import GuideCursor
    from sudoku_cube.assistant.terminal import guide_run
    from sudoku_cube.models.plan.planner import PIECES, verified_plan
    from sudoku_cube.models.profile import CubeSettings

    start, steps = _plan(6)
    moves = [s.move for s in steps]
    plan = verified_plan(start, moves, tuple(PIECES for _ in moves), CubeSettings(),
                         {"method": "given"})
    keys = iter(["n", "q"])
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    screens: list[str] = []
    run_interactive = guide_run.run_interactive

    def guide(console, cursor, read_key, **kwargs):
        cursor = GuideCursor(cursor.steps, cursor.start, remember=False)
        return run_interactive(console, cursor, lambda: screens.append(
            " ".join(console.export_text(clear=True).split())) or next(keys), clear=False,
            **kwargs)

    monkeypatch.setattr(guide_run, "interactive", lambda: True)
    monkeypatch.setattr(guide_run, "save_followed_plan", lambda *a: None)
    monkeypatch.setattr(guide_run, "run_interactive", guide)
    monkeypatch.chdir(tmp_path)  # a short path: a long one is folded where the line ends
    page = Path("plan.html")
    args = argparse.Namespace(export=str(page), plain=False, camera=None, restart=False,
                              speak=False, profile=None, symmetric=None, no_ocr=True, ocr=None)
    assert guide_run.guide_plan(plan, args, console) == 0
    assert page.exists() and len(screens) == 2
    written = f"Plan with {len(steps)} steps written to {page}."
    assert written in screens[0] and written not in screens[1]


def test_a_long_hold_phrase_stays_inside_the_start_row():
    """The cube whose centres look alike is held by ten lines of words at the usual size:
    the start row's words get smaller and end inside the row, clear of the next one."""
    from sudoku_cube.assistant.services.export import SVG_ROW
    from tests.test_hold_words import _all_centres_alike

    start = _all_centres_alike()
    steps = steps_from_moves(start, invert_moves(random_moves(random.Random(2), 3)))
    root = ET.fromstring(plan_svg(steps, start))
    rows = [r for r in root.iter(f"{SVG}g") if r.get("class") == "step"]
    words = [t for t in rows[0] if t.tag == f"{SVG}text" and t.get("x") == "12"]
    assert "for the whole solve." in " ".join(t.text for t in words)
    assert max(float(t.get("y")) for t in words) <= SVG_ROW - 8
    boxes = _boxes(root)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not _overlap(a, b), (a, b)


def test_the_html_plan_fits_a_narrow_screen(tmp_path):
    """On a narrow screen (the narrowest window headless Chromium opens, 500 px; a phone's is
    360-430) the page's pictures and words wrap: nothing runs off its side, as the nets did
    beside the words before. Measured by the browser itself (the page's scroll width)."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    assert chromium, "headless Chromium is needed (Debian package chromium; `make system`)"
    start, steps = _plan(6, seed=8)
    page = export_plan(tmp_path / "plan.html", steps, start)
    probe = ("<script>document.title = 'fits ' + document.documentElement.scrollWidth + ' '"
             " + window.innerWidth</script></body>")
    page.write_text(page.read_text(encoding="utf-8").replace("</body>", probe), encoding="utf-8")
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                          "--disable-background-networking", "--disable-component-update",
                          "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}",
                          "--window-size=500,800", "--dump-dom", page.as_uri()],
                         check=True, capture_output=True, text=True, timeout=120).stdout
    wide, window = map(int, re.search(r"<title>fits (\d+) (\d+)</title>", dom).groups())
    assert window <= 500 and wide <= window, (wide, window)


def test_solve_json_writes_the_export_it_is_given(tmp_path, capsys):
    """``solve --json --export`` writes the same plan file as ``solve --plain --export`` (it
    was ignored, its folder unchecked), stdout still JSON alone; a file that cannot be
    written is refused first, exit 2."""
    import json

    from sudoku_cube.assistant.cli import main

    state = Path(__file__).resolve().parents[1] / "samples" / "states" / "scrambled-example.json"
    json_html, plain_html = tmp_path / "j.html", tmp_path / "p.html"
    assert main(["solve", str(state), "--json", "--export", str(json_html)]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["moves"] and f"written to {json_html}" in out.err
    assert main(["solve", str(state), "--plain", "--export", str(plain_html)]) == 0
    assert json_html.read_bytes() == plain_html.read_bytes()
    capsys.readouterr()
    assert main(["solve", str(state), "--json", "--export", str(tmp_path / "no" / "p.html")]) == 2
    got = capsys.readouterr()
    assert got.out == "" and "does not exist" in got.err
