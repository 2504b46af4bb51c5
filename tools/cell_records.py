"""Every voter's evidence on every cell the reader reads, with its truth: misreads explained.

Renders the benchmark's photos (six single-face photos and corner pairs, of our renderer or
the exam renderer, the same cubes and seeds as ``bench vision``; the exam's printed in its
held-out fonts with ``--held-out-fonts``) or other seeds, reads them
with the product's reader (no OCR), and records for each cell of a located face: its truth and
final reading, each voter's 36 log-scores on the usual cut (templates times
:data:`~sudoku_cube.vision.recognise.evidence.TEMPLATE_GAIN`, HOG times its weight, the
counters' rotation evidence, the learned cell model's 37 log-probabilities), the print facts
(an underline split off, the underline model's 6 share), whether it was read again and the
rank of the truth there, and the cell's narrowest width in the photo. ``--table`` prints every
misread cell with that evidence; ``--out`` keeps all cells as an ``.npz`` (to fit how the
voters are combined on seeds no benchmark uses).

    .venv/bin/python -m tools.cell_records --renderer second --photos corners --cubes 20 --table
"""
from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from sudoku_cube.assistant.bench.renders import LOOK_ORDER, same, symmetric_of
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.vision.reading import faces as faces_mod
from sudoku_cube.vision.reading.reader import Reader
from sudoku_cube.vision.recognise import read_again as again_mod
from sudoku_cube.vision.recognise.cell_model import shipped_cell_model
from sudoku_cube.vision.recognise.evidence import analyse_cells
from sudoku_cube.vision.recognise.hog import class_index

BENCH_SEEDS = {("ours", "faces"): 90000, ("ours", "corners"): 70000,
               ("second", "faces"): 90000, ("second", "corners"): 70000}
"""``bench vision``'s first seeds (look i: + 1000 i)."""
TEMPLATE_GAIN, HOG_WEIGHT, COUNTER_GAIN = 8.0, 0.85, 4.0
"""The scales the records' template, HOG and counter scores are kept in (the reader's weights
of :mod:`vision.recognise.evidence` when the tool was written), so records made by later code
stay comparable."""


@dataclass
class Record:
    """One cell: see the module's docstring."""

    name: str
    look: str
    face: str
    cell: int
    width: float
    truth: int
    read: int
    right: bool
    template: np.ndarray
    hog: np.ndarray
    counter: np.ndarray
    net: np.ndarray
    final: dict
    first: dict
    underline: int
    six: tuple[int, float] | None
    doubt: float
    again: list[dict]


def narrowest_width(centres: np.ndarray) -> float:
    """A face's cells' narrowest width in pixels (area of a cell over its longer side)."""
    grid = np.asarray(centres, np.float64).reshape(3, 3, 2)
    across = (grid[:, 2] - grid[:, 0]).mean(axis=0) / 2
    down = (grid[2] - grid[0]).mean(axis=0) / 2
    area = abs(across[0] * down[1] - across[1] * down[0])
    return float(area / max(np.hypot(*across), np.hypot(*down)))


class Recorder:
    """Wraps the reader's recognise stage and its read-again step to keep what they saw."""

    def __init__(self) -> None:
        self.faces: dict[int, tuple] = {}
        self._again: list[dict] = []
        self._recognise = faces_mod.recognise_face
        self._read_again = again_mod.read_again

    def __enter__(self) -> "Recorder":
        def recognise(cells, templates, model, underlined_69=True, in_rounds=True, *,
                      cell_model=None, underline_model=None):
            self._again = []
            seen = self._recognise(cells, templates, model, underlined_69, in_rounds,
                                   cell_model=cell_model, underline_model=underline_model)
            first = analyse_cells(cells.ink_masks(), templates, model, list(cells.cells),
                                  underline=underline_model)
            net = cell_model if cell_model is not None else shipped_cell_model()
            votes = net.read_cells(list(cells.cells)) if net is not None else np.zeros((9, 37))
            self.faces[id(seen.evidence[0])] = (cells, seen, first, votes, list(self._again))
            return seen

        def read_again(face, cells, *a, **k):
            out = self._read_again(face, cells, *a, **k)
            self._again.append(out)
            return out

        faces_mod.recognise_face = recognise
        again_mod.read_again = read_again
        return self

    def __exit__(self, *exc) -> None:
        faces_mod.recognise_face = self._recognise
        again_mod.read_again = self._read_again


