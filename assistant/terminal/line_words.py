"""What the review's and the guide check's prompts say about a line kept for the person: a
refused line left on the prompt to mend, new typing run on after it, and the line that was
being typed when Ctrl-C stopped the command (:class:`assistant.terminal.keys.LineInterrupted`),
said when stopping and offered again on the prompt next time."""
from __future__ import annotations

from .keys import LineInterrupted, unfinished_line

CLEAR_KEY = "Ctrl-U"
"""The key that clears the line being typed, named where a line is kept for editing: the
line editor's (readline's) and the terminal's own."""


def quoted_line(line: str) -> str:
    """A typed line as messages quote it: in single quotes, or double ones when it holds a
    single quote (a quoted path); backslashes stay as typed (unlike ``repr``)."""
    return f'"{line}"' if "'" in line else f"'{line}'"


MEND = f"mend your line ({CLEAR_KEY} clears it)"
"""The prompt's words when a refused line is kept on it for editing: the person sees that the
text is theirs, kept, and how to clear it, rather than typing on after it."""

FINISH = f"finish your line ({CLEAR_KEY} clears it)"
"""The prompt's words when the line being typed when Ctrl-C stopped the command is back on it
(:mod:`assistant.services.unfinished`)."""


def typed_on(kept: str, answer: str) -> str:
    """What to tell a person whose refused ``answer`` is the line ``kept`` on the prompt with
    new typing run on after it (the kept line went unnoticed): that it did, and the key that
    clears the line first; "" for any other answer."""
    if not kept or not answer.startswith(kept) or not answer[len(kept):].strip():
        return ""
    return (f"The new typing went on after the line kept, {quoted_line(kept)}: press "
            f"{CLEAR_KEY} to clear the line before typing a new one.")


BACK = "The line you were typing when you stopped is back on the prompt, not yet applied."
"""Said above a prompt that offers such a line again."""


def unfinished_words(stop: BaseException, again: str) -> str:
    """'Your unfinished line 'F1 7' was not applied; it comes back ``again``' (no full stop)
    for a Ctrl-C that stopped a line being typed (``again`` only when the line was kept,
    :attr:`LineInterrupted.kept`); "" when no line was being typed."""
    line = unfinished_line(stop)
    if not line:
        return ""
    back = f"; it comes back {again}" if isinstance(stop, LineInterrupted) and stop.kept else ""
    return f"Your unfinished line {quoted_line(line)} was not applied{back}"
