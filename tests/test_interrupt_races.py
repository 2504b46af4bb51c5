"""Ctrl-C at the worst moments never hangs: the handler takes no lock (a second Ctrl-C may run
it inside the first), and Ctrl-C inside ``Thread.start`` of a camera call counts the call out
exactly once (else ``release`` would never see the camera idle again)."""
from __future__ import annotations

import signal
import sys
import threading
import time

import pytest

from sudoku_cube.assistant.terminal import interrupt
from sudoku_cube.vision.photo import camera


def test_the_ctrl_c_handler_takes_no_lock():
    called = []

    def profile(frame, event, arg):
        if event == "c_call":
            called.append(getattr(arg, "__qualname__", repr(arg)))
        elif event == "call":
            called.append(frame.f_code.co_qualname)

    with interrupt.remembered_ctrl_c():
        sys.setprofile(profile)
        try:
            interrupt._handler(signal.SIGINT, None)
        except KeyboardInterrupt:
            pass
        finally:
            sys.setprofile(None)
        with pytest.raises(KeyboardInterrupt):
            interrupt.check()  # the press is remembered
    locks = [c for c in called if any(w in c for w in ("acquire", "__enter__", "Event",
                                                          "Condition"))]
    assert not locks, called
    interrupt.check()  # and forgotten once the command is over


def test_ctrl_c_inside_thread_start_counts_the_camera_call_out_once(monkeypatch):
    real_start = threading.Thread.start
    ran = threading.Event()

    def start_then_ctrl_c(self):
        real_start(self)
        raise KeyboardInterrupt  # Ctrl-C while start waits for the new thread

    before = camera._running
    monkeypatch.setattr(threading.Thread, "start", start_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        camera._call_with_timeout(lambda: ran.set() or (True, None), 5, "x", "y")
    monkeypatch.undo()
    deadline = time.monotonic() + 5
    while camera._running != before and time.monotonic() < deadline:
        time.sleep(0.001)
    time.sleep(0.05)  # a second count-out, if any, would land by now
    assert camera._running == before
