"""How simple vision's code is: tuned numbers, cyclomatic complexity, rules that name a digit.

The targets for ``vision/``: at most 200 tuned numbers, no function above complexity 15, and no
rule about a particular digit besides the cube's two print facts (the 6/9 underline and the
footed 1). This report measures all three from the syntax tree (never by regular expression):

- **tuned numbers**: every numeric literal in the Python files (a unary minus counts with its
  literal, so ``-0.3`` is one number) except the structural ones, :data:`STRUCTURAL` and their
  negatives; plus every number in a settings file, a ``.json`` file that is not a model's own
  metadata (a model's metadata has its model file, ``.npz`` or ``.onnx``, of the same stem
  beside it). A number is "named" when it stands in a module-level assignment to an
  UPPER_CASE name. Docstrings and booleans hold no numbers.
- **complexity**: McCabe's cyclomatic complexity of each function from PyCQA's ``mccabe``
  (the graph of its statements: branches, loops, handlers), plus the branches that live
  inside expressions, which ``mccabe`` leaves out: each extra operand of ``and``/``or``, each
  conditional expression, each comprehension ``for`` and ``if`` (the extended count that
  radon also reports; mccabe's graph differs from radon's only in counting each ``try``'s own
  path and a nested function's branches in the function around it).
- **digit rules**: a comparison or membership test between a digit label (1-9, or ``"1"`` -
  ``"9"``, or a tuple, list or set of them, or one of :data:`FACT_NAMES`, the names the print
  facts give their digits) and an expression naming a digit (a name or attribute containing
  ``digit``, or the name ``d``); a label built from a digit label and a turn worked out from
  the evidence (``Sticker(6, r)``, ``class_index(SIX, r)``), or any such label compared with
  something (``s == Sticker(8, 0)``); a dict display keyed only by digit strings, by digits
  5-9 (small keys 1-4 are mostly counts, sizes or turns) or by fact names. One rule per source
  line. Rules in the modules of :data:`PRINT_FACTS` are the allowed print facts. A heuristic:
  it misses a digit hidden in arithmetic (``best // 4 + 1 == 6``); a label made of literals
  alone (``Sticker(1, 0)``, what a reader reports when it read nothing) is a value, not a
  rule, until something is compared with it.

    .venv/bin/python -m tools.vision_simplicity              # vision/, as text
    .venv/bin/python -m tools.vision_simplicity --json vision/locate/corners
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import sys
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterator, Sequence

import mccabe

VISION = Path(__file__).resolve().parents[1] / "vision"
STRUCTURAL = frozenset({0, 1, 2, 3, 4, 9, 255, 0.5, 90, 180, 270, 360, 100, 1000})
"""Numbers that are not tuned (with their negatives): small counts and indices, the nine
cells, a byte's top, a half, right angles, percent and per mille."""
MAX_NUMBERS = 200
MAX_COMPLEXITY = 15
PRINT_FACTS = {"print_facts.py": "the print facts", "underline_convention.py": "6/9 underline",
               "footed.py": "footed 1"}
"""The modules (by file name) that hold the cube's two print facts (``print_facts.py`` states
them; the other two apply them to a cube's photos); digit rules there are allowed."""
FACT_NAMES = frozenset({"SIX", "NINE", "UNDERLINED", "FOOTED"})
"""The names ``print_facts.py`` gives the digits of the print facts: a rule that uses one of
them names a digit as surely as one that writes the digit out."""
MODEL_SUFFIXES = (".npz", ".onnx")
DIGIT_LABEL_CALLS = frozenset({"Sticker", "class_index"})


@dataclass(frozen=True)
class Number:
    """A tuned number: its file, where in it (line, or a settings file's key) and its value."""
    path: str
    at: str
    value: float
    named: bool = False
    setting: bool = False


@dataclass(frozen=True)
class Function:
    """A function's cyclomatic complexity (``name`` is ``Class.method`` for a method)."""
    where: str
    name: str
    complexity: int


@dataclass(frozen=True)
class DigitRule:
    """A source line that names a digit; ``fact`` is the print fact it belongs to, if any."""
    where: str
    text: str
    fact: str | None


