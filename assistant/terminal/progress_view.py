"""The solve pipeline's progress on the terminal: a spinner per stage, a bar while the planner's
tables are built (once), and notices printed above it. Everything goes to stderr, so
``--json`` output and ``--plain`` steps on stdout stay clean. When stderr is not a terminal
nothing moves: notices and the start of a table build are printed as plain lines."""
from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from ..services.pipeline import Event
from .markup import plain

MESSAGES = {"reading": "Reading the photos...", "grid": "Solving the grid...",
            "tables": "Loading the planner's tables...", "planning": "Planning the turns..."}


class ConsoleProgress:
    """A pipeline progress callback drawing on ``console`` (a context manager)."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self._bar = Progress(SpinnerColumn(), TextColumn("{task.description}"),
                             BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
                             TimeElapsedColumn(), console=self.console, transient=True)
        self._task = self._bar.add_task("", total=None, visible=False)

        self._live = self.console.is_terminal
        self._told_build = False

    def __enter__(self) -> "ConsoleProgress":
        if self._live:
            self._bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._live:
            self._bar.stop()

    def __call__(self, event: Event) -> None:
        """Show ``event``."""
        if event.stage == "notice":
            self.console.print(f"[yellow]{plain(event.message)}[/]")
            return
        text = event.message or MESSAGES.get(event.stage, event.stage)
        if not self._live:
            if event.stage == "tables" and event.fraction is not None and not self._told_build:
                self._told_build = True
                self.console.print(text[:1].upper() + text[1:] + " ...")
            return
        if event.stage == "tables" and event.fraction is not None:
            text = text[:1].upper() + text[1:]
            self._bar.update(self._task, description=text, total=1.0,
                             completed=event.fraction, visible=True)
        else:
            self._bar.update(self._task, description=text, total=None, completed=0,
                             visible=True)
