"""The planner's tables in the cache folder: built and stored once, reused by the next process,
and a truncated, damaged, foreign or old file is reported and replaced, never used."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import zlib

import pytest

from sudoku_cube.assistant.services import table_cache
from sudoku_cube.assistant.services.table_cache import HEADER, StaleTable, ensure_tables, load_file
from sudoku_cube.models.plan import centres
from sudoku_cube.models.plan.samples import scrambled
from sudoku_cube.models.plan.planner import plan_to_target
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state_format import to_json


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh cache folder, with this process's memory of checked files forgotten."""
    monkeypatch.setattr(table_cache, "_CHECKED", set())
    folder = tmp_path / "cache"
    status = ensure_tables(folder=folder)
    assert set(status.values()) <= {"built", "stored"}, status
    return folder


def test_tables_are_stored_then_reused(cache, monkeypatch):
    names = {t.name: t for t in table_cache.planner_tables()}
    assert "twophase" in names, "the centre-aware solver extension is not built"
    for t in names.values():
        raw = t.path(cache).read_bytes()
        magic, version, length, crc = HEADER.unpack_from(raw)
        assert (magic, version, length) == (b"SCTB", t.version, len(raw) - HEADER.size)
        assert crc == zlib.crc32(raw[HEADER.size:])
    mtimes = {p.name: p.stat().st_mtime_ns for p in cache.iterdir()}
    assert set(ensure_tables(folder=cache).values()) == {"ready"}
    assert {p.name: p.stat().st_mtime_ns for p in cache.iterdir()} == mtimes
    # a new process loads both files instead of building, and plans right with them
    code = ("import json, random\n"
            "from sudoku_cube.assistant.services.table_cache import ensure_tables\n"
            "from sudoku_cube.models.plan.samples import scrambled\n"
            "from sudoku_cube.models.plan.planner import plan_to_target\n"
            "status = ensure_tables()\n"
            "state, design, _ = scrambled(random.Random(3), 30)\n"
            "p = plan_to_target(state, design)\n"
            "print(json.dumps([status, len(p.moves), p.stats['verified']]))\n")
    env = dict(os.environ, SUDOKU_CUBE_CACHE=str(cache))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    status, moves, verified = json.loads(out.stdout)
    assert status == {"twophase": "loaded", "centres": "loaded"} and verified and moves <= 30


