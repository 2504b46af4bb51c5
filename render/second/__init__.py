"""A second, independent photo renderer: an exam for the readers, never their training.

Whole cubes in true 3D perspective (rounded body, visible side faces, grooves, stickers stuck
slightly off their places), a point light with soft shadow and highlights on glossy stickers,
procedural tables (wood, cloth, stone, printed paper, laminate), a phone-like sensor (white
balance, vignetting, blur, noise, JPEG 60-90), everyday scenes on request (:mod:`.scenes`:
cutting mats, printed pages, tiles, gradients, sofas; small and large faces; dim light), and
fonts none of the recognisers saw
(:data:`looks.SANS_FONTS`, :data:`looks.SERIF_FONTS`). It shares only the cube model and the
photo conventions with :mod:`sudoku_cube.render`, none of its drawing code.
"""
from .looks import LOOKS, Look, make_look
from .scenes import Scene
from .shots import Shot, corner_shot, face_shot

__all__ = ["LOOKS", "Look", "Scene", "Shot", "corner_shot", "face_shot", "make_look"]
