"""The shape of the code, read from its import statements (AST of every module, nothing run).

Inside the packages our own modules are imported relatively, so the checkout reads like the
installed package: every import, followed by folder from the importing file, reaches the file
Python loads for it (the checkout root is a package, standing for ``sudoku_cube``).

Packages depend one way: assistant -> calibration -> (render, vision) -> storage -> models, with
samples (the sample data and their builder) beside calibration, using render. ``models`` imports
nothing else of ours and no cv2, rich or file-system libraries; no module imports itself back
through a chain of others; nothing installed imports the offline ``tools/``. Imports stand at
the top of modules, except at a command's entry; the CLI imports only the command being run
(by name, from its command table), so ``sudoku-cube --help`` loads none of the heavy libraries.

Inside the assistant, floors: ``services`` (what any front end calls: no rich, no terminal)
below the two front ends, ``terminal`` (rich views, key loops, camera windows) and ``web`` (the
phone's page), below the benchmarks, which measure them and which only the ``bench`` command
imports, below the command line (``commands`` and ``cli``, then the console script's
``entry``).
"""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.sources import parsed

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("models", "storage", "render", "vision", "samples", "calibration", "assistant")
LAYER = {"models": 0, "storage": 1, "render": 2, "vision": 2, "samples": 3, "calibration": 3,
         "assistant": 4}
"""A package may import only packages of a lower layer (and itself)."""
ALLOWED_ACROSS = {("samples", "render"), ("calibration", "vision"), ("assistant", "samples")}
"""Pairs of packages whose layers alone do not decide it: the builder of the samples renders
photos; calibration fits vision's recognisers; the assistant's ``generate`` writes samples."""
FORBIDDEN_IN_MODELS = ("cv2", "rich", "PIL", "pytesseract", "platformdirs", "pathlib",
                       "tempfile", "shutil")
OPTIONAL = {("models/plan/centre_search.py", "_twophase"),
            ("assistant/terminal/keys.py", "termios"),
            ("assistant/terminal/keys.py", "readline"),
            ("assistant/terminal/keys.py", "tty"), ("assistant/terminal/guide_watch.py", "termios"),
            ("assistant/terminal/guide_watch.py", "tty"), ("storage/file_lock.py", "fcntl"),
            ("assistant/entry.py", "cli"), ("assistant/cli.py", "metadata")}
"""Imports that may fail on purpose, so they stand where they are used: the optional C
extension, the POSIX-only terminal, line editing and locking modules; the console script's
import of the CLI, which stands inside its Ctrl-C guard (``assistant/entry.py``); and the
package metadata, read only for ``--version`` (loading it cost every command's start-up)."""
FLOOR = {"services": 0, "terminal": 1, "web": 1, "bench": 2, "commands": 3, "entry": 4}
"""The assistant's rooms by floor: a module imports only its own room and rooms on lower
floors (so the two front ends do not import each other; the benchmarks measure them)."""
TERMINAL_LIBRARIES = ("rich", "termios", "tty", "curses", "readline", "getpass")
"""What a service may not import: it prints nothing and reads no keys."""
BENCH_USERS = ("sudoku_cube.assistant.commands.bench",)
"""The one module outside the benchmarks that imports them: the ``bench`` command."""
LAZY_ALLOWED = ("assistant/commands/", "assistant/bench/")
"""A command's entry: the one place an import may stand inside a function (the CLI imports
only the command being run, so these modules never slow ``--help`` down either way)."""


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(["sudoku_cube", *parts])] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> list[tuple[str, ast.stmt, bool]]:
    """(imported module, statement, inside a function or class) for every import of a module."""
    tree = parsed(path)
    is_pkg = path.name == "__init__.py"
    out = []

    def visit(node: ast.AST, nested: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                out.extend((a.name, child, nested) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    pkg = name.split(".")[: len(name.split(".")) - child.level + is_pkg]
                    base = ".".join(pkg + ([base] if base else []))
                for a in child.names:
                    full = f"{base}.{a.name}"
                    out.append((full if full in MODULES else base, child, nested))
            visit(child, nested or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                      ast.ClassDef, ast.Lambda)))

    visit(tree, False)
    return out


