"""A face a tenth to a quarter of the picture's shorter side (a cube photographed from afar)
is found on its stickers: the cues' sizes are set for larger faces, and where they find none
they are sought again at a finer scale (:data:`sudoku_cube.vision.locate.detect.FINER`).
A small face's lattice through a few noisy sticker centres may look bent round an edge: it is
judged flat by a square grid's fit where that bend is within the centres' own scatter and its
cells hold digits (:func:`sudoku_cube.vision.locate.hypotheses.flat_faces`).
White stickers on a white body are framed only by hairline grooves; their digits count as
half their frame (:func:`sudoku_cube.vision.locate.hypotheses.stickers`), and a lattice resting
on a few coloured stickers in one corner of the face is judged bent by its blobs' scatter as
far as that carries to each cell.
A blurred small face's grooves are wide against its stickers: the regions between them are
judged by the size of the stickers they stand for
(:func:`sudoku_cube.vision.locate.grooves.thinning`).
At the finer scale the colour pictures are also cut with a blur and local windows of that
scale (:func:`sudoku_cube.vision.locate.sticker_blobs.binarisations`): a wider blur fills a
small face's hairline grooves and joins its coloured stickers into one shape.
On tiles the cues' own scale may find only a plain lattice of tiles, squares holding digits
that go on, or a plain lattice of tiles with another face apart from it (two faces, or the
ground's squares beside a face too small for that scale): the finer scale competes there too,
and where it passes no face, a face of digits the cell model reads among its lattices
outranks a plain lattice of tiles.
Photos of the exam renderer's everyday scenes (deterministic, from fixed seeds; nothing trains
on them), each refused (as "no cube face found" or "two faces") or misplaced before."""
from __future__ import annotations

import numpy as np
import pytest

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.render.second import face_shot
from sudoku_cube.render.second.scenes import everyday
from sudoku_cube.vision.locate.detect import find_face
from sudoku_cube.vision.recognise.digits_seen import digits_seen_by


@pytest.mark.parametrize("look,seed,face", [
    ("white", 90010, "F"),               # on a sudoku page: stickers below the blobs' least size
    ("black", 93010, "B"),               # on a sudoku page: light digits, dark stickers
    ("coloured-white-ink", 92008, "L"),  # on a page of text
    ("white-body", 94012, "D"),          # coloured stickers on a white body, on a gradient
    ("black", 93002, "L"),               # on a printed table: its digits' lattice looked bent
    ("white", 90013, "F"),               # on a sofa, dim: its stickers' free lattice looked bent
    ("black", 93003, "U"),               # on a sudoku page: a few stickers, a lattice bent by noise
    ("black", 93004, "F"),               # on tiles: a plain lattice of tiles was taken
    ("black", 93004, "B"),               # on tiles: refused as a printed table's squares
    ("white-body", 94011, "L"),          # on tiles, dim: refused as two faces
    ("white-body", 94013, "F"),          # on a sofa, dim: no cube face found
    ("black", 93010, "F"),               # on a sudoku page, blurred: groove regions too small
    ("white-body", 94000, "U"),          # on a cutting mat: white stickers on the white body
    ("white-body", 94006, "U"),          # on a sofa: the same, framed by hairlines only
    ("black", 93018, "U"),               # on tiles: a plain lattice of tiles and another face
    ("white-body", 884009, "U"),         # on a printed table, dim: its stickers' hairlines blurred
])
def test_a_small_face_is_found_on_its_stickers(look, seed, face):
    k, i = seed % 1000, FACES.index(face)
    state, homes, lk = cube(seed, k, look)
    shot = face_shot(state, face, seed * 10 + i, lk, homes, scene=everyday(k, i))
    assert shot.truth["scene"]["band"] == "small"
    want = np.array(shot.truth["centres"])
    pitch = np.linalg.norm(want[4] - want[3])
    assert pitch < 0.25 / 3 * min(shot.image.shape[:2])  # the face is small indeed
    got = find_face(shot.image, "far.jpg").cell_centres()
    # each true centre has a found one on it (the locator's lattice may be turned)
    off = np.linalg.norm(got[:, None] - want[None], axis=2).min(axis=0)
    assert off.max() < 0.15 * pitch


def test_a_small_face_of_digits_outranks_a_plain_lattice_of_tiles():
    """A coloured cube small on black and white tiles: the cues' own scale finds only a plain
    lattice of tiles, and the finer scale's lattices on the face look bent (three of its
    digits, a few pixels tall, unseen), so no face passes there and the tiles stood, read
    as a face. The cell model, which reads the digits themselves, sees the face of digits
    among the finer scale's lattices, and that outranks a plain lattice."""
    k, face = 4, "B"
    i = FACES.index(face)
    state, homes, lk = cube(1361004, k, "coloured")
    shot = face_shot(state, face, 1361004 * 10 + i, lk, homes, scene=everyday(k, i))
    assert shot.truth["surface"] == "tiles"
    want = np.array(shot.truth["centres"])
    pitch = np.linalg.norm(want[4] - want[3])

    def off(found) -> float:
        got = found.cell_centres()
        return float(np.linalg.norm(got[:, None] - want[None], axis=2).min(axis=0).max())

    assert off(find_face(shot.image, "tiles.jpg")) > 3 * pitch  # the tiles, without it
    assert off(find_face(shot.image, "tiles.jpg", seen=digits_seen_by())) < 0.15 * pitch