@dataclass
class Report:
    """Everything measured over some files."""
    numbers: list[Number] = field(default_factory=list)
    metadata: list[str] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)
    rules: list[DigitRule] = field(default_factory=list)

    def figures(self) -> dict[str, int]:
        """The headline figures that the targets are about."""
        worst = max((f.complexity for f in self.functions), default=0)
        return {
            "tuned_numbers": len(self.numbers),
            "named_constants": sum(n.named for n in self.numbers),
            "settings_numbers": sum(n.setting for n in self.numbers),
            "max_complexity": worst,
            "functions_above_15": len(self.over()),
            "digit_rules_outside_print_facts": sum(r.fact is None for r in self.rules),
            "digit_rules": len(self.rules),
        }

    def over(self) -> list[Function]:
        """Functions above :data:`MAX_COMPLEXITY`, most complex first."""
        worst = [f for f in self.functions if f.complexity > MAX_COMPLEXITY]
        return sorted(worst, key=lambda f: (-f.complexity, f.where))

    def modules(self) -> list[tuple[str, int]]:
        """Files by their count of tuned numbers, most first."""
        count = Counter(n.path for n in self.numbers)
        return sorted(count.items(), key=lambda kv: (-kv[1], kv[0]))


def _is_number(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float, complex)


def _literals(node: ast.AST) -> Iterator[tuple[int, float]]:
    """(line, value) of each numeric literal under ``node``, a minus sign taken with it."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _is_number(node.operand):
        yield node.lineno, -node.operand.value
        return
    if _is_number(node):
        yield node.lineno, node.value
        return
    for child in ast.iter_child_nodes(node):
        yield from _literals(child)


def _tuned(value: float) -> bool:
    return isinstance(value, complex) or abs(value) not in STRUCTURAL


def _is_constant(stmt: ast.stmt) -> bool:
    """A module-level assignment to UPPER_CASE names only (``X = ...``, ``_X: float = ...``)."""
    if isinstance(stmt, ast.Assign):
        targets = stmt.targets
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        targets = [stmt.target]
    else:
        return False
    return all(isinstance(t, ast.Name) and t.id.lstrip("_")[:1].isupper() and t.id.upper() == t.id
               for t in targets)


def tuned_numbers(tree: ast.Module, name: str) -> list[Number]:
    """The tuned numbers of one module (``name`` is how the report names its file)."""
    return [Number(name, str(line), value, _is_constant(stmt))
            for stmt in tree.body for line, value in _literals(stmt) if _tuned(value)]


def settings_numbers(data: object, name: str, key: str = "") -> list[Number]:
    """The tuned numbers of a settings file's parsed JSON, each named by its key path."""
    if isinstance(data, dict):
        return [n for k, v in data.items() for n in settings_numbers(v, name, f"{key}.{k}")]
    if isinstance(data, list):
        return [n for i, v in enumerate(data) for n in settings_numbers(v, name, f"{key}[{i}]")]
    if type(data) in (int, float) and _tuned(data):
        return [Number(name, key.lstrip("."), data, setting=True)]
    return []


def _expression_branches(node: ast.AST) -> int:
    """Decision points inside expressions, which mccabe's statement graph does not see."""
    count = 0
    for n in ast.walk(node):
        if isinstance(n, ast.BoolOp):
            count += len(n.values) - 1
        elif isinstance(n, ast.IfExp):
            count += 1
        elif isinstance(n, ast.comprehension):
            count += 1 + len(n.ifs)
    return count


def complexities(tree: ast.Module, name: str) -> list[Function]:
    """Cyclomatic complexity of each function (and of each module-level branch or loop)."""
    visitor = mccabe.PathGraphingAstVisitor()
    visitor.preorder(tree, visitor)
    stmts = {(n.lineno, n.col_offset): n for n in ast.walk(tree) if isinstance(n, ast.stmt)}
    return [Function(f"{name}:{g.lineno}", g.entity,
                     g.complexity() + _expression_branches(stmts[g.lineno, g.column]))
            for g in visitor.graphs.values()]


def _digit(node: ast.AST | None) -> int | str | None:
    """The digit label a literal holds (1-9 or "1"-"9") or a print fact's name, else None."""
    if isinstance(node, ast.Name) and node.id in FACT_NAMES:
        return node.id
    v = node.value if isinstance(node, ast.Constant) else None
    if (type(v) is int and 1 <= v <= 9) or (isinstance(v, str) and len(v) == 1
                                            and v in "123456789"):
        return v
    return None


def _digit_labels(node: ast.AST) -> bool:
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(_digit(e) is not None for e in node.elts)
    return _digit(node) is not None


def _names_digit(node: ast.AST) -> bool:
    for n in ast.walk(node):
        word = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else ""
        if "digit" in word.lower() or word == "d":
            return True
    return False


