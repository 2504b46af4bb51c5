"""Slips: how often one check identifies a slip, re-plans that solve the real cube, time per check.

Each case is a random solved design scrambled by ``--scramble`` random turns; the plan followed
is the scramble undone (simplified), so the target is known and no planner time is spent. One
or two random slips (wrong direction, half for quarter turn or back, a neighbouring face, the
opposite face as with a cube held the other way round, a skipped or repeated step, the whole
cube turned and held) are put in at distinct steps among the last ``WINDOW`` steps before the
check. A third set, drawn after those two so that their cases stay as they were, puts in one
slip of kind ``face_turn`` (another face turned another way: by another amount, or a quarter
turn the other way), which is only ever looked for alone.

A *look* is what one answer to the check's question gives: one face (nine stickers, typed or
one photo), or corner photo A (one photo showing U, F and R: 27 stickers). Each case is checked
three ways, counted separately: the first look is the single face the assistant asks for
(:func:`models.slips.first_look.first_look`, as ``check --suggest`` and the guide's ``c`` key
name it), the front face, or corner photo A; then, while several slips fit, the face the
assistant asks for next, one look each, up to all six faces. "Identified from one look" means the
first look alone named the real state. Besides: the best single face in hindsight (any of the six
faces alone identifies it: the ceiling of any way to choose one face) and the model's own
expectation for the face it asks for and for corner photo A. The faces are given
as typed tokens, or with ``--doubtful P`` as readings whose cells are unsure with chance P (the
true sticker and a wrong one scored 0.55 / 0.45 in random order). An identified state counts
only when it is the real one; every re-plan is applied to the real cube and must solve it.
Targets: one slip identified from one face in >= 90%, from at most two in >= 99%, never a
re-plan that does not solve the real cube, <= 0.5 s per check.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table

from ...models.cube.geometry import FACES
from ...models.cube.moves import invert_moves, simplify
from ...models.cube.solved import is_solved
from ...models.cube.state import CubeState
from ...models.cube.stickers import Hypothesis, Sticker
from ...models.generator.cube3 import make_puzzle
from ...models.profile import CubeSettings
from ...models.slips.find import find_slip
from ...models.slips.first_look import first_look
from ...models.slips.kinds import random_slip
from ...models.slips.looks import certain, state_look
from ...models.slips.replay import WINDOW, slipped_state


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudoku-cube bench slips``."""
    parser.add_argument("--n1", type=int, default=200, help="plans with one slip (default 200)")
    parser.add_argument("--n2", type=int, default=100, help="plans with two slips (default 100)")
    parser.add_argument("--nft", type=int, default=None, metavar="N",
                        help="plans with one slip of another face turned another way (kind "
                             "face_turn; default: half of --n1)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--scramble", type=int, default=22, help="scramble length (default 22)")
    parser.add_argument("--doubtful", type=float, default=0.0, metavar="P",
                        help="chance that a seen sticker is read unsure (default 0: typed)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


@dataclass
class Tally:
    """Outcomes of one set of cases under one way of choosing the first face."""

    faces: list[int] = field(default_factory=list)  # faces needed per identified case
    wrong: int = 0          # a state believed that is not the real one
    missed: int = 0         # "as expected" or "none" although a slip happened
    replans: int = 0
    replans_ok: int = 0
    ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)  # the process's CPU time: load-free

    def row(self, n: int) -> dict:
        """The figures of this tally over ``n`` cases."""
        def share(k: int) -> float:
            return round(100.0 * k / n, 1) if n else 0.0
        t = sorted(self.ms) or [0.0]
        return {"cases": n, "one_face": share(sum(1 for f in self.faces if f == 1)),
                "two_faces": share(sum(1 for f in self.faces if f <= 2)),
                "any_faces": share(len(self.faces)), "wrong": self.wrong, "missed": self.missed,
                "replans": self.replans, "replans_solve": self.replans_ok,
                "ms_mean": round(statistics.mean(t), 1),
                "ms_p95": round(t[min(len(t) - 1, int(0.95 * len(t)))], 1),
                "ms_max": round(t[-1], 1),
                "cpu_ms_mean": round(statistics.mean(self.cpu_ms or [0.0]), 1),
                "cpu_ms_max": round(max(self.cpu_ms or [0.0]), 1)}


