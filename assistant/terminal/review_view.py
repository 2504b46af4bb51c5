"""The review screen: the net with doubtful stickers marked, their alternatives, the grid
solver's suggestions and what still blocks the solve (rendered through rich's protocol).

It fits an 80x24 terminal: the list of doubtful stickers stands beside the net (one short line
each), and when it is longer than the net it is cut into pages that ``+`` at the prompt turns
(:func:`pages`), so every doubtful sticker stays reachable without scrolling the net away. On a
narrower terminal (60 columns) the list stays beside the net in short lines (the reading, its
likeliest other and the grid's choice); narrower still it goes under the net. The stickers the
grid solver is not sure of come first, then its suggestions, then the other doubtful readings.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from ...models.cube.state import CubeState, sticker_name
from ...models.cube.stickers import Hypothesis, format_token
from ..services.review import ReviewCheck, doubtful
from .net import NetView

REVIEW_HELP = ("Correct: name and token, e.g. [bold]F7 6>[/] (^ > v < = where the digit's top "
               "points).")
SHORT_HELP = "Correct: e.g. [bold]F7 6>[/] (^ > v < = the digit's top)."
"""The help line on a terminal narrower than :data:`WIDE` columns."""
WIDE = 80
"""Columns from which the review uses its full sentences."""

NET_ROWS = 13
"""Lines of the review's net with its title (3 face labels and 9 sticker rows)."""

ROW_WIDTH = 35
"""Characters of one doubtful sticker's line: name, reading, three alternatives, the grid's."""
SHORT_WIDTH = 15
"""Characters of a short line (narrow terminals): name, reading, one other or the grid's."""

HEADER = "Doubtful: read, others, >grid"
HEADER_UNSURE = "Doubtful: read, others >grid/rival"
"""The list's header when the grid solver is not sure (its choice and the rival reading)."""
SHORT_HEADER, SHORT_HEADER_UNSURE = "Doubtful", ">grid/rival"
"""The headers of the short lines."""
LEGEND = "(.55 = 55% likely)"
"""What the number after a reading is, under a list of one page where a row is free (one
line of :data:`ROW_WIDTH` at most)."""


def score_text(h: Hypothesis) -> str:
    """``"6> .93"``: a token and its score in three characters (``1.0`` for certain)."""
    if h.score is None:
        return f"{format_token(h.sticker)}    "
    return f"{format_token(h.sticker)} {'1.0' if h.score >= 0.995 else f'{h.score:.2f}'[1:]}"


def marked_stickers(state: CubeState, check: ReviewCheck | None) -> list[int]:
    """The stickers the review lists: the ones the grid solver is not sure of first (they
    need the person), then its suggestions, then the other doubtful readings; each group in
    net order."""
    if check is None:
        return sorted(doubtful(state))
    rank = {i: 0 for i in check.unsure} | {i: 1 for i in check.suggestions
                                            if i not in check.unsure}
    return sorted(doubtful(state) | set(rank), key=lambda i: (rank.get(i, 2), i))


