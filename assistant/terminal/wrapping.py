"""Messages wrapped between words, with a command to run broken only between its plan's moves.

A terminal wraps a long line at its edge, mid-word, and rich wraps a message to the console's
width, folding a word longer than a line (a file of the data folder came out as
``reviewed-bafbc9bcf3.js`` and ``on`` on the next line). A command copied from two lines of
the screen runs early, or without its options. Here a message is wrapped between words, while
a command in backticks (as every message quotes one) and a long word (a path) are kept whole:
one that does not fit the rest of the line starts a line of its own, and a path longer than a
line is left to the terminal, whose wrap is no line break. A command longer than a line is
broken only between the moves of its quoted plan (``--moves "R2 U' F"``): left to the
terminal it split a move (``R`` at the end of one line, ``2`` on the next), while a line break
inside the quotes is harmless: the shell reads on to the closing quote, and a plan is read
with any spaces or line breaks between its moves. Where its words before the plan are longer
than a line too (a long path), they are broken between words, each such line ending in a
backslash, the shell's line continuation: left to the terminal, the path or ``--moves`` was
split mid-word. The face letters listed in their order ("U R F D L B", "photo(s) of face D L B
missing") are kept on one line too: split, the list reads as two.
"""
from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING

from ...models.printable import printable

if TYPE_CHECKING:  # the CLI's error messages use wrap_words: rich is not loaded for them
    from rich.console import Console

_KEPT_SPACE = "\x00"
"""Stands for a space inside a command while the line is wrapped (not a place to wrap)."""

_CONTINUED = "\x01\x01"
"""Put before a space of a command where a line may end in a space and a backslash, the
shell's line continuation (its two columns): where no line ends after it, it is dropped."""

_LETTERS = re.compile(r"(?<![\w'`])[URFDLB](?: [URFDLB])+(?![\w'`])")
"""Face letters one space apart: kept together where they are listed in the order U R F D L B
(a plan's moves, in no such order, wrap between them)."""


_PLAN = re.compile(r"""--moves ("[^"\n`]*"|'[^'\n`]*')""")
"""A command's plan: the quoted moves after ``--moves``."""


def _command_kept(command: str, width: int, lead: int = 0, trail: int = 0) -> str:
    """A command in backticks with its spaces replaced by :data:`_KEPT_SPACE`, but for one
    longer than ``width`` (with the ``lead`` and ``trail`` characters before and after it that
    are one word with it: "(`sudoku-cube ...`)." is one) those between the moves of its quoted
    plan (:data:`_PLAN`): the places where it may be wrapped. Where its words up to the plan's
    opening quote are longer than a line (a long path), the spaces between them outside quotes
    may end a line too, marked :data:`_CONTINUED`; where only the first move makes it longer,
    a space after the opening quote lets the moves start a line of their own (the space goes
    with the line break; inside the quotes it is read as none)."""
    free: set[int] = set()
    opens: set[int] = set()
    continued: set[int] = set()
    if lead + len(command) + trail > width:
        for k, m in enumerate(_PLAN.finditer(command)):
            free |= {i for i in range(m.start(1) + 1, m.end(1) - 1) if command[i] == " "}
            first = m.group(1)[1:-1].split(" ")[0]
            # a later plan follows a line break between the moves before it, not the start
            if k == 0 and lead + m.start(1) + 1 > width:  # --moves stays with its plan
                continued = set(_unquoted_spaces(command[:m.start()]))
            elif k == 0 and lead + m.start(1) + 1 + len(first) > width:
                opens.add(m.start(1))

    def kept(i: int, c: str) -> str:
        if i in continued:
            return _CONTINUED + c
        return _KEPT_SPACE if c == " " and i not in free else c
    return "".join(kept(i, c) + " " * (i in opens) for i, c in enumerate(command))


def _unquoted_spaces(words: str) -> list[int]:
    """Where ``words`` (the start of a command, as a shell reads it) has a space between two
    words: outside single and double quotes and not escaped by a backslash."""
    spaces, quote, escaped = [], "", False
    for i, c in enumerate(words):
        if escaped:
            escaped = False
        elif c == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == " ":
            spaces.append(i)
    return spaces


def _kept(line: str, width: int) -> str:
    """``line`` with the spaces inside commands in backticks (but between the moves of a
    plan too long for ``width`` columns, :func:`_command_kept`) and inside face letters listed
    in order replaced by :data:`_KEPT_SPACE`."""
    def command(m: re.Match[str]) -> str:
        before, after = line[:m.start()], line[m.end():]
        ends = after.find(" ")
        return _command_kept(m.group(0), width, len(before) - (before.rfind(" ") + 1),
                             len(after) if ends < 0 else ends)
    held = re.sub(r"`[^`\n]*`", command, line)

    def letters(m: re.Match[str]) -> str:
        run = m.group(0).split(" ")
        ordered = all("URFDLB".index(a) < "URFDLB".index(b) for a, b in zip(run, run[1:]))
        return _KEPT_SPACE.join(run) if ordered else m.group(0)
    return _LETTERS.sub(letters, held)


_ITEM = re.compile(r"\s*(?:\d+\.\s+)?")
"""A line's indent, with the number of a numbered item ("  2. ") after it."""


def wrap_words(text: str, width: int, hang: int | None = None) -> str:
    """``text`` with each line wrapped between words to ``width`` columns (continuation lines
    keep the line's indent, and a numbered item's ("  2. ...") go on under its words, not under
    its number; or they start ``hang`` columns in); a command in backticks and a word longer
    than a line (a path) are never broken, but a command longer than a line is between the
    moves of its plan (never inside a move), and where its words before the plan are longer
    than a line too, between those words, each such line ending in the shell's line
    continuation."""
    out = []
    width = max(20, width)
    for line in text.split("\n"):
        indent = " " * (len(_ITEM.match(line).group(0)) if hang is None else hang)
        # a command too long for a continuation line (after the indent) is broken too
        filled = textwrap.fill(_kept(line, width - len(indent)), width, subsequent_indent=indent,
                               break_long_words=False, break_on_hyphens=False)
        filled = re.sub(f"{_CONTINUED}$", " \\\\", filled, flags=re.M).replace(_CONTINUED, "")
        out.append(filled.replace(_KEPT_SPACE, " ") or line)
    return "\n".join(out)


def print_wrapped(console: Console, text: str, style: str | None = None) -> None:
    """Print ``text`` (plain text, no markup; in ``style``, e.g. "red" for a refusal) on
    ``console`` wrapped by :func:`wrap_words` to its width, and not wrapped again by rich (a
    path stays one line, a command too unless it is longer than a line: then it is wrapped
    between the moves of its plan)."""
    console.print(wrap_words(printable(text), console.width), soft_wrap=True, markup=False,
                  highlight=False, style=style)
