"""Cube settings that differ between printed cubes (part of a calibration profile)."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import SettingsError

DEFAULT_SYMMETRIC = frozenset({1})


@dataclass(frozen=True)
class CubeSettings:
    """How a particular printed cube behaves.

    ``symmetric``: digits whose glyph looks the same turned 180 degrees (default only 1).
    ``underlined_69``: whether 6 and 9 carry an underline that tells them apart.
    The stickers' look (white, coloured, black) is no setting: the reader tells it from the
    photos themselves.
    """

    symmetric: frozenset[int] = DEFAULT_SYMMETRIC
    underlined_69: bool = True


def parse_symmetric(text: str) -> frozenset[int]:
    """Parse ``"1,8"`` into ``{1, 8}``; ``""`` means no symmetric digits."""
    out = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if part not in list("123456789"):
            raise SettingsError(f"--symmetric takes digits 1-9 separated by commas (for "
                                f"example 1,8), not {part!r}")
        out.add(int(part))
    return frozenset(out)