def pages(count: int, per_page: int) -> int:
    """How many pages a list of ``count`` rows takes at ``per_page`` rows a page (a full page
    keeps its last row for the "more" line)."""
    if count <= per_page:
        return 1
    return -(-count // (per_page - 1))


def beside(left: list[Text], right: list[Text], gap_at: int) -> list[Text]:
    """Two columns of lines as one: ``right`` starts at column ``gap_at`` (no trailing blanks
    where a column is shorter, so piped output stays clean)."""
    out = []
    for k in range(max(len(left), len(right))):
        line = left[k].copy() if k < len(left) else Text()
        if k < len(right):
            line.pad_right(gap_at - len(line.plain))
            line.append_text(right[k])
        line.no_wrap = True
        out.append(line)
    return out


def answered(state: CubeState, i: int) -> str:
    """``"typed 3^"`` for a sticker the person typed (or insisted on), ``"y took 5^"`` for
    one whose grid's choice was taken with ``y``, where the photo's reading is known (it then
    stands under "read" in the list, not the person's answer at a certain 1.0); '' otherwise."""
    if not state.photo_reading(i):
        return ""
    token = format_token(state.stickers[i])
    return f"y took {token}" if i in state.accepted else f"typed {token}"


@dataclass
class ReviewView:
    """What was read and what the grid solver makes of it.

    ``page`` picks the page of the doubtful list (wrapping round); ``height`` is the room the
    screen has (default: the console's), which decides how long a page is when the list goes
    under the net on a narrow terminal. ``show_help``: a person answers (else the whole list is
    printed, with no pages to turn)."""

    state: CubeState
    check: ReviewCheck | None = None
    title: str = "What was read"
    show_help: bool = True
    page: int = 0
    height: int | None = None
    verdict: bool = True
    """Whether the footer gives the problems and the verdict; without a person to answer, a
    reading that cannot go on is refused with an error that says them once."""

    def short_row(self, i: int) -> Text:
        """One doubtful sticker in :data:`SHORT_WIDTH` characters: ``F7 9v 6^`` (read, the
        likeliest other), ``F7 9v >6^`` (the grid's suggestion) or ``F7 9v >6^/9v`` (the
        grid's choice and the rival, when it is not sure). A sticker the person typed shows
        what the photo read, as :meth:`row` does, with the answer marked short:
        ``F5 5^ t3^>5^/3^`` (``t``: typed; ``y``: the grid's choice taken with y)."""
        answer = answered(self.state, i)
        alts = self.state.hypotheses(i)
        line = Text(f"{sticker_name(i, self.state.n):<3}", style="bold yellow")
        photo = self.state.photo_reading(i) if answer else None
        line.append(format_token(photo[0].sticker if photo else self.state.stickers[i]))
        if answer:
            mark = "y" if i in self.state.accepted else "t"
            line.append(f" {mark}{format_token(self.state.stickers[i])}", style="bold cyan")
        gap = "" if answer else " "  # the mark takes the room of the likeliest other
        check = self.check
        if check is not None and check.grid is not None and i in check.unsure:
            rival = check.unsure[i]
            line.append(f"{gap}>{format_token(check.grid.chosen[i])}", style="bold yellow")
            line.append(f"/{format_token(rival)}" if rival is not None else "", style="yellow")
        elif check is not None and i in check.suggestions:
            line.append(f"{gap}>{format_token(check.suggestions[i])}", style="bold green")
        elif answer:
            pass
        elif len(alts) > 1:
            line.append(f" {format_token(alts[1].sticker)}")
        line.no_wrap = True
        return line

    def row(self, i: int) -> Text:
        """One doubtful sticker: ``F7 9v .55 6^ .45 8v .02 >6^`` (grid's choice in green), or
        when the grid solver is not sure of it ``F7 9v .55 6^ .45   >6^/9v`` (its choice and
        the rival, in yellow: to confirm or correct). A sticker the person typed shows what
        the photo read and the token typed instead of the others: ``F5 5^ 1.0  typed 3^
        >5^/3^`` (:func:`answered`)."""
        answer = answered(self.state, i)
        alts = self.state.photo_reading(i) if answer else self.state.hypotheses(i)
        line = Text(f"{sticker_name(i, self.state.n):<3}", style="bold yellow")
        line.append(f"{score_text(alts[0])}  " if alts
                    else f"{format_token(self.state.stickers[i])}  ")
        unsure = self.check is not None and self.check.grid is not None and i in self.check.unsure
        if answer:  # what the photo read stands under "read"; the person's answer is marked
            line.append(answer, style="bold cyan")
        else:
            line.append(" ".join(score_text(h) for h in alts[1:3 if unsure else 4]))
        sug = self.check.suggestions.get(i) if self.check else None
        if unsure:
            rival = self.check.unsure[i]
            line.pad_right(max(0, ROW_WIDTH - 7 - len(line.plain)))
            line.append(f" >{format_token(self.check.grid.chosen[i])}", style="bold yellow")
            line.append(f"/{format_token(rival)}" if rival is not None else "", style="yellow")
        elif sug is not None:
            line.pad_right(max(0, ROW_WIDTH - 4 - len(line.plain)))
            line.append(f" >{format_token(sug)}", style="bold green")
        line.no_wrap = True
        return line

    def per_page(self, side_by_side: bool, height: int, width: int = 80) -> int:
        """Rows of the doubtful list on one page (its header not counted)."""
        if side_by_side:
            return NET_ROWS - 1
        return max(3, height - NET_ROWS - 1 - self.footer_lines(width))

    def footer_lines(self, width: int = 80) -> int:
        """Lines under the net and list: notes, problems, status, help and the prompt,
        wrapped at ``width`` (an estimate)."""
        texts = [t.plain for t in self.footer(width)] + ["correction prompt"]
        return sum(-(-len(t) // max(20, width - 4)) for t in texts)

    def listing(self, side_by_side: bool, height: int, width: int = 80,
                short: bool = False) -> list[Text]:
        """The doubtful list's lines on the current page, with its header and "more" line
        (``short``: in short lines, :meth:`short_row`)."""
        marked = marked_stickers(self.state, self.check)
        if not marked:
            return [Text("All read clearly." if short else "Every sticker read with confidence.")]
        # without a person (no help shown) nobody can turn a page: the whole list is printed
        per = self.per_page(side_by_side, height, width) if self.show_help else len(marked)
        total = pages(len(marked), per)
        page = self.page % total
        shown = per if total == 1 else per - 1
        sure = self.check is None or self.check.sure
        head = (SHORT_HEADER if sure else SHORT_HEADER_UNSURE) if short else \
            (HEADER if sure else HEADER_UNSURE)
        out = [Text(head if total == 1 else f"{head} {page + 1}/{total}" if short
                    else f"{head} ({page + 1}/{total})", style="bold")]
        row = self.short_row if short else self.row
        out += [row(i) for i in marked[page * shown:(page + 1) * shown]]
        if total == 1 and not short and len(marked) < per:
            out.append(Text(LEGEND, style="italic"))
        if total > 1:
            left = len(marked) - (page + 1) * shown
            more = (f"{left} more: +" if short else f"{left} more: type + to see them") \
                if left > 0 else ("+: first page" if short else "type + for the first page")
            out.append(Text(more, style="italic"))
        return out

    def net(self) -> NetView:
        """The net with the listed stickers marked."""
        return NetView(self.state, doubtful=frozenset(marked_stickers(self.state, self.check)),
                       title=self.title)

    def layout(self, console: Console, width: int) -> str:
        """Where the list goes in ``width`` columns: ``beside`` the net in full lines,
        ``short`` lines beside it, or ``under`` it."""
        room = width - console.measure(self.net()).maximum - 1
        return "beside" if room >= ROW_WIDTH else "short" if room >= SHORT_WIDTH else "under"

    def fits_beside(self, console: Console, width: int) -> bool:
        """True when the list fits beside the net in ``width`` columns (in full or short
        lines)."""
        return self.layout(console, width) != "under"

    def page_count(self, console: Console) -> int:
        """How many pages the doubtful list takes on ``console`` (1: no paging)."""
        side_by_side = self.fits_beside(console, console.width)
        per = self.per_page(side_by_side, self.height or console.height, console.width)
        return pages(len(marked_stickers(self.state, self.check)), per)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        net = self.net()
        net_width = console.measure(net).maximum
        layout = self.layout(console, options.max_width)
        side_by_side = layout != "under"
        height = self.height or options.height or console.height
        listing = self.listing(side_by_side, height, options.max_width, short=layout == "short")
        if side_by_side:
            yield from beside(net.lines(marks=console.color_system is None), listing,
                              net_width + 1)
        else:
            yield net
            yield from listing
        yield from self.footer(options.max_width)

    def unsure_line(self) -> str:
        """What to do about the stickers the grid solver is not sure of."""
        unsure = self.check.unsure if self.check else {}
        grid = self.check.grid if self.check else None
        over = [i for i in unsure if grid is not None and i in grid.typed_refused]
        k = len(unsure) - len(over)
        one = len(unsure) == 1  # "not sure of 1" alone reads as the digit 1
        words = [f"overrides {'the token' if len(over) == 1 else f'{len(over)} tokens'} you "
                 "typed" if over else "",
                 f"is not sure of {k}{' other' if over else ''} sticker{'' if k == 1 else 's'}"
                 if k else ""]
        rival = "what you typed" if not k else "the other reading"
        return (f"The grid solver {' and '.join(w for w in words if w)} (>grid/rival: its "
                f"choice, {rival}): check {'it' if one else 'them'} on the cube; "
                f"y takes its choice{'' if one else 's'}.")

    def footer(self, width: int = WIDE) -> list[Text]:
        """Notes, corrections typed that no solved cube allows (the likely slips), problems,
        whether the reading is consistent, and how to correct it (in shorter words under
        :data:`WIDE` columns)."""
        wide = width >= WIDE
        out = []
        if self.check is not None:
            if not self.check.too_doubtful:  # counts of a reading to retake tell nothing
                out += [Text(f"note: {note}", style="yellow")
                        for note in self.check.count_notes]
            if self.verdict:
                out += [Text(note, style="bold red") for note in self.check.typed_notes]
                out += [Text(f"problem: {p}", style="bold red") for p in self.check.problems]
                out += self.verdict_lines(wide)
        if self.show_help:
            out.append(Text.from_markup(REVIEW_HELP if wide else SHORT_HELP))
        return out

    def verdict_lines(self, wide: bool) -> list[Text]:
        """Whether the reading can go on, and what to do when it cannot."""
        out = []
        if self.check is not None:
            if self.check.ok and not self.check.sure:
                out.append(Text(self.unsure_line(), style="bold yellow"))
            elif self.check.ok:
                n = len(self.check.suggestions)
                out.append(Text("The reading is consistent" +
                                (f" once the grid's {n} suggestion{'s are' if n != 1 else ' is'}"
                                 " taken (> in the list)." if n else "."), style="bold green"))
            elif self.check.too_doubtful:
                out.append(Text("Too doubtful to settle: retake the photos named, or correct "
                                "stickers." if wide else "Retake those photos, or correct.",
                                style="bold red"))
            elif self.check.named:
                out.append(Text("The reading is not consistent yet: correct the stickers named "
                                "above." if wide else "Not consistent yet: correct those named.",
                                style="bold red"))
            else:
                out.append(Text("The reading is not consistent yet: retake the photos, or "
                                "correct the stickers you see misread." if wide else
                                "Not consistent yet: retake, or correct.", style="bold red"))
        return out
