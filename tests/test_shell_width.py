"""The suite's texts do not depend on the width the shell that runs pytest exports: a test that
looks for a sentence in wrapped output passes with ``COLUMNS`` set narrow."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_narrow_exported_width_wraps_no_text_a_test_looks_for(tmp_path):
    env = dict(os.environ, COLUMNS="45", LINES="10")
    test = "tests/test_cli_read_single.py::test_one_good_photo_prints_its_face"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "no:xdist", "--basetemp", str(tmp_path / "run"), test],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:]
