"""The reader seam, read from the code (AST, nothing run): what a reading needs crosses
calibration, the assistant and the tools as a typed ``vision.reading.reader.Reader``, never as a
dict of options (no public function takes or returns reader options as a dict or ``Any``, no call
expands them with ``**``), nothing outside vision calls the stage functions the Reader wraps,
and neither calibration nor the assistant reaches past the Reader into the recognise stage (the
recognisers, the learned models' shipped copies), so a reading there votes with what its Reader
holds."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.sources import parsed

ROOT = Path(__file__).resolve().parent.parent
SEAM_PACKAGES = ("vision", "calibration", "assistant", "tools")
OUTSIDE_VISION = ("calibration", "assistant", "tools")
STAGE_FUNCTIONS = {"read_face", "read_face_photos", "read_corner_photo", "read_located",
                   "read_corner_folder", "read_folder"}
"""The reading's stage functions (vision/reading/faces.py, vision/reading/corners.py,
vision/reading/photo_set.py): outside vision they are called through a Reader's methods."""
READ_THROUGH_THE_READER = ("calibration", "assistant")
RECOGNISE_STAGE = {"recognise_face", "analyse_cells", "read_cells", "read_again", "hypotheses",
                   "readings", "cell_vote", "shipped_cell_model", "shipped_underline_model"}
"""The recognise stage (vision/recognise/face.py, evidence.py, read_again.py) and the shipped
learned models it would otherwise vote with: a Reader carries its models down to them."""
RECOGNISE_MODULES = frozenset({"face", "evidence", "read_again"})
"""The recognise stage's modules, which ``from ...vision.recognise import evidence`` would
reach past the Reader."""


def _sources(packages: tuple[str, ...]) -> list[Path]:
    return [p for pkg in packages for p in sorted((ROOT / pkg).rglob("*.py"))]


def _seam_name(name: str) -> bool:
    return name in ("options", "reader") or name.endswith(("_options", "_reader"))


def _loose(annotation: ast.expr | None) -> bool:
    """True for an annotation that is a dict or Any (or holds one)."""
    if annotation is None:
        return False
    text = ast.unparse(annotation)
    return "dict" in text.lower() or "Any" in text


def _seam_problems(source: str, where: str) -> list[str]:
    tree = ast.parse(source)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                not node.name.startswith("_"):
            a = node.args
            params = a.posonlyargs + a.args + a.kwonlyargs
            for arg in params:
                if _seam_name(arg.arg) and (arg.annotation is None or _loose(arg.annotation)):
                    out.append(f"{where}:{node.lineno} {node.name}({arg.arg}) is not typed")
            if a.kwarg is not None and _seam_name(a.kwarg.arg):
                out.append(f"{where}:{node.lineno} {node.name}(**{a.kwarg.arg})")
            if _seam_name(node.name) or "reader_options" in node.name:
                if _loose(node.returns):
                    out.append(f"{where}:{node.lineno} {node.name} returns a loose type")
        if isinstance(node, ast.Call):
            called = ast.unparse(node.func).split(".")[-1]
            for kw in node.keywords:
                if kw.arg is None and ("reader" in ast.unparse(kw.value)
                                       or called in STAGE_FUNCTIONS | {"read_photo_set"}):
                    out.append(f"{where}:{node.lineno} expands **{ast.unparse(kw.value)}")
    return out


def test_reader_options_cross_no_seam_as_a_dict():
    problems = [p for path in _sources(SEAM_PACKAGES)
                for p in _seam_problems(path.read_text(encoding="utf-8"),
                                        str(path.relative_to(ROOT)))]
    assert not problems, "reader options not typed as a Reader:\n" + "\n".join(problems)


def _vision_module(node: ast.ImportFrom) -> str | None:
    """The module inside vision that ``node`` imports from ("vision.recognise.face"), written
    whole (``sudoku_cube.vision...``) or relative (``...vision...``); None for any other."""
    module = node.module or ""
    if node.level == 0 and module.startswith("sudoku_cube."):
        module = module.removeprefix("sudoku_cube.")
    elif node.level == 0:
        return None
    return module if module == "vision" or module.startswith("vision.") else None


def _imported(tree: ast.Module, where: str, names: set[str], modules: frozenset[str] = frozenset()
              ) -> list[str]:
    """Where ``tree`` imports one of ``names`` from vision, or one of the ``modules`` of
    vision.recognise as a module."""
    out = []
    for node in ast.walk(tree):
        module = _vision_module(node) if isinstance(node, ast.ImportFrom) else None
        if module is None:
            continue
        out += [f"{where}:{node.lineno} imports {a.name}" for a in node.names
                if a.name in names or (module == "vision.recognise" and a.name in modules)]
    return out


def _stage_imports(path: Path) -> list[str]:
    return _imported(parsed(path), str(path.relative_to(ROOT)), STAGE_FUNCTIONS)


def test_callers_outside_vision_read_through_the_reader():
    problems = [p for path in _sources(OUTSIDE_VISION) for p in _stage_imports(path)]
    assert not problems, ("read through vision.reading.reader.Reader instead:\n"
                          + "\n".join(problems))


def test_calibration_and_the_assistant_recognise_only_through_the_reader():
    problems = [p for path in _sources(READ_THROUGH_THE_READER)
                for p in _imported(parsed(path), str(path.relative_to(ROOT)), RECOGNISE_STAGE,
                                   RECOGNISE_MODULES)]
    assert not problems, ("read through vision.reading.reader.Reader, which carries its "
                          "models to the recognise stage:\n" + "\n".join(problems))


@pytest.mark.parametrize("source,found", [
    ("from ...vision.recognise.face import recognise_face", 1),
    ("from ..vision.recognise.evidence import analyse_cells, hypotheses", 2),
    ("from sudoku_cube.vision.recognise.cell_model import shipped_cell_model", 1),
    ("from ...vision.recognise import evidence", 1),
    ("from ...vision.recognise.footed import ones_verdict", 0),
    ("from ...vision.reading.reader import Reader", 0),
    ("from .evidence import analyse_cells", 0),
])
def test_the_recognise_check_sees_imports(source, found):
    tree = ast.parse(source)
    assert len(_imported(tree, "probe.py", RECOGNISE_STAGE, RECOGNISE_MODULES)) == found


@pytest.mark.parametrize("source,found", [
    ("def reader_options(args) -> dict[str, Any]: ...", 1),
    ("def photo_cells(face, reader: dict[str, Any] | None = None): ...", 1),
    ("def read(frame, **options: Any): ...", 1),
    ("f(img, ocr=False, **(reader or {}))", 1),
    ("read_folder(p, ocr=ocr_mode(args), **options)", 1),
    ("find_lattices(image, more=found.quads, **options)", 0),
    ("def photo_cells(face, reader: Reader = Reader()): ...", 0),
])
def test_the_seam_check_sees_dicts(source, found):
    assert len(_seam_problems(source, "probe.py")) == found
