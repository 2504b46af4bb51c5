"""The project explains itself: every reference in code, help texts, README and docs/ resolves
inside the repository.

A clone holds only the repository, so nothing may send a reader to texts it does not contain
(shared convention or fact sheets, numbered seeds or issues, folders beside the checkout); and
every relative link or file path the README and docs/ give must name a file that exists.
"""
from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import build_parser
from tests.sources import parsed

ROOT = Path(__file__).resolve().parents[1]
SKIP_DIRS = {".git", ".venv", "tests", "build", "__pycache__", ".pytest_cache", ".hypothesis"}
TEXT_SUFFIXES = {".py", ".c", ".md", ".toml", ".sh", ".txt", ".cfg", ".svg"}

OUTSIDE = re.compile(
    r"CONVENTIONS\.md|FACTS\.md|\.\./shared|\.\./main/|/work/shared|/work/wt|/work/main|"
    r"(?i:\bseeds?[ _]?0\d\d\b|\bissues?\s*#?\d+)")
"""Strings that point outside the repository (the shared sheets, seeds, issue numbers, the
helpers' work folders and a checkout beside this one)."""

MD_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE_PATH = re.compile(r"`((?:[\w.-]+/)+[\w.-]+\.(?:py|c|md|json|npz|svg|png|sh))`")
TOP_FOLDERS = "models|vision|render|assistant|calibration|storage|samples|tools|tests|docs|scripts"
FOLDER_PATH = re.compile(rf"(?<![\w./-])((?:{TOP_FOLDERS})/[\w/.-]*\w)")
"""A path into one of the repository's folders, in backticks or not (`vision/cells/ink.py`)."""
MODULE_NAME = re.compile(
    r"`((?:sudoku_cube\.)?(?:models|vision|render|assistant|calibration|storage|tools)(?:\.\w+)+)`")
"""A dotted module, or a name in a module, written in backticks
(`vision.cells.warp.cell_beside`)."""
CODE_SPAN = re.compile(r"`([^`]+)`")
MODULE_AND_NAME = re.compile(r"`((?:[\w-]+/)+[\w-]+\.py)`\s+`([A-Za-z_]\w*)(?:\(\))?`")
"""A module's path followed by a name in it (`vision/polarity.py` `sticker_channel`)."""


def _project_files() -> list[Path]:
    out = []
    for p in sorted(ROOT.rglob("*")):
        rel = p.relative_to(ROOT)
        if any(part in SKIP_DIRS or part.endswith(".egg-info") for part in rel.parts):
            continue
        if p.is_file() and (p.suffix in TEXT_SUFFIXES or p.name in ("Makefile", "run")):
            out.append(p)
    return out


def _markdown_files() -> list[Path]:
    return [ROOT / "README.md", ROOT / "samples" / "README.md",
            *sorted((ROOT / "docs").glob("*.md"))]


def _help_texts(parser: argparse.ArgumentParser, name: str = "sudoku-cube"
                ) -> list[tuple[str, str]]:
    """The --help text of the parser and of every subcommand below it."""
    out = [(name, parser.format_help())]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub_name, sub in action.choices.items():
                out.extend(_help_texts(sub, f"{name} {sub_name}"))
    return out


def _anchors(markdown: str) -> set[str]:
    """GitHub-style heading anchors of a markdown text."""
    out = set()
    for line in markdown.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            title = re.sub(r"[^\w\- ]", "", title)
            out.add(title.replace(" ", "-"))
    return out


