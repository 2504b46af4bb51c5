"""The C allocator's policy for the pictures a command works on: freed memory kept for reuse.

Reading a photo makes dozens of working pictures of a few megabytes each (channels, masks,
float copies), frees them and makes the next photo's. glibc's ``malloc`` serves such sizes
by mapping fresh pages (or hands a freed heap top back to the system past a threshold that
follows the largest picture freed so far), so every picture was faulted in and zeroed by the
kernel afresh, about a tenth of a face's CPU time. With both thresholds fixed high, freed
pictures stay with the process and the next ones reuse them; the process holds on to what it
freed, so its peak memory may be a little higher (two faces read at once: each reading
thread's heap keeps its own).
"""
from __future__ import annotations

import ctypes

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


def keep_freed_memory() -> None:
    """Fix glibc's thresholds (:data:`MMAP_THRESHOLD`, :data:`TRIM_THRESHOLD`) for this
    process; elsewhere (another C library, or none found) nothing changes."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, TypeError):
        return
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)
