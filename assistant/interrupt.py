"""Ctrl-C that is never lost.

Python turns SIGINT into ``KeyboardInterrupt`` wherever the program happens to be. When that is
inside a weak-reference callback or a finaliser (rich and numpy run some), Python prints
"Exception ignored" and carries on: the person pressed Ctrl-C and the scan went on regardless
(seen under load). Here the handler also remembers the press, and long loops call
:func:`check` once per round, which raises it again if it was swallowed.
"""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

_pressed = threading.Event()


def _handler(signum, frame) -> None:  # noqa: ARG001 - the signal module's signature
    _pressed.set()
    raise KeyboardInterrupt


def check() -> None:
    """Raise ``KeyboardInterrupt`` if Ctrl-C was pressed (again, if it was swallowed)."""
    if _pressed.is_set():
        raise KeyboardInterrupt


@contextmanager
def remembered_ctrl_c() -> Iterator[None]:
    """Within the block Ctrl-C is remembered for :func:`check`; the previous handler comes
    back afterwards. Only the main thread can install handlers: elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _pressed.clear()
    previous = signal.signal(signal.SIGINT, _handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        _pressed.clear()
