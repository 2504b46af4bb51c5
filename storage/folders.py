"""Where sudoku-cube keeps the user's files.

* :func:`data_dir`: calibration profiles (:func:`profiles_root`), scan and guide sessions. The
  platform's user data folder (``~/.local/share/sudoku-cube`` on Linux, from platformdirs), or
  the folder named by the environment variable ``SUDOKU_CUBE_HOME`` (tests and portable
  installs).
* :func:`cache_dir`: files that can be rebuilt (a classifier trained when the shipped one does
  not fit, the planner's tables): the folder named by ``SUDOKU_CUBE_CACHE``, else the
  platform's user cache folder (``~/.cache/sudoku-cube`` on Linux).

Nothing is created here; the writers (:mod:`storage.atomic`) create what they write into.
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

HOME_ENV = "SUDOKU_CUBE_HOME"
"""Environment variable naming the folder for the user's data instead of the platform's."""
CACHE_ENV = "SUDOKU_CUBE_CACHE"
"""Environment variable naming the folder for rebuildable files instead of the platform's."""
APP_NAME = "sudoku-cube"


def data_dir() -> Path:
    """The folder for profiles and sessions (not created here; writers create it)."""
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """The folder for files that can be rebuilt (not created here)."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def profiles_root() -> Path:
    """The folder with one sub-folder per saved calibration profile."""
    return data_dir() / "profiles"
