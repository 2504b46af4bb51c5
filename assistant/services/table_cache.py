"""The planner's tables kept in the user's cache folder, built once instead of in every process.

Two tables: the centre-aware two-phase solver's move and pruning tables (about 48 MB, a few
seconds to build) and the centre table (2048 centre-only fixes, about 1.5 s with its checks).
Each is one file ``NAME-vVERSION.bin``: a header (magic, version, payload size, CRC-32 of the
payload) and the payload ``models`` produced. A file is used only when all four match and
``models`` accepts the payload (it checks the contents themselves, so a file with a good
header and checksum but wrong tables is refused too); anything else (truncated, damaged,
another version, not an ordinary file, too large) is reported and rebuilt, never trusted.
The two-phase file is memory-mapped while it is checked and copied into the solver. The folder is
:func:`storage.folders.cache_dir` (``$SUDOKU_CUBE_CACHE`` or the platform's user cache folder).
``models`` never touches files: it builds tables and accepts them as bytes.
"""
from __future__ import annotations

import mmap
import os
import stat
import struct
import threading
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ...models.plan import centre_search, centres
from ...storage import folders
from ...storage.atomic import atomic_write_bytes
from ...storage.temp_files import remove_stale

MAGIC = b"SCTB"
MAX_TABLE_BYTES = 256 << 20
"""No table file is larger (the two-phase one is about 48 MB)."""
HEADER = struct.Struct("<4sIQI")
"""magic, version, payload bytes, CRC-32 of the payload"""

Report = Callable[[str, float], None]
"""``report(what, fraction done)`` while tables are built (0.0 first, 1.0 at the end)."""
Notice = Callable[[str], None]
"""``notice(message)``: a one-line message for the person (a file was damaged, not writable)."""


class StaleTable(Exception):
    """A cached table file that must not be used (the message says why)."""


@dataclass(frozen=True)
class TableFile:
    """One cached table: its name and version, and how ``models`` builds and accepts it."""

    name: str
    version: int
    build: Callable[[Callable[[float], None]], bytes]
    accept: Callable[[bytes | memoryview], None]
    check: Callable[[bytes | memoryview], None]
    loaded: Callable[[], bool]
    dump: Callable[[], bytes]

    def path(self, folder: Path | None = None) -> Path:
        """Where the table is kept."""
        return (folder or folders.cache_dir()) / f"{self.name}-v{self.version}.bin"


def encode(version: int, payload: bytes) -> bytes:
    """Header and payload of a table file."""
    return HEADER.pack(MAGIC, version, len(payload), zlib.crc32(payload)) + payload


