"""Running the guide on a console: every step printed (``--plain``), or one step at a time
with keys next/back/restart/quit. The key reader is passed in so tests can press keys."""
from __future__ import annotations

from contextlib import nullcontext
from typing import Callable, Sequence

from rich.console import Console, RenderableType
from rich.text import Text

from ...models.cube.face_words import hold_words
from ...models.cube.state import CubeState
from ...models.profile import CubeSettings
from ...models.plan.planner import Step
from ..services.guide import GuideCursor, command_of
from ..services.phases import is_combined, phase_note, phase_title
from .guide_view import (HELP_KEYS, HELP_KEYS_SHORT, DoneView, HelpView, PlanSummary, StepView,
                         done_line)
from .interrupt import literal, resume_command, set_resume_hint
from .line_words import unfinished_words
from .one_words import turned_ones_line
from .net import NetView
from .wrapping import print_wrapped, wrap_words


def print_plain(console: Console, steps: Sequence[Step], start: CubeState,
                pictures: bool = True, settings: CubeSettings = CubeSettings()) -> None:
    """Print every step (for a printout or a terminal without interaction); ``settings``: the
    cube's, for the hold words."""
    console.print(PlanSummary(list(steps)))
    if not steps:
        console.print("The cube is already solved: nothing to turn.")
        return
    hold = hold_words(start, settings)
    console.print(NetView(start, title=f"Start: {hold[0].lower()}{hold[1:]}"))
    phase = None
    combined = is_combined(steps)
    for i, step in enumerate(steps):
        if step.phase != phase:
            phase = step.phase
            console.rule(phase_title(phase, combined))
            console.print(phase_note(phase, combined))
        console.print(step_line(step, i, len(steps), console.width), soft_wrap=True)
        if pictures:
            console.print(StepView(step, i, len(steps), show_keys=False).nets(console.width))
    console.print(Text("Done: the cube is solved.", style="bold green"))
    note = turned_ones_line(steps[-1].after, settings)
    if note:
        print_wrapped(console, note)


def step_line(step: Step, index: int, total: int, width: int) -> Text:
    """One step of the printed plan, '  1/13  R    turn the right side away from you ...', its
    words wrapped between words to ``width`` and going on under its words, not under its
    number (:func:`wrapping.wrap_words`)."""
    head, move = f"{index + 1:>3}/{total}  ", f"{str(step.move):<3}"
    words = step.description or step.move.describe()
    line = Text(wrap_words(f"{head}{move}  {words}", width, hang=len(head) + len(move) + 2))
    line.stylize("bold green", len(head), len(head) + len(move))
    return line


def resume_notice(cursor: GuideCursor) -> str:
    """What to tell a person who runs a plan again: where it continues, or that it starts over.
    On a plan made after a slip (the note before it says which plan the r key restarts) the
    hold is kept for the rest of the solve, not the whole of it; finished before, such a plan
    stays on its last screen, which says the cube is solved (the note, how to start again)."""
    if cursor.finished_before and cursor.done:
        return ""
    if cursor.finished_before:
        return (f"You finished this plan before; starting again at step 1 of {cursor.total}. "
                f"{hold_words(cursor.start, cursor.settings)}.")
    if cursor.rewound:
        return photos_decide_notice(cursor)
    if cursor.resumed:  # the cube may have been put down since: how to hold it again
        return (f"Continuing at step {cursor.position + 1} of {cursor.total}"
                + ("." if cursor.after_slip else " (press r to restart).")
                + f" {hold_words(cursor.state(), cursor.settings)}.")
    if cursor.position == 0:
        return start_notice(cursor)
    return ""


def unsaved_notice(cursor: GuideCursor) -> str:
    """Once a step reached could not be saved (:attr:`GuideCursor.unsaved`): why, and that the
    guide goes on; empty otherwise, and after it was said."""
    why, cursor.unsaved = cursor.unsaved, ""
    return f"Your place was not saved ({why}); the guide goes on." if why else ""


