"""Export a plan as a page to keep beside the cube: HTML (one section per step: the cube as
held with the layer to turn and an arrow, nets before/after with the moving stickers marked;
prints four steps a page) or one tall SVG. Written atomically, with the usual file mode (the
user's umask), into a folder that must exist."""
from __future__ import annotations

import textwrap
from html import escape
from pathlib import Path
from typing import Sequence

from ...models.cube.face_words import hold_words
from ...models.cube.moves import Move
from ...models.cube.state import CubeState
from ...models.errors import SudokuCubeError
from ...models.plan.planner import Step
from ...models.profile import CubeSettings
from ...storage.atomic import atomic_write_text, check_folder_exists
from .held_svg import held_svg
from .phases import is_combined, moved_stickers, phase_note, phase_title, symmetric_note
from .svgnet import net_size, net_svg

CSS = """body{font-family:DejaVu Sans,Arial,sans-serif;max-width:760px;margin:1.5em auto;
color:#222}
h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.15em;margin:.6em 0 .2em}
.intro{display:flex;gap:1.2em;align-items:center}.intro p{margin:.3em 0}
.step{border-top:1px solid #bbb;padding:.35em 0 .25em;break-inside:avoid;
page-break-inside:avoid}
.head{display:flex;align-items:baseline;gap:.7em}
.num{font-size:.85em;color:#555;min-width:6.5em;white-space:nowrap;flex:none}
.move{font-size:1.9em;font-weight:bold;color:#186a1c;min-width:2.2em}
.words{font-size:1.1em}
.pics{display:flex;gap:12px;align-items:flex-end}.pics figure{margin:0;text-align:center}
svg.held{width:150px;height:150px}svg.net{width:224px;height:auto}
figcaption{font-size:.8em;color:#555}.phase{background:#f3eefc;padding:.4em .6em;
border-radius:6px;margin:.3em 0;font-size:.92em}
@media print{@page{size:A4;margin:11mm}body{margin:0;max-width:none;font-size:11pt}
.phase{background:none;border:1px solid #bbb}h2{break-after:avoid;page-break-after:avoid}
.intro{break-inside:avoid}.intro svg.net{width:200px}.intro svg.held{width:120px;height:120px}
.phase{font-size:.85em}h1{font-size:1.3em;margin:0}}
@media screen and (max-width:600px){body{margin:1em .6em}.intro,.pics{flex-wrap:wrap}
.intro>div{flex:1 1 100%}.pics figure,.intro figure{flex:1 1 100%}svg.net{width:100%}
svg.held{width:70vw;height:70vw}.num{min-width:0}}"""
"""The page's style: on paper (A4, a margin of 11 mm) four steps fit a page, and a step is
never split between pages; on a phone's narrow screen the pictures and the words wrap
instead of running off its side, each picture as wide as the screen, so that its digits
stay large enough to read."""

