"""Slips: which likely mistakes of a person turning by hand (a wrong face, a wrong way, a cube
picked up turned) make the expected cube into the one seen, and what a first look shows."""
from __future__ import annotations

from .find import Verdict, find_slip

__all__ = ["Verdict", "find_slip"]
