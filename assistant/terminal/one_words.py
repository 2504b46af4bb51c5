"""The line a person reads about the cube's digit 1: the photos' verdict
(:meth:`vision.recognise.footed.OneVerdict.describe`) and, where it leaves the 1 symmetric, how
to say that this cube's 1 has a foot after all (the photos may show too few 1s to tell, or a
foot too slight to see)."""
from __future__ import annotations

from ...vision.recognise.footed import OneVerdict
from .profile_option import FOOT_ADVICE


def verdict_line(ones: OneVerdict, command: str = "", overridden: str = "") -> str:
    """The verdict, with :data:`FOOT_ADVICE` when it takes the 1 as symmetric (``command``:
    the command to add the option to, where it is not the one that printed the line);
    ``overridden``: the option the person gave that decides instead (no advice then)."""
    line = ones.describe()
    if overridden:
        return f"{line}; {overridden} decides instead"
    if ones.has_foot:
        return line
    return f"{line}; {FOOT_ADVICE}" + (f" to {command}" if command else "")
