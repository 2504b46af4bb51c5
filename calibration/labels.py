"""What the user types to label a calibration photo: nine tokens, or a solved face's digits.

Two forms, per photo (docs/conventions.md tokens, row by row as the photo shows the face):

* nine tokens: ``"5^ 4> 6^ 3v 6^ 5< 8^ 2^ 2>"`` (spaces or commas between them);
* a solved face: the nine digits and one arrow for all of them: ``"534 126 978 ^"``.

Several photos' labels can be given in one string separated by ``;`` or ``/``.
"""
from __future__ import annotations

import re

from ..models.cube.stickers import ARROWS, TOKEN_HELP, Sticker, parse_token
from ..models.errors import SudokuCubeError

LABEL_HELP = ("label a photo with its nine stickers row by row, e.g. \"5^ 4> 6^ 3v 6^ 5< 8^ "
              "2^ 2>\", or for a solved face its nine digits and one arrow, e.g. \"534126978^\"")


class LabelError(SudokuCubeError):
    """Labels that do not describe nine stickers."""


def parse_face_label(text: str, where: str = "--digits") -> tuple[Sticker, ...]:
    """Nine stickers from one photo's label (either form above)."""
    compact = re.sub(r"[\s,]+", "", text)
    m = re.fullmatch(r"([1-9]{9})([" + re.escape(ARROWS) + r"])", compact)
    if m:
        rot = ARROWS.index(m.group(2))
        return tuple(Sticker(int(c), rot) for c in m.group(1))
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if len(parts) == 1 and len(parts[0]) == 18:  # tokens typed without spaces
        parts = [parts[0][i:i + 2] for i in range(0, 18, 2)]
    if len(parts) != 9:
        raise LabelError(f"{where} {text!r}: found {len(parts)} tokens, need 9; {LABEL_HELP}")
    out = []
    for i, p in enumerate(parts):
        try:
            out.append(parse_token(p))
        except ValueError as e:
            raise LabelError(f"{where}: sticker {i + 1}: {e}") from None
    return tuple(out)


def parse_labels(values: list[str] | None) -> list[tuple[Sticker, ...]]:
    """Labels of several photos: each value may hold several labels separated by ``;`` or ``/``."""
    out = []
    for v in values or []:
        for part in re.split(r"[;/]", v):
            if part.strip():
                out.append(parse_face_label(part))
    return out


__all__ = ["LABEL_HELP", "LabelError", "TOKEN_HELP", "parse_face_label", "parse_labels"]
