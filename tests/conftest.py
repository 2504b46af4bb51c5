"""Shared test helpers: random solved designs and scrambles (from the model's own
:mod:`models.plan.samples`), clear-error checks, a message's words on one line, the fixed plan
the checks' tests follow, an isolated user folder per test.

The native thread pools are held to one thread each before anything loads numpy or OpenCV,
as the CLI holds them: the tests then read photos as the program does, and the two test
workers do not lose the machine's two cores to OpenBLAS threads waiting between products."""
from __future__ import annotations

import functools
import os
import re
import shlex
from typing import TYPE_CHECKING, Callable

import pytest

from sudoku_cube.assistant.cli import limit_native_threads

limit_native_threads()  # before the imports below load numpy
from sudoku_cube.models.plan.samples import random_design, random_moves
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker

if TYPE_CHECKING:
    import numpy as np

    from sudoku_cube.models.cube.moves import Move
    from sudoku_cube.models.slips.kinds import Slip

__all__ = ["random_design", "random_moves", "assert_clear_error", "quad_pitch", "open_cell",
           "unsure_reading", "scripted", "swapped_pair", "said_captured", "video_centres",
           "slip_video", "first_guide_screens", "one_line", "check_plan"]

FLOOR = 0.05 / 36
"""The recogniser's floor score for a sticker it could not rule out."""
ALL_STICKERS = [Sticker(d, r) for d in range(1, 10) for r in range(4)]


def assert_clear_error(code: int, err: str, *words: str) -> None:
    """A user error as the CLI must report it: exit 2, one ``sudoku-cube: `` message with
    each of ``words`` (the file, face or option named, and a way out), no traceback."""
    assert code == 2, err
    assert "Traceback" not in err
    assert err.startswith("sudoku-cube: "), err
    for w in words:
        assert w in err, (w, err)


def one_line(text: str) -> str:
    """The words of ``text`` one space apart: what a test looks for in a message, wherever
    the console or the error's wrapping broke its lines."""
    return " ".join(text.split())


def check_plan() -> tuple[CubeState, tuple[Move, ...]]:
    """A fixed cube (the puzzle of seed 7, scrambled with 20 turns) and the plan that solves
    it (its scramble undone): the plan the tests of a check at one step follow."""
    from sudoku_cube.models.cube.moves import invert_moves, simplify
    from sudoku_cube.models.generator.cube3 import make_puzzle

    pz = make_puzzle(7, 20)
    return pz.state, simplify(invert_moves(pz.scramble))


def quad_pitch(quad) -> float:
    """Sticker pitch of a face outline (4 image corners, clockwise from the top left): the
    shorter of its two edges from the first corner, over three."""
    import numpy as np

    return min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[3] - quad[0])) / 3


def corner_faces_off_truth(faces, truth: dict) -> list[str]:
    """The faces located in a corner photo whose nine cell centres are not all within a third
    of a sticker pitch of the rendered truth (``truth["faces"][face]["centres"]``)."""
    import numpy as np

    off = []
    for cf in faces:
        want = np.array(truth["faces"][cf.face]["centres"])
        got = np.array([cf.to_image(c + 0.5, r + 0.5) for r in range(3) for c in range(3)])
        pitch = np.linalg.norm(want[1] - want[0])
        if not np.linalg.norm(got - want, axis=1).max() < pitch / 3:
            off.append(cf.face)
    return off


def assert_corner_faces_on_truth(faces, truth: dict) -> None:
    """Every face located in a corner photo is on the rendered truth
    (:func:`corner_faces_off_truth`)."""
    off = corner_faces_off_truth(faces, truth)
    assert not off, off


def true_corner_lattices(truth: dict) -> list:
    """The rendered corner photo's faces as corner lattices (vision/locate/corners/lattice.py),
    each mapping its net (0..3) onto the quad the renderer drew (``truth["faces"][f]["quad"]``),
    in the truth's order of faces."""
    import cv2
    import numpy as np

    from sudoku_cube.vision.locate.corners.lattice import CORNERS, Lattice

    out = []
    for face in truth["faces"].values():
        H = cv2.getPerspectiveTransform(np.array(CORNERS, np.float32),
                                        np.array(face["quad"], np.float32))
        out.append(Lattice(H.astype(np.float64), {}, (0, 1)))
    return out


