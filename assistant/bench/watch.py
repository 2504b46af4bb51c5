"""Watch mode on rendered videos: a hand follows a plan with one slip put in (each kind, at
various steps, and each kind again on a B or D turn; then another face turned another way);
does the watch catch it within one move?

Each video is rendered from the corner of corner photo A (``render.plan_video``): the cube
held still after every step, a hand in front of it while a layer turns. The watch reads every
frame (``vision.locate.corners``), confirms the planned steps and must stop with the slip found (or
several that fit, asking for a face) no later than the frames after the move that follows the
slip; the state it names must be the real one and its new plan must solve the real cube. (The
guide's watch goes on with the new plan after a slip; here the watch stops at the first.)
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time

from rich.console import Console
from rich.table import Table

from ...models.cube.moves import Move, invert_moves, simplify
from ...models.cube.solved import is_solved
from ...models.cube.state import CubeState
from ...models.generator.cube3 import make_puzzle
from ...models.profile import CubeSettings
from ...models.slips.kinds import SLIP_KINDS, Slip, random_slip
from ...vision.reading.reader import Reader
from ..services.guide import GuideCursor, steps_from_moves
from ..services.watch import SEEN_ONLY, corner_readings, watch


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudoku-cube bench watch``."""
    parser.add_argument("--per-kind", type=int, default=2,
                        help="videos per slip kind, at different steps (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def video_case(start: CubeState, plan: tuple[Move, ...], slip: Slip, seed: int,
               settings: CubeSettings = CubeSettings()) -> dict:
    """Render the plan followed with ``slip`` up to the step after it, watch it, and say what
    was caught: ``caught`` (stopped with the slip within one move), ``right`` (the real state
    named and its new plan solves the real cube), ``at_step`` (steps made when it stopped)."""
    from ...render.plan_video import plan_video_frames, real_states

    steps = min(len(plan), slip.step + 1)
    infos: list[dict] = []

    def frames():
        for img, info in plan_video_frames(start, plan, [slip], seed, steps=steps, turn=1):
            infos.append(info)
            yield img

    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    t0 = time.perf_counter()
    events = watch(cursor, corner_readings(frames(), Reader(settings=settings)), settings,
                   go_on_after_slip=False)  # the first stop is measured: the frames end there
    ms = 1000 * (time.perf_counter() - t0) / max(1, len(infos))
    stop = next((e for e in events if e.kind not in ("confirmed",) + SEEN_ONLY), None)
    at_step = infos[-1]["step"] if infos else 0
    confirmed = [e.step for e in events if e.kind == "confirmed"]
    real = real_states(start, plan, [slip])[at_step - 1] if at_step else start
    right = bool(stop and stop.kind == "slip" and stop.verdict is not None
                 and is_solved(real.apply(stop.verdict.repair), settings.symmetric))
    return {"kind": slip.kind, "step": slip.step, "move": str(slip.planned),
            "done": " ".join(str(m) for m in slip.done), "stop": stop.kind if stop else None,
            "message": stop.message if stop else "", "at_step": at_step,
            "caught": stop is not None and at_step <= slip.step + 1,
            "false_alarm": any(s >= slip.step for s in confirmed),
            "right": right, "frames": len(infos), "ms_per_frame": round(ms, 1)}


def cases(per_kind: int, seed: int) -> list[tuple[CubeState, tuple[Move, ...], Slip, int, str]]:
    """Slip cases: every kind ``per_kind`` times at various steps, then every kind once more on
    a B or D turn (alternately): the turns a front view cannot see. Then ``face_turn`` (another
    face turned another way) ``per_kind`` times and once on a D turn: drawn last from the same
    random stream, so that the cases before them stay as they were and their figures
    comparable."""
    rng = random.Random(seed)
    out = []
    kinds = [(k, None) for k in SLIP_KINDS for _ in range(per_kind)]
    kinds += [(k, "BD"[i % 2]) for i, k in enumerate(SLIP_KINDS)]
    kinds += [("face_turn", None)] * per_kind + [("face_turn", "BD"[len(SLIP_KINDS) % 2])]
    for kind, face in kinds:
        while True:
            pz = make_puzzle(rng.randrange(10 ** 9), 16)
            plan = simplify(invert_moves(pz.scramble))
            step = rng.randint(2, 6)
            planned = plan[step - 1]
            if face is not None and planned.face != face:
                continue
            if kind == "direction" and planned.turns == 2:
                continue
            slip = random_slip(rng, step, planned, kind)
            label = f"{kind} ({face} turn)" if face else kind
            out.append((pz.state, plan, slip, rng.randrange(10 ** 6), label))
            break
    return out


def run(args: argparse.Namespace) -> int:
    """Render, watch and report every case."""
    if args.per_kind < 1:
        print("sudoku-cube: --per-kind must be at least 1", file=sys.stderr)
        return 2
    rows = []
    for start, plan, slip, seed, label in cases(args.per_kind, args.seed):
        rows.append({**video_case(start, plan, slip, seed), "kind": label})
    summary = {"videos": len(rows), "caught_within_one_move": sum(r["caught"] for r in rows),
               "named_right_and_replan_solves": sum(r["right"] for r in rows),
               "false_alarms": sum(r["false_alarm"] for r in rows)}
    if args.json:
        print(json.dumps({"summary": summary, "cases": rows}, indent=2))
        return 0
    table = Table(title="bench watch (rendered videos, corner view A)")
    for col in ("slip", "step", "planned", "done", "caught", "at step", "right", "message"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["kind"], str(r["step"]), r["move"], r["done"], "yes" if r["caught"] else
                      "NO", str(r["at_step"]), "yes" if r["right"] else "no", r["message"][:70])
    console = Console(width=max(Console().width, 140))
    console.print(table)
    console.print(summary)
    return 0
