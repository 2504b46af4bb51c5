"""Fit the weight of the counters' rotation evidence (``vision.recognise.evidence.COUNTER_GAIN``).

Cuts labelled cells from photos of our renderer in the training fonts (never the held-out
fonts, never the second renderer), as ``tools.build_classifier`` does, and prints for each
candidate gain the mean negative log-likelihood of the true class under the reader's combined
vote (:func:`sudoku_cube.vision.recognise.evidence.class_logits`; a 9 turned r counted as the 6
turned r+2, the underline being judged apart), over all cells and over the 8s alone, and how many 8s
have the wrong turn on top. The gain of the lowest overall likelihood is the one to ship.

    .venv/bin/python -m tools.fit_counter_gain --photos 120
"""
from __future__ import annotations

import argparse

import numpy as np

from tools.render_training import photo_cells

SEED = 640000
GAINS = (0.0, 2.0, 4.0, 6.0, 8.0, 12.0, 16.0)


def main(argv: list[str] | None = None) -> None:
    from sudoku_cube.models.cube.stickers import ARROWS
    from sudoku_cube.vision.recognise import evidence as recognise
    from sudoku_cube.vision.recognise.hog import class_index, default_model
    from sudoku_cube.vision.cells.ink import ink_mask
    from sudoku_cube.vision.recognise.templates import default_templates

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--photos", type=int, default=120)
    args = ap.parse_args(argv)
    cells = photo_cells(range(SEED, SEED + args.photos))
    evs = recognise.analyse_cells([ink_mask(c.cell) for c in cells], default_templates(),
                                  default_model(), [c.cell for c in cells])
    truth = []
    for c in cells:
        d, r = int(c.token[0]), ARROWS.index(c.token[1])
        truth.append(class_index(6, (r + 2) % 4) if d == 9 else class_index(d, r))
    keep = [i for i, e in enumerate(evs) if e.glyph is not None]
    eights = [i for i in keep if truth[i] // 4 == 7]
    print(f"{len(keep)} cells with a glyph, {len(eights)} of them 8s")
    for gain in GAINS:
        nll = {}
        wrong = 0
        for i in keep:
            e = evs[i]
            z = recognise.turned(recognise.TEMPLATE_GAIN * e.template
                                 + recognise.HOG_WEIGHT * e.hog, gain * e.counter)
            z[class_index(6, 0):class_index(6, 0) + 4] = np.logaddexp(
                z[class_index(6, 0):class_index(6, 0) + 4],
                np.roll(z[class_index(9, 0):class_index(9, 0) + 4], 2))
            z[class_index(9, 0):class_index(9, 0) + 4] = -np.inf
            nll[i] = float(np.logaddexp.reduce(z) - z[truth[i]])
            if i in eights:
                wrong += int(np.argmax(z[28:32])) != truth[i] - 28
        print(f"gain {gain:5.1f}: NLL all {np.mean([nll[i] for i in keep]):.4f}, "
              f"8s {np.mean([nll[i] for i in eights]):.4f}, 8s turned wrong {wrong}")


if __name__ == "__main__":
    main()
