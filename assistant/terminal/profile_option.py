"""The cube options every command declares the same way: ``--profile NAME`` (which calibration
profile's templates, classifier and cube settings to use) and ``--symmetric DIGITS`` (digits that
look the same upside down, overriding the profile's). :func:`cube_settings` turns them into the
:class:`CubeSettings` a command works with; :func:`chosen_reader` into the :class:`Reader` its
photos are read with (with ``--ocr``/``--no-ocr`` where the command has them)."""
from __future__ import annotations

import argparse
import shlex
from dataclasses import replace

from ...calibration.profiles import Profile, load_profile
from ...models.errors import SudokuCubeError
from ...models.profile import CubeSettings, parse_symmetric
from ...vision.photo.camera_settings import CameraSettings
from ...vision.reading.reader import Reader
from ...vision.reading.faces import OcrMode


def add_profile_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--profile`` (default: the built-in profile)."""
    parser.add_argument("--profile", default=None, metavar="NAME",
                        help="calibration profile: how photos are read and how the cube "
                             "prints its digits (see `sudoku-cube profiles`)")


NO_SYMMETRIC = "none"
"""The ``--symmetric`` value of a cube with no symmetric digit (its 1 stands on a foot); ``""``
says the same."""

FOOT_ADVICE = f"if your cube's 1 has a foot, add --symmetric {NO_SYMMETRIC}"
"""How a person whose cube's 1 has a foot says so, where the 1 was taken as symmetric."""


def add_symmetric_option(parser: argparse.ArgumentParser,
                         default: str = "default 1, or the profile's") -> None:
    """Add ``--symmetric`` (default: none given, so the profile's digits, or 1); ``default``
    says in the help what a command without ``--profile`` takes instead."""
    parser.add_argument("--symmetric", default=None, metavar="DIGITS",
                        help="digits that look the same upside down, e.g. 1 or 1,8; "
                             f"{NO_SYMMETRIC} when no digit does (a 1 with a foot) "
                             f"({default})")


def add_cube_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--profile`` and ``--symmetric``, read back by :func:`cube_settings`."""
    add_profile_option(parser)
    add_symmetric_option(parser)


def chosen_profile(args: argparse.Namespace | None) -> Profile | None:
    """The ``--profile`` named, loaded (a missing or broken one is an error, exit 2), or None
    for the built-in default (no ``--profile``, or ``--profile default``)."""
    name = getattr(args, "profile", None)
    if not name or name == "default":
        return None
    return load_profile(name)


def chosen_reader(args: argparse.Namespace | None) -> Reader:
    """The :class:`Reader` of the ``--profile`` (the built-in one without, or for None), with
    tesseract voting as ``--ocr``/``--no-ocr`` say (``auto`` when the command has neither)."""
    profile = chosen_profile(args)
    reader = Reader() if profile is None else profile.reader()
    return reader.with_ocr(_ocr_mode(args))


def _ocr_mode(args: argparse.Namespace | None) -> OcrMode:
    """The OCR mode the options ask for (``auto`` when the command has no such option)."""
    if getattr(args, "no_ocr", False):
        return "never"
    return getattr(args, "ocr", None) or "auto"


def with_symmetric(settings: CubeSettings, text: str | None) -> CubeSettings:
    """``settings`` with the symmetric digits of a ``--symmetric`` value (unchanged when the
    option was not given; ``none`` or ``""``: no symmetric digit); a bad value is a clear error
    (exit 2)."""
    if text is None:
        return settings
    if text.strip().lower() == NO_SYMMETRIC:
        return replace(settings, symmetric=frozenset())
    twins = sorted({"6", "9"} & set(text.replace(" ", "").split(",")))
    if twins:  # the one digit that turned half round is another
        d = twins[0]
        raise SudokuCubeError(f"--symmetric {text}: a {d} turned half round is a "
                              f"{'9' if d == '6' else '6'}, not the same digit (the underline "
                              "tells them apart); give the digits that look the same turned "
                              f"round, such as 1 or 1,8, or {NO_SYMMETRIC}")
    try:
        return replace(settings, symmetric=parse_symmetric(text))
    except ValueError:
        raise SudokuCubeError(f"--symmetric takes digits 1-9 separated by commas (for example "
                              f"1,8), or {NO_SYMMETRIC} when no digit is symmetric; not "
                              f"{text!r}") from None


def cube_settings(args: argparse.Namespace) -> CubeSettings:
    """The cube settings for a command: the ``--profile``'s settings (the built-in defaults
    without one), with ``--symmetric`` overriding the profile's symmetric digits when it is
    given. A missing or broken profile is an error (exit 2), never ignored."""
    profile = chosen_profile(args)
    settings = CubeSettings() if profile is None else profile.settings
    return with_symmetric(settings, getattr(args, "symmetric", None))


def deciding_option(args: argparse.Namespace | None) -> str:
    """The option given that decides which digits are symmetric instead of the photos'
    verdict on the 1 (``--symmetric``, "" included, or ``--profile``), as typed to run again,
    or '' where none was given."""
    if getattr(args, "symmetric", None) is not None:
        return f"--symmetric {shlex.quote(args.symmetric)}"
    return f"--profile {args.profile}" if getattr(args, "profile", None) else ""


def profile_camera(args: argparse.Namespace) -> CameraSettings | None:
    """The camera the ``--profile`` was set up with by ``calibrate camera`` (its source, size,
    locked exposure and white balance, lens), or None: the built-in profile, or none set up."""
    profile = chosen_profile(args)
    return None if profile is None else profile.camera
