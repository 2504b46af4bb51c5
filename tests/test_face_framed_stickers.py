"""A black cube's face on ruled paper under glare (our renderer's patterned grounds, cube
93004, face R): sharp, a person reads it at a glance, yet no cue lined up four of its
stickers. Its dark grey stickers are no brighter than the paper's print, and glare spots
bite into three of them. The grooves frame each one (:func:`vision.locate.grooves.framed`):
the last resorts judge the face they make by the one score before the stickerless pass
(:meth:`vision.locate.detect._Cues.last_resorts`)."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from sudoku_cube.assistant.bench.renders import FACE_RECIPE, unseen_cube
from sudoku_cube.assistant.bench.vision_grounds import ground_of
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.render import render_face_photo
from sudoku_cube.vision.locate.grooves import framed, groove_masks, plateaus
from sudoku_cube.vision.locate.sticker_blobs import sticker_blobs
from sudoku_cube.vision.polarity import value_channel
from sudoku_cube.vision.reading.reader import Reader


def _photo():
    puzzle, style, homes = unseen_cube(93004, 4, FACE_RECIPE, "black")
    style = replace(style, ground=ground_of(4, "black"))
    image, truth = render_face_photo(puzzle.state.face("R"), 93004 * 10 + FACES.index("R"),
                                     style, homes=homes["R"])
    return puzzle.state.face("R"), image, truth


def test_the_grooves_frame_each_dark_sticker():
    _, image, truth = _photo()
    h, w = image.shape[:2]
    flat = plateaus(value_channel(image))
    blobs = sticker_blobs(framed(flat, groove_masks(flat)), h * w)
    centres = np.array(truth["centres"])
    pitch = np.linalg.norm(centres[0] - centres[1])
    hit = {int(np.argmin(np.linalg.norm(centres - b.centre, axis=1))) for b in blobs
           if np.linalg.norm(centres - b.centre, axis=1).min() < pitch / 4}
    assert len(hit) >= 7


def test_the_face_is_found_and_read():
    stickers, image, truth = _photo()
    reading = Reader(ocr="never").read_face(image, face="R")
    got = np.asarray(reading.geometry.cell_centres()) * reading.file_scale
    centres = np.array(truth["centres"])
    assert np.linalg.norm(got - centres, axis=1).max() < np.linalg.norm(centres[0] - centres[1]) / 3
    assert [s.token for s in reading.stickers] == [s.token for s in stickers]
