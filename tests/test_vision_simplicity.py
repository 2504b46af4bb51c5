"""tools/vision_simplicity.py counts what vision's simplicity targets are about: tuned numbers,
cyclomatic complexity and rules naming a digit, on small sources written here and on vision/."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tools.vision_simplicity import main, measure

ROOT = Path(__file__).resolve().parents[1]

LOOK = '''"""A module whose docstring says 0.3 and 17 (not counted)."""
LIMIT = 0.25
_PAIR: tuple[float, float] = (-0.7, 2)
FLAG = True


def pick(a, b, c, xs):
    """Complexity: mccabe's 4 (if, elif, for), the and, the or, the conditional expression,
    the comprehension's for and its if: 9."""
    if a and b:
        return 1 * 3.7 - 90 + 0.5 + 255
    elif c:
        return -2
    for x in xs:
        print(x, 1000, -1)
    return [y for y in xs if y] if a or c else None


def labels(s, d, items):
    if s.digit == 8 or len(items) == 8 or s.rot == 8:
        return Sticker(6, s.rot)
    return d in (6, 9) or {"3": 1, "8": 2}.get(s) or {2: 0, 8: 1}
'''


def _write(folder: Path, name: str, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


def test_counts_tuned_numbers_named_constants_and_settings(tmp_path):
    vision = tmp_path / "vision"
    _write(vision, "look.py", LOOK)
    _write(vision / "data", "settings.json", json.dumps({"a": 0.3, "b": [1, 7, -4], "c": True}))
    _write(vision / "data", "model.json", json.dumps({"accuracy": 0.97}))
    (vision / "data" / "model.npz").write_bytes(b"")
    report = measure([vision])
    code = sorted((n.at, n.value, n.named) for n in report.numbers if not n.setting)
    # counted: 0.25 and -0.7 (named), 3.7, the 6s and 8s of the digit rules (and len(items) == 8)...
    assert ("2", 0.25, True) in code and ("3", -0.7, True) in code and ("11", 3.7, False) in code
    # ...but not 2, -90, 0.5, 255, 1000, -1, -2, 1, True, the docstrings' numbers
    values = [v for _, v, _ in code]
    for structural in (2, -90, 0.5, 255, 1000, -1, -2, 1, 17, 0.3):
        assert structural not in values
    assert sorted(values) == sorted([0.25, -0.7, 3.7, 8, 8, 8, 6, 6, 8])
    settings = sorted((n.path, n.at, n.value) for n in report.numbers if n.setting)
    assert settings == [("vision/data/settings.json", "a", 0.3),
                        ("vision/data/settings.json", "b[1]", 7)]
    assert report.metadata == ["vision/data/model.json"]
    fig = report.figures()
    assert (fig["tuned_numbers"], fig["named_constants"], fig["settings_numbers"]) == (11, 2, 2)


def test_complexity_adds_the_branches_inside_expressions(tmp_path):
    _write(tmp_path / "vision", "look.py", LOOK)
    report = measure([tmp_path / "vision"])
    by_name = {f.name: f for f in report.functions}
    assert by_name["pick"].complexity == 9 and by_name["pick"].where == "vision/look.py:7"
    # labels: if (+1), the two or's (+2), the second return's or's (+2) over mccabe's 1
    assert by_name["labels"].complexity == 6
    assert report.figures()["max_complexity"] == 9 and report.over() == []


def test_digit_rules_found_and_print_facts_allowed(tmp_path):
    vision = tmp_path / "vision"
    _write(vision, "look.py", LOOK)
    _write(vision, "footed.py", "def feet(s):\n    return s.digit == 1\n")
    rules = {r.where: r for r in measure([vision]).rules}
    # s.digit == 8 (not len(items) == 8 nor s.rot == 8), Sticker(6, 0), d in (6, 9) with the
    # dict keyed by digit strings; the dict keyed by 2 and 8 is not a digit rule
    assert sorted(rules) == ["vision/footed.py:2", "vision/look.py:20", "vision/look.py:21",
                             "vision/look.py:22"]
    assert rules["vision/look.py:20"].text == "s.digit == 8"
    assert rules["vision/look.py:22"].text == "d in (6, 9); {'3': 1, '8': 2}"
    assert rules["vision/footed.py:2"].fact == "footed 1"
    assert [r.fact for r in rules.values()].count(None) == 3


def test_print_fact_names_are_digits_and_a_fixed_label_is_a_value(tmp_path):
    vision = tmp_path / "vision"
    _write(vision, "print_facts.py", "SIX, NINE = UNDERLINED = (6, 9)\n"
           "def is_underlined(digit):\n    return digit in UNDERLINED\n")
    _write(vision, "other.py", "from .print_facts import SIX\n"
           "def f(s, v):\n"
           "    guess = v or Sticker(1, 0)\n"
           "    if s == Sticker(8, 0):\n"
           "        return s.digit == SIX or Sticker(SIX, s.rot) or {SIX: 1}\n")
    rules = {r.where: r for r in measure([vision]).rules}
    # line 3's fixed label is what nothing read reports; line 4 compares with a label; line 5
    # names the 6 by the print facts' name three times
    assert sorted(rules) == ["vision/other.py:4", "vision/other.py:5", "vision/print_facts.py:3"]
    assert rules["vision/other.py:5"].text == "s.digit == SIX; Sticker(SIX, s.rot); {SIX: 1}"
    assert rules["vision/other.py:5"].fact is None
    assert rules["vision/print_facts.py:3"].fact is not None


def test_a_missing_path_is_a_clear_refusal(tmp_path, capsys):
    assert main([str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert "nowhere" in err and "no such file" in err and "Traceback" not in err


def test_reports_the_three_figures_on_vision():
    run = subprocess.run([sys.executable, "-m", "tools.vision_simplicity", "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    fig = out["figures"]
    assert fig["tuned_numbers"] >= fig["named_constants"] > 0
    assert fig["tuned_numbers"] == sum(out["modules"].values())
    assert fig["max_complexity"] > 1
    assert fig["functions_above_15"] == len(out["functions_above_15"])
    assert fig["digit_rules"] >= fig["digit_rules_outside_print_facts"] >= 0
    # the rebuild's targets, kept: at most 200 tuned numbers, no function above complexity 15,
    # no rule naming a digit outside the cube's two print facts
    assert fig["tuned_numbers"] <= 200
    assert fig["max_complexity"] <= 15 and fig["functions_above_15"] == 0
    assert fig["digit_rules_outside_print_facts"] == 0
    # the model files' metadata is not counted as settings
    assert "vision/data/hog.json" in out["model_metadata"]
    text = subprocess.run([sys.executable, "-m", "tools.vision_simplicity"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120).stdout
    assert f"tuned numbers: {fig['tuned_numbers']}" in text
    assert f"max complexity: {fig['max_complexity']}" in text


def test_a_reader_gone_ends_quietly(tmp_path):
    """``python -m tools.vision_simplicity | head -1``: no traceback, a closed pipe's status."""
    (tmp_path / "one.py").write_text("A = 7\n")
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        run = subprocess.run([sys.executable, "-m", "tools.vision_simplicity", str(tmp_path)],
                             cwd=ROOT, stdout=write_end, stderr=subprocess.PIPE, text=True,
                             timeout=120)
    finally:
        os.close(write_end)
    assert run.returncode == 141
    assert "Traceback" not in run.stderr
