"""Options shared by the commands that solve and guide (``solve``, ``guide``), kept apart from
the work so that registering them imports nothing heavy."""
from __future__ import annotations

import argparse

from .profile_option import add_symmetric_option

OCR_MODES = ("auto", "always", "never")


def add_guide_options(p: argparse.ArgumentParser) -> None:
    """Options shared by ``guide`` and ``solve``."""
    p.add_argument("--plain", action="store_true",
                   help="print every step at once (for printouts and terminals without keys)")
    p.add_argument("--export", metavar="FILE",
                   help="also write the plan with pictures of every step: .html (a page for "
                        "a screen or a phone, or to print) or .svg (A4 pages to print)")
    p.add_argument("--restart", action="store_true",
                   help="start at step 1 even if this plan was left half-way")
    p.add_argument("--speak", action="store_true",
                   help="say each move aloud as it is shown (needs espeak-ng); `guide --camera "
                        "--speak` makes a hands-free solve")
    add_symmetric_option(p)


def add_ocr_option(p: argparse.ArgumentParser) -> None:
    """``--ocr auto|always|never`` and its short form ``--no-ocr``."""
    p.add_argument("--ocr", choices=OCR_MODES, default="auto",
                   help="tesseract's second opinion: only on stickers the recognisers are "
                        "unsure of or disagree on (auto, the default), on every sticker "
                        "(always), or never")
    p.add_argument("--no-ocr", action="store_true", help="same as --ocr never (faster)")