def open_cell(scores: dict[Sticker, float]) -> tuple[Hypothesis, ...]:
    """Every sticker, the given ones at their scores, the rest at the recogniser's floor."""
    hs = [Hypothesis(s, scores.get(s, FLOOR)) for s in ALL_STICKERS]
    return tuple(sorted(hs, key=lambda h: -h.score))


def unsure_reading(state: CubeState, cells: dict[int, tuple[Hypothesis, ...]]) -> CubeState:
    """The true stickers read surely, except ``cells`` (index -> alternatives)."""
    cands = [cells.get(i, (Hypothesis(s, 0.99),)) for i, s in enumerate(state.stickers)]
    return CubeState(tuple(c[0].sticker for c in cands), 3, tuple(cands))


def swapped_pair(seed: int = 11):
    """A cube (``seed``: its scramble has exactly one solved arrangement), two of its stickers
    (a, b) landing on one face, and readings of them: each read as the other's digit about as
    likely as its own (``swapped``: the grid solver is not sure), or with clear evidence for the
    truth on b (``clear``: sure). Returns (state, a, b, swapped, clear)."""
    from sudoku_cube.models.generator.cube3 import make_puzzle
    from sudoku_cube.models.grid import solve_grid
    from sudoku_cube.models.cube.pieces import centre_facelets

    state = make_puzzle(seed, 25).state
    source = solve_grid(state).transform.source
    centres = frozenset(centre_facelets())
    face = [source[j] for j in range(18, 27) if source[j] not in centres]
    a, b = next((a, b) for a in face for b in face
                if state.stickers[a].digit != state.stickers[b].digit)
    sa, sb = state.stickers[a], state.stickers[b]
    swapped = unsure_reading(state, {a: open_cell({Sticker(sb.digit, sa.rot): 0.5, sa: 0.45}),
                                      b: open_cell({Sticker(sa.digit, sb.rot): 0.5, sb: 0.45})})
    clear = unsure_reading(state, {a: open_cell({Sticker(sb.digit, sa.rot): 0.5, sa: 0.45}),
                                    b: open_cell({sb: 0.9, Sticker(sa.digit, sb.rot): 0.02})})
    return state, a, b, swapped, clear


def scripted(*answers: str) -> tuple[Callable[[str], str], list[str]]:
    """A person at the review: ``ask(prompt)`` gives ``answers`` one after another and
    ``prompts`` records what was asked (with ``[text]`` after it when ``text`` was offered for
    editing)."""
    given = iter(answers)
    prompts: list[str] = []

    def ask(prompt: str, prefill: str = "") -> str:
        prompts.append(prompt if not prefill else f"{prompt}[{prefill}]")
        return next(given)

    return ask, prompts


def shell_words(copied: str) -> list[str]:
    """The words a shell reads from a command copied from the screen, line breaks and all: as
    :func:`shlex.split`, but for a backslash at the end of a line, the line continuation
    (``assistant.terminal.wrapping`` ends a line of a long command's words with it), which the
    shell drops and shlex would keep as a line break."""
    return shlex.split(copied.replace("\\\n", ""))


def first_guide_screens(monkeypatch: pytest.MonkeyPatch, joined: bool = True):
    """A recording 80 x 24 console and the key-driven guide's screens as shown on it (words
    joined by single spaces, or with ``joined`` False its lines as drawn), the guide taken to
    run on a terminal and answering q at its first screen: what a person sees first, without
    what was printed before (the guide's screen hides it)."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.terminal import guide_run

    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    screens: list[str] = []
    run_interactive = guide_run.run_interactive

    def guide(console, cursor, read_key, **kwargs):
        console.export_text(clear=True)  # printed before: the guide's screen hides it
        def shown() -> str:
            text = console.export_text(clear=True)
            return " ".join(text.split()) if joined else text

        return run_interactive(console, cursor, lambda: screens.append(shown()) or "q",
                               clear=False, **kwargs)

    monkeypatch.setattr(guide_run, "interactive", lambda: True)
    monkeypatch.setattr(guide_run, "run_interactive", guide)
    return console, screens


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, tmp_path_factory, monkeypatch):
    """Keep user data (sessions, profiles) of every test in its own folder; the planner's
    table cache is one folder for the whole run (built once, not once per test). ``COLUMNS``
    and ``LINES`` of the shell that started pytest are dropped: rich and the error wrapping
    read them, so an exported width would wrap the texts tests look for elsewhere (output
    captured by pytest is 80 columns; a test that needs a width sets its own)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SUDOKU_CUBE_CACHE",
                       str(tmp_path_factory.getbasetemp().parent / "planner-tables"))
    os.environ.setdefault("SUDOKU_CUBE_TEST", "1")
    yield