IMPORTS = {name: _imports(name, path) for name, path in MODULES.items()}


def _package(module: str) -> str:
    return module.split(".")[1]


def _rel(module: str) -> str:
    return str(MODULES[module].relative_to(ROOT))


def _followed(path: Path, node: ast.ImportFrom) -> Path | None:
    """Where a relative import leads when followed by folders, as a reader of the checkout or
    a structure tool follows it: the module's file or its package's ``__init__.py`` (None when
    neither exists, or the import climbs out of the checkout)."""
    if node.level > len(path.relative_to(ROOT).parts):
        return None
    base = path.parents[node.level - 1].joinpath(*(node.module or "").split(".") if node.module
                                                 else ())
    for found in (base.with_suffix(".py"), base / "__init__.py"):
        if found.is_file():
            return found
    return None


def test_our_imports_follow_the_folders():
    """Inside the packages, our own modules are imported relatively (``from ..models.cube.state
    import CubeState``), never by the installed name, and every such import, followed folder
    by folder from the importing file, reaches the file Python loads for it installed. The
    checkout root is a package (``__init__.py``), so a reader climbing from ``assistant/`` to
    ``models/`` stays inside the project, as it stays inside ``sudoku_cube`` installed."""
    assert (ROOT / "__init__.py").is_file()
    bad = []
    for mod, path in MODULES.items():
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names if a.name.split(".")[0] == "sudoku_cube"]
                bad += [f"{_rel(mod)}:{node.lineno} imports {n} by name" for n in names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                if (node.module or "").split(".")[0] == "sudoku_cube":
                    bad.append(f"{_rel(mod)}:{node.lineno} imports {node.module} by name")
            elif isinstance(node, ast.ImportFrom):
                found = _followed(path, node)
                by_name = [t for t, stmt, _ in IMPORTS[mod] if stmt is not None
                           and stmt.lineno == node.lineno and t in MODULES]
                if found is None:
                    bad.append(f"{_rel(mod)}:{node.lineno}: {ast.unparse(node)} leads nowhere")
                elif not any(MODULES[t] == found or MODULES[t].parent == found.parent
                             and found.name == "__init__.py" for t in by_name):
                    bad.append(f"{_rel(mod)}:{node.lineno}: {ast.unparse(node)} leads to "
                               f"{found.relative_to(ROOT)}, installed to {by_name}")
    assert not bad, "\n".join(bad)


def test_the_walk_sees_every_package():
    assert {_package(m) for m in MODULES} == set(PACKAGES)
    assert len(MODULES) > 100


def test_packages_import_only_packages_below_them():
    bad = []
    for mod, imports in IMPORTS.items():
        for target, stmt, _ in imports:
            if not target.startswith("sudoku_cube."):
                continue
            a, b = _package(mod), _package(target)
            if a != b and LAYER[b] >= LAYER[a] and (a, b) not in ALLOWED_ACROSS:
                bad.append(f"{_rel(mod)}:{stmt.lineno} imports {target}")
    assert not bad, "\n".join(bad)


def _room(module: str) -> str | None:
    """The assistant room of a module (``services``, ``terminal``, ...), None outside; the
    command line is one room, its parser (``cli.py``) and the commands it runs."""
    parts = module.split(".")
    if len(parts) < 3 or parts[1] != "assistant":
        return None
    return "commands" if parts[2] == "cli" else parts[2]


def test_every_assistant_module_stands_on_a_floor():
    rooms = {_room(m) for m in MODULES if _room(m)}
    assert rooms == set(FLOOR), rooms ^ set(FLOOR)


def test_assistant_floors_point_down():
    bad = []
    for mod, imports in IMPORTS.items():
        a = _room(mod)
        for target, stmt, _ in imports:
            b = _room(target)
            if a is None or b is None or a == b:
                continue
            if FLOOR[b] >= FLOOR[a]:
                bad.append(f"{_rel(mod)}:{stmt.lineno} ({a}) imports {target} ({b})")
    assert not bad, "\n".join(bad)


def test_services_import_no_terminal_library():
    bad = [f"{_rel(m)}:{stmt.lineno} imports {t}" for m, imports in IMPORTS.items()
           if _room(m) == "services" for t, stmt, _ in imports
           if t.split(".")[0] in TERMINAL_LIBRARIES]
    assert not bad, "\n".join(bad)


def test_the_front_ends_stand_on_the_services():
    """The terminal's views and loops, and the web front end, call the services for the work
    (and the floor check above sees real edges: were imports not followed, this would fail)."""
    for front, needs in (("terminal", {"pipeline", "guide", "review"}),
                         ("web", {"guide", "sessions"})):
        used = {t.split(".")[3] for m, imports in IMPORTS.items() if _room(m) == front
                for t, _, _ in imports if _room(t) == "services"}
        assert needs <= used, (front, sorted(used))


def test_only_the_bench_command_imports_the_benchmarks():
    bad = [f"{_rel(m)}:{stmt.lineno} imports {t}" for m, imports in IMPORTS.items()
           if _room(m) != "bench" and m not in BENCH_USERS for t, stmt, _ in imports
           if _room(t) == "bench"]
    assert not bad, "\n".join(bad)
    assert any(_room(t) == "bench" for m in BENCH_USERS for t, _, _ in IMPORTS[m])


def test_models_is_pure():
    bad = [f"{_rel(m)}:{stmt.lineno} imports {t}" for m, imports in IMPORTS.items()
           if _package(m) == "models" for t, stmt, _ in imports
           if t.split(".")[0] in FORBIDDEN_IN_MODELS]
    assert not bad, "\n".join(bad)


def test_no_import_cycles():
    """Tarjan over module edges; a submodule naming its own package (the package re-exports
    the submodule's names) is no edge."""
    graph = {m: {t for t, _, _ in imps if t in MODULES and not m.startswith(t + ".")}
             for m, imps in IMPORTS.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in graph:
        if v not in index:
            strong(v)
    assert not cycles, cycles


def test_nothing_installed_imports_tools_or_tests():
    bad = [f"{_rel(m)}:{stmt.lineno} imports {t}" for m, imports in IMPORTS.items()
           for t, stmt, _ in imports if t.split(".")[0] in ("tools", "tests")]
    assert not bad, "\n".join(bad)


def test_the_web_front_imports_no_terminal():
    """The phone page's server (``assistant/web``) stands beside the terminal: neither it nor
    anything it imports, however indirectly, loads rich or a terminal module."""
    seen, todo, bad = set(), [m for m in MODULES if m.startswith("sudoku_cube.assistant.web")], []
    while todo:
        mod = todo.pop()
        if mod in seen:
            continue
        seen.add(mod)
        for target, stmt, _ in IMPORTS[mod]:
            if target.split(".")[0] in ("rich", "termios", "tty"):
                bad.append(f"{_rel(mod)}:{stmt.lineno} imports {target}")
            elif target in MODULES:
                todo.append(target)
    assert len(seen) > 10 and not bad, "\n".join(bad)


def test_no_dynamic_imports_or_fallbacks():
    """Modules are imported by name: no importlib outside the CLI's command table, no
    ``except ImportError`` except for the optional extension and POSIX-only modules."""
    bad = []
    for mod, path in MODULES.items():
        tree = parsed(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Try) and any(
                    isinstance(h.type, ast.Name) and h.type.id in ("ImportError",
                                                                   "ModuleNotFoundError")
                    for h in node.handlers):
                names = {a.name.split(".")[-1] for stmt in ast.walk(node)
                         if isinstance(stmt, (ast.Import, ast.ImportFrom)) for a in stmt.names}
                optional = all((_rel(mod), n) in OPTIONAL for n in names)
                if not optional:
                    bad.append(f"{_rel(mod)}:{node.lineno} falls back on ImportError")
        if _rel(mod) != "assistant/cli.py" and any(t == "importlib" or t.startswith("importlib.")
                                                   for t, _, _ in IMPORTS[mod]):
            bad.append(f"{_rel(mod)} imports importlib")
    assert not bad, "\n".join(bad)


def test_imports_stand_at_the_top_of_modules():
    bad = [f"{_rel(m)}:{stmt.lineno}: {ast.unparse(stmt)}" for m, imports in IMPORTS.items()
           if not _rel(m).startswith(LAZY_ALLOWED)
           for t, stmt, nested in imports
           if nested and (_rel(m), t.split(".")[-1]) not in OPTIONAL]
    assert not bad, "\n".join(sorted(set(bad)))


def test_every_command_is_listed_with_the_help_its_module_gives():
    from sudoku_cube.assistant.cli import COMMANDS, build_parser

    sub = next(a for a in build_parser(every=True)._actions if a.dest == "command")
    helps = {c.dest: c.help for c in sub._choices_actions}
    assert helps == COMMANDS


def test_help_loads_no_heavy_library():
    code = ("import sys\nfrom sudoku_cube.assistant.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "heavy = {'cv2', 'ortools', 'rich', 'numpy', 'PIL', 'kociemba', 'pytesseract'}\n"
            "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().splitlines()[-1] == "[]", out


VISION_STAGES = ("photo", "locate", "cells", "recognise", "reading")
"""Vision's stages in the order a photo flows through them (each a folder of ``vision/``)."""
VISION_SHARED = ("polarity", "stats", "model_files", "numeric")
"""The modules directly in ``vision/``: helpers any stage may use (the ink's polarity and value
channel, which locating needs as much as the cells do; order statistics; model files; the
numbers that mean the same everywhere)."""
STAGE_EDGES = {("cells", "locate"), ("recognise", "cells"), ("recognise", "locate"),
               ("reading", "photo"),
               ("reading", "locate"), ("reading", "cells"), ("reading", "recognise")}
"""The stage imports that exist, every one against the flow's order: a stage imports only
stages before it (photo <- locate <- cells <- recognise <- reading), never one after it
(the recognisers name a face's place by the locator's geometry; the locator weighs the cell
model's digits only as a function the reading stage hands it)."""


def _stage(module: str) -> str | None:
    """The vision stage of a module (``locate`` for ``sudoku_cube.vision.locate.corners.x``),
    ``shared`` for a helper directly in ``vision/``, None outside vision."""
    parts = module.split(".")
    if len(parts) < 3 or parts[1] != "vision":
        return None
    return parts[2] if parts[2] in VISION_STAGES else "shared"


def test_every_vision_module_stands_in_a_stage():
    loose = sorted(m for m in MODULES if _stage(m) == "shared"
                   and m.split(".")[2] not in VISION_SHARED)
    assert not loose, loose
    assert {_stage(m) for m in MODULES if _stage(m)} == {*VISION_STAGES, "shared"}


def test_vision_stages_depend_one_way():
    """photo <- locate <- cells <- recognise <- reading: a lower stage never imports a higher
    one, the shared helpers import no stage, and the edges that exist are the ones listed."""
    order = {s: i for i, s in enumerate(VISION_STAGES)}
    bad, seen = [], set()
    for mod, imports in IMPORTS.items():
        a = _stage(mod)
        for target, stmt, _ in imports:
            b = _stage(target)
            if a is None or b is None or a == b or b == "shared":
                continue
            seen.add((a, b))
            if a == "shared" or order[b] > order[a]:
                bad.append(f"{_rel(mod)}:{stmt.lineno} ({a}) imports {target} ({b})")
    assert not bad, "\n".join(bad)
    assert seen == STAGE_EDGES, seen ^ STAGE_EDGES
