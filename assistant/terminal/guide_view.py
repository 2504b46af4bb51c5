"""What the guide draws: a step (move in large letters and in words, the net before and after
with the moving stickers highlighted, progress, phase), rendered through rich's protocol."""
from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ...models.cube.face_words import hold_words, letters_words
from ...models.cube.state import CubeState
from ...models.plan.planner import Step
from ...models.profile import CubeSettings
from ..services.phases import is_combined, moved_stickers, phase_title
from .bigtext import big_lines
from .held_picture import held_picture
from .net import NetView
from .wrapping import wrap_words


def progress_line(done: int, total: int, width: int = 40) -> Text:
    """A progress bar as text (same in colour and plain terminals): done turns and the rest."""
    total = max(total, 1)
    filled = round(width * done / total)
    t = Text()
    t.append("━" * filled, style="green")
    t.append("─" * (width - filled), style="dim")
    t.append(f" {done}/{total} turns done ({100 * done // total}%)")
    return t


HELP_KEYS = ("[bold]→[/]/n/space next · [bold]←[/]/b back · [bold]c[/] check the cube · "
             "[bold]r[/] restart · [bold]q[/] quit · [bold]?[/] help")


HELP_KEYS_SHORT = ("[bold]→[/] next · [bold]←[/] back · [bold]r[/] restart · "
                   "[bold]q[/] quit · [bold]c[/] check · [bold]?[/] help")


def keys_text(markup: str, width: int, short: str = HELP_KEYS_SHORT) -> Text:
    """A key line in one line: ``markup``, or the ``short`` list (the same keys in fewer
    words) when it does not fit ``width``."""
    text = Text.from_markup(markup, overflow="ellipsis")
    if len(text.plain) > width:
        text = Text.from_markup(short, overflow="ellipsis")
    text.no_wrap = True
    return text


WATCH_KEY_LIST = "[bold]→[/]/n/space next · [bold]←[/]/b back · [bold]q[/] stop watching"
"""The keys that work while the camera watches (guide --camera); q ends only the watch (the
key-driven guide goes on), as the window's keys say."""
WATCH_KEYS = f"{WATCH_KEY_LIST} (the camera confirms each turn)"
"""The watch's key line before the camera's status is known."""


WATCH_KEYS_SHORT = "[bold]→[/] next · [bold]←[/] back · [bold]q[/] stop"
"""The watch's keys on a narrow terminal (not the guide's short list: r, c and ? do nothing
while the camera watches)."""


def watch_keys(status: str = "", short: bool = False) -> str:
    """The watch's key line (``short``: for a narrow terminal) with the camera's status line
    (:mod:`.camera_status`) in place of the words on the camera, once there is one."""
    if short:
        return WATCH_KEYS_SHORT + (f" · {escape(status)}" if status else " watching")
    if not status:
        return WATCH_KEYS
    return f"{WATCH_KEY_LIST} · {escape(status)}"


DONE_KEYS = ("[bold]←[/]/b back · [bold]c[/] not solved? check it · [bold]r[/] restart · "
             "[bold]q[/]/Enter quit · [bold]?[/] help")
"""The last screen's keys: the plan is made, but a slip may have left the real cube unsolved,
and a check finds it and plans again."""
DONE_KEYS_SHORT = ("[bold]←[/] back · [bold]c[/] check · [bold]r[/] restart · "
                   "[bold]q[/] quit · [bold]?[/] help")

GUIDE_HELP = (
    ("→ ↓ PgDn n space Enter", "next step: the turn shown is done"),
    ("← ↑ PgUp b p", "back one step: undo the last turn on the cube first"),
    ("c", "check the cube: it asks for a face (typed or a photo), finds a slip "
          "and plans again from where the cube really is"),
    ("r", "restart from step 1 (asks first)"),
    ("q", "quit; the step reached is saved, and how to go on is said"),
    ("? h", "this help"),
)
"""The guide's keys and what they do, for the ``?`` screen: every key
:data:`assistant.services.guide.KEYS` knows, as docs/manual.md lists them."""

GUIDE_NOTATION = (
    "Now: {hold}. Keep the same faces towards you and on top for the whole solve. The letters: "
    "{letters}. A move turns the face of its letter clockwise as you look at that face; ' "
    "anticlockwise, 2 a half turn. The nets show each face as seen from outside; the stickers "
    "that move are marked. Your place is saved after every step.")
