"""``bench e2e`` times runs that find their compiled bytecode, as an installed copy does, even
where the environment says not to write it; and it keeps that bytecode in its own folder, never
beside the sources."""
from __future__ import annotations

import os
import subprocess
import sys

from sudoku_cube.assistant.bench.e2e import bytecode_env


def test_runs_keep_their_bytecode_in_the_bench_folder(tmp_path):
    env = bytecode_env(dict(os.environ, PYTHONDONTWRITEBYTECODE="1"), tmp_path / "bytecode")
    assert "PYTHONDONTWRITEBYTECODE" not in env
    subprocess.run([sys.executable, "-c", "import sudoku_cube.models.printable"], env=env,
                   check=True)
    written = list((tmp_path / "bytecode").rglob("printable*.pyc"))
    assert len(written) == 1 and "models" in written[0].parts