def start_notice(cursor: GuideCursor) -> str:
    """How to hold the cube at the plan's first step, kept for the rest of the solve."""
    rest = "the rest of the solve" if cursor.after_slip else "the whole solve"
    return f"{hold_words(cursor.start, cursor.settings)} for {rest}."


def photos_decide_notice(cursor: GuideCursor) -> str:
    """What a person is told when photos just taken show the cube at the start of the plan
    while a later step was reached before (:attr:`GuideCursor.rewound`): step 1, and why."""
    done = ("step 1" if cursor.rewound == 1 else f"steps 1-{cursor.rewound}")
    return (f"The photos show the cube as it was at the start of the plan: starting at step 1 "
            f"of {cursor.total}, not at step {cursor.rewound + 1} reached before (the turns of "
            f"{done} were not made). {hold_words(cursor.start, cursor.settings)} for the whole "
            f"solve.")


def screen_of(cursor: GuideCursor, notice: str = "", height: int | None = None,
              keys: str = HELP_KEYS, short_keys: str = HELP_KEYS_SHORT) -> RenderableType:
    """The renderable of the cursor's screen: the current step (``keys``: its key line's
    markup; ``short_keys`` where that does not fit), or the solved cube."""
    if cursor.done:
        return DoneView(cursor.state(), cursor.total, notice=notice, height=height,
                        note=turned_ones_line(cursor.state(), cursor.settings))
    pos = cursor.position
    step = cursor.current
    changed = pos == 0 or cursor.steps[pos - 1].phase != step.phase
    return StepView(step, pos, cursor.total, phase_changed=changed,
                    combined=is_combined(cursor.steps), notice=notice, height=height,
                    keys=keys, short_keys=short_keys)


UNKNOWN_KEY = "{key} does nothing here: press ? for the keys."
"""The notice for a key the guide does not know (or c where no check is possible)."""

RESTART_QUESTION = ("Restart from step 1? Only with the cube turned back as it was at the "
                    "start: step 1 is made on that cube. Press y to restart, any other key to "
                    "stay here.")
"""The r key's question: the plan starts again from the cube as it was read, not as it is."""

RESTART_NEW_PLAN = ("Restart the new plan made after the slip from its step 1 (for the photos' "
                    "plan, quit and run again with --restart)? Press y to restart, any other "
                    "key to stay here.")
"""The r key's question on a plan a check made after a slip: which plan it restarts."""

FIRST_STEP = "This is step 1: there is no step to go back to. Press → once its turn is made."
"""The notice for the back key on the first step (it seemed to do nothing); one line at 80
columns, under the hold's two, so that the net stays on an 80x24 screen."""

BACK_STEP = "Back to step {number}: if you made its turn {move} already, undo it first: {undo}."
"""The notice for the back key: the step shown again is a turn still to make, so a person who
made it turns it back first (the screen alone would show it as a turn to make once more). One
line at 80 columns, as :data:`FIRST_STEP`."""


def back_notice(cursor: GuideCursor) -> str:
    """:data:`BACK_STEP` for the step ``cursor`` went back to."""
    move = cursor.steps[cursor.position].move
    return BACK_STEP.format(number=cursor.position + 1, move=move, undo=move.inverse())


LAST_SCREEN = ("This is the last screen: press q or Enter to quit, ← to go back a step, c to "
               "check the cube if it is not solved.")
"""The notice for a next key other than Enter on the last screen: only q and Enter end the
guide there, as its key line says, so that a press too many does not close it unseen."""

ENTER_KEYS = ("\r", "\n", "")
"""Enter as :func:`assistant.terminal.keys.read_key` gives it (``""``: an empty line where
keys are read a line at a time): a next key that also quits on the last screen."""


