"""The ``--profile NAME`` option shared by read, solve and scan: which calibration profile's
templates, classifier and cube settings the reader uses."""
from __future__ import annotations

import argparse
from typing import Any


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
