"""Numbers that mean the same wherever vision uses them, named once.

Each is a fact of the arithmetic or of an 8-bit picture, or (:data:`MIN_CONTRAST`) the one
grey-level step that tells print from noise in every stage, kept here so that every module
writes it by name rather than as its own literal.
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
MIN_CONTRAST = 8.0
"""The least grey-level step (0-255) by which ink stands out from the sticker around it: less is
sensor noise or a blank sticker, not print. A difference, not a ratio: once white digits on a
dark sticker are inverted, dim or blurred strokes are only a few tens of grey levels below a
light level, which a ratio test took for a blank sticker. Read on a cell's levels
(:func:`vision.cells.sticker_level.ink_contrast`) and on a corner photo's top-hats
(:mod:`vision.locate.corners.marks`)."""