def _seen(real: CubeState, face: str, rng: random.Random, doubtful: float):
    """A face as seen: certain tokens, or with some cells unsure (true and a wrong reading)."""
    if doubtful <= 0:
        return certain(real.face(face))
    cells = []
    for s in real.face(face):
        if rng.random() < doubtful:
            wrong = Sticker(rng.choice([d for d in range(1, 10) if d != s.digit]), rng.randrange(4))
            pair = [Hypothesis(s, 0.55), Hypothesis(wrong, 0.45)]
            if rng.random() < 0.3:
                pair = [Hypothesis(s, 0.45), Hypothesis(wrong, 0.55)]
            cells.append(tuple(sorted(pair, key=lambda h: -(h.score or 0))))
        else:
            cells.append((Hypothesis(s, 0.98),))
    return tuple(cells)


def _same_look(a: CubeState, b: CubeState, settings: CubeSettings) -> bool:
    return bool((state_look(a, settings) == state_look(b, settings)).all())


def run_case(start, plan, done, real, first: str, rng, doubtful, settings, tally: Tally) -> None:
    """Check faces until the slip is identified (or all six are seen); record the outcome.
    ``first`` is one face, or "A" for corner photo A (U, F and R in one photo)."""
    seen = {f: _seen(real, f, rng, doubtful) for f in ("UFR" if first == "A" else first)}
    while True:
        c0 = time.process_time()
        v = find_slip(start, plan, done, seen, settings)
        tally.cpu_ms.append(1000 * (time.process_time() - c0))
        tally.ms.append(float(v.stats.get("check_ms", v.stats.get("search_ms", 0.0))))
        if v.outcome in ("found", "as expected"):
            if v.outcome == "as expected" or not _same_look(v.best.state, real, settings):
                if v.outcome == "as expected":
                    tally.missed += 1
                else:
                    tally.wrong += 1
            else:
                tally.faces.append(len(seen) if first != "A" else len(seen) - 2)
            if v.outcome == "found":
                tally.replans += 1
                tally.replans_ok += is_solved(real.apply(v.repair), settings.symmetric)
            return
        if v.outcome == "none" or v.ask_face is None or len(seen) == len(FACES):
            tally.missed += 1
            return
        seen[v.ask_face] = _seen(real, v.ask_face, rng, doubtful)


def any_face_alone(start, plan, done, real, rng, doubtful, settings) -> bool:
    """Whether some single face alone identifies the real state (the hindsight ceiling)."""
    for face in FACES:
        v = find_slip(start, plan, done, {face: _seen(real, face, rng, doubtful)}, settings,
                      repair=False)
        if v.outcome == "found" and _same_look(v.best.state, real, settings):
            return True
    return False


def run(args: argparse.Namespace) -> int:
    """Run the one-slip and two-slip sets and print the figures."""
    nft = args.n1 // 2 if args.nft is None else args.nft
    if args.n1 < 0 or args.n2 < 0 or nft < 0 or args.n1 + args.n2 + nft == 0:
        print("sudoku-cube: give --n1, --n2 and --nft of at least 0, not all 0", file=sys.stderr)
        return 2
    settings = CubeSettings()
    rng = random.Random(args.seed)
    results = {f"{nslips}_slip": _one_set(nslips, n, args, rng, settings)
               for nslips, n in ((1, args.n1), (2, args.n2))}
    results["face_turn_slip"] = _one_set(1, nft, args, rng, settings, kind="face_turn")
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        _print(results, args)
    return 0