"""How to read a step; ``{hold}`` is :func:`models.cube.face_words.hold_words` for the cube now,
``{letters}`` :func:`models.cube.face_words.letters_words`: each letter by where that face is held
and its centre digit."""


@dataclass
class HelpView:
    """The ``?`` screen: every key of the guide and how to read a step; any key goes back.
    ``cube`` (the cube as it is at this step) names the faces to hold by their centre digits."""

    position: int
    total: int
    cube: CubeState
    settings: CubeSettings = CubeSettings()
    """The cube's settings, for the hold words."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("Guide help", style="bold")
        keys = Table.grid(padding=(0, 2))
        keys.add_column(style="bold", no_wrap=True)
        keys.add_column(ratio=1)
        for key, what in GUIDE_HELP:
            keys.add_row(key, what)
        yield keys
        yield Text("")
        hold = hold_words(self.cube, self.settings)
        yield Text(GUIDE_NOTATION.format(hold=f"{hold[0].lower()}{hold[1:]}",
                                         letters=letters_words(self.cube, self.settings)))
        yield Text("")
        where = (f"step {self.position + 1} of {self.total}" if self.position < self.total
                 else "the last screen")
        yield Text(f"Press any key to go back to {where}.", style="bold yellow")


SHORT_NOTES = {
    "pieces": "Corners and edges go to their places now; the centres are turned in phase 2.",
    "centres": "Only the centres turn now: long sequences that bring every other piece back.",
    "combined": "Centres turn to their places along with the pieces: no separate centre phase.",
}
"""One line per phase for the guide screen (the long notes are in --plain and the export)."""

TALLER_HINT = "(a larger terminal window also shows the cube)"

NET_LINES = 13
"""Lines of a 3x3x3 net with its title (:class:`NetView`)."""
NET_WIDTH = 44
"""Columns of a 3x3x3 net."""

PICTURE_MIN = 20
"""Columns the held-cube picture needs beside the nets (it is half as many rows tall)."""
PICTURE_MAX_ROWS = 24
"""The tallest held-cube picture (48 columns): large enough for the front face's digits."""
MOVE_MIN = 36
"""Columns the move (large letters and words) keeps beside a picture placed next to it."""


def beside_picture(width: int) -> int:
    """Columns of the held-cube picture beside two nets ``width`` columns wide (0: no room)."""
    spare = width - (2 * NET_WIDTH + 4) - 4
    return min(spare, 2 * (NET_LINES - 1)) if spare >= PICTURE_MIN else 0


def short_note(phase: str, combined: bool = False) -> str:
    """The one-line note of a phase on the guide screen."""
    return SHORT_NOTES["combined" if combined else phase if phase in SHORT_NOTES else "pieces"]


def notice_text(notice: str, width: int) -> RenderableType:
    """A notice wrapped between words (:func:`wrapping.wrap_words`): a listed line goes on
    under its words, a command stays on one line, or one longer than the line is wrapped
    between the moves of its plan. A line still longer than the terminal (a long path) is left
    whole for the terminal to wrap (printed with ``crop=False``), never cut at a space rich
    would break it at."""
    return Group(*(Text(line, style="bold yellow", no_wrap=len(line) > width, overflow="ignore")
                   for line in wrap_words(notice, width).split("\n")))