SVG_WIDTH = 720
"""Width of the exported SVG plan (px)."""
SVG_ROW = 220
"""Height of one step in the SVG plan (px): the move and its words, the cube as held, the net
after the turn."""
SVG_PAGE = SVG_WIDTH * 297 / 210
"""Height of one A4 page of the SVG plan in its units (an A4 page as wide as the drawing)."""
SVG_MARGIN = 40
"""Space above the first row of each SVG page (and at least as much below the last)."""
SVG_ROWS_PER_PAGE = int((SVG_PAGE - 2 * SVG_MARGIN) // SVG_ROW)
"""Rows (the start or a step) on one SVG page: four."""
HELD_BOX = (200, 14, 190, 190)
"""Where the picture of the held cube sits in a row (x, y, width, height)."""
NET_HEIGHT = 186
"""Height of the net in a row of the SVG plan (its width follows)."""
WORDS_CHARS = 22
"""Characters per line of the step words in the SVG plan (13 px text in 185 px)."""
WORDS_SIZES = (13, 12, 11, 10, 9)
"""Font sizes a row's words may take, the first at which they fit the row (13: the usual)."""


def step_words(step: Step) -> str:
    """The move in words."""
    return step.description or step.move.describe()


def _section(i: int, step: Step, total: int) -> str:
    """One step of the HTML page: the move and its words, the cube as held with the layer to
    turn and the arrow, the nets before and after with the moving stickers marked."""
    moved = moved_stickers(step)
    return (f'<section class="step" id="step-{i + 1}"><div class="head">'
            f'<span class="num">Step {i + 1} of {total}</span>'
            f'<span class="move">{escape(str(step.move))}</span>'
            f'<span class="words">{escape(step_words(step))}</span></div><div class="pics">'
            f"<figure>{held_svg(step.before, step.move, title=f'turn {step.move}')}"
            "<figcaption>as you hold it: turn the marked layer</figcaption></figure>"
            f"<figure>{net_svg(step.before, highlight=moved)}<figcaption>before</figcaption>"
            f"</figure><figure>{net_svg(step.after, highlight=moved)}"
            "<figcaption>after</figcaption></figure></div></section>")


def plan_html(steps: Sequence[Step], start: CubeState, title: str = "Sudoku Cube plan",
              settings: CubeSettings = CubeSettings()) -> str:
    """The HTML page of a plan (one section per step; prints four steps a page), ending as
    ``solve --plain`` does, with "Done: the cube is solved." and why a symmetric digit of the
    solved cube points the other way from its face, where one does (:func:`symmetric_note`;
    for a cube already solved, that alone, as the phone page says it)."""
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width,initial-scale=1">',
           f"<title>{escape(title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{escape(title)}</h1>",
           '<div class="intro"><figure style="margin:0">'
           f"{held_svg(start, None, title='start')}</figure><div>"
           + (f"<p><b>{len(steps)} face turns.</b> {escape(hold_words(start, settings))} "
              "for the whole solve, as in the pictures. Each step shows the layer to turn "
              "(yellow) and the way to turn it (arrow); in the nets, the marked stickers are "
              "the ones the step moves.</p></div>" if steps else
              "<p><b>The cube is already solved: nothing to turn.</b></p></div>")
           + f"<figure style=\"margin:0\">{net_svg(start, title='start')}"
           "<figcaption>start</figcaption></figure></div>"]
    phase = None
    combined = is_combined(steps)
    for i, step in enumerate(steps):
        if step.phase != phase:
            phase = step.phase
            out.append(f"<h2>{escape(phase_title(phase, combined))}</h2>"
                       f'<p class="phase">{escape(phase_note(phase, combined))}</p>')
        out.append(_section(i, step, len(steps)))
    note = symmetric_note(steps[-1].after if steps else start, settings.symmetric)
    if steps:  # as solve --plain ends
        out.append(f'<p class="phase"><b>Done: the cube is solved.</b>'
                   f'{" " + escape(note) if note else ""}</p>')
    elif note:  # an already solved cube too, as on the phone page
        out.append(f'<p class="phase">{escape(note)}</p>')
    out.append("</body></html>")
    return "\n".join(out)


def svg_lines(lines: Sequence[str], x: float, y: float, size: float, line_h: float,
              style: str = "") -> str:
    """Lines of text one under the other from baseline ``y`` (a ``<text>`` per line)."""
    return "".join(f'<text x="{x}" y="{y + k * line_h:g}" font-size="{size}"{style}>'
                   f"{escape(line)}</text>" for k, line in enumerate(lines))


def _svg_words(words: str, top: float) -> str:
    """A row's words from baseline ``top`` in its text column, in the largest of
    :data:`WORDS_SIZES` at which they end inside the row (a long hold phrase, on a cube whose
    centres look alike, takes ten lines at the usual size)."""
    for size in WORDS_SIZES:
        line_h = size * 16 / 13
        lines = textwrap.wrap(words, int(WORDS_CHARS * 13 / size))
        if top + (len(lines) - 1) * line_h <= SVG_ROW - 8:
            break
    return svg_lines(lines, 12, top, size, round(line_h, 2))


def _svg_row(y: int, heading: str, sub: list[str], words: str, state: CubeState,
             move: Move | None, net_state: CubeState, highlight: frozenset[int],
             caption: str) -> str:
    """One row of the SVG plan at height ``y``: text column, ``state`` as held (with the
    ``move`` marked), the net of ``net_state``."""
    net_w, net_h = net_size(state.n)
    width = round(NET_HEIGHT * net_w / net_h)
    net_box = (SVG_WIDTH - 12 - width, 26, width, NET_HEIGHT)
    hx, hy, hw, hh = HELD_BOX
    text = (f'<text x="12" y="36" font-size="30" font-weight="bold" fill="#186a1c">'
            f"{escape(heading)}</text>" + svg_lines(sub, 12, 58, 11, 15, ' fill="#444"')
            + _svg_words(words, 62 + 15 * len(sub) + 10))
    return (f'<g class="step" transform="translate(0 {y})">{text}'
            f"{held_svg(state, move, box=(hx, hy, hw, hh))}"
            f'<text x="{SVG_WIDTH - 12 - width}" y="22" font-size="11" fill="#555">'
            f"{escape(caption)}</text>"
            f"{net_svg(net_state, highlight=highlight, box=net_box)}"
            f'<line x1="0" y1="{SVG_ROW - 1}" x2="{SVG_WIDTH}" y2="{SVG_ROW - 1}" '
            'stroke="#ccc"/></g>')


