"""Ctrl-C that is never lost.

Python turns SIGINT into ``KeyboardInterrupt`` wherever the program happens to be. When that is
inside a weak-reference callback or a finaliser (rich and numpy run some), Python prints
"Exception ignored" and carries on: the person pressed Ctrl-C and the scan went on regardless
(seen under load). Here the handler also remembers the press, and long loops call
:func:`check` once per round, which raises it again if it was swallowed.

The handler takes no lock: a second Ctrl-C can run the handler again in the middle of the
first (Python calls handlers between any two bytecodes of the main thread), and a handler
waiting for a lock its interrupted self holds would hang the process for good.
"""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

_pressed = [False]
"""Whether Ctrl-C was pressed within :func:`remembered_ctrl_c` (a list cell, not a
``threading.Event``, whose ``set`` takes a lock)."""
_hint: dict[str, str] = {}


def literal(text: str) -> str:
    """``text`` to put in a hint as it is: its braces doubled, so that the hint's
    ``{command}`` formatting (:func:`resume_hint`) leaves them standing."""
    return text.replace("{", "{{").replace("}", "}}")


def set_resume_hint(text: str | None) -> None:
    """What the CLI tells a person who presses Ctrl-C from now on: how to go on from here
    (``{command}`` stands for the command to run again). None: the command's default."""
    if text:
        _hint["hint"] = text
    else:
        _hint.pop("hint", None)


def set_resume_command(command: str | None, *, pinned: bool = False) -> None:
    """The command that goes on from here when it is not the one that was run (the review
    saved the person's corrections in a state file: ``sudoku-cube solve FILE``). ``pinned``:
    it stays the command named until it is set to None (``serve --resume``, which takes up
    the review's corrections and a check's new plan itself), whatever else would be named
    meanwhile; None clears it, pinned or not."""
    if command is None:
        _hint.pop("command", None)
        _hint.pop("pinned", None)
    elif pinned or "pinned" not in _hint:
        _hint["command"] = command
        if pinned:
            _hint["pinned"] = command


RESTART = "--restart"
"""The option of ``solve`` and ``guide`` that starts the plan at step 1: the command named to
go on from where one stopped (after Ctrl-C or q) leaves it out once the guide has started."""


def set_command_after_restart(command: str | None) -> None:
    """The command that goes on once the guide has taken a ``--restart`` (the same command
    without it): until then going on means restarting again, since the step and plan saved
    before still stand (:func:`restart_taken`)."""
    if command:
        _hint["after restart"] = command
    else:
        _hint.pop("after restart", None)


def restart_taken() -> None:
    """The guide went back to step 1 of the photos' plan and saved it: from now on the
    command without ``--restart`` goes on from where the person stops (or the command set
    meanwhile, the review's corrections in a state file, as it is)."""
    after = _hint.pop("after restart", None)
    if after is not None and "command" not in _hint:
        _hint["command"] = after


def as_going_on(command: str) -> str:
    """``command`` as the way to go on: with ``--restart`` while a restart asked for is not
    yet taken (:func:`set_command_after_restart`), since without it the step and plan saved
    before would still stand."""
    return f"{command} {RESTART}" if "after restart" in _hint else command


def resume_command(ran: str) -> str:
    """The command to run to go on: the one set by :func:`set_resume_command` (see
    :func:`as_going_on`), else ``ran``."""
    return as_going_on(_hint["command"]) if "command" in _hint else ran


def resume_hint(ran: str) -> str | None:
    """The hint set by :func:`set_resume_hint` with the command to run filled in (None: none
    set)."""
    return _hint["hint"].format(command=resume_command(ran)) if "hint" in _hint else None


def _handler(signum, frame) -> None:  # noqa: ARG001 - the signal module's signature
    _pressed[0] = True
    raise KeyboardInterrupt


def check() -> None:
    """Raise ``KeyboardInterrupt`` if Ctrl-C was pressed (again, if it was swallowed)."""
    if _pressed[0]:
        raise KeyboardInterrupt


@contextmanager
def remembered_ctrl_c() -> Iterator[None]:
    """Within the block Ctrl-C is remembered for :func:`check`; the previous handler comes
    back afterwards. Only the main thread can install handlers: elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _pressed[0] = False
    _hint.clear()
    previous = signal.signal(signal.SIGINT, _handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        _pressed[0] = False


@contextmanager
def held_ctrl_c() -> Iterator[None]:
    """Ctrl-C within the block is held back and raised as ``KeyboardInterrupt`` at its end.
    The block loads modules (a command's imports): a ``KeyboardInterrupt`` raised in the
    middle of an import can land in one of Python's callbacks, which prints it with a
    traceback and carries on. Only the main thread can install handlers: elsewhere nothing
    changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if held:
        raise KeyboardInterrupt
