"""What the benchmarks share at their two ends: getting the recognisers ready (and saying when
tesseract is missing), and printing the result as JSON or as the benchmark's table with an exit
status that says whether anything failed."""
from __future__ import annotations

import json
from typing import Any, Callable

from rich.console import Console
from rich.progress import Progress, TaskID
from rich.table import Table

from ...vision.recognise.hog import default_model
from ...vision.recognise.ocr import tesseract_available
from ...vision.recognise.templates import default_templates


class StepProgress(Progress):
    """Progress bars redrawn when a step ends, in the timed thread itself, never by rich's
    refresh thread: that thread, waking ten times a second while faces were read, took about
    a tenth of the reader's time that a benchmark measures (black corner photos 35 -> 40 ms per
    face, wall and CPU, the same readings), by pulling the interpreter lock to and fro."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, auto_refresh=False, **kwargs)

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        """Advance the task and redraw now (outside any timed call)."""
        super().advance(task_id, advance)
        self.refresh()


def recognisers_ready(no_ocr: bool, skipped: str = "OCR vote skipped") -> tuple[bool, Console]:
    """Load the default templates and model before timing starts; whether OCR runs (asked for
    and tesseract installed) and the stderr console, warned when tesseract is missing."""
    default_templates()
    default_model()
    ocr = not no_ocr and tesseract_available()
    err = Console(stderr=True)
    if not no_ocr and not ocr:
        err.print(f"[yellow]warning:[/] tesseract is not installed; {skipped}")
    return ocr, err


def finish(result: Any, failures: int, as_json: bool, table: Callable[[Console], None]) -> int:
    """Print ``result`` as JSON or through ``table``; exit status 1 when anything failed."""
    if as_json:
        print(json.dumps(result, indent=2))
    else:
        table(Console())
    return 1 if failures else 0


def print_sets(title: str, rows: list[dict], cols: list[str], cell: Callable[[str, Any], str],
               problems: str, heads: dict[str, str] | None = None) -> None:
    """A table of ``rows`` (one per photo set) in ``cols`` (headed as ``heads`` names them,
    else with ``_`` shown as spaces; each value through ``cell``), then every problem of each
    set (its ``problems`` list and its ``errors``), one a line."""
    table = Table(title=title)
    for c in cols:
        table.add_column((heads or {}).get(c, c.replace("_", " ")))
    for r in rows:
        table.add_row(*[cell(c, r.get(c, "-")) for c in cols])
    console = Console()
    console.print(table)
    for r in rows:
        for e in r[problems] + r["errors"]:
            console.print(f"  {r['set']}: {e}", markup=False)
