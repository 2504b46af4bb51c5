"""The same cube gives the same plan whatever the threads do: the searches' budgets are counts,
and a busy machine (here: busy threads) or another number of worker threads only changes when
the answer arrives."""
from __future__ import annotations

import random
import threading

from sudoku_cube.models.plan.samples import scrambled
from sudoku_cube.models.plan.search import centre_aware
from sudoku_cube.models.plan.planner import plan_to_target, problems_for
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.solved import is_solved


class Busy:
    """Threads that keep the interpreter and the cores busy while they run."""

    def __init__(self, n: int = 3) -> None:
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._spin, daemon=True) for _ in range(n)]

    def _spin(self) -> None:
        x = 0
        while not self.stop.is_set():
            x = (x * 31 + 7) % 1000003

    def __enter__(self) -> "Busy":
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        for t in self.threads:
            t.join()


def test_same_plan_with_other_thread_timings():
    rng = random.Random(77)
    for _ in range(2):
        state, design, _ = scrambled(rng, 30)
        first = plan_to_target(state, design)
        with Busy():
            second = plan_to_target(state, design)
        assert first.moves == second.moves and first.phases == second.phases
        assert is_solved(state.apply(first.moves))


def test_worker_count_does_not_change_the_answer():
    rng = random.Random(78)
    state, design, _ = scrambled(rng, 30)
    problems = problems_for(state, [design], CubeSettings())
    one = centre_aware(problems, 200_000, workers=1)
    with Busy(2):
        two = centre_aware(problems, 200_000, workers=2)
    assert one is not None and two is not None and one.moves == two.moves
