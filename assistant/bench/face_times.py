"""Time per face of the vision benchmarks: the median beside the mean, and CPU beside wall.

The target is a median (issue: at most 40 ms per face without OCR), and this machine is
shared: a slow face while other jobs hold the cores moves a mean more than a median, and
inflates wall time where the process's own CPU time (``time.process_time``) moves far less.
A corner photo shows three faces, so each of its faces counts a third of its time.
"""
from __future__ import annotations

import os
import statistics
import time
from dataclasses import dataclass, field


@dataclass
class FaceTimes:
    """Wall and CPU milliseconds of each face read, in the order read."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def start(self) -> tuple[float, float]:
        """The clocks before a reading (hand them to :meth:`stop`)."""
        return time.perf_counter(), time.process_time()

    def stop(self, started: tuple[float, float], faces: int = 1) -> float:
        """Count one reading of ``faces`` faces begun at ``started``; its wall milliseconds."""
        wall = (time.perf_counter() - started[0]) * 1000
        cpu = (time.process_time() - started[1]) * 1000
        self.wall += [wall / faces] * faces
        self.cpu += [cpu / faces] * faces
        return wall

    def figures(self) -> dict[str, float]:
        """Median wall and CPU milliseconds per face, and the load average (one minute) when
        asked: the figures to quote beside the mean."""
        return {"ms_per_face_median": statistics.median(self.wall) if self.wall else 0.0,
                "cpu_ms_per_face_median": statistics.median(self.cpu) if self.cpu else 0.0,
                "load": os.getloadavg()[0]}


TIME_HEADS = {"ms_per_face": "ms/face mean", "ms_per_face_median": "ms/face median",
              "cpu_ms_per_face_median": "CPU ms/face median", "load": "load"}
"""Table heads of the time columns."""
