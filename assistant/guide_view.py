"""What the guide draws: a step (move in large letters and in words, the net before and after
with the moving stickers highlighted, progress, phase), rendered through rich's protocol."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from sudoku_cube.assistant.bigtext import big_lines
from sudoku_cube.assistant.net import NetView
from sudoku_cube.models.moves import move_transform
from sudoku_cube.models.state import CubeState

PHASE_TITLES = {"pieces": "Phase 1 of 2: pieces", "centres": "Phase 2 of 2: centres"}

PIECES_NOTE = ("Every corner and edge goes to the place the grid solver chose for it, turned "
               "the right way. Centres turn along with their face; they are fixed afterwards.")

CENTRES_NOTE = ("All pieces are in place; now the centres. A centre never leaves its face, but "
                "every turn of that face rotates its digit a quarter turn. A plain cube solver "
                "ignores that, so these steps use special sequences that turn only the centres "
                "and bring every other piece back home. That is why this phase is longer than "
                "the few centre turns it fixes.")

def progress_line(done: int, total: int, width: int = 40) -> Text:
    """A progress bar as text (same in colour and plain terminals): done turns and the rest."""
    total = max(total, 1)
    filled = round(width * done / total)
    t = Text()
    t.append("━" * filled, style="green")
    t.append("─" * (width - filled), style="dim")
    t.append(f" {done}/{total} turns done ({100 * done // total}%)")
    return t


HELP_KEYS = "[bold]n[/]/space/Enter next · [bold]b[/] back · [bold]r[/] restart · [bold]q[/] quit"


def moved_stickers(step: Any) -> frozenset[int]:
    """Sticker places that a step's move changes."""
    return move_transform(step.move, step.before.n).moved()


COMBINED_TITLE = "Pieces and centres together"

COMBINED_NOTE = ("Every corner and edge goes to the place the grid solver chose for it and, at "
                 "the same time, every centre turns to its face's direction: the planner's search "
                 "tracks the centres too. A plain cube solver ignores centres (on a colour cube "
                 "you cannot see them turn); fixing them afterwards needs special sequences that "
                 "turn only the centres and bring every other piece back home, about 30 more "
                 "turns. Tracking them during the search avoids that, so there is no separate "
                 "centre phase.")


def is_combined(steps: Any) -> bool:
    """True for a plan whose turns solve pieces and centres together (no centre phase)."""
    return bool(steps) and not any(s.phase == "centres" for s in steps)


def phase_title(phase: str, combined: bool = False) -> str:
    """The heading of a phase ('Phase 1 of 2: pieces', ...)."""
    return COMBINED_TITLE if combined else PHASE_TITLES.get(phase, phase)


def phase_note(phase: str, combined: bool = False) -> str:
    """Why this phase exists, in words."""
    if combined:
        return COMBINED_NOTE
    return CENTRES_NOTE if phase == "centres" else PIECES_NOTE


@dataclass
class StepView:
    """One step of the guide. ``position`` counts from 0; ``total`` steps in the plan."""

    step: Any
    position: int
    total: int
    show_keys: bool = True
    combined: bool = False
    phase_changed: bool = False

    def header(self) -> Text:
        """'Step 3 of 25 · Phase 1 of 2: pieces'."""
        t = Text()
        t.append(f"Step {self.position + 1} of {self.total}", style="bold")
        t.append(" · ")
        t.append(phase_title(self.step.phase, self.combined),
                 style="magenta" if self.step.phase == "centres" else "cyan")
        return t

    def move_block(self) -> Group:
        """The move in large letters, then in words."""
        big = Text("\n".join(big_lines(str(self.step.move))), style="bold green")
        words = Text(self.step.description or self.step.move.describe(), style="bold")
        return Group(big, Text(str(self.step.move), style="bold green"), words)

    def nets(self, width: int) -> Any:
        """Before and after, side by side when the terminal is wide enough."""
        moved = moved_stickers(self.step)
        before = NetView(self.step.before, highlight=moved, title="Before (moving stickers marked)")
        after = NetView(self.step.after, highlight=moved, title="After")
        if width >= 100:
            grid = Table.grid(padding=(0, 4))
            grid.add_row(before, after)
            return grid
        return Group(before, Text(""), after)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.header()
        yield progress_line(self.position, self.total, min(options.max_width - 30, 40))
        if self.phase_changed or self.position == 0:
            yield Panel(phase_note(self.step.phase, self.combined),
                        title=phase_title(self.step.phase, self.combined),
                        width=min(options.max_width, 80))
        yield self.move_block()
        yield Text("")
        yield self.nets(options.max_width)
        if self.show_keys:
            yield Text.from_markup(HELP_KEYS)


@dataclass
class DoneView:
    """The last screen: the solved cube."""

    final: CubeState
    total: int

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(f"Done: all {self.total} steps taken. The cube is solved.", style="bold green")
        yield progress_line(self.total, self.total, min(options.max_width - 30, 40))
        yield NetView(self.final, title="Solved")


@dataclass
class PlanSummary:
    """The whole plan in one view: move count per phase and the notation."""

    steps: list[Any]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        pieces = [s for s in self.steps if s.phase != "centres"]
        centres = [s for s in self.steps if s.phase == "centres"]
        yield Text(f"Plan: {len(self.steps)} face turns ({len(pieces)} for the pieces, "
                   f"{len(centres)} for the centres)", style="bold")
        if pieces:
            yield Text("pieces:  " + " ".join(str(s.move) for s in pieces))
        if centres:
            yield Text("centres: " + " ".join(str(s.move) for s in centres))
