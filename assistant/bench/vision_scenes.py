"""The figures per kind of scene of ``bench vision --renderer second --scenes everyday`` and
of ``bench vision --scenes patterned`` (our renderer's patterned grounds).

Each photo of the everyday scenes (:mod:`sudoku_cube.render.second.scenes`) or of the
patterned grounds (:mod:`sudoku_cube.render.patterned`) is counted under its ground, its face
size band and its light: faces located, refused (with the reader's reasons, their numbers left
out so that alike refusals add up), misplaced, and stickers right raw over all its faces (a
face not located counts its nine stickers wrong).
A cube's photos share its ground (in the everyday scenes its light too), so its joint decoding
is counted under those; a size band spans photos of many cubes and counts faces only.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Protocol

from rich.console import Console
from rich.table import Table

from ...models.cube.stickers import Sticker
from ...vision.reading.faces import FaceReading
from .renders import Joint, JointTally, same

OUTCOMES = ("located", "refused", "misplaced")


class SceneKind(Protocol):
    """What a photo's scene is counted under: its ground, face size band and light."""

    @property
    def ground(self) -> str: ...

    @property
    def band(self) -> str: ...

    @property
    def light(self) -> str: ...

"""What became of one face."""


def reason(err: str) -> str:
    """A refusal's gist: the message without its source, its numbers and its advice (so that
    the same refusal of different photos is counted once)."""
    text = re.sub(r"^\S*(?:exam|ours)-\S*:\s*", "", err.strip())
    text = re.sub(r"^face [A-Z]:\s*", "", text)
    text = re.split(r" \(|; |\. ", text)[0]
    return re.sub(r"\d+", "N", text)[:80]


@dataclass
class KindTally:
    """Counts of one kind of scene (a ground, a size band or a light)."""

    faces: int = 0
    outcomes: Counter = field(default_factory=Counter)
    reasons: Counter = field(default_factory=Counter)
    stickers: int = 0
    right: int = 0
    joint: JointTally = field(default_factory=JointTally)

    def row(self, kind: str) -> dict:
        """The figures of this kind, named ``kind``."""
        cubes = sum(self.joint.counts.values())
        return {"kind": kind, "faces": self.faces,
                **{o: self.outcomes[o] for o in OUTCOMES},
                "sticker_accuracy": self.right / max(1, self.stickers),
                "cubes": cubes, "cubes_right_after_joint": self.joint.right if cubes else None,
                "joint_wrong_sure": self.joint.counts["wrong_sure"] if cubes else None,
                "reasons": dict(self.reasons.most_common())}


def _keys(scene: SceneKind) -> tuple[str, ...]:
    return f"ground {scene.ground}", f"band {scene.band}", f"light {scene.light}"


@dataclass
class SceneTallies:
    """The per-kind counts of one kind of photo (six faces or corner pairs)."""

    kinds: dict[str, KindTally] = field(default_factory=dict)

    def _of(self, key: str) -> KindTally:
        return self.kinds.setdefault(key, KindTally())

    def face(self, scene: SceneKind, reading: FaceReading | None, located: bool, err: str | None,
             truth: tuple[Sticker, ...], symmetric: frozenset[int]) -> None:
        """Count one face of a photo of ``scene``: its ``reading`` (None: refused for ``err``),
        whether it was ``located`` on the truth, and its stickers right against ``truth``
        (none when it was not located; a ``symmetric`` digit also right turned round)."""
        outcome = "refused" if reading is None else "located" if located else "misplaced"
        right = sum(same(a, b, symmetric) for a, b in zip(reading.stickers, truth)) \
            if reading is not None and located else 0
        for key in _keys(scene):
            t = self._of(key)
            t.faces += 1
            t.outcomes[outcome] += 1
            if err:
                t.reasons[reason(err)] += 1
            t.stickers += 9
            t.right += right

    def cube(self, scene: SceneKind, joint: Joint | None, by_light: bool = True) -> None:
        """Count one cube's joint decoding under its ground and (``by_light``: its photos
        share one) its light (None: refused)."""
        for key in _keys(scene)[::2] if by_light else _keys(scene)[:1]:
            self._of(key).joint.add(joint)

    def rows(self, photos: str) -> list[dict]:
        """The figures per kind, grounds first, then bands, then lights."""
        order = {"ground": 0, "band": 1, "light": 2}
        return [dict(self.kinds[k].row(k), photos=photos)
                for k in sorted(self.kinds, key=lambda k: (order[k.split()[0]], k))]


def print_rows(console: Console, rows: list[dict],
               title: str = "everyday scenes: per kind of scene (all looks)") -> None:
    """The table of figures per kind of scene, then each kind's refusals."""
    table = Table(title=title)
    for h in ("photos", "kind", "faces", "located", "refused", "misplaced", "stickers right",
              "cubes", "after joint", "WRONG sure"):
        table.add_column(h, no_wrap=True)
    for r in rows:
        table.add_row(r["photos"], r["kind"], str(r["faces"]), str(r["located"]),
                      str(r["refused"]), str(r["misplaced"]), f"{r['sticker_accuracy']:.4f}",
                      str(r["cubes"] or "-"),
                      "-" if r["cubes_right_after_joint"] is None
                      else str(r["cubes_right_after_joint"]),
                      "-" if r["joint_wrong_sure"] is None else str(r["joint_wrong_sure"]))
    console.print(table)
    for r in rows:
        for why, n in r["reasons"].items():
            console.print(f"  {r['photos']} {r['kind']}: {n} x refused: {why}", markup=False)
