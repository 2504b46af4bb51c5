"""What the scanner shows on the terminal: a rich panel (which face next, how to hold the cube,
progress). The window's picture is :mod:`assistant.terminal.scan_canvas`."""
from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..services.face_poses import SCAN_ORDER, hold_words, show_title
from ..services.scanner import Scanner
from .scan_protocol import hold_picture

SCAN_KEYS = "space: capture now · z: retake the last face · q: stop (faces so far are saved)"


@dataclass
class ScanPanel:
    """The terminal panel of the scanner."""

    scanner: Scanner
    status: str = ""
    show_keys: bool = True

    def progress(self) -> Text:
        """'U=4 ✓  R=7 ✓  F ·  ...' (each captured face with its centre digit) with the next
        face marked."""
        t = Text()
        nxt = self.scanner.next_face
        centres = self.scanner.centres
        for f in SCAN_ORDER:
            if f in centres:
                t.append(f"{f}={centres[f].digit} ✓  ", style="green")
            elif f == nxt:
                t.append(f"{f} ▶  ", style="bold yellow")
            else:
                t.append(f"{f} ·  ", style="dim")
        return t

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        nxt = self.scanner.next_face
        done = len(self.scanner.session.faces)
        body: list = [self.progress()]
        if nxt is None:
            body.append(Text("All six faces captured.", style="bold green"))
        else:
            grid = Table.grid(padding=(0, 2))
            grid.add_column(no_wrap=True)
            grid.add_column(ratio=1)
            centres, settings = self.scanner.names, self.scanner.settings
            grid.add_row(hold_picture(nxt), Text(hold_words(nxt, centres, settings)))
            body.append(Text(f"Show {show_title(nxt, centres, settings)}", style="bold"))
            body.append(grid)
            steady = self.scanner.steadiness
            if 0 < steady < self.scanner.stable_frames:  # more: a captured face held again
                body.append(Text(f"Hold still... {steady}/{self.scanner.stable_frames}",
                                 style="cyan"))
        if self.status:
            body.append(Text(self.status))
        if self.show_keys:
            body.append(Text(SCAN_KEYS, style="dim"))
        yield Panel(Group(*body), title=f"Scan: {done} of 6 faces",
                    width=min(options.max_width, 80))