def test_no_file_points_outside_the_repository():
    files = _project_files()
    assert any(f.name == "README.md" for f in files) and len(files) > 50
    hits = []
    for f in files:
        for n, line in enumerate(f.read_text(errors="replace").splitlines(), 1):
            if OUTSIDE.search(line):
                hits.append(f"{f.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not hits, "references outside the repository (point them at docs/):\n" + "\n".join(hits)


def test_no_help_text_points_outside_the_repository():
    texts = _help_texts(build_parser(every=True))
    assert len(texts) > 12  # every command, the bench and calibrate subcommands
    bad = [name for name, text in texts if OUTSIDE.search(text)]
    assert not bad, f"--help texts pointing outside the repository: {bad}"


@pytest.mark.parametrize("md", _markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_markdown_links_and_paths_resolve(md: Path):
    text = md.read_text()
    broken = []
    for target in MD_LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        dest = (md.parent / path).resolve() if path else md
        if not dest.exists() or ROOT not in (dest, *dest.parents):
            broken.append(f"link {target}: no such file in the repository")
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest.read_text()):
            broken.append(f"link {target}: no heading #{anchor} in {dest.name}")
    for path in CODE_PATH.findall(text):
        if not ((ROOT / path).exists() or (md.parent / path).exists()):
            broken.append(f"path `{path}`: no such file")
    assert not broken, f"{md.relative_to(ROOT)}:\n" + "\n".join(broken)


def _defines(module: Path, name: str) -> bool:
    """Whether ``module`` defines or imports ``name`` at any level (function, class, constant)."""
    for node in ast.walk(parsed(module)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found = node.name == name
        elif isinstance(node, ast.Assign):
            found = any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
        elif isinstance(node, ast.AnnAssign):
            found = isinstance(node.target, ast.Name) and node.target.id == name
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found = any((a.asname or a.name) == name for a in node.names)
        else:
            found = False
        if found:
            return True
    return False


def _module_exists(dotted: str) -> bool:
    """Whether a dotted name (``vision.cells.warp``, ``vision.stats.median_of``) names a
    package, a module, or a name defined in a module of this repository."""
    parts = dotted.split(".")
    if parts[0] == "sudoku_cube":
        parts = parts[1:]
    here = ROOT
    for i, part in enumerate(parts):
        if (here / part).is_dir():
            here = here / part
        elif (here / f"{part}.py").exists():
            rest = parts[i + 1:]
            return not rest or _defines(here / f"{part}.py", rest[0])
        else:
            return here != ROOT and (here / "__init__.py").exists() and _defines(
                here / "__init__.py", part)
    return True


@pytest.mark.parametrize("md", _markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_markdown_names_folders_and_modules_that_exist(md: Path):
    """Folder paths (`vision/locate/detect.py`, with or without backticks), dotted module
    names (`vision.cells.warp.cell_beside`) and a module's path followed by a name in it
    (`vision/polarity.py` `sticker_channel`) name what the repository holds: a module moved
    into a stage folder, or a function moved between modules, leaves no old name behind."""
    broken = []
    for path, name in MODULE_AND_NAME.findall(" ".join(md.read_text().split())):
        if (ROOT / path).exists() and not re.fullmatch(r"[0-9a-f]{7,40}", name) and not _defines(
                ROOT / path, name):
            broken.append(f"`{path}` `{name}`: {path} defines no {name}")
    for n, line in enumerate(md.read_text().splitlines(), 1):
        for path in FOLDER_PATH.findall(line):
            if "*" not in line and not (ROOT / path.rstrip(".")).exists():
                broken.append(f"{n}: path {path}: no such file or folder")
        for dotted in MODULE_NAME.findall(line):
            if not _module_exists(dotted):
                broken.append(f"{n}: module {dotted}: no such module or name")
    assert not broken, f"{md.relative_to(ROOT)}:\n" + "\n".join(broken)


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _command_errors(span: str, parser: argparse.ArgumentParser) -> list[str]:
    """What is wrong with a command written in the docs (`sudoku-cube bench vision --no-ocr`,
    or `bench grid --n 200` for short): a subcommand that does not exist, or an option that
    the (sub)command does not take."""
    words = span.split()
    if words[0] == "sudoku-cube":
        words = words[1:]
    elif not (words[0] == "bench" and len(words) > 1 and words[1] in _subparsers(
            _subparsers(parser)["bench"])):
        return []
    errors, path = [], []
    for word in words:
        below = _subparsers(parser)
        if word in below:
            parser, path = below[word], [*path, word]
        elif below and re.fullmatch(r"[a-z][a-z0-9-]*", word) and not path[-1:] == ["bench"]:
            errors.append(f"`{span}`: no command {' '.join([*path, word])}")
            break
        else:
            break
    options = {o for a in parser._actions for o in a.option_strings}
    errors += [f"`{span}`: {' '.join(['sudoku-cube', *path])} takes no {o}"
               for o in re.findall(r"(?<![\w-])--[\w-]+", span) if o not in options]
    return errors


@pytest.mark.parametrize("md", _markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_markdown_commands_take_the_options_they_show(md: Path):
    """Every `sudoku-cube ...` (and `bench NAME ...`) command in the docs names real
    subcommands and options, so that a reader who copies it is not told it is wrong."""
    parser = build_parser(every=True)
    text = re.sub(r"^```.*$", "", md.read_text(), flags=re.M)  # fenced blocks: not spans
    errors = []
    for span in CODE_SPAN.findall(text):
        errors += _command_errors(" ".join(span.split()), parser)
    assert not errors, f"{md.relative_to(ROOT)}:\n" + "\n".join(errors)


def test_the_checks_catch_what_they_look_for():
    for s in ("see CONVENTIONS.md", "FACTS.md", "../shared/x", "../main/.venv/bin/python",
              "seed 000's trick",
              "Seed 001", "(issue 3)", "issue #12"):
        assert OUTSIDE.search(s), s
    for s in ("docs/conventions.md", "[facts](cube-facts.md)", "random seed 7", "--seed 90000",
              "an issue with glare"):
        assert not OUTSIDE.search(s), s
    assert "seeing-a-face-the-net" in _anchors("## Seeing a face (the net)")
    assert FOLDER_PATH.findall("see vision/warp.py and `vision/cells/warp.py`") == [
        "vision/warp.py", "vision/cells/warp.py"]
    assert _module_exists("vision.cells.warp") and _module_exists("sudoku_cube.render.second")
    assert not _module_exists("vision.warp") and not _module_exists("vision.cells.warp.no_such")
    assert MODULE_AND_NAME.findall("(`vision/cells/warp.py` `sticker_channel`: on") == [
        ("vision/cells/warp.py", "sticker_channel")]
    assert _defines(ROOT / "vision/polarity.py", "sticker_channel")
    assert not _defines(ROOT / "vision/cells/warp.py", "sticker_channel")
    parser = build_parser(every=True)
    assert not _command_errors("sudoku-cube bench vision --no-ocr --photos faces", parser)
    assert not _command_errors("bench grid --n 200", parser)
    assert _command_errors("sudoku-cube bench vision --no-such-option", parser)
    assert _command_errors("sudoku-cube solve --camera", parser)
    assert _command_errors("sudoku-cube sovle photos/", parser)


PACKAGES = ("models", "storage", "render", "vision", "calibration", "samples", "assistant",
            "tools")


def _imported_packages(package: str) -> set[str]:
    """The other project packages that any module of ``package`` imports (anywhere in it):
    relative imports followed by folder, absolute ones (``tools/``) by name."""
    found = set()
    for f in (ROOT / package).rglob("*.py"):
        for node in ast.walk(parsed(f)):
            parts: list[str] = []
            if isinstance(node, ast.Import):
                parts = node.names[0].name.split(".")
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                parts = node.module.split(".")
            elif isinstance(node, ast.ImportFrom):
                base = f.parents[node.level - 1] / (node.module or "").replace(".", "/")
                rel = base.resolve().relative_to(ROOT).parts
                parts = ["sudoku_cube", *rel[:1]]
            if parts and parts[0] == "sudoku_cube" and len(parts) > 1 and parts[1] != package:
                found.add(parts[1])
    return found


def _documented_imports() -> dict[str, set[str]]:
    """The package table of docs/design.md: package -> the packages it imports."""
    out = {}
    for line in (ROOT / "docs" / "design.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].strip("`") in PACKAGES:
            out[cells[0].strip("`")] = set(re.findall(r"`(\w+)`", cells[2]))
    return out


def test_design_doc_shows_the_imports_of_the_code():
    documented = _documented_imports()
    assert set(documented) == set(PACKAGES), "docs/design.md's package table lists every package"
    actual = {p: _imported_packages(p) for p in PACKAGES}
    assert actual["assistant"] and not actual["models"]
    wrong = {p: f"docs say {sorted(documented[p])}, code imports {sorted(actual[p])}"
             for p in PACKAGES if documented[p] != actual[p]}
    assert not wrong, f"docs/design.md's package table differs from the code: {wrong}"


def test_design_picture_names_every_package_and_stage():
    import xml.etree.ElementTree as ET

    svg = ET.parse(ROOT / "docs" / "design.svg").getroot()
    words = " ".join(t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text"))
    missing = [f"{p}/" for p in PACKAGES if f"{p}/" not in words]
    missing += [s for s in ("photo", "reading", "state", "grid", "plan", "guide") if s not in words]
    assert not missing, f"docs/design.svg does not show {missing}"
    for path in re.findall(r"\b([a-z]+/[\w/]+\.py)\b", words):
        assert (ROOT / path).exists(), f"docs/design.svg names {path}, which does not exist"


def test_help_texts_read_as_plain_sentences():
    """No help text stops mid-sentence (an unclosed bracket: a docstring's first line cut off)
    or shows reStructuredText markup (``name``) to the person at the terminal."""
    bad = []
    for name, text in _help_texts(build_parser(every=True)):
        if "``" in text:
            bad.append(f"{name}: ``markup``")
        if text.count("(") != text.count(")"):
            bad.append(f"{name}: unbalanced brackets (a sentence cut off?)")
    assert not bad, "\n".join(bad)


def test_no_help_text_names_a_profile_its_command_cannot_be_given():
    """A command's help that speaks of "the profile's" settings belongs to a command with
    ``--profile``: ``generate``, which has none, said "(default 1, or the profile's)"."""
    bad = [name for name, text in _help_texts(build_parser(every=True))
           if "profile's" in " ".join(text.split()) and "--profile" not in text]
    assert not bad, bad
