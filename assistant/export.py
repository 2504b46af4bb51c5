"""Export a plan as a page to keep beside the cube: HTML (one section per step, inline SVG
nets before/after with the moving stickers marked) or one tall SVG. Written atomically."""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Sequence

from sudoku_cube.vision.storage import atomic_write_text
from sudoku_cube.assistant.guide_view import is_combined, moved_stickers, phase_note, phase_title
from sudoku_cube.assistant.svgnet import net_svg
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.state import CubeState

CSS = """body{font-family:DejaVu Sans,Arial,sans-serif;max-width:980px;margin:2em auto;color:#222}
.step{border-top:1px solid #ccc;padding:.6em 0;page-break-inside:avoid}
.move{font-size:2.4em;font-weight:bold;color:#186a1c;display:inline-block;min-width:2.5em}
.words{font-size:1.2em}.nets{display:flex;gap:2em;flex-wrap:wrap}.nets figure{margin:0}
figcaption{font-size:.8em;color:#555}.phase{background:#f3eefc;padding:.6em;border-radius:6px}"""


def plan_html(steps: Sequence[Any], start: CubeState, title: str = "Sudoku Cube plan") -> str:
    """The HTML page of a plan."""
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{escape(title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{escape(title)}</h1>",
           f"<p>{len(steps)} face turns. Hold the cube with F towards you and U on top for the "
           "whole solve. Marked stickers are the ones the step moves.</p>",
           f"<figure>{net_svg(start, title='start')}<figcaption>Start</figcaption></figure>"]
    if not steps:
        out.append("<p>The cube is already solved: nothing to turn.</p>")
    phase = None
    combined = is_combined(steps)
    for i, step in enumerate(steps):
        if step.phase != phase:
            phase = step.phase
            out.append(f"<h2>{escape(phase_title(phase, combined))}</h2>"
                       f'<p class="phase">{escape(phase_note(phase, combined))}</p>')
        moved = moved_stickers(step)
        words = step.description or step.move.describe()
        out.append(
            f'<section class="step" id="step-{i + 1}"><div>Step {i + 1} of {len(steps)}</div>'
            f'<span class="move">{escape(str(step.move))}</span> '
            f'<span class="words">{escape(words)}</span><div class="nets">'
            f"<figure>{net_svg(step.before, highlight=moved)}<figcaption>before</figcaption>"
            f"</figure><figure>{net_svg(step.after, highlight=moved)}"
            f"<figcaption>after</figcaption></figure></div></section>")
    out.append("</body></html>")
    return "\n".join(out)


def plan_svg(steps: Sequence[Any], start: CubeState) -> str:
    """One tall SVG: a row per step with the move, its words and the net after it."""
    row_h, width = 130, 720
    height = row_h * (len(steps) + 1) + 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="DejaVu Sans, sans-serif">',
             '<text x="10" y="30" font-size="18" font-weight="bold">Start</text>',
             f'<g transform="translate(200 5) scale(0.8)">{net_svg(start)}</g>']
    for i, step in enumerate(steps):
        y = row_h * (i + 1)
        words = step.description or step.move.describe()
        parts.append(f'<text x="10" y="{y + 30}" font-size="26" font-weight="bold" '
                     f'fill="#186a1c">{escape(str(step.move))}</text>'
                     f'<text x="10" y="{y + 52}" font-size="10">{i + 1}/{len(steps)} '
                     f'{escape(step.phase)}</text>'
                     f'<text x="10" y="{y + 68}" font-size="9">{escape(words[:34])}</text>'
                     f'<g transform="translate(200 {y + 5}) scale(0.8)">'
                     f'{net_svg(step.after, highlight=moved_stickers(step))}</g>')
    parts.append("</svg>")
    return "".join(parts)


def check_export_path(path: str | Path) -> Path:
    """The export path, if its kind is known (checked before any long work)."""
    p = Path(path)
    if p.suffix.lower() not in (".html", ".htm", ".svg"):
        raise SudokuCubeError(f"{p}: --export writes .html or .svg files; give a name ending "
                              "in one of those")
    if p.is_dir():
        raise SudokuCubeError(f"{p}: is a folder; give a file name such as plan.html")
    return p


def export_plan(path: str | Path, steps: Sequence[Any], start: CubeState) -> Path:
    """Write the plan as HTML (``.html``/``.htm``) or SVG (``.svg``) atomically."""
    p = check_export_path(path)
    if p.suffix.lower() == ".svg":
        text = plan_svg(steps, start)
    else:
        text = plan_html(steps, start)
    try:
        atomic_write_text(p, text)
    except OSError as e:
        raise SudokuCubeError(f"{p}: cannot write the exported plan ({e.strerror}); "
                              "choose another folder") from None
    return p
