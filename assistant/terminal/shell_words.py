"""A command named to the person, written for a shell as the manual writes it.

The CLI names a command to go on after Ctrl-C before any command's module is loaded, so this
module loads nothing (rich stays unloaded). A plan pasted from two lines of the guide's screen
has a line break between its moves: named again, its moves are put on one line, or the command
in backticks would span two lines and be wrapped as prose (:mod:`.wrapping`), splitting it where
a copy runs early. Only the plan is so cleaned: a path keeps its characters as they are.
"""
from __future__ import annotations

import re
import shlex
from typing import Iterable

MOVES = "--moves"
"""The option that gives a plan."""


def quoted(word: str) -> str:
    """``word`` for a shell: a plan (``R U' F2``) in double quotes, as the manual writes it,
    rather than shlex's ``'R U'"'"' F2'`` (which :mod:`.wrapping` cannot break between its
    moves); anything else as :func:`shlex.quote` quotes it."""
    if "'" in word and re.fullmatch(r"[\w' ]+", word):
        return f'"{word}"'
    return shlex.quote(word)


def command_line(words: Iterable[str]) -> str:
    """``words`` (``sudoku-cube``, the command, its arguments) as one line for a shell, each
    :func:`quoted`; the plan after ``--moves`` (or in ``--moves=PLAN``, then named as
    ``--moves PLAN``) with each run of spaces and line breaks between its moves made one
    space."""
    out: list[str] = []
    plan_next = False
    for word in words:
        if plan_next:
            word = " ".join(word.split())
        elif word.startswith(MOVES + "="):
            out.append(MOVES)
            word = " ".join(word[len(MOVES) + 1:].split())
        plan_next = word == MOVES and not plan_next
        out.append(quoted(word))
    return " ".join(out)