def _one_set(nslips: int, n: int, args: argparse.Namespace, rng: random.Random,
             settings: CubeSettings, kind: str | None = None) -> dict:
    """``n`` plans with ``nslips`` random slips each (of ``kind``; None: any of the kinds
    :func:`random_slip` draws), checked from the front face, the face asked first and corner
    photo A: the figures of the set."""
    front, asked, corner = Tally(), Tally(), Tally()
    ceiling, expect_face, expect_corner, look_ms, look_cpu = 0, 0.0, 0.0, [], []
    for k in range(n):
        pz = make_puzzle(rng.randrange(10 ** 9), args.scramble)
        plan = simplify(invert_moves(pz.scramble))
        done = rng.randint(nslips, len(plan))
        steps = sorted(rng.sample(range(max(1, done - WINDOW + 1), done + 1), nslips))
        slips = [random_slip(rng, s, plan[s - 1], kind) for s in steps]
        real = slipped_state(pz.state, plan, done, slips)
        run_case(pz.state, plan, done, real, "F", rng, args.doubtful, settings, front)
        t0, c0 = time.perf_counter(), time.process_time()
        look = first_look(pz.state, plan, done, settings)
        look_ms.append(1000 * (time.perf_counter() - t0))
        look_cpu.append(1000 * (time.process_time() - c0))
        expect_face += look.face_share
        expect_corner += look.corner_share
        run_case(pz.state, plan, done, real, look.face, rng, args.doubtful, settings, asked)
        run_case(pz.state, plan, done, real, "A", rng, args.doubtful, settings, corner)
        ceiling += any_face_alone(pz.state, plan, done, real, rng, args.doubtful, settings)
    t = sorted(look_ms) or [0.0]
    return {
        "face_asked_first": asked.row(n), "front_face_first": front.row(n),
        "corner_photo_A_first": corner.row(n),
        "best_single_face_in_hindsight": round(100.0 * ceiling / max(1, n), 1),
        "expected_face_asked": round(100.0 * expect_face / max(1, n), 1),
        "expected_corner_photo_A": round(100.0 * expect_corner / max(1, n), 1),
        "first_look_ms_mean": round(statistics.mean(t), 1), "first_look_ms_max": round(t[-1], 1),
        "first_look_cpu_ms_mean": round(statistics.mean(look_cpu or [0.0]), 1),
        "first_look_cpu_ms_max": round(max(look_cpu or [0.0]), 1)}


def _print(results: dict, args: argparse.Namespace) -> None:
    """The figures as a table, and a line per set on the first look."""
    title = "bench slips (typed faces)" if args.doubtful <= 0 else \
        f"bench slips (readings, {args.doubtful:.0%} of stickers unsure)"
    table = Table(title=f"{title}, seed {args.seed}")
    for col in ("set", "first look", "1 look", "<= 2 looks", "any", "wrong", "missed",
                "re-plans solve", "ms per check mean / p95 / max", "CPU ms mean / max"):
        table.add_column(col)
    for name, per in results.items():
        for how, r in per.items():
            if not isinstance(r, dict):
                continue
            table.add_row(name.replace("_", " "), how.replace("_", " "), f"{r['one_face']}%",
                          f"{r['two_faces']}%", f"{r['any_faces']}%", str(r["wrong"]),
                          str(r["missed"]), f"{r['replans_solve']}/{r['replans']}",
                          f"{r['ms_mean']} / {r['ms_p95']} / {r['ms_max']}",
                          f"{r['cpu_ms_mean']} / {r['cpu_ms_max']}")
    console = Console(width=max(Console().width, 150))
    console.print(table)
    for name, per in results.items():
        console.print(f"{name.replace('_', ' ')}: best single face in hindsight "
                      f"{per['best_single_face_in_hindsight']}%; the model expects "
                      f"{per['expected_face_asked']}% for the face asked, "
                      f"{per['expected_corner_photo_A']}% for corner photo A; choosing the first "
                      f"look {per['first_look_ms_mean']} ms mean, {per['first_look_ms_max']} max "
                      f"(CPU {per['first_look_cpu_ms_mean']} / {per['first_look_cpu_ms_max']})")
