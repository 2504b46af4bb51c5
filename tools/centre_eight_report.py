"""How surely the reader tells which way a centre 8 points: the figures behind the
"8> or 8<" questions.

Renders single-face photos whose centre is an 8 in each of the four turns, with both renderers
(``ours``: :mod:`sudoku_cube.render` in its own fonts and in the held-out fonts no classifier
trains on; ``exam``: :mod:`sudoku_cube.render.second` in its unseen fonts) in every sticker
look, reads each with the product's reader (no OCR) and reports per source and look: photos
read, the centre read as the right 8 (digit and turn), in a wrong turn, ``doubtful`` centres
(:func:`sudoku_cube.models.cube.stickers.is_doubtful`), ``turn_doubt``: the 8 in its true turn
holds less than :data:`TURN_SURE` of the score of all 8s (the reader hesitates between the
turns, whatever it thinks of the digit), ``asked``: joint decoding would send the centre to
review as "8> or 8<" (:func:`sudoku_cube.models.grid.doubt.centre_turn_doubt`: nothing else in
the cube fixes a centre's half turn), ``wrong_silent``: an 8 in a wrong turn that it would
not ask about (settled wrong).

    .venv/bin/python -m tools.centre_eight_report --photos 10
"""
from __future__ import annotations

import argparse
import random
from collections import defaultdict

import numpy as np

from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.generator.cube3 import make_puzzle, random_face
from sudoku_cube.models.grid.doubt import centre_turn_doubt
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker, is_doubtful
from sudoku_cube.render import PhotoStyle, render_face_photo
from sudoku_cube.render.looks import PHOTO_LOOKS
from sudoku_cube.render.second import face_shot, make_look
from sudoku_cube.vision.reading.reader import Reader
from sudoku_cube.vision.recognise.templates import HELD_OUT_FONTS, installed_fonts

LOOKS = PHOTO_LOOKS
SOURCES = ("ours", "held-out", "exam")
SEED = 930000
CENTRE = 4
F_CENTRE = 2 * 9 + CENTRE
TURN_SURE = 0.9


def _face(rng: random.Random, rot: int) -> list[Sticker]:
    """A face of the nine digits, each turned at random, with the 8 in the centre turned
    ``rot``."""
    face = [Sticker(s.digit, rng.randrange(4)) for s in random_face(rng)]
    i = next(j for j, s in enumerate(face) if s.digit == 8)
    face[i], face[CENTRE] = face[CENTRE], Sticker(8, rot)
    return face


def photo(source: str, look: str, k: int, rot: int) -> np.ndarray:
    """The ``k``-th photo of ``source`` and ``look`` with its centre an 8 turned ``rot``."""
    seed = SEED + 1000 * LOOKS.index(look) + 10 * k + rot
    rng = random.Random(seed)
    if source == "exam":
        state = make_puzzle(seed, 25).state
        stickers = list(state.stickers)
        stickers[F_CENTRE] = Sticker(8, rot)
        shot = face_shot(CubeState(tuple(stickers), 3), "F", seed,
                         make_look(look, random.Random(f"exam-look/{seed}")))
        return shot.image
    font = None
    if source == "held-out":
        fonts = [f.rsplit("/", 1)[-1] for f in installed_fonts(HELD_OUT_FONTS)]
        font = fonts[k % len(fonts)]
    style = PhotoStyle(stickers=look, font=font, difficulty=rng.uniform(0.3, 1.0),
                       size=rng.choice([(640, 480), (800, 600), (960, 720)]),
                       jpeg_quality=rng.choice([None, 60, 80]))
    image, _ = render_face_photo(_face(rng, rot), seed, style)
    return image


def judge(hyps: tuple[Hypothesis, ...], rot: int) -> dict[str, bool]:
    """What the reader made of a centre 8 turned ``rot``, and whether joint decoding would
    ask about its turn (:func:`sudoku_cube.models.grid.doubt.centre_turn_doubt`, the centre
    of F read so, every other sticker certain)."""
    top = hyps[0].sticker
    eights = {h.sticker.rot: h.score or 0.0 for h in hyps if h.sticker.digit == 8}
    share = eights.get(rot, 0.0) / max(sum(eights.values()), 1e-9)
    cands = [(Hypothesis(Sticker(1, 0), 1.0),)] * 54
    cands[F_CENTRE] = hyps
    chosen = [c[0].sticker for c in cands]
    asked = F_CENTRE in centre_turn_doubt(cands, chosen, frozenset())
    turn_wrong = top.digit == 8 and top.rot != rot
    return {"right": top == Sticker(8, rot), "turn_wrong": turn_wrong,
            "doubtful": is_doubtful(hyps), "turn_doubt": share < TURN_SURE, "asked": asked,
            "wrong_silent": turn_wrong and not asked}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--photos", type=int, default=10,
                    help="photos per source, look and turn of the 8")
    ap.add_argument("--sources", nargs="+", choices=SOURCES, default=list(SOURCES))
    ap.add_argument("--looks", nargs="+", choices=LOOKS, default=list(LOOKS))
    args = ap.parse_args(argv)
    keys = ("read", "right", "turn_wrong", "doubtful", "turn_doubt", "asked", "wrong_silent",
            "refused")
    total: dict[str, int] = defaultdict(int)
    print(f"{'source':9} {'look':19} " + " ".join(f"{k:>10}" for k in keys))
    for source in args.sources:
        for look in args.looks:
            n: dict[str, int] = defaultdict(int)
            for k in range(args.photos):
                for rot in range(4):
                    try:
                        reading = Reader(ocr="never").read_face(photo(source, look, k, rot))
                    except SudokuCubeError:
                        n["refused"] += 1
                        continue
                    n["read"] += 1
                    for key, hit in judge(reading.candidates[CENTRE], rot).items():
                        n[key] += hit
            for key in keys:
                total[key] += n[key]
            print(f"{source:9} {look:19} " + " ".join(f"{n[k]:>10}" for k in keys), flush=True)
    print(f"{'all':29} " + " ".join(f"{total[k]:>10}" for k in keys))


if __name__ == "__main__":
    main()