@pytest.fixture(scope="session", autouse=True)
def _render_cache_folder(tmp_path_factory):
    """The folder where :mod:`tests.render_cache` keeps this run's photos: under the run's
    root shared by the xdist workers (their own temporary roots are folders of it), else
    under this run's own root (its parent outlives the run and renderer changes)."""
    from tests import render_cache

    root = tmp_path_factory.getbasetemp()
    shared = root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root
    render_cache.FOLDER = shared / "render-cache"
    yield
    render_cache.FOLDER = None


@pytest.fixture(autouse=True)
def _no_resume_hint_left():
    """What a command run in a test told Ctrl-C to say (``assistant.terminal.interrupt``)
    is forgotten afterwards: a test that reads the hint of a command run outside ``main``
    must not see the one an earlier test's scan left."""
    yield
    from sudoku_cube.assistant.terminal import interrupt
    interrupt.set_resume_hint(None)
    interrupt.set_resume_command(None)
    interrupt.set_command_after_restart(None)


@pytest.fixture(autouse=True)
def _fuzz_counts(record_property):
    """Attach the fuzz inputs a test tried to its report (works across xdist workers)."""
    from tests.fuzzcount import TRIED
    before = dict(TRIED)
    yield
    for name, count in TRIED.items():
        if count != before.get(name, 0):
            record_property(f"fuzz:{name}", count - before.get(name, 0))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Print how many inputs each fuzz test tried (printed with the test summary)."""
    totals: dict[str, int] = {}
    for reports in terminalreporter.stats.values():
        for rep in reports:
            for key, value in getattr(rep, "user_properties", []) or []:
                if isinstance(key, str) and key.startswith("fuzz:"):
                    totals[key[5:]] = totals.get(key[5:], 0) + int(value)
    if totals:
        terminalreporter.write_sep("-", "fuzz inputs tried")
        for name, count in sorted(totals.items()):
            terminalreporter.write_line(f"{name}: {count} inputs")


def said_captured(face: str, text: str) -> bool:
    """Whether a scan's output says it captured ``face`` (named by its centre digit, the
    letter beside: 'captured centre 7 (R): ...')."""
    return re.search(rf"captured centre [^(]*\({face}\):", text) is not None


def video_centres(faces: str) -> str:
    """'U=5 R=2': the centre digits of ``faces`` of the sample video's cube, as a resumed scan
    lists the faces it has."""
    from pathlib import Path

    from sudoku_cube.models.cube.state_format import parse_state

    truth = Path(__file__).resolve().parents[1] / "samples" / "video" / "truth.json"
    state = parse_state(truth.read_text(encoding="utf-8"))
    return " ".join(f"{f}={state.face(f)[4].digit}" for f in faces)


@functools.cache
def slip_video() -> tuple[CubeState, tuple[Move, ...], Slip, tuple[np.ndarray, ...]]:
    """A plan whose step 2 is a quarter turn of D or B, a slip at that step (turned the other
    way), and the frames of a hand following the plan's first three steps with that slip
    (rendered from the corner of corner photo A): (start state, plan, slip, frames). Rendered
    once per run (:mod:`tests.render_cache`) for the tests that watch it; the frames are
    read-only, as they are shared."""
    from sudoku_cube.models.cube.moves import invert_moves, simplify
    from sudoku_cube.models.generator.cube3 import make_puzzle
    from sudoku_cube.models.slips.kinds import Slip
    from tests import render_cache

    for seed in range(50):
        pz = make_puzzle(300 + seed, 14)
        plan = simplify(invert_moves(pz.scramble))
        if plan[1].face in "BD" and plan[1].turns != 2:
            break
    slip = Slip("direction", 2, plan[1], (plan[1].inverse(),))
    frames = render_cache.plan_video_frames(pz.state, plan, [slip], 3, steps=3, turn=1)
    return pz.state, plan, slip, frames


@pytest.fixture
def first_look_as_told(monkeypatch):
    """The guide's check asks first what ``check --suggest`` does, for the steps done as told
    (not weighing the step shown made too): for tests of what the check does with the answers
    to a first question they script, which the guide's own first look would change."""
    from sudoku_cube.assistant.terminal import guide_check
    from sudoku_cube.models.slips.first_look import first_look

    monkeypatch.setattr(guide_check, "first_look",
                        lambda *a, **k: first_look(*a, **{**k, "shown_made": False}))
