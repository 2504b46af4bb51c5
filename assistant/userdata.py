"""Where the assistant keeps the user's data (scan and guide sessions).

The folder is the platform's user data directory (platformdirs); the environment variable
``SUDOKU_CUBE_HOME`` overrides it, so tests and portable installs can point elsewhere.
"""
from __future__ import annotations

import os
from pathlib import Path

ENV_HOME = "SUDOKU_CUBE_HOME"


def data_dir() -> Path:
    """The folder for sessions (not created here; writers create it when they write)."""
    override = os.environ.get(ENV_HOME)
    if override:
        return Path(override).expanduser()
    import platformdirs
    return Path(platformdirs.user_data_dir("sudoku-cube", appauthor=False))
