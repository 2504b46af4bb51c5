"""Running the guide on a console: every step printed (``--plain``), or one step at a time
with keys next/back/restart/quit. The key reader is passed in so tests can press keys."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.console import Console
from rich.text import Text

from sudoku_cube.assistant.guide import GuideCursor, command_of
from sudoku_cube.assistant.guide_view import DoneView, PlanSummary, StepView, is_combined, phase_note, \
    phase_title
from sudoku_cube.assistant.net import NetView
from sudoku_cube.models.state import CubeState


def print_plain(console: Console, steps: Sequence[Any], start: CubeState,
                pictures: bool = True) -> None:
    """Print every step (for a printout or a terminal without interaction)."""
    console.print(PlanSummary(list(steps)))
    if not steps:
        console.print("The cube is already solved: nothing to turn.")
        return
    console.print(NetView(start, title="Start: hold the cube with F towards you, U on top"))
    phase = None
    combined = is_combined(steps)
    for i, step in enumerate(steps):
        if step.phase != phase:
            phase = step.phase
            console.rule(phase_title(phase, combined))
            console.print(phase_note(phase, combined))
        line = Text(f"{i + 1:>3}/{len(steps)}  ")
        line.append(f"{str(step.move):<3}", style="bold green")
        line.append(f"  {step.description or step.move.describe()}")
        console.print(line)
        if pictures:
            console.print(StepView(step, i, len(steps), show_keys=False).nets(console.width))
    console.print(Text("Done: the cube is solved.", style="bold green"))


def run_interactive(console: Console, cursor: GuideCursor, read_key: Callable[[], str],
                    clear: bool = True) -> bool:
    """Show one step at a time until done or quit; return True when the end was reached."""
    if cursor.total == 0:
        console.print("The cube is already solved: nothing to turn.")
        return True
    if cursor.resumed:
        console.print(f"Continuing at step {cursor.position + 1} of {cursor.total} "
                      "(press r to restart).")
    last_phase = None
    while True:
        if clear:
            console.clear()
        if cursor.done:
            console.print(DoneView(cursor.state(), cursor.total))
            console.print("[bold]b[/] back · [bold]r[/] restart · [bold]q[/] quit")
        else:
            step = cursor.current
            console.print(StepView(step, cursor.position, cursor.total,
                                   phase_changed=step.phase != last_phase,
                                   combined=is_combined(cursor.steps)))
            last_phase = step.phase
        cmd = command_of(read_key())
        if cmd == "quit":
            if not cursor.done:
                console.print(f"Stopped at step {cursor.position + 1} of {cursor.total}; "
                              "run the same command again to continue there.")
            return cursor.done
        if cmd == "next":
            if cursor.done:
                return True
            cursor.next()
        elif cmd == "back":
            cursor.back()
        elif cmd == "restart":
            cursor.restart()
