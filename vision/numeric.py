"""Numbers that mean the same wherever vision uses them, named once.

Not tuned: each is a fact of the arithmetic or of an 8-bit picture, kept here so that every
module writes it by name rather than as its own literal.
"""
from __future__ import annotations

import numpy as np

TINY = 1e-6
"""The least a pitch, spread or norm may be when something is divided by it, and the ridge
added to a least-squares system's diagonal: far below any length or share vision measures,
so it only keeps a division by zero finite or a solve from being singular."""
LEVELS = int(np.iinfo(np.uint8).max) + 1
"""How many grey levels an 8-bit picture has (a look-up table's length)."""
CONNECTIVITY = 8
"""Pixels touch across corners too: a sticker's or a stroke's region is 8-connected."""