def _hyps(hyps) -> dict:
    return {class_index(h.sticker.digit, h.sticker.rot): float(h.score or 0.0) for h in hyps}


def face_records(rec: Recorder, reading, name: str, look: str, face: str, want) -> Iterator[Record]:
    """The nine cells' records of one face ``reading`` against its truth ``want``."""
    got = rec.faces.get(id(reading.evidence[0]))
    if got is None:
        return
    cells, seen, first, votes, again = got
    width = narrowest_width(np.asarray(cells.geometry.cell_centres()))
    sym = symmetric_of(look)
    redone = {i: v for d in again for i, v in d.items()}
    for i in range(9):
        ev = first[i]
        t, r = want[i], reading.stickers[i]
        yield Record(
            name, look, face, i, width, class_index(t.digit, t.rot), class_index(r.digit, r.rot),
            same(r, t, sym), TEMPLATE_GAIN * ev.template, HOG_WEIGHT * ev.hog,
            COUNTER_GAIN * (ev.counter if ev.counter is not None else np.zeros(36)),
            votes[i],
            _hyps(reading.candidates[i]), _hyps(seen.hypotheses[i]) if i not in redone else {},
            -1 if ev.underline_rot is None else ev.underline_rot, ev.six_odds,
            seen.evidence[i].doubt, [_hyps(h) for _, h in redone.get(i, [])])


def photos(renderer: str, kind: str, look: str, seed: int, count: int, held_out: bool = False,
           everyday_scenes: bool = False) -> Iterator[tuple]:
    """(name, {photo key: image}, truth state) of the benchmark's cubes (first seed ``seed``;
    the exam's printed in its held-out fonts with ``held_out``, photographed in its everyday
    scenes with ``everyday_scenes``, as ``bench vision --scenes everyday`` does); photo keys
    are face letters (six photos) or "A"/"B" (corner pairs)."""
    if renderer == "second":
        from sudoku_cube.assistant.bench.vision_second import cube
        from sudoku_cube.render.second import corner_shot, face_shot
        from sudoku_cube.render.second.scenes import everyday
        for k in range(count):
            s = seed + k
            state, homes, lk = cube(s, k, look, held_out)
            where = (lambda i, k=k: everyday(k, i)) if everyday_scenes else (lambda i: None)
            if kind == "corners":
                yield (f"exam-{look}-{s}", {w: corner_shot(state, w, s * 10 + i, lk, homes,
                                                           scene=where(i)).image
                                            for i, w in enumerate("AB")}, state)
            else:
                yield (f"exam-{look}-{s}", {f: face_shot(state, f, s * 10 + i, lk, homes,
                                                         scene=where(i)).image
                                            for i, f in enumerate(FACES)}, state)
        return
    from sudoku_cube.assistant.bench import corners
    from sudoku_cube.assistant.bench.vision import _rendered
    if kind == "corners":
        for name, images, state, _ in corners.rendered(count, seed, look, single=False):
            yield name, images, state
    else:
        yield from _rendered(count, seed, look=look)


def records(renderer: str, kind: str, looks: list[str], seed: int, count: int,
            held_out: bool = False, everyday_scenes: bool = False) -> Iterator[Record]:
    """Every located cell's record of the photos of :func:`photos` (``held_out`` as there),
    look i from ``seed`` + 1000 i (i: the look's place in the benchmark's order)."""
    reader = Reader(ocr="never")
    order = (*LOOK_ORDER, "white-body")
    with Recorder() as rec:
        for look in looks:
            first = seed + 1000 * order.index(look)
            for name, images, state in photos(renderer, kind, look, first, count, held_out,
                                                    everyday_scenes):
                readings = {}
                for key, image in images.items():
                    try:
                        if kind == "corners":
                            readings.update(reader.read_corner_photo(image, key, source=name))
                        else:
                            readings[key] = reader.read_face(image, face=key, source=name)
                    except Exception:  # noqa: BLE001 - a refused photo has no cells
                        continue
                for f, r in readings.items():
                    yield from face_records(rec, r, name, look, f, state.face(f))
                rec.faces.clear()


