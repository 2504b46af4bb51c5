"""The cube net as a rich renderable: faces in the docs/conventions.md layout, digits with arrows.

Domain objects know nothing of terminals: :class:`NetView` wraps a state and renders through
rich's console protocol. Highlighted stickers (those a move changes, doubtful readings) are
drawn in reverse video, and on a terminal without colours (``--plain`` into a file or a pipe)
a highlighted sticker is followed by ``*`` (a doubtful one by ``?``) instead of a space, so
"marked" stays true there.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from ...models.cube.geometry import FACES, NET_LAYOUT
from ...models.cube.state import CubeState
from ...models.cube.stickers import format_token

CELL = 3  # characters per sticker: token plus a space
BLANK = "--"
"""How a sticker in which no digit was seen is shown: not as the recognisers' guess."""


@dataclass
class NetView:
    """Render a state as a net. ``highlight``: sticker indices drawn emphasised;
    ``doubtful``: indices drawn in yellow and underlined (uncertain readings; the underline
    shows where a terminal's colours do not tell yellow apart); ``blank``: stickers in which
    no digit was seen, drawn as ``--`` (their token would only be a guess)."""

    state: CubeState
    highlight: frozenset[int] = field(default_factory=frozenset)
    doubtful: frozenset[int] = field(default_factory=frozenset)
    title: str | None = None
    blank: frozenset[int] = field(default_factory=frozenset)

    def lines(self, marks: bool = False) -> list[Text]:
        """The net as lines of styled text; ``marks``: a ``*`` after each highlighted sticker
        (for output without colours, where reverse video does not show)."""
        n = self.state.n
        face_w = n * CELL + 2
        rows: list[Text] = []
        if self.title:
            rows.append(Text(self.title, style="bold"))
        for net_row in range(3):
            faces_here = [(f, c) for f, (r, c) in NET_LAYOUT.items() if r == net_row]
            faces_here.sort(key=lambda fc: fc[1])
            label = Text()
            for f, c in faces_here:
                label.pad_right(c * face_w - len(label.plain))
                label.append(f" {f}", style="bold cyan")
            rows.append(label)
            for r in range(n):
                line = Text()
                for f, c in faces_here:
                    line.pad_right(c * face_w - len(line.plain))
                    line.append("|", style="dim")
                    base = FACES.index(f) * n * n
                    for col in range(n):
                        idx = base + r * n + col
                        tok = format_token(self.state.stickers[idx])
                        style = ""
                        if idx in self.blank:
                            tok, style = BLANK, "dim"
                        elif idx in self.highlight:
                            style = "reverse bold"
                        elif idx in self.doubtful:  # underlined too: seen without colour
                            style = "bold yellow underline"
                        line.append(tok, style=style)
                        line.append(self.mark(idx) if marks else " ")
                    line.append("|", style="dim")
                rows.append(line)
        return rows

    def mark(self, idx: int) -> str:
        """What follows a sticker without colours: ``*`` highlighted, ``?`` doubtful."""
        if idx in self.highlight:
            return "*"
        return "?" if idx in self.doubtful else " "

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(marks=console.color_system is None)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """The net's own width (so that tables put two nets side by side without stretching)."""
        width = max(len(line.plain) for line in self.lines())
        return Measurement(width, width)
