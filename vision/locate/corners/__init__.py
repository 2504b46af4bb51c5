"""Locating the three faces around a corner of the cube in one photo: sticker and glyph
lattices, the whole-cube model, and the faces they give (:class:`~.faces.CornerFace`)."""