def _rank(scores: np.ndarray, k: int) -> int:
    return int((scores > scores[k]).sum())


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    return e / e.sum()


def _shape(k: int) -> str:
    return f"{k // 4 + 1}{'urdl'[k % 4]}"


def table_line(r: Record) -> str:
    """One misread cell: truth, reading, each voter's top and the truth's rank and share."""
    parts = [f"{r.name} {r.face}{r.cell + 1} w{r.width:.0f} truth {_shape(r.truth)} "
             f"read {_shape(r.read)}"]
    net = r.net[:36] - np.logaddexp.reduce(r.net[:36])
    for label, z in (("tm", r.template), ("hog", r.hog), ("net", net),
                     ("tm+hog", r.template + r.hog)):
        p = _softmax(z)
        parts.append(f"{label} {_shape(int(np.argmax(z)))}:{p.max():.2f} "
                     f"t#{_rank(z, r.truth)}:{p[r.truth]:.2f}")
    parts.append(f"none {np.exp(r.net[36]):.2f}")
    if r.underline >= 0 or r.six:
        parts.append(f"ul {r.underline} six {r.six}")
    fin = r.final
    parts.append(f"final {max(fin.values(), default=0):.2f} t:{fin.get(r.truth, 0):.2f}")
    if r.doubt:
        parts.append(f"odd {r.doubt}")
    if r.again:
        tops = [_shape(max(h, key=h.get)) for h in r.again if h]
        parts.append(f"again {len(r.again)}: " + ",".join(tops))
    return " | ".join(parts)


def save(recs: list[Record], path: str) -> None:
    """All records as arrays (``.npz``)."""
    np.savez_compressed(
        path, name=np.array([r.name for r in recs]), look=np.array([r.look for r in recs]),
        face=np.array([r.face for r in recs]), cell=np.array([r.cell for r in recs]),
        width=np.array([r.width for r in recs], np.float32),
        truth=np.array([r.truth for r in recs]), read=np.array([r.read for r in recs]),
        right=np.array([r.right for r in recs]),
        template=np.stack([r.template for r in recs]).astype(np.float32),
        hog=np.stack([r.hog for r in recs]).astype(np.float32),
        counter=np.stack([r.counter for r in recs]).astype(np.float32),
        net=np.stack([r.net for r in recs]).astype(np.float32),
        underline=np.array([r.underline for r in recs]),
        six_rot=np.array([r.six[0] if r.six else -1 for r in recs]),
        six_p=np.array([r.six[1] if r.six else 0.5 for r in recs], np.float32),
        doubt=np.array([r.doubt for r in recs], np.float32),
        again=np.array([len(r.again) for r in recs]),
        final_truth=np.array([r.final.get(r.truth, 0.0) for r in recs], np.float32))


def main(argv: list[str] | None = None) -> int:
    """Record, print the misread table and/or save."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--renderer", choices=("ours", "second"), default="ours")
    p.add_argument("--photos", choices=("faces", "corners"), default="corners")
    p.add_argument("--looks", nargs="+", default=None)
    p.add_argument("--cubes", type=int, default=20)
    p.add_argument("--seed", type=int, default=None, help="first seed (default: the bench's)")
    p.add_argument("--held-out-fonts", action="store_true",
                   help="the exam's cubes printed in its held-out fonts (--renderer second)")
    p.add_argument("--scenes", choices=("standard", "everyday"), default="standard",
                   help="the exam's standard scenes or its everyday ones (--renderer second)")
    p.add_argument("--table", action="store_true", help="print every misread cell")
    p.add_argument("--out", help="save every cell's record here (.npz)")
    a = p.parse_args(argv)
    looks = a.looks or list(LOOK_ORDER) + (["white-body"] if a.renderer == "second" else [])
    seed = BENCH_SEEDS[(a.renderer, a.photos)] if a.seed is None else a.seed
    recs = []
    for r in records(a.renderer, a.photos, looks, seed, a.cubes, a.held_out_fonts,
                     a.scenes == "everyday"):
        recs.append(r)
        if a.table and not r.right:
            print(table_line(r), flush=True)
    wrong = sum(not r.right for r in recs)
    print(f"{len(recs)} cells, {wrong} misread ({wrong / max(1, len(recs)):.2%})")
    if a.out:
        save(recs, a.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
