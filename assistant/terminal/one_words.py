"""The line a person reads about the cube's digit 1: the photos' verdict
(:meth:`vision.recognise.footed.OneVerdict.describe`) and, where it leaves the 1 symmetric, how
to say that this cube's 1 has a foot after all (the photos may show too few 1s to tell, or a
foot too slight to see); and, under a solved cube, why a 1 on it points the other way from the
rest of its face."""
from __future__ import annotations

from ...models.cube.state import CubeState
from ...models.profile import CubeSettings
from ...vision.recognise.footed import MIN_ONES, OneVerdict
from ..services.phases import symmetric_note, turned_symmetric
from .profile_option import FOOT_ADVICE, NO_SYMMETRIC

TURNED_ONE_ADVICE = (f"if your cube's 1 has a foot, solve it again with --symmetric "
                     f"{NO_SYMMETRIC} added to the solve or guide command: then every 1 ends "
                     "upright, or, where no plan can do that, the sticker read wrong is named")
"""The aside under a solved cube showing a 1 turned over: what to do (and what comes of it)
if the 1 is not symmetric after all: the solve or guide command, again, with the option (the
demo's own command is make's, so the advice names the commands a person runs). Where the
photos showed a foot but the reading solved only with a 1 turned over (taken as symmetric),
the option makes the grid solver name the sticker that keeps the 1s from all ending upright."""


def verdict_line(ones: OneVerdict, command: str = "", overridden: str = "",
                 settings: CubeSettings | None = None) -> str:
    """The verdict, with :data:`FOOT_ADVICE` when it takes the 1 as symmetric (``command``:
    the command to add the option to, where it is not the one that printed the line);
    ``overridden``: the option the person gave that decides instead: then only what the
    photos showed, not what the verdict would make of it (the 1 taken as symmetric or not),
    and no advice; where the option's ``settings`` take the 1 as the photos tell it, that they
    agree ("decides instead" read as if they did not)."""
    if overridden:
        if settings is not None and ones.agrees(1 in settings.symmetric):
            return f"{ones.finding()}, as {overridden} has it"
        return f"{ones.finding()}; {overridden} decides instead"
    line = ones.describe()
    if ones.has_foot:
        return line
    return f"{line}; {FOOT_ADVICE}" + (f" to {command}" if command else "")


def upright_against_photos(ones: OneVerdict, settings: CubeSettings, option: str) -> str:
    """Where ``option`` (the person's ``--symmetric`` or ``--profile``) decides that every 1
    must end upright (``settings``) but the photos showed enough clear 1s and none with a
    foot: what that asks and how to undo it (a profile is kept for its templates: only its
    digits are changed), as such a 1 does not show which way is up and the grid may then fit
    no plan; "" otherwise."""
    if 1 in settings.symmetric or ones.seen < MIN_ONES or ones.footed:
        return ""
    if option.startswith("--profile"):  # its templates are wanted still: only the digits
        digits = ",".join(str(d) for d in sorted({1, *settings.symmetric}))
        undo = (f"add --symmetric {digits} to the command, or make it the profile's "
                f"(sudoku-cube calibrate settings {option} --symmetric {digits}),")
    else:
        undo = "leave the option out"
    return (f"{ones.finding()}, yet {option} asks every 1 to end upright: a 1 without a foot "
            f"does not show which way is up, so no plan may fit; {undo} unless your cube's 1 "
            "has a foot")


def turned_ones_line(final: CubeState, settings: CubeSettings) -> str:
    """Under the solved cube ``final``: why a symmetric digit on it points the other way from
    the rest of its face and that nothing need be done (:func:`symmetric_note`), with
    :data:`TURNED_ONE_ADVICE` when that digit is a 1 (a foot the photos did not show would
    make it matter); "" when every digit points with its face."""
    ones = any(1 in digits for digits in turned_symmetric(final, settings.symmetric).values())
    return symmetric_note(final, settings.symmetric, TURNED_ONE_ADVICE if ones else "")
