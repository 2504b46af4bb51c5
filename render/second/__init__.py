"""A second photo renderer of its own drawing, written to examine the readers.

Whole cubes in true 3D perspective (rounded body, visible side faces, grooves, stickers stuck
slightly off their places), a point light with soft shadow and highlights on glossy stickers,
procedural tables (wood, cloth, stone, printed paper, laminate), a phone-like sensor (white
balance, vignetting, blur, noise, JPEG 60-90), everyday scenes on request (:mod:`.scenes`:
cutting mats, printed pages, tiles, gradients, sofas; small and large faces; dim light), and
fonts of its own (:data:`looks.SANS_FONTS`, :data:`looks.SERIF_FONTS`). It shares only the
cube model and the photo conventions with :mod:`sudoku_cube.render`, none of its drawing code.
It is not wholly unseen: the learned cell model trains on its standard shots (other seeds
than the benchmark's) in eight of its ten fonts; the benchmark's seeds, the everyday scenes
and the two held-out fonts (:data:`looks.HELD_OUT`) stay out of every model's training.
"""
from .looks import LOOKS, Look, make_look
from .scenes import Scene
from .shots import Shot, corner_shot, face_shot

__all__ = ["LOOKS", "Look", "Scene", "Shot", "corner_shot", "face_shot", "make_look"]
