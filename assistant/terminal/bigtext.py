"""Move notation in large block letters for the guide (readable from a step away)."""
from __future__ import annotations

GLYPHS = {
    "U": ["█   █", "█   █", "█   █", "█   █", " ███ "],
    "R": ["████ ", "█   █", "████ ", "█  █ ", "█   █"],
    "F": ["█████", "█    ", "████ ", "█    ", "█    "],
    "D": ["████ ", "█   █", "█   █", "█   █", "████ "],
    "L": ["█    ", "█    ", "█    ", "█    ", "█████"],
    "B": ["████ ", "█   █", "████ ", "█   █", "████ "],
    "2": [" ███ ", "█   █", "  ██ ", " █   ", "█████"],
    # a slanted tick, not a bar beside the letter
    "'": ["  ██", " ██ ", " █  ", "    ", "    "],
    " ": ["  ", "  ", "  ", "  ", "  "],
}


def big_lines(text: str) -> list[str]:
    """Five lines of block letters for ``text`` (characters without a glyph are skipped)."""
    rows = ["", "", "", "", ""]
    for ch in text:
        glyph = GLYPHS.get(ch)
        if glyph is None:
            continue
        for i in range(5):
            rows[i] += glyph[i] + " "
    return [r.rstrip() for r in rows]
