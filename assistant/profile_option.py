"""The ``--profile NAME`` option shared by read, solve and scan: which calibration profile's
templates, classifier and cube settings the reader uses."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from models.profile import CubeSettings


def add_profile_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--profile`` (default: the built-in profile)."""
    parser.add_argument("--profile", default=None, metavar="NAME",
                        help="calibration profile to read with (see `sudoku-cube profiles`)")


def reader_options(args: argparse.Namespace) -> dict[str, Any]:
    """Keyword arguments for ``vision.read_folder`` / ``read_face`` from ``--profile``
    (empty for the built-in default, so vision uses its own defaults)."""
    name = getattr(args, "profile", None)
    if not name or name == "default":
        return {}
    from calibration.profiles import load_profile

    return load_profile(name).reader_options()


def cube_settings(args: argparse.Namespace) -> "CubeSettings":
    """The cube settings for a command: the ``--profile``'s settings (the built-in defaults
    without one), with ``--symmetric`` overriding the profile's symmetric digits when it is
    given explicitly. A missing or broken profile is an error (exit 2), never ignored."""
    from dataclasses import replace

    from models.errors import SudokuCubeError
    from models.profile import CubeSettings, parse_symmetric

    name = getattr(args, "profile", None)
    settings = CubeSettings()
    if name and name != "default":
        from calibration.profiles import load_profile

        settings = load_profile(name).settings
    text = getattr(args, "symmetric", None)
    if text is not None and (text != "1" or not name):
        try:
            settings = replace(settings, symmetric=parse_symmetric(text))
        except ValueError as e:
            raise SudokuCubeError(str(e)) from None
    return settings