def _damage(path, how: str) -> None:
    raw = bytearray(path.read_bytes())
    if how == "truncated":
        raw = raw[:len(raw) // 2]
    elif how == "flipped":
        raw[HEADER.size + len(raw) // 3] ^= 0x5A
    elif how == "old version":
        magic, version, length, crc = HEADER.unpack_from(raw)
        HEADER.pack_into(raw, 0, magic, version + 7, length, crc)
    elif how == "foreign":
        raw = bytearray(b"<html>not a table</html>")
    elif how == "empty":
        raw = bytearray()
    path.write_bytes(bytes(raw))


@pytest.mark.parametrize("how", ["truncated", "flipped", "old version", "foreign", "empty"])
def test_bad_file_is_reported_and_replaced(cache, monkeypatch, how):
    names = {t.name: t for t in table_cache.planner_tables()}
    path = names["twophase"].path(cache)
    good = path.read_bytes()
    _damage(path, how)
    with pytest.raises(StaleTable):
        load_file(names["twophase"], path)
    monkeypatch.setattr(table_cache, "_CHECKED", set())
    notices: list[str] = []
    status = ensure_tables(notice=notices.append, folder=cache)
    assert status["twophase"] == "stored" and status["centres"] == "ready"
    assert len(notices) == 1 and str(path) in notices[0] and "rebuilding" in notices[0]
    assert path.read_bytes() == good
    state, design, _ = scrambled(random.Random(4), 30)
    assert is_solved(state.apply(plan_to_target(state, design).moves))


def test_centre_table_rebuilt_from_a_damaged_file_and_entries_checked(cache, monkeypatch):
    t = {t.name: t for t in table_cache.planner_tables()}["centres"]
    path = t.path(cache)
    raw = bytearray(path.read_bytes())
    payload = raw[HEADER.size:]
    payload[3] = (payload[3] + 1) % len(centres.generators())  # another generator, valid CRC
    HEADER.pack_into(raw, 0, b"SCTB", t.version, len(payload), zlib.crc32(payload))
    path.write_bytes(bytes(raw[:HEADER.size] + payload))
    with pytest.raises(StaleTable, match="centre table entry"):
        load_file(t, path)
    # a process without a centre table rebuilds it from scratch, checked on the model
    monkeypatch.setattr(centres, "_TABLE", None)
    monkeypatch.setattr(table_cache, "_CHECKED", set())
    notices: list[str] = []
    status = ensure_tables(notice=notices.append, folder=cache)
    assert status["centres"] == "built" and notices and centres.has_centre_table()
    load_file(t, path, use=False)
    state, design, _ = scrambled(random.Random(5), 30)
    assert is_solved(state.apply(plan_to_target(state, design).moves))


def test_unwritable_cache_still_plans(tmp_path, monkeypatch):
    monkeypatch.setattr(table_cache, "_CHECKED", set())
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    notices: list[str] = []
    ensure_tables(notice=notices.append, folder=blocker / "cache")
    assert notices and "cannot be written" in notices[-1]


def _with_good_checksum(path, edit) -> None:
    """Change the payload of a table file with ``edit(payload)`` and write it back with a
    header and checksum that match: only the contents are wrong."""
    raw = bytearray(path.read_bytes())
    magic, version, _, _ = HEADER.unpack_from(raw)
    payload = raw[HEADER.size:]
    edit(payload)
    path.write_bytes(HEADER.pack(magic, version, len(payload), zlib.crc32(payload)) + payload)


def _random_moves(payload: bytearray) -> None:
    n = 2 * 18 * (2187 + 2048 + 495)  # the phase-1 move tables: out-of-range entries
    payload[:n] = random.Random(1).randbytes(n)


def _shuffled_pruning(payload: bytearray) -> None:
    start = 2 * 18 * (2187 + 2048 + 495 + 2 * 40320 + 24)  # the first pruning table
    part = payload[start:start + 1_000_000]
    random.Random(2).shuffle(part)
    payload[start:start + 1_000_000] = part


@pytest.mark.parametrize("edit, command", [(_shuffled_pruning, "tables"), (_random_moves, "solve")])
def test_wrong_tables_with_a_good_checksum_are_rebuilt_not_run(cache, tmp_path, edit, command):
    """A table file whose contents are wrong under a right checksum is rebuilt, by `tables`
    and by a solve that meets it (random moves made the solver segfault, exit 139): each kind
    of damage is met by one command, a rebuild each."""
    path = {t.name: t for t in table_cache.planner_tables()}["twophase"].path(cache)
    good = path.read_bytes()
    _with_good_checksum(path, edit)
    env = dict(os.environ, SUDOKU_CUBE_CACHE=str(cache))
    cli = [sys.executable, "-m", "sudoku_cube.assistant.cli"]
    if command == "tables":
        done = subprocess.run([*cli, "tables"], env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr
        assert "twophase: loaded" not in done.stdout and "twophase: built" in done.stdout
    else:
        state, _, _ = scrambled(random.Random(3), 30)
        state_file = tmp_path / "state.json"
        state_file.write_text(to_json(state))
        done = subprocess.run([*cli, "solve", str(state_file), "--plain"], env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert "rebuilding" in done.stderr + done.stdout
    assert path.read_bytes() == good


def test_a_named_pipe_in_the_cache_is_replaced_not_waited_on(cache, monkeypatch):
    path = {t.name: t for t in table_cache.planner_tables()}["centres"].path(cache)
    path.unlink()
    os.mkfifo(path)
    monkeypatch.setattr(table_cache, "_CHECKED", set())
    notices: list[str] = []
    status = ensure_tables(notice=notices.append, folder=cache)
    assert status["centres"] in ("stored", "built")
    assert notices and "not an ordinary file" in notices[0]
    assert path.is_file()


def test_start_up_removes_what_a_killed_table_write_left(cache, monkeypatch):
    """A table write killed with kill -9 leaves its temporary file (tens of MB); the next start
    removes it once it is a minute old and its process is gone."""
    import time

    from sudoku_cube.storage.temp_files import STALE_AFTER_S

    monkeypatch.setattr(table_cache, "_CHECKED", set())
    left = cache / ".twophase-v9.bin.partial-999999999-k1ll3d9x.tmp"
    left.write_bytes(b"\0" * 4096)
    old = time.time() - 2 * STALE_AFTER_S
    os.utime(left, (old, old))
    assert set(ensure_tables(folder=cache).values()) == {"ready"}
    assert not left.exists()
