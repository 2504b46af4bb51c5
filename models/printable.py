"""Text from outside the program (file names, tokens, lines of a file) made safe to print.

A file name or a token can hold terminal escape sequences (which clear the screen or set the
window title when printed raw), bidirectional overrides, undecodable bytes or megabytes of
text. :func:`printable` shows every such character as an escape (``\\x1b``, ``\\u202e``), as
Python's ``repr`` would, and shortens long text in the middle, so that a message stays
readable and ends with what to do. The CLI passes every message through it; views that print a
path through rich use :func:`assistant.terminal.markup.plain`, which builds on it.
"""
from __future__ import annotations

import unicodedata

MESSAGE_LIMIT = 2000
"""The longest text printed whole; longer text keeps its start and end."""

_KEPT = frozenset("\n\t")
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _unsafe(ch: str) -> bool:
    """A character a terminal may act on or that cannot be printed as it is: C0 and C1
    controls, DEL, line and paragraph separators, bidirectional controls, surrogates (bytes of
    a file name that are not UTF-8)."""
    if ch in _KEPT:
        return False
    return unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in _BIDI


def _escaped(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: object, limit: int = MESSAGE_LIMIT) -> str:
    """``str(text)`` with every unsafe character escaped (newlines and tabs kept) and, when it is
    longer than ``limit`` characters, its middle replaced by
    `` … (N characters left out) … ``."""
    s = str(text)
    if len(s) > limit:
        head, tail = limit * 2 // 3, limit // 3
        s = f"{s[:head]} … ({len(s) - head - tail:,} characters left out) … {s[len(s) - tail:]}"
    if not any(map(_unsafe, s)):
        return s
    return "".join(_escaped(ch) if _unsafe(ch) else ch for ch in s)
