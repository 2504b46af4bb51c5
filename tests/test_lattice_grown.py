"""Growing lattices with the grown ones kept (lattice.grow's ``_grown``): a later cue's
blobs give the very lattices the earlier cue's did, and new blobs of a like size are joined."""
import numpy as np

from sudoku_cube.vision.locate.lattice import groups_of
from sudoku_cube.vision.locate.sticker_blobs import Blob

PITCH = 40.0


def _face(at: tuple[float, float], turn: float, missing: tuple = ()) -> list[Blob]:
    """Stickers of a 3x3 face (side 32, turned ``turn`` degrees) at ``at``, some left out."""
    t = np.deg2rad(turn)
    u, v = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
    return [Blob(np.asarray(at) + PITCH * (c * u + r * v), 1024.0, 32.0, turn)
            for r in range(3) for c in range(3) if (c, r) not in missing]


def _as_ids(groups: list[dict]) -> list[dict]:
    return [{k: id(b) for k, b in g.items()} for g in groups]


def test_kept_lattices_are_those_grown_afresh() -> None:
    first = _face((100, 100), 8.0, missing=((1, 1),)) + _face((400, 120), -5.0)
    digits = [Blob(np.array([100 + 9.0 * i, 300.0]), 60.0, 8.0, 0.0) for i in range(5)]
    grown: dict = {}
    before = groups_of(first, grown)
    assert _as_ids(before) == _as_ids(groups_of(first))
    assert sorted(len(g) for g in before)[-2:] == [8, 9]
    # a later cue: the same stickers with small digit blobs among them, and the missing one
    later = first + digits + _face((100, 100), 8.0)[4:5]
    again = groups_of(later, grown)
    assert _as_ids(again) == _as_ids(groups_of(later))
    assert len(again[0]) == 9 and len(again[1]) == 9  # the missing sticker joined its face
    whole = next(g for g in before if len(g) == 9)  # the other face, kept as it was
    assert any(_as_ids([g]) == _as_ids([whole]) for g in again)
