"""The vision benchmarks' time per face: medians of wall and CPU time, a corner photo's time
shared among its three faces."""
from sudoku_cube.assistant.bench import face_times
from sudoku_cube.assistant.bench.face_times import FaceTimes


def test_a_corner_photo_counts_three_faces_each_a_third_of_its_time(monkeypatch):
    # fixed clocks: a photo read in 90 ms of wall time and 60 ms of CPU time, on any load
    clocks = iter([(10.0, 5.0), (10.090, 5.060)])
    now = {"wall": 0.0, "cpu": 0.0}

    def tick() -> None:
        now["wall"], now["cpu"] = next(clocks)

    monkeypatch.setattr(face_times.time, "perf_counter", lambda: now["wall"])
    monkeypatch.setattr(face_times.time, "process_time", lambda: now["cpu"])
    t = FaceTimes()
    tick()
    started = t.start()
    tick()
    assert abs(t.stop(started, faces=3) - 90.0) < 1e-6
    assert len(t.wall) == 3 and all(abs(w - 30.0) < 1e-6 for w in t.wall)
    assert len(t.cpu) == 3 and all(abs(c - 20.0) < 1e-6 for c in t.cpu)


def test_the_median_is_not_moved_by_one_slow_face():
    t = FaceTimes(wall=[20.0, 21.0, 22.0, 23.0, 500.0], cpu=[10.0, 11.0, 12.0, 13.0, 14.0])
    f = t.figures()
    assert f["ms_per_face_median"] == 22.0
    assert f["cpu_ms_per_face_median"] == 12.0
    assert f["load"] >= 0.0


def test_no_face_read_gives_zeros():
    f = FaceTimes().figures()
    assert f["ms_per_face_median"] == 0.0 and f["cpu_ms_per_face_median"] == 0.0
