"""The vision benchmarks' time per face: medians of wall and CPU time, a corner photo's time
shared among its three faces."""
from sudoku_cube.assistant.bench.face_times import FaceTimes


def test_a_corner_photo_counts_three_faces_each_a_third_of_its_time():
    t = FaceTimes()
    t.stop((t.start()[0] - 0.090, t.start()[1]), faces=3)  # a photo read in 90 ms
    assert len(t.wall) == 3 and all(abs(w - 30.0) < 5 for w in t.wall)
    assert len(t.cpu) == 3


def test_the_median_is_not_moved_by_one_slow_face():
    t = FaceTimes(wall=[20.0, 21.0, 22.0, 23.0, 500.0], cpu=[10.0, 11.0, 12.0, 13.0, 14.0])
    f = t.figures()
    assert f["ms_per_face_median"] == 22.0
    assert f["cpu_ms_per_face_median"] == 12.0
    assert f["load"] >= 0.0


def test_no_face_read_gives_zeros():
    f = FaceTimes().figures()
    assert f["ms_per_face_median"] == 0.0 and f["cpu_ms_per_face_median"] == 0.0
