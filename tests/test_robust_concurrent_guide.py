"""Several processes updating the guide session at once (two guides in two terminals, or a
guide and a check): every update survives, none is written over by a copy read before it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from sudoku_cube.assistant.services.sessions import GUIDE_KEEP, guide_session_path

ROOT = Path(__file__).resolve().parents[1]
WRITER = """
import sys, time
from sudoku_cube.assistant.services.sessions import save_guide_step
time.sleep(max(0.0, float(sys.argv[3]) - time.time()))  # all start together
for k in range(int(sys.argv[2])):
    save_guide_step(f"{sys.argv[1]}-{k}", k)
"""


def test_concurrent_guide_updates_are_all_kept():
    writers, each = 4, GUIDE_KEEP // 4  # every key fits: none is dropped as an old plan
    start = str(time.time() + 5)
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, f"w{i}", str(each), start],
                              cwd=ROOT, env=dict(os.environ)) for i in range(writers)]
    for p in procs:
        assert p.wait(timeout=120) == 0
    plans = json.loads(guide_session_path().read_text())["plans"]
    assert sorted(plans) == sorted(f"w{i}-{k}" for i in range(writers) for k in range(each))
