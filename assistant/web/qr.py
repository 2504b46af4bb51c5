"""The page's address as a QR code in the terminal (segno makes the code).

Two rows of modules share a line of text: each character is the upper and the lower module,
the light ones drawn with block characters (``█ ▀ ▄``) and the dark ones left blank, so on
a terminal with a dark background the code reads as printed on paper. On a terminal the
characters are also coloured white on black, so a light-background terminal shows the same code.
"""
from __future__ import annotations

import segno

QUIET = 2
"""Light modules around the code (phone readers accept two; a terminal line costs two rows)."""

_CHARS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def qr_lines(text: str) -> list[str]:
    """The QR code of ``text`` as lines of block characters (light modules drawn)."""
    code = segno.make(text, error="m", micro=False)
    rows = [[False] * (len(code.matrix[0]) + 2 * QUIET) for _ in range(QUIET)]
    for row in code.matrix:
        rows.append([False] * QUIET + [bool(m) for m in row] + [False] * QUIET)
    rows += [[False] * len(rows[0]) for _ in range(QUIET)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return ["".join(_CHARS[(not top, not bottom)] for top, bottom in zip(rows[k], rows[k + 1]))
            for k in range(0, len(rows), 2)]


def qr_text(text: str, colour: bool) -> str:
    """The QR code as one string of lines; ``colour``: white on black terminal colours."""
    lines = qr_lines(text)
    if colour:
        lines = [f"\x1b[97;40m{line}\x1b[0m" for line in lines]
    return "\n".join(lines)