def plan_svg(steps: Sequence[Step], start: CubeState,
             settings: CubeSettings = CubeSettings()) -> str:
    """An SVG of A4 pages: the start, then a row per step with the move, its number, phase and
    words, the cube as held with the layer to turn and the arrow, and the net after the turn;
    last a row that says the cube is solved, and where a symmetric digit of the solved cube (or
    of ``start``, already solved) points the other way from its face, why
    (:func:`symmetric_note`).

    The drawing is as wide as an A4 page and as tall as whole pages (``SVG_PAGE`` units each,
    the A4 ratio), :data:`SVG_ROWS_PER_PAGE` rows to a page between margins, so that a browser
    printing it page by page on A4 never cuts a step in two."""
    rows = [_svg_row(0, "Start", [f"{len(steps)} face turns" if steps else "Already solved"],
                     f"{hold_words(start, settings)} for the whole solve." if steps else
                     "The cube is already solved: nothing to turn.", start, None, start,
                     frozenset(), "start")]
    combined = is_combined(steps)
    for i, step in enumerate(steps):
        sub = [f"Step {i + 1} of {len(steps)}"] + textwrap.wrap(
            phase_title(step.phase, combined), 27)
        rows.append(_svg_row(0, str(step.move), sub, step_words(step), step.before, step.move,
                             step.after, moved_stickers(step), "after the turn (marked: moved)"))
    last = steps[-1].after if steps else start
    note = symmetric_note(last, settings.symmetric)
    if steps or note:  # as solve --plain ends, and why a digit points against its face
        rows.append(_svg_row(0, "Done", ["the cube is solved"], note or
                             "Every face shows 1 to 9, each digit pointing its face's way.",
                             last, None, last, frozenset(), "solved"))
    pages = -(-len(rows) // SVG_ROWS_PER_PAGE)
    height = SVG_PAGE * pages
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="{297 * pages}mm" '
             f'viewBox="0 0 {SVG_WIDTH} {height:g}" font-family="DejaVu Sans, sans-serif">',
             "<style>@page{size:A4;margin:0}</style>",
             f'<rect width="{SVG_WIDTH}" height="{height:g}" fill="#fff"/>']
    for k, row in enumerate(rows):
        page, place = divmod(k, SVG_ROWS_PER_PAGE)
        y = page * SVG_PAGE + SVG_MARGIN + place * SVG_ROW
        parts.append(row.replace('transform="translate(0 0)"', f'transform="translate(0 {y:g})"',
                                 1))
    for page in range(pages):
        parts.append(f'<text x="{SVG_WIDTH / 2:g}" y="{(page + 1) * SVG_PAGE - 16:g}" '
                     f'font-size="10" fill="#888" text-anchor="middle">page {page + 1} of '
                     f"{pages}</text>")
    parts.append("</svg>")
    return "".join(parts)


def check_export_path(path: str | Path) -> Path:
    """The export path, if its kind is known and its folder exists (checked before any long
    work: a mistyped folder is refused, never created silently)."""
    p = Path(path)
    if p.suffix.lower() not in (".html", ".htm", ".svg"):
        raise SudokuCubeError(f"{p}: --export writes .html or .svg files; give a name ending "
                              "in one of those")
    if p.is_dir():
        raise SudokuCubeError(f"{p}: is a folder; give a file name such as plan.html")
    check_folder_exists(p)
    return p


def export_plan(path: str | Path, steps: Sequence[Step], start: CubeState,
                settings: CubeSettings = CubeSettings()) -> Path:
    """Write the plan as HTML (``.html``/``.htm``) or SVG (``.svg``) atomically."""
    p = check_export_path(path)
    if p.suffix.lower() == ".svg":
        text = plan_svg(steps, start, settings)
    else:
        text = plan_html(steps, start, settings=settings)
    try:
        atomic_write_text(p, text)
    except OSError as e:
        raise SudokuCubeError(f"{p}: cannot write the exported plan ({e.strerror}); "
                              "choose another folder") from None
    return p
