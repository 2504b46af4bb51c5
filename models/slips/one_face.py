"""What one face seen cannot settle: a face shown for another, and a whole-cube turn with a slip.

A check believes a state alone when every other explanation scores well below it
(:data:`find.MARGIN`), and asks for the face that tells them apart when several fit. From one
face, nine stickers, two stories are not weighed against what they compete with:

- the face seen may be another face of the cube, shown for the one asked (a photo of R given
  as F, a photo saved under another face's name). Only a cube picked up turned brings another
  centre in front, so the slip search explains such a face with a whole-cube turn, with a turn
  made in the wrong frame where it needs one: :func:`shown_instead` scores that face as one
  more rival, a mistake as likely as one slip;
- the face seen may be the face asked, its photo taken turned (the cube or the phone held
  turned for it). A turn of that face looks just the same on it (a U made ahead of the plan
  turns U's nine stickers a quarter turn), so the slip search would name that turn:
  :func:`shown_instead` scores the face itself taken turned as a rival too;
- a whole-cube turn together with another slip (:func:`turn_and_slip`): two unlikely things at
  once, and the turn may bring any face in front, so together they fit one face's nine
  stickers far more often than one slip does.

Where either is what one face rests on, the check asks for a second face before it decides
(:func:`find.find_slip`), and the first look counts no such state as settled by one face
(:func:`one_face_doubts`).
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from ..cube.geometry import FACES
from ..cube.stickers import Hypothesis
from ..grid.photo_turn import turned_from
from ..profile import CubeSettings
from .kinds import Slip
from .looks import face_table


def turn_and_slip(slips: Sequence[Slip]) -> bool:
    """Whether an explanation takes a whole-cube turn and another slip at once."""
    return len(slips) > 1 and any(s.kind == "held" for s in slips)


def other_looks(key: np.ndarray, face: str,
                settings: CubeSettings = CubeSettings()) -> list[tuple[str, np.ndarray]]:
    """How each other face of a cube (``key``: its 54 look codes, :func:`looks.look_key`)
    looks when shown for ``face``: its nine codes as its photo shows them taken upright or
    turned a quarter or half turn, with that face's letter; and ``face`` itself, its photo
    taken turned (with its own letter)."""
    out = []
    for other in FACES:
        codes = key[FACES.index(other) * 9:][:9]
        for turns in range(1 if other == face else 0, 4):
            c = codes[turned_from(turns)]  # as a photo held turned has it
            digit, rot = c // 4, (c % 4 + turns) % 4
            rot = np.where(np.isin(digit, list(settings.symmetric)), rot % 2, rot)
            out.append((other, digit * 4 + rot))
    return out


def shown_instead(key: np.ndarray, face: str, cells: Sequence[Sequence[Hypothesis]],
                  settings: CubeSettings = CubeSettings()) -> tuple[str, float]:
    """The other face of a cube (``key``: its look codes, the cube as the plan has it) that
    ``cells``, seen for ``face``, look most like (:func:`other_looks`; ``face`` itself: its
    photo taken turned), and how well: the log-likelihood of what was seen, as the slip
    search scores a state (0: every cell read as that face shows it)."""
    table = face_table(cells, settings)
    best, where = -math.inf, ""
    for other, codes in other_looks(key, face, settings):
        score = float(table[np.arange(9), codes].sum())
        if score > best:
            best, where = score, other
    return where, best


def one_face_doubts(keys: np.ndarray, slips: Sequence[Sequence[Slip]],
                    settings: CubeSettings = CubeSettings()) -> np.ndarray:
    """For each explanation (``keys``: look codes, row 0 the cube as the plan has it;
    ``slips``: each row's) and each face, whether that face alone, typed, leaves it in doubt:
    it takes a whole-cube turn and another slip, or its look there is another face's of the
    plan's cube, or that face's own, turned (the check then asks for a second face,
    :func:`find.find_slip`). (N, 6)."""
    doubt = np.zeros((len(keys), len(FACES)), dtype=bool)
    doubt[:, :] = np.array([turn_and_slip(s) for s in slips])[:, None]
    for k, face in enumerate(FACES):
        seen = keys[:, k * 9:(k + 1) * 9]
        for _, codes in other_looks(keys[0], face, settings):
            doubt[:, k] |= (seen == codes).all(axis=1)
    doubt[0] = False  # the plan's own cube: "as expected"
    return doubt