def _label(node: ast.AST) -> bool:
    """A label built from a digit label: ``Sticker(6, r)``, ``class_index(SIX, 0)``."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
    return func in DIGIT_LABEL_CALLS and bool(node.args) and _digit(node.args[0]) is not None


def _is_digit_rule(node: ast.AST) -> bool:
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        return any(_label(s) for s in sides) or any(
            (_digit_labels(b) and _names_digit(a)) or (_digit_labels(a) and _names_digit(b))
            for a, b in zip(sides, sides[1:]))
    if isinstance(node, ast.Call):
        return _label(node) and not all(isinstance(a, ast.Constant) for a in node.args)
    if isinstance(node, ast.Dict):
        keys = [_digit(k) for k in node.keys]
        return bool(keys) and all(isinstance(k, str) or (k is not None and k >= 5) for k in keys)
    return False


def digit_rules(tree: ast.Module, name: str) -> list[DigitRule]:
    """The lines of one module that hold a rule naming a digit (see the module's docstring)."""
    fact = PRINT_FACTS.get(name.rsplit("/", 1)[-1])
    lines: dict[int, list[str]] = {}
    for node in ast.walk(tree):
        if _is_digit_rule(node):
            lines.setdefault(node.lineno, []).append(ast.unparse(node))
    return [DigitRule(f"{name}:{line}", "; ".join(texts), fact)
            for line, texts in sorted(lines.items())]


def _files(paths: Sequence[Path]) -> Iterator[tuple[Path, str]]:
    """(file, the name the report gives it) for each .py and .json file under ``paths``."""
    for path in paths:
        base = path.parent
        found = [path] if path.is_file() else sorted(path.rglob("*"))
        for f in found:
            if f.suffix in (".py", ".json") and f.is_file():
                yield f, f.relative_to(base).as_posix()


def measure(paths: Sequence[Path]) -> Report:
    """Measure every Python and settings file under ``paths`` (folders or files)."""
    report = Report()
    for f, name in _files(paths):
        if f.suffix == ".json":
            if any(f.with_suffix(s).exists() for s in MODEL_SUFFIXES):
                report.metadata.append(name)
            else:
                report.numbers += settings_numbers(json.loads(f.read_text(encoding="utf-8")), name)
            continue
        tree = ast.parse(f.read_text(encoding="utf-8"), filename=str(f))
        report.numbers += tuned_numbers(tree, name)
        report.functions += complexities(tree, name)
        report.rules += digit_rules(tree, name)
    return report


def as_text(report: Report, top: int) -> str:
    """The report for a person: the figures against the targets, then where to start."""
    fig = report.figures()
    worst = report.over()
    out = [
        f"tuned numbers: {fig['tuned_numbers']} ({fig['named_constants']} in named module "
        f"constants, {fig['settings_numbers']} in settings files; "
        f"{len(report.metadata)} model metadata files not counted)   target <= {MAX_NUMBERS}",
        f"max complexity: {fig['max_complexity']}; {fig['functions_above_15']} functions above "
        f"{MAX_COMPLEXITY}   target: none above {MAX_COMPLEXITY}",
        f"digit rules outside the print facts: {fig['digit_rules_outside_print_facts']} "
        f"(of {fig['digit_rules']})   target 0",
        "",
        f"most tuned numbers (top {top}):",
        *(f"  {count:4d}  {name}" for name, count in report.modules()[:top]),
        "",
        f"functions above {MAX_COMPLEXITY}:",
        *(f"  {f.complexity:4d}  {f.where} {f.name}" for f in worst),
        "",
        "digit rules:",
        *(f"  {r.where}  {r.text}  [{r.fact or 'not a print fact'}]" for r in report.rules),
    ]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the report; exit status 2 with a message when a path is missing or unreadable."""
    parser = argparse.ArgumentParser(prog="python -m tools.vision_simplicity",
                                     description=__doc__.split("\n", 1)[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[VISION],
                        help="folders or files to measure (default: vision/)")
    parser.add_argument("--json", action="store_true", help="figures and findings as JSON")
    parser.add_argument("--top", type=int, default=5, help="how many modules to list by numbers")
    args = parser.parse_args(argv)
    for p in args.paths:
        if not p.exists():
            print(f"{p}: no such file or folder; give vision/ or files in it", file=sys.stderr)
            return 2
    try:
        report = measure(args.paths)
    except (SyntaxError, ValueError, UnicodeDecodeError, OSError) as e:
        print(f"cannot measure: {e}; the file must be valid Python or JSON", file=sys.stderr)
        return 2
    if args.json:
        text = json.dumps({"figures": report.figures(), "modules": dict(report.modules()),
                           "functions_above_15": [asdict(f) for f in report.over()],
                           "digit_rules": [asdict(r) for r in report.rules],
                           "model_metadata": report.metadata}, indent=1)
    else:
        text = as_text(report, args.top)
    try:
        print(text)
        sys.stdout.flush()  # a reader gone (``| head``) shows here
    except BrokenPipeError:
        # As Python's documentation advises: point stdout at /dev/null so the flush at exit
        # does not fail once more; 141 is a shell's status for a closed pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return 0


if __name__ == "__main__":
    sys.exit(main())