def notice_lines(notice: str, width: int) -> int:
    """How many rows :func:`notice_text` takes on a terminal ``width`` columns wide (a line
    longer than that wraps there)."""
    return sum(max(1, -(-len(line) // max(1, width)))
               for line in wrap_words(notice, width).split("\n"))


def rendered_lines(console: Console, renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes at ``width`` columns."""
    return len(console.render_lines(renderable, console.options.update(width=width),
                                    pad=False))


@dataclass
class StepView:
    """One step of the guide. ``position`` counts from 0; ``total`` steps in the plan.

    The screen fits the terminal it is drawn on (``height``, default the console's): the header,
    the move and its words and the key line always show; then, as room allows, the move in large
    letters, the net before and after (side by side when wide enough, else only "before"),
    the progress bar, a blank line above the net and a one-line phase note. ``notice`` is a
    line for the person (resumed, confirm a restart); it always shows.
    """

    step: Step
    position: int
    total: int
    show_keys: bool = True
    combined: bool = False
    phase_changed: bool = False
    notice: str = ""
    height: int | None = None
    keys: str = HELP_KEYS
    """The key line's markup (watch mode has fewer keys)."""
    short_keys: str = HELP_KEYS_SHORT
    """The key line's markup where ``keys`` does not fit the terminal's width."""

    def header(self) -> Text:
        """'Step 3 of 25 · Phase 1 of 2: pieces'."""
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"Step {self.position + 1} of {self.total}", style="bold")
        t.append(" · ")
        t.append(phase_title(self.step.phase, self.combined),
                 style="magenta" if self.step.phase == "centres" else "cyan")
        return t

    def words(self) -> str:
        """The move in words."""
        return self.step.description or self.step.move.describe()

    def move_block(self, big: bool = True) -> RenderableType:
        """The move in large letters with its words beside them, or (``big=False``) one line."""
        move = str(self.step.move)
        if not big:
            t = Text()
            t.append(move, style="bold green reverse")
            t.append("  ")
            t.append(self.words(), style="bold")
            return t
        letters = Text("\n".join(big_lines(move)), style="bold green", no_wrap=True)
        side = Text()
        side.append(move + "\n", style="bold green")
        side.append(self.words(), style="bold")
        grid = Table.grid(padding=(0, 3))
        grid.add_column(no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(letters, side)
        return grid

    def held(self, cols: int) -> Text:
        """The cube as held, ``cols`` wide, under its title (``cols // 2 + 1`` lines)."""
        held = Text("As you hold it\n", style="bold", no_wrap=True, overflow="crop")
        held.append_text(held_picture(self.step.before, self.step.move, cols))
        return held

    def move_and_picture(self, big: bool, rows: int) -> RenderableType:
        """The move block with the held cube ``rows`` lines tall (and twice as wide) beside
        it, on the right."""
        grid = Table.grid(padding=(0, 3))
        grid.add_column(ratio=1)
        grid.add_column(no_wrap=True, width=2 * rows)
        grid.add_row(self.move_block(big), self.held(2 * rows))
        return grid

    def picture_rows(self, console: Console, width: int, big: bool, extra: int,
                     beside: int) -> int:
        """How tall a held-cube picture beside the move block may be: the most rows (up to
        :data:`PICTURE_MAX_ROWS`) for which the block grows by at most ``extra`` lines and the
        move keeps :data:`MOVE_MIN` columns; 0 unless that beats the ``beside`` rows the
        picture gets next to the nets."""
        move_h = rendered_lines(console, self.move_block(big), width)
        for rows in range(PICTURE_MAX_ROWS, max(beside, PICTURE_MIN // 2 - 1), -1):
            if width - 2 * rows - 3 < MOVE_MIN:
                continue
            grid = Table.grid(padding=(0, 3))  # measured with blank lines, not the picture
            grid.add_column(ratio=1)
            grid.add_column(no_wrap=True, width=2 * rows)
            grid.add_row(self.move_block(big), Text("\n" * rows))
            if rendered_lines(console, grid, width) - move_h <= extra:
                return rows
        return 0

    def nets(self, width: int, both: bool = True, held: bool = True) -> RenderableType:
        """Before and after, side by side when the terminal is wide enough (``both=False`` or
        a narrow terminal: before only, the moving stickers marked); the held cube beside
        them where there is room (and ``held``: it is not drawn elsewhere)."""
        moved = moved_stickers(self.step)
        before = NetView(self.step.before, highlight=moved, title="Before (moving stickers marked)")
        if not both:
            return before
        after = NetView(self.step.after, highlight=moved, title="After")
        if width >= 2 * NET_WIDTH + 4:
            grid = Table.grid(padding=(0, 4))
            spare = beside_picture(width)
            if held and spare:  # room beside the nets: the cube as held, the layer marked
                grid.add_row(before, after, self.held(spare))
            else:
                grid.add_row(before, after)
            return grid
        return Group(before, Text(""), after)

    def keys_line(self, width: int) -> Text:
        """The keys (a shorter list on a narrow terminal)."""
        return keys_text(self.keys, width, self.short_keys)

    def parts(self, console: Console, width: int, height: int | None) -> list[RenderableType]:
        """The renderables that fit ``height`` lines (all of them when ``height`` is None)."""
        words_lines = rendered_lines(console, self.move_block(big=False), width)
        big = self.move_block(big=True)
        big_h = rendered_lines(console, big, width)
        first_of_phase = self.phase_changed or self.position == 0
        note = Text(short_note(self.step.phase, self.combined), style="italic")
        note_h = rendered_lines(console, note, width) if first_of_phase else 0
        notice = notice_text(self.notice, width) if self.notice else None
        notice_h = notice_lines(self.notice, width) if notice is not None else 0
        # one line is kept free (printing the last line of a full screen scrolls it), one is
        # the header
        room = (10 ** 6 if height is None else height) - 2 - words_lines - notice_h \
            - (1 if self.show_keys else 0)
        use_big = room >= big_h - words_lines
        if use_big:
            room -= big_h - words_lines
        side_by_side = width >= 2 * NET_WIDTH + 4
        two_stacked = 2 * NET_LINES + 2
        net = None
        if width >= NET_WIDTH and room >= NET_LINES:
            both = side_by_side or (height is None or room >= two_stacked + 1)
            net = self.nets(width, both)
            room -= rendered_lines(console, net, width)
        progress = room >= 1  # the bar before the blank line above the net: it says how far
        room -= progress      # the solve is, the blank line only spaces the screen out
        gap = net is not None and room >= 1
        room -= gap
        show_note = note_h and room >= note_h
        room -= note_h if show_note else 0
        # the held cube beside the move when the lines left let it grow past its size beside
        # the nets (a tall terminal); a short one keeps it there or without it
        pic_rows = 0
        if net is not None and height is not None:
            beside = beside_picture(width) // 2 if side_by_side else 0
            pic_rows = self.picture_rows(console, width, use_big, room, beside)
            if pic_rows and side_by_side:
                net = self.nets(width, True, held=False)
        hint = net is None and room >= 1 and width >= len(TALLER_HINT)
        out: list[RenderableType] = [self.header()]
        if progress:
            out.append(progress_line(self.position, self.total, max(10, min(width - 30, 40))))
        if show_note:
            out.append(note)
        if pic_rows:
            out.append(self.move_and_picture(use_big, pic_rows))
        else:
            out.append(big if use_big else self.move_block(big=False))
        if net is not None:
            out += [Text(""), net] if gap else [net]
        elif hint:
            out.append(Text(TALLER_HINT, style="dim"))
        if notice is not None:
            out.append(notice)
        if self.show_keys:
            out.append(self.keys_line(width))
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        height = self.height if self.height is not None else options.height or console.height
        yield from self.parts(console, options.max_width, height)


def done_line(total: int) -> str:
    """The words that the guide's last screen, and what it prints once it ends, open with."""
    return f"Done: all {total} steps taken. The cube is solved."


@dataclass
class DoneView:
    """The last screen: the solved cube (its net when there is room), why a digit on it points
    the other way (``note``, where it fits), ``notice`` (which always shows), then the keys."""

    final: CubeState
    total: int
    notice: str = ""
    height: int | None = None
    note: str = ""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        height = self.height if self.height is not None else options.height or console.height
        width = options.max_width
        yield Text(done_line(self.total), style="bold green")
        yield progress_line(self.total, self.total, max(10, min(width - 30, 40)))
        # the lines left but for the header, the bar, the keys, one kept free and one spare
        room = 10 ** 6 if height is None else height - 5
        room -= notice_lines(self.notice, width) if self.notice else 0
        note_h = notice_lines(self.note, width) if self.note else 0
        show_note = room >= note_h
        room -= note_h if show_note else 0
        if room >= NET_LINES:
            yield NetView(self.final, title="Solved")
        if self.note and show_note:
            yield Text(wrap_words(self.note, width))
        if self.notice:
            yield notice_text(self.notice, options.max_width)
        yield keys_text(DONE_KEYS, options.max_width, DONE_KEYS_SHORT)


@dataclass
class PlanSummary:
    """The whole plan in one view: move count per phase (or that there is one phase for both)
    and the notation."""

    steps: list[Step]

    def headline(self) -> str:
        """What the plan is, true to its phases."""
        n = len(self.steps)
        if not n:
            return "Plan: no face turns"
        turns = f"{n} face turn{'s' * (n != 1)}"
        if is_combined(self.steps):
            return (f"Plan: {turns}; pieces and centres are solved together (the centres turn "
                    "into place along the way, no separate centre phase)")
        pieces = sum(1 for s in self.steps if s.phase != "centres")
        return f"Plan: {turns} ({pieces} for the pieces, then {n - pieces} for the centres)"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        pieces = [s for s in self.steps if s.phase != "centres"]
        centres = [s for s in self.steps if s.phase == "centres"]
        yield Text(self.headline(), style="bold")
        if centres:
            yield Text("pieces:  " + " ".join(str(s.move) for s in pieces))
            yield Text("centres: " + " ".join(str(s.move) for s in centres))
        elif pieces:
            yield Text("turns:   " + " ".join(str(s.move) for s in pieces))
