"""Growing lattices with the grown ones kept (lattice.grow's ``_grown``): a later cue's
blobs give the very lattices the earlier cue's did, and new blobs of a like size are joined."""
import numpy as np

from sudoku_cube.vision.locate import lattice
from sudoku_cube.vision.locate.lattice import SEEN_AT_MOST, _alone, _blob_arrays, groups_of, grow
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



def test_blobs_alone_are_set_aside_as_growing_finds_them() -> None:
    """A blob with no blob of its size within reach is a lattice of itself alone without
    growing (lattice._alone): never one that growing would link, and the blobs just inside
    and just outside its limits (distance, size) told apart as growing tells them."""
    rng = np.random.default_rng(2)
    pairs = [
        ((300.0, 300.0), 1024.0), ((300.0 + 0.9 * 32 + 0.01, 300.0), 1024.0),  # just in reach
        ((500.0, 100.0), 1024.0), ((500.0 + 3.2 * 32 + 0.01, 100.0), 1024.0),  # just beyond
        ((500.0, 300.0), 1024.0), ((540.0, 300.0), 2100.0),  # near, but twice its size
    ]
    blobs = _face((100, 100), 8.0) + [Blob(np.array(at), a, float(np.sqrt(a)), 0.0)
                                      for at, a in pairs]
    blobs += [Blob(np.array([rng.uniform(0, 600), rng.uniform(450, 650)]), a, float(np.sqrt(a)),
                   rng.uniform(-90, 90)) for a in rng.uniform(200, 1500, 40)]
    alone = _alone(blobs, *_blob_arrays(blobs))
    single = np.array([len(grow(b, blobs)) == 1 for b in blobs])
    assert not (alone & ~single).any()
    assert list(alone[:9]) == [False] * 9
    assert list(alone[9:15]) == [False, False, True, True, True, True]
    assert list(single[9:15]) == list(alone[9:15])
    assert alone[15:].any() and not alone[15:].all()


def test_a_finer_scale_grows_a_grid_of_squares_once_and_a_small_face_still() -> None:
    """At a finer scale (``seeds_below``) only blobs under that area seed a lattice, each
    only where no lattice grown before holds it: tiles, larger than the bound, seed none and
    join a small seed's lattice as neighbours; a grid of small squares gives one lattice,
    not one per square; a small face beside them is grown whole."""
    tiles = [Blob(np.array([40.0 + 36 * c, 300.0 + 36 * r]), 900.0, 30.0, 0.0)
             for r in range(6) for c in range(12)]
    small = [Blob(np.array([40.0 + 18 * c, 40.0 + 18 * r]), 196.0, 14.0, 0.0)
             for r in range(8) for c in range(20)]
    face = [Blob(np.array([560.0 + 20 * c, 420.0 + 20 * r]), 256.0, 16.0, 0.0)
            for r in range(3) for c in range(3)]
    blobs = tiles + small + face
    every = groups_of(blobs)
    finer = groups_of(blobs, seeds_below=800.0)
    assert len(every) > len(finer)
    assert not any(all(b.area > 800.0 for b in g.values()) for g in finer)  # no tile seeds
    assert sum(1 for g in finer if set(map(id, g.values())) & set(map(id, small))) == 1
    assert any(set(map(id, g.values())) == set(map(id, face)) for g in finer)


def test_a_lattice_for_windows_stops_past_what_a_camera_sees_of_a_cube() -> None:
    """Floor tiles (a 9 x 9 grid of squares, slightly turned): where every blob seeds, each
    seed's lattice grown with ``most`` stops soon after it holds more blobs than three faces,
    its blobs placed as the whole lattice places them, the seed's 5 x 5 whole; a refusal,
    without ``most``, still sees the whole grid, from the same kept lattices either way
    round; at a finer scale, where a placed blob seeds no lattice, lattices grow whole, so
    that no window of the grid is left to no lattice; three faces' 27 blobs grow whole."""
    t = np.deg2rad(4.0)
    u, v = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
    tiles = [Blob(np.array([200.0, 200.0]) + PITCH * (c * u + r * v), 1024.0, 32.0, 4.0)
             for r in range(9) for c in range(9)]
    whole = groups_of(tiles)
    assert len(whole) == 1 and len(whole[0]) == 81
    near = groups_of(tiles, {}, most=SEEN_AT_MOST)
    assert len(near) > 1 and all(SEEN_AT_MOST < len(g) < 81 for g in near)
    centre = grow(tiles[40], tiles, most=SEEN_AT_MOST)
    assert {(i, j) for i in range(-2, 3) for j in range(-2, 3)} <= set(centre)
    full = grow(tiles[40], tiles)
    assert all(full[k] is b for k, b in centre.items())
    kept: dict = {}
    assert all(len(g) < 81 for g in groups_of(tiles, kept, most=SEEN_AT_MOST))
    assert len(groups_of(tiles, kept)[0]) == 81  # the kept capped lattices are not reused
    kept = {}
    assert len(groups_of(tiles, kept)[0]) == 81
    assert all(len(g) < 81 for g in groups_of(tiles, kept, most=SEEN_AT_MOST))
    finer = groups_of(tiles, {}, 2000.0, SEEN_AT_MOST)
    assert [len(g) for g in finer] == [81]
    three = tiles[:27]  # three rows of nine, as many as three faces show
    assert all(len(g) == 27 for g in groups_of(three, {}, most=SEEN_AT_MOST))


def test_a_lattice_among_a_thousand_blobs_is_grown_as_measuring_every_blob_grows_it(
        monkeypatch) -> None:
    """A turned face with a missing sticker among a thousand blobs of noise of like sizes (a
    photo of gravel): on such a busy ground each node looks only at the blobs near its
    steps, and every lattice comes out as measuring every blob (as on a quiet ground, here
    forced by raising the bound on a busy ground) makes it."""
    rng = np.random.default_rng(7)
    face = _face((300, 260), 12.0, missing=((2, 1),))
    noise = [Blob(rng.uniform(0, 900, 2), a, float(np.sqrt(a)), rng.uniform(-90, 90))
             for a in rng.uniform(300, 1500, 1000)]
    blobs = noise[:500] + face + noise[500:]
    seeds = face + noise[:20]
    near_only = [{k: id(b) for k, b in grow(s, blobs).items()} for s in seeds]
    monkeypatch.setattr(lattice, "SEEN_AT_MOST", len(blobs))  # no ground is busy now
    every = [{k: id(b) for k, b in grow(s, blobs).items()} for s in seeds]
    assert near_only == every
    assert len(near_only[0]) >= 8
