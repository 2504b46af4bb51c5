"""The syntax trees of the project's source files, parsed once per test process: the tests of
the architecture, the docs and the seams walk the same few hundred files, and parsing them
again for each test cost more than the checks themselves. The trees are only read."""
from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of the Python file ``path`` (read as UTF-8)."""
    return ast.parse(path.read_text(encoding="utf-8"))
