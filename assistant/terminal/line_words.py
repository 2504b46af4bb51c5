"""What the review's and the guide check's prompts say about a line kept for the person: a
refused line left on the prompt to mend, new typing run on after it, and the line that was
being typed when Ctrl-C stopped the command (:class:`assistant.terminal.keys.LineInterrupted`),
said when stopping and offered again on the prompt next time.

Without line editing (:func:`assistant.terminal.keys.edits_on_line`) a line offered is shown
above an empty prompt, to be typed again: the words then say that, not a key that clears it."""
from __future__ import annotations

from ..services.typed_paths import quoted_line
from ..services.unfinished import LINE_MAX
from .keys import LineInterrupted, LineReader, edits_on_line, unfinished_line

CLEAR_KEY = "Ctrl-U"
"""The key that clears the line being typed, named where a line is kept for editing: the
line editor's (readline's) and the terminal's own."""


MEND = f"mend your line ({CLEAR_KEY} clears it)"
"""The prompt's words when a refused line is kept on it for editing: the person sees that the
text is theirs, kept, and how to clear it, rather than typing on after it."""

FINISH = f"finish your line ({CLEAR_KEY} clears it)"
"""The prompt's words when the line being typed when Ctrl-C stopped the command is back on it
(:mod:`assistant.services.unfinished`)."""

RETYPE_MEND = "type your line again, mended (it is shown above)"
""":data:`MEND` without line editing: the refused line is shown above an empty prompt."""

RETYPE_FINISH = "type your line again to finish it (it is shown above)"
""":data:`FINISH` without line editing."""


def kept_words(ask: LineReader, mend: bool) -> str:
    """The prompt's words when a line is offered to ``ask``: :data:`MEND` for a refused line
    (``mend``), else :data:`FINISH`; their ``RETYPE_`` forms when ``ask`` shows the line above
    the prompt rather than on it."""
    if edits_on_line(ask):
        return MEND if mend else FINISH
    return RETYPE_MEND if mend else RETYPE_FINISH


def typed_on(kept: str, answer: str, on_line: bool = True) -> str:
    """What to tell a person whose refused ``answer`` is the line ``kept`` on the prompt with
    new typing run on after it (the kept line went unnoticed): that it did, and the key that
    clears the line first; "" for any other answer, and when the line was not put on the
    prompt (``on_line`` False: it was typed again in full)."""
    if not on_line or not kept or not answer.startswith(kept) or not answer[len(kept):].strip():
        return ""
    return (f"The new typing went on after the line kept, {quoted_line(kept)}: press "
            f"{CLEAR_KEY} to clear the line before typing a new one.")


BACK = "The line you were typing when you stopped is back on the prompt, not yet applied."
"""Said above a prompt that offers such a line again."""


def back_words(ask: LineReader, face: str = "") -> str:
    """:data:`BACK`, naming the ``face`` it was typed for at the guide's check, and saying
    that it is shown above the prompt when ``ask`` has no line editing."""
    typed = f"typing for {face}" if face else "typing"
    where = "is back on the prompt" if edits_on_line(ask) else "is shown below"
    return f"The line you were {typed} when you stopped {where}, not yet applied."


def unfinished_words(stop: BaseException, again: str) -> str:
    """'Your unfinished line 'F1 7' was not applied; it comes back ``again``' (no full stop)
    for a Ctrl-C that stopped a line being typed (``again`` only when the line was kept,
    :attr:`LineInterrupted.kept`; the stop's own :attr:`LineInterrupted.again` when it has
    one); "" when no line was being typed. A line too long to keep says so."""
    line = unfinished_line(stop)
    if not line:
        return ""
    if isinstance(stop, LineInterrupted) and stop.kept:
        back = f"; it comes back {stop.again or again}"
    elif len(line) > LINE_MAX:
        back = f"; it is too long to keep (over {LINE_MAX:,} characters): copy it from here"
    else:
        back = ""
    return f"Your unfinished line {quoted_line(line)} was not applied{back}"
