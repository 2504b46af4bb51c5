"""The C allocator's policy for the pictures a command works on: freed memory kept for reuse.

Reading a photo makes dozens of working pictures of a few megabytes each (channels, masks,
float copies), frees them and makes the next photo's. glibc's ``malloc`` serves such sizes
by mapping fresh pages (or hands a freed heap top back to the system past a threshold that
follows the largest picture freed so far), so every picture was faulted in and zeroed by the
kernel afresh, about a tenth of a face's CPU time. With both thresholds fixed high, freed
pictures stay with the process and the next ones reuse them; the process holds on to what it
freed, so its peak memory may be a little higher (two faces read at once: each reading
thread's heap keeps its own).

Only 64-bit glibc takes a mapping threshold this high (32-bit glibc caps it far lower, and a
refused first setting must not leave the trim setting to switch glibc's own moving threshold
off); a person's own ``MALLOC_*`` or ``GLIBC_TUNABLES`` settings are kept, as
:func:`limit_native_threads` keeps a person's thread counts.
"""
from __future__ import annotations

import ctypes
import os

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` parameters (``malloc.h``)."""

MMAP_THRESHOLD = 32 * 1024 * 1024
"""Blocks from this size up are mapped on their own (returned whole when freed): glibc's
own ceiling for its moving threshold (``DEFAULT_MMAP_THRESHOLD_MAX`` on 64 bits), reached
from the start; only a large photo itself lies above it."""
TRIM_THRESHOLD = 2 * MMAP_THRESHOLD
"""Free memory at the heap's top kept before any is handed back: twice the mapping
threshold, as glibc sets it when it moves that threshold itself."""

OWN_SETTINGS = ("GLIBC_TUNABLES", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_")
"""Environment variables by which a person sets glibc's allocator; any of them set wins."""


def keep_freed_memory() -> None:
    """Fix glibc's thresholds (:data:`MMAP_THRESHOLD`, :data:`TRIM_THRESHOLD`) for this
    process on 64-bit glibc; elsewhere (another C library, none found, 32 bits, or the
    person's own :data:`OWN_SETTINGS`) nothing changes."""
    if any(name in os.environ for name in OWN_SETTINGS):
        return
    if ctypes.sizeof(ctypes.c_void_p) < 8:
        return
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, TypeError):
        return
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    if mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1:  # mallopt answers 1 on success
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)