def load_file(table: TableFile, path: Path, use: bool = True) -> None:
    """Check ``path`` (an ordinary file, its size, version, checksum and contents) and hand its
    payload to ``models`` (only checked when not ``use``); raise :class:`StaleTable` saying
    what is wrong, FileNotFoundError when there is none. The file is opened without blocking,
    so a named pipe in its place is refused, not waited on."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    with open(fd, "rb") as f:
        info = os.fstat(f.fileno())
        size = info.st_size
        if not stat.S_ISREG(info.st_mode):
            raise StaleTable("not an ordinary file")
        if size > MAX_TABLE_BYTES:
            raise StaleTable(f"the file is {size:,} bytes, more than any table")
        if size < HEADER.size:
            raise StaleTable("the file is truncated")
        with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as mm:
            magic, version, length, crc = HEADER.unpack_from(mm, 0)
            if magic != MAGIC:
                raise StaleTable("not a sudoku-cube table file")
            if version != table.version:
                raise StaleTable(f"it is version {version}, this program needs {table.version}")
            if size != HEADER.size + length:
                raise StaleTable(f"the file is {size} bytes, its header says "
                                 f"{HEADER.size + length}")
            with memoryview(mm) as view:
                payload = view[HEADER.size:]
                try:
                    if zlib.crc32(payload) != crc:
                        raise StaleTable("its checksum does not match (damaged)")
                    try:
                        (table.accept if use else table.check)(payload)
                    except ValueError as e:
                        raise StaleTable(str(e)) from None
                finally:
                    payload.release()


def _two_phase_build(step: Callable[[float], None]) -> bytes:
    centre_search.build_tables(lambda done, total: step(done / total))
    return centre_search.tables_bytes()


def _centre_build(step: Callable[[float], None]) -> bytes:
    step(0.0)
    table = centres.build_centre_table()
    centres.use_centre_table(table)
    step(1.0)
    return centres.table_bytes(table)


def _centre_accept(data: bytes | memoryview) -> None:
    centres.use_centre_table(centres.table_from_bytes(bytes(data)))


def _centre_check(data: bytes | memoryview) -> None:
    centres.table_from_bytes(bytes(data))


def planner_tables() -> list[TableFile]:
    """The tables the planner needs (the two-phase one only when its extension is built)."""
    out = [TableFile("centres", centres.TABLE_VERSION, _centre_build, _centre_accept,
                     _centre_check, centres.has_centre_table,
                     lambda: centres.table_bytes(centres.centre_table()))]
    if centre_search.available():
        out.insert(0, TableFile("twophase", centre_search.tables_version(), _two_phase_build,
                                centre_search.load_tables, centre_search.check_tables,
                                centre_search.tables_ready,
                                centre_search.tables_bytes))
    return out


_LOCK = threading.Lock()
_CHECKED: set[Path] = set()
"""Files this process found good (not checked again)."""


def ensure_tables(report: Report | None = None, notice: Notice | None = None,
                  folder: Path | None = None) -> dict[str, str]:
    """Have every planner table in this process: loaded from the cache when a good file is
    there, else built (both at once: the two-phase build runs without the GIL) and stored.

    Returns ``{name: "loaded" | "built" | "ready" | "stored"}`` (ready: this process had it
    and its file is good; stored: this process had it and wrote the missing or bad file).
    Never raises for a bad or unwritable cache: the tables are then built and the problem is
    given to ``notice``.
    """
    with _LOCK:
        remove_stale(folder or folders.cache_dir())  # temporary files of killed writers
        status: dict[str, str] = {}
        todo: list[TableFile] = []
        for table in planner_tables():
            path, have = table.path(folder), table.loaded()
            if have and path in _CHECKED:
                status[table.name] = "ready"
                continue
            try:
                load_file(table, path, use=not have)
                _CHECKED.add(path)
                status[table.name] = "ready" if have else "loaded"
            except FileNotFoundError:
                todo.append(table)
            except (StaleTable, OSError) as e:
                if notice:
                    notice(f"{path}: {e}; rebuilding it")
                todo.append(table)
        if todo:
            status.update(_build_all(todo, report, notice, folder))
        return status


def _build_all(todo: list[TableFile], report: Report | None, notice: Notice | None,
               folder: Path | None) -> dict[str, str]:
    """Build the tables this process lacks (in parallel threads), report progress, and store
    all of ``todo``; return their status."""
    status = {t.name: "stored" if t.loaded() else "built" for t in todo}
    done = {t.name: 0.0 for t in todo}
    weight = {"twophase": 0.8, "centres": 0.2}
    total = sum(weight.get(t.name, 1.0) for t in todo)
    lock = threading.Lock()
    payloads: dict[str, bytes] = {}
    errors: list[BaseException] = []

    def step(name: str, fraction: float) -> None:
        with lock:
            done[name] = fraction
            if report:
                report("building the planner's tables (once)",
                       sum(weight.get(k, 1.0) * v for k, v in done.items()) / total)

    def work(table: TableFile) -> None:
        try:
            if status[table.name] == "stored":
                payloads[table.name] = table.dump()
            else:
                payloads[table.name] = table.build(lambda f: step(table.name, f))
        except BaseException as e:  # noqa: BLE001 - re-raised in the calling thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,), daemon=True) for t in todo[:-1]]
    for t in threads:
        t.start()
    work(todo[-1])
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    for table in todo:
        path = table.path(folder)
        try:
            atomic_write_bytes(path, encode(table.version, payloads[table.name]))
            _CHECKED.add(path)
        except OSError as e:
            if notice:
                notice(f"{path}: cannot be written ({e.strerror or e}); the planner's tables "
                       "will be built again next time")
    return status
