"""Counts of fuzz inputs tried, printed in pytest's terminal summary (see conftest.py)."""
from __future__ import annotations

from collections import Counter

TRIED: Counter[str] = Counter()


def tried(name: str) -> None:
    """Record one input tried by the fuzz test ``name``."""
    TRIED[name] += 1
