"""Messages wrapped between words, with every command to run kept on one line.

A terminal wraps a long line at its edge, mid-word, and rich wraps a message to the console's
width, folding a word longer than a line (a file of the data folder came out as
``reviewed-bafbc9bcf3.js`` and ``on`` on the next line). A command copied from two lines of
the screen runs early, or without its options. Here a message is wrapped between words, while
a command in backticks (as every message quotes one) and a long word (a path) are kept whole:
one that does not fit the rest of the line starts a line of its own, and one longer than a
line is left to the terminal, whose wrap is no line break, so a copy of it is the whole
command. The face letters listed in their order ("U R F D L B", "photo(s) of face D L B
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

_LETTERS = re.compile(r"(?<![\w'`])[URFDLB](?: [URFDLB])+(?![\w'`])")
"""Face letters one space apart: kept together where they are listed in the order U R F D L B
(a plan's moves, in no such order, wrap between them)."""


def _kept(line: str) -> str:
    """``line`` with the spaces inside commands in backticks and inside face letters listed in
    order replaced by :data:`_KEPT_SPACE`."""
    held = re.sub(r"`[^`\n]*`", lambda m: m.group(0).replace(" ", _KEPT_SPACE), line)

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
    than a line (a path) are never broken."""
    out = []
    for line in text.split("\n"):
        indent = " " * (len(_ITEM.match(line).group(0)) if hang is None else hang)
        filled = textwrap.fill(_kept(line), max(20, width), subsequent_indent=indent,
                               break_long_words=False, break_on_hyphens=False)
        out.append(filled.replace(_KEPT_SPACE, " ") or line)
    return "\n".join(out)


def print_wrapped(console: Console, text: str, style: str | None = None) -> None:
    """Print ``text`` (plain text, no markup; in ``style``, e.g. "red" for a refusal) on
    ``console`` wrapped by :func:`wrap_words` to its width, and not wrapped again by rich (a
    command or a path stays one line)."""
    console.print(wrap_words(printable(text), console.width), soft_wrap=True, markup=False,
                  highlight=False, style=style)
