"""No data lost, and no unsafe handling of user files.

- Every file the real commands leave behind (scan session and result, guide session, exported
  plans, profiles, generated states) got there by a rename of a finished temporary file.
- A process killed in the middle of a profile write leaves the old profile intact (the session
  writer's kill test is in test_robust_atomic.py).
- The source has no pickle/marshal/eval/exec of anything, no shell, every ``np.load`` refuses
  pickles and every subprocess call gets an argument list."""
from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main

ROOT = Path(__file__).resolve().parents[1]
VIDEO = ROOT / "samples" / "video" / "show-six-faces.avi"
SOLVED = ROOT / "samples" / "states" / "solved-example.json"


def test_every_file_written_by_the_commands_is_renamed_into_place(tmp_path, monkeypatch,
                                                                   capsys):
    renamed: set[Path] = set()
    real_replace = os.replace

    def recording_replace(src, dst, *a, **kw):
        real_replace(src, dst, *a, **kw)
        renamed.add(Path(dst).resolve())

    monkeypatch.setattr(os, "replace", recording_replace)
    out = tmp_path / "out"
    out.mkdir()  # scan -o and the exports write into a folder that exists
    cut = tmp_path / "cut.avi"
    cut.write_bytes(VIDEO.read_bytes()[: len(VIDEO.read_bytes()) // 3])
    assert main(["scan", str(cut), "--no-window"]) == 2  # stops early: session kept
    assert main(["scan", "--resume", str(VIDEO), "--no-window", "-o",
                 str(out / "scan.json")]) == 0
    capsys.readouterr()
    assert main(["apply", str(SOLVED), "R U F' L2", "--json"]) == 0
    state = tmp_path / "state.json"
    state.write_text(capsys.readouterr().out)
    assert main(["guide", str(state), "--plain", "--export", str(out / "plan.html")]) == 0
    assert main(["guide", str(state), "--plain", "--export", str(out / "plan.svg")]) == 0
    assert main(["calibrate", "settings", "--profile", "mine", "--symmetric", "1,8"]) == 0
    assert main(["calibrate", "camera", "--camera", str(VIDEO), "--profile", "mine"]) == 0
    assert main(["generate", "--seed", "3", "--out", str(out / "gen")]) == 0
    from sudoku_cube.assistant.services.sessions import save_guide_step
    save_guide_step("0123456789abcdef", 3)
    capsys.readouterr()
    home = Path(os.environ["SUDOKU_CUBE_HOME"])
    written = [p.resolve() for d in (home, out) for p in d.rglob("*")
               if p.is_file() and not p.name.endswith(".lock")]  # lock files hold no data
    assert len(written) >= 8, written
    direct = [str(p) for p in written if p not in renamed]
    assert not direct, f"written in place (not write-then-rename): {direct}"
    leftovers = [p for p in written if p.name.endswith(".tmp")]
    assert not leftovers


KILLED_PROFILE_WRITER = r"""
import sys, time
from sudoku_cube.storage import atomic as storage
storage.os.fsync = lambda fd: (print("writing", flush=True), time.sleep(30))
storage.atomic_write_json(sys.argv[1], {"format": "sudoku-cube-profile/1", "new": "x" * 100000})
"""


def test_killed_profile_write_leaves_the_old_profile(tmp_path):
    from sudoku_cube.storage.atomic import atomic_write_json
    target = tmp_path / "profile.json"
    atomic_write_json(target, {"format": "sudoku-cube-profile/1", "old": True})
    before = target.read_bytes()
    proc = subprocess.Popen([sys.executable, "-c", KILLED_PROFILE_WRITER, str(target)],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout.readline().strip() == "writing"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert target.read_bytes() == before


SOURCE_DIRS = ("assistant", "models", "vision", "calibration", "samples")
FORBIDDEN_MODULES = {"pickle", "cPickle", "marshal", "shelve", "dill", "joblib"}
FORBIDDEN_CALLS = {"eval", "exec", "os.system", "os.popen", "yaml.load", "torch.load",
                   "subprocess.getoutput", "subprocess.getstatusoutput"}


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def _sources() -> list[Path]:
    files = [p for d in SOURCE_DIRS for p in (ROOT / d).rglob("*.py")]
    assert len(files) > 50
    return files


def _problems(text: str, name: str) -> list[str]:
    """Unsafe patterns in the Python source ``text`` (``name`` labels the findings)."""
    tree = ast.parse(text, filename=name)
    found = []
    for node in ast.walk(tree):
        where = f"{name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] + ([node.module] if isinstance(
                node, ast.ImportFrom) and node.module else [])
            if any(n.split(".")[0] in FORBIDDEN_MODULES for n in names):
                found.append(f"{where}: imports {names}")
        if not isinstance(node, ast.Call):
            continue
        name = _dotted(node.func)
        kw = {k.arg: k.value for k in node.keywords}
        if name in FORBIDDEN_CALLS:
            found.append(f"{where}: calls {name}")
        if "shell" in kw and not (isinstance(kw["shell"], ast.Constant)
                                  and kw["shell"].value is False):
            found.append(f"{where}: {name} with shell=")
        if name.endswith(".load") and name.split(".")[0] in ("np", "numpy"):
            flag = kw.get("allow_pickle")
            if not (isinstance(flag, ast.Constant) and flag.value is False):
                found.append(f"{where}: np.load without allow_pickle=False")
        if name.startswith("subprocess.") and node.args and isinstance(
                node.args[0], (ast.Constant, ast.JoinedStr, ast.BinOp)):
            found.append(f"{where}: {name} with a command string (use an argument list)")
    return found


def test_no_pickle_eval_or_shell_in_the_source():
    problems = [p for f in _sources()
                for p in _problems(f.read_text(encoding="utf-8"), str(f.relative_to(ROOT)))]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("snippet", [
    "import pickle", "from marshal import loads", "eval(text)", "os.system('ls ' + p)",
    "subprocess.run('tesseract ' + p, shell=True)", "np.load(p)", "subprocess.run(f'x {p}')",
])
def test_the_source_check_catches_each_unsafe_pattern(snippet):
    assert _problems(snippet + "\n", "probe.py"), snippet