def run_interactive(console: Console, cursor: GuideCursor, read_key: Callable[[], str],
                    clear: bool = True,
                    checker: Callable[[GuideCursor], str] | None = None,
                    speak: Callable[[GuideCursor], None] | None = None,
                    note: str = "") -> bool:
    """Show one step at a time until done or quit; return True when the end was reached.

    With ``clear`` the guide draws on the terminal's alternate screen (the shell's text comes
    back afterwards) and redraws when the terminal changes size; what the person should keep
    (where they stopped, and a line being typed at the check when Ctrl-C came) is printed
    after leaving it. ``speak`` is called with the cursor each time another step (or the end)
    is shown. ``note`` (such as where the plan was exported, printed before the guide took
    the screen) is said again on its first screen.
    """
    if cursor.total == 0:
        console.print("The cube is already solved: nothing to turn.")
        return True
    try:
        with (console.screen() if clear else nullcontext()):
            finished = _guide_loop(console, cursor, read_key, clear, checker, speak, note)
    except KeyboardInterrupt as stop:
        line = unfinished_words(stop, "on the check's prompt when you press c at this step")
        line = literal(f". {line}") if line else ""
        set_resume_hint(f"stopped at step {cursor.position + 1} of {cursor.total}; "
                        "run `{command}` to continue there" + line)
        raise
    if finished:  # as the last screen said it, the note on 1s turned the other way too
        console.print(Text(done_line(cursor.total), style="bold green"))
        note = turned_ones_line(cursor.state(), cursor.settings)
        if note:
            print_wrapped(console, note)
    else:
        again = resume_command("")
        print_wrapped(console, f"Stopped at step {cursor.position + 1} of {cursor.total}; "
                               + (f"run `{again}` to continue there." if again else
                                  "run the same command again to continue there."))
    return finished


def _guide_loop(console: Console, cursor: GuideCursor, read_key: Callable[[], str],
                clear: bool, checker: Callable[[GuideCursor], str] | None = None,
                speak: Callable[[GuideCursor], None] | None = None, note: str = "") -> bool:
    """The key loop of :func:`run_interactive`; True when the person finished the plan.

    The first screen's notice (how to hold the cube, where the plan goes on) stays until the
    person leaves that step: a key that changes nothing there says so on a line below it.
    Back at step 1 from step 2, the hold is said again."""
    opening = " ".join(x for x in (note, resume_notice(cursor)) if x)
    notice = ""
    confirming = helping = False
    spoken: tuple[int, int] | None = None  # (position, plan length) last said aloud
    while True:
        if clear:
            console.clear()
        if helping:
            console.print(HelpView(cursor.position, cursor.total, cursor.state(), cursor.settings))
        else:
            question = RESTART_NEW_PLAN if cursor.after_slip else RESTART_QUESTION
            shown = "\n".join(x for x in (opening, notice) if x)  # the reply on its own line
            console.print(screen_of(cursor, question if confirming else shown),
                          crop=False)  # a command longer than a line is the terminal's to wrap
            if speak is not None and spoken != (cursor.position, cursor.total):
                spoken = (cursor.position, cursor.total)
                speak(cursor)
        key = read_key()
        if helping:
            helping = command_of(key) == "redraw"  # any key but a resize goes back
            continue
        if confirming:
            confirming = False
            if key.lower() == "y":
                cursor.restart()
                opening = start_notice(cursor)  # starting over: the hold again
            continue
        cmd = command_of(key)
        if cmd == "help":
            helping = True
            continue
        if cmd != "redraw":
            notice = ""
        at, plan = cursor.position, cursor.steps
        if cmd == "quit":
            return cursor.done
        if cmd == "next":
            if not cursor.done:
                cursor.next()
            elif key in ENTER_KEYS:
                return True
            else:
                notice = LAST_SCREEN
        elif cmd == "back":
            went = cursor.position > 0
            cursor.back()
            notice = back_notice(cursor) if went else FIRST_STEP
        elif cmd == "restart":
            confirming = True
        elif cmd == "check" and checker is not None:
            if clear:  # the questions start at the top, not under a full screen
                console.clear()
            notice = checker(cursor)
        elif cmd is None or cmd == "check":
            notice = UNKNOWN_KEY.format(key=repr(key) if key.isprintable() else "That key")
        if cursor.position != at or cursor.steps is not plan:  # left the step, or a new plan
            # back at step 1: the hold again, which the first turn is made in
            opening = start_notice(cursor) if cmd == "back" and cursor.position == 0 else ""
        notice = " ".join(x for x in (notice, unsaved_notice(cursor)) if x)
