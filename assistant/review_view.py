"""The review screen: the net with doubtful stickers marked, their alternatives, the grid
solver's suggestions and what still blocks the solve (rendered through rich's protocol)."""
from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from sudoku_cube.assistant.net import NetView
from sudoku_cube.assistant.review import ReviewCheck, doubtful
from sudoku_cube.models.state import CubeState, sticker_name
from sudoku_cube.models.stickers import format_token

REVIEW_HELP = ("Correct a sticker by typing its position and token, e.g. [bold]F7 6>[/] "
               "(^ > v < = where the digit's top points). Enter continues, q quits.")


@dataclass
class ReviewView:
    """What was read and what the grid solver makes of it."""

    state: CubeState
    check: ReviewCheck | None = None
    title: str = "What was read"
    show_help: bool = True

    def alternatives(self) -> Table | None:
        """A row per doubtful sticker: best reading, alternatives with scores, suggestion."""
        marked = sorted(doubtful(self.state) | set(self.check.suggestions if self.check else ()))
        if not marked:
            return None
        table = Table(title="Doubtful stickers", title_justify="left", box=None,
                      padding=(0, 1), header_style="bold")
        table.add_column("sticker")
        table.add_column("read")
        table.add_column("alternatives (score)")
        table.add_column("grid suggests")
        for i in marked:
            alts = self.state.hypotheses(i)
            alt_text = ", ".join(f"{format_token(h.sticker)} ({h.score:.2f})"
                                 if h.score is not None else format_token(h.sticker)
                                 for h in alts[:4])
            sug = self.check.suggestions.get(i) if self.check else None
            table.add_row(sticker_name(i, self.state.n), format_token(self.state.stickers[i]),
                          alt_text, Text(format_token(sug), style="bold green") if sug else "")
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        marked = doubtful(self.state) | frozenset(self.check.suggestions if self.check else ())
        yield NetView(self.state, doubtful=marked, title=self.title)
        table = self.alternatives()
        if table is not None:
            yield table
        else:
            yield Text("Every sticker was read with confidence.")
        if self.check is not None:
            for note in self.check.count_notes:
                yield Text(f"note: {note}", style="yellow")
            for problem in self.check.problems:
                yield Text(f"problem: {problem}", style="bold red")
            if self.check.ok:
                n = len(self.check.suggestions)
                yield Text("The reading is consistent" +
                           (f" once the grid's {n} suggestion{'s are' if n != 1 else ' is'} taken."
                            if n else "."), style="bold green")
            else:
                yield Text("The reading is not consistent yet: correct the stickers above.",
                           style="bold red")
        if self.show_help:
            yield Text.from_markup(REVIEW_HELP)
