"""``sudoku-cube scan``: capture the six faces from a webcam (or a video file), face by face,
saving the session after every face; then review the reading and write it as a state file. A
cube most of whose faces showed no digit (a plain colour cube) is refused as photos of it are
(:func:`assistant.services.cube_input.no_digits_refusal`), before the review.

Whenever the scan stops early (Ctrl-C, q, the camera fails) it says how many faces are saved and
suggests ``--resume`` only when there is something to resume. A face that cannot be saved (a
full disk) is kept in memory and saved with the next one."""
from __future__ import annotations

import argparse
import json
import shlex
from typing import Iterator
from functools import partial
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.live import Live

from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from ...models.cube.state_format import to_dict
from ...models.cube.stickers import Sticker
from ...models.errors import SudokuCubeError
from ...models.profile import CubeSettings
from ...storage.atomic import atomic_write_text, check_output_file
from ...storage.folders import data_dir
from ...storage.write_errors import WriteFailed
from ...vision.photo.camera import CameraError, check_video_file, parse_source, source_name
from ...vision.photo.camera_settings import CameraSettings
from ...vision.photo.camera_setup import profile_frames
from ...vision.recognise.footed import OneVerdict
from ..services.cube_input import no_digits_refusal, turned_upright
from ..services.face_poses import captured_centres, show_title
from ..services.scan_reader import read_frame_face
from ..services.scanner import STABLE_FRAMES, ScanEvent, Scanner
from ..services.sessions import SCAN_OPTIONS, ScanSession, scan_session_path
from ..terminal import interrupt
from ..terminal.given_moves import again
from ..terminal.keys import interactive, read_line
from ..terminal.markup import plain
from ..terminal.one_words import verdict_line
from ..terminal.profile_option import (add_cube_options, chosen_reader, cube_settings,
                                       deciding_option, profile_camera)
from ..terminal.review_ui import ReviewQuit, kept_corrections, run_review, taken_up
from ..terminal.scan_loop import ScanStopped, scan_frames
from ..terminal.scan_view import ScanPanel
from ..terminal.scan_window import open_or_tell
from ..terminal.shell_words import command_line
from ..terminal.solve_flow import solve_with_review
from ..terminal.wrapping import print_wrapped

SCAN_AGAIN = ("scan it again (sudoku-cube scan) in even light, each face sharp and filling "
              "about half of the picture")
"""How to take the faces again where the scan saw no digit on most of them and the session
could not keep all six (:func:`_scan_again`)."""
RESUME_HINT = "run `sudoku-cube scan --resume` to continue with the faces captured so far"
VIDEO_RESUME_HINT = ("run `sudoku-cube scan --resume VIDEO` with a video of the faces still to "
                     "take (or --camera N) to continue with the faces captured so far")
"""How a scan from a video that ended goes on: from another video or a camera."""
EVERY_HINT = (" (--every N reads one frame in N: a short video may then show too few of a "
              "face)")
NOTHING_SAVED = "nothing to resume: run `sudoku-cube scan` again"
PREVIOUS_KEPT = ("the previous scan is kept as it was: `sudoku-cube scan --resume` continues it, "
                 "`sudoku-cube scan` starts again")
"""Ctrl-C before a new scan captured a face, where an earlier scan's session is on disk: a new
scan replaces it only once a face is captured, so it can still be continued."""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``scan`` subcommand."""
    p = sub.add_parser("scan", help="capture the six faces with a webcam or from a video",
                       description="Show the faces U R F D L B to the camera one after another, "
                                   "as the panel says. A face is captured once its reading holds "
                                   "still (space captures at once, z retakes the last face, q "
                                   "stops). The session is saved after every face.")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--camera", default=None, metavar="N|VIDEO",
                     help="camera number or a video file (default: the --profile's camera from "
                          "`calibrate camera`, with its size, locked exposure and lens "
                          "correction; else 0)")
    src.add_argument("video", nargs="?", default=None, help="a video file instead of a camera")
    p.add_argument("--no-window", action="store_true",
                   help="no preview window: terminal only")
    p.add_argument("--resume", action="store_true",
                   help="continue the last scan with the faces it already captured")
    p.add_argument("--retake", default="", metavar="FACES",
                   help="with --resume: faces to capture again, e.g. F or FR")
    p.add_argument("--output", "-o", default=None, metavar="FILE",
                   help="state file to write (default: last-scan.json in the data folder)")
    p.add_argument("--every", type=int, default=1, metavar="N", help="read every n-th frame only")
    p.add_argument("--steady", type=int, default=STABLE_FRAMES, metavar="N",
                   help="frames a reading must hold still before it is captured")
    add_cube_options(p)
    p.set_defaults(handler=run)


def _given_source(args: argparse.Namespace) -> str | None:
    """The camera or video named on the command line (None: none given)."""
    return args.video if args.video is not None else args.camera


def _given_option(args: argparse.Namespace) -> str:
    """How the source given is named in a message: ``--camera``, or nothing for the video
    argument."""
    return "" if args.video is not None else "--camera"


def _resume_source(session: ScanSession, given: str | None, option: str = "--camera"
                   ) -> int | str:
    """Where a resumed scan reads from: the source given now (after ``option``, as
    :func:`_given_option` names it), else the one the scan came from."""
    if given is not None:
        return parse_source(given, option)
    saved = session.source or "0"
    try:
        return parse_source(saved)
    except CameraError:
        raise SudokuCubeError(f"the scan to resume came from {saved}, which is no longer there; "
                              "give the video again (sudoku-cube scan --resume VIDEO) or a "
                              "camera (--camera N)") from None


def _new_source(args: argparse.Namespace, camera: CameraSettings | None) -> int | str:
    """A new scan's source: the one given, else the profile's camera, else camera 0."""
    given = _given_source(args)
    if given is not None or camera is None:
        return parse_source(given or "0", _given_option(args))
    try:
        return parse_source(camera.source)
    except CameraError:
        raise SudokuCubeError(f"profile {args.profile}: its camera {camera.source} is no longer "
                              "there; give --camera N, or run `sudoku-cube calibrate camera "
                              f"--profile {args.profile}` again") from None


def _session(args: argparse.Namespace, console: Console,
             camera: CameraSettings | None = None, saved: ScanSession | None = None
             ) -> tuple[ScanSession, int | str, dict[str, Sticker]]:
    """The scan session to fill (new, or with --resume the saved one, ``saved`` where the
    caller loaded it already), its frame source and the centres of the faces --retake drops
    (they are asked for by their centre digits)."""
    retake = args.retake.replace(",", "").replace(" ", "").upper()
    bad = [f for f in retake if f not in FACES]
    if bad:
        raise SudokuCubeError(f"--retake {args.retake}: {''.join(bad)} is not a face; "
                              "use letters of U R F D L B")
    if args.resume:
        session = saved or ScanSession.load()
        source = _resume_source(session, _given_source(args), _given_option(args))
        check_video_file(source, least_frames=1)  # a photo given as the video: said at once
        session.source = str(source)
        session.options = _options(args)
        dropped = {f: session.faces.pop(f) for f in retake if f in session.faces}
        known = captured_centres({f: c.stickers for f, c in dropped.items()})
        centres = captured_centres({f: c.stickers for f, c in session.faces.items()})
        seen = " ".join(f"{f}={c.digit}" for f, c in centres.items())  # as the panel shows them
        console.print(f"Resuming: {len(session.faces)} of 6 faces already captured "
                      f"({seen or 'none'}); reading from "
                      f"{plain(source_name(source))}.", highlight=False)
        return session, source, known
    if retake:
        raise SudokuCubeError("--retake works with --resume (it changes a saved scan)")
    source = _new_source(args, camera)
    check_video_file(source, least_frames=1)  # a photo given as the video: said at once
    path = scan_session_path()
    if path.exists():
        console.print(f"[dim]Starting a new scan; the previous one ({plain(path)}) will be "
                      "replaced once a face is captured. Use --resume to continue it instead.[/]")
    return ScanSession(source=str(source), options=_options(args)), source, {}


def _checked(frames: Iterator[np.ndarray]) -> Iterator[np.ndarray]:
    """The frames, checking at each one for a Ctrl-C that Python swallowed in a callback, so
    that the scan stops there."""
    for frame in frames:
        interrupt.check()
        yield frame


def _resumed_options(args: argparse.Namespace, console: Console) -> ScanSession | None:
    """With ``--resume``: the saved session, whose options the scan began with
    (:data:`SCAN_OPTIONS`) are set where none is given now, and said, so that the command the
    scan advised (``scan --resume``) reads and writes as the scan began; given now, they
    replace them. None without ``--resume``."""
    if not args.resume:
        return None
    session = ScanSession.load()
    taken = {k: v for k, v in session.options.items() if getattr(args, k, None) is None}
    for name, value in taken.items():
        setattr(args, name, value)
    if taken:
        words = [w for k, v in taken.items() for w in ([f"--{k}="] if v == "" else [f"--{k}", v])]
        console.print(f"Going on as the scan began: {plain(command_line(words))}",
                      highlight=False, soft_wrap=True)  # a path kept whole, to copy
    return session


def _options(args: argparse.Namespace) -> dict[str, str]:
    """The options of :data:`SCAN_OPTIONS` given to this scan, for its session."""
    return {k: str(getattr(args, k)) for k in SCAN_OPTIONS if getattr(args, k, None) is not None}


def run(args: argparse.Namespace) -> int:
    """Scan, review, write the state file."""
    console = Console()
    saved = _resumed_options(args, console)
    settings = cube_settings(args)
    read = partial(read_frame_face, reader=chosen_reader(args))
    if args.every < 1 or args.steady < 1:
        raise SudokuCubeError("--every and --steady take numbers of at least 1")
    out = Path(args.output) if args.output else data_dir() / "last-scan.json"
    # before the scan, not after; a typo is not made into new folders (the data folder is)
    check_output_file(args.output or out, example="scan.json",
                      folder_must_exist=bool(args.output))
    camera = profile_camera(args)
    session, source, known = _session(args, console, camera, saved)
    scanner = Scanner(session, stable_frames=args.steady, known=known, settings=settings)
    interrupt.set_resume_hint(_start_hint(scanner))
    before = dict(scanner.session.faces)  # the faces of an earlier run, kept by --resume
    if scanner.next_face is not None:
        _capture(args, console, scanner, source, camera, read)
    taken = sum(before.get(f) is not c for f, c in scanner.session.faces.items())
    saved, lost = _saved(scanner)
    kept = ("all six faces are saved in the scan session: `sudoku-cube scan --resume` shows the "
            "review again") if saved == 6 else f"only {saved} of 6 faces are saved{lost}"
    if lost:  # the data folder's disk is full: the reading goes on from memory
        console.print(f"[yellow]warning:[/] {plain(kept)}; the reading goes on from memory.")
    interrupt.set_resume_hint(interrupt.literal(kept))
    state = scanner.session.state()
    blank = scanner.session.blank()
    refusal = no_digits_refusal(blank, again=_scan_again(blank, saved == 6))
    if refusal is not None:  # no Sudoku Cube: no review of guesses, no state file
        where = (f"the six faces captured stay in the scan session ({scan_session_path()})"
                 if saved == 6 else kept)
        raise SudokuCubeError(f"{refusal}. {where[0].upper()}{where[1:]}.")
    ones = OneVerdict(*scanner.session.ones())
    console.print("All six faces captured. Checking the reading...")
    state = _held_upright(state, settings, console)
    if args.resume:  # a review of this reading stopped before: go on from what was typed there
        state = taken_up(console, state)
    try:
        state, _ = run_review(console, state, settings, read_line if interactive() else None,
                              extra={"one": ones.to_dict()},
                              retake=_retake if saved == 6 else None)
    except ReviewQuit as stop:
        where = (f"All six faces are kept in the scan session ({scan_session_path()}); "
                 "`sudoku-cube scan --resume` shows the review again") if saved == 6 else kept
        print_wrapped(console, f"Stopped at the review. {where}.{kept_corrections(stop)}")
        return 0
    console.print(verdict_line(ones, "solve", deciding_option(args), settings),
                  highlight=False)
    try:
        atomic_write_text(out, json.dumps({**to_dict(state), "one": ones.to_dict()}, indent=2)
                          + "\n")
    except WriteFailed as e:
        raise SudokuCubeError(f"{e}\n  {kept[0].upper()}{kept[1:]}.") from None
    console.print(f"Reading written to {plain(out)}", highlight=False, soft_wrap=True)
    # the photos show the cube now only when every face was taken in this run: a face of
    # an earlier run may have been photographed before turns this run's faces do not show
    return _go_on_to_plan(args, console, out, fresh=taken == len(FACES))


def _held_upright(state: CubeState, settings: CubeSettings, console: Console) -> CubeState:
    """The reading with a face that was held turned to the camera set upright, where turning
    it back a quarter or half turn alone makes the cube consistent
    (:func:`assistant.services.cube_input.turned_upright`, as ``solve`` does for photos),
    said with the command that captures that face again."""
    found = turned_upright(state, settings, {f: f"face {f} as captured" for f in FACES})
    if found.words is not None:
        face = found.words.photo
        print_wrapped(console, f"{found.words.said(f'Face {face} as captured', retake=False)} "
                               "If that is wrong, capture it again held upright: "
                               f"`sudoku-cube scan --resume --retake {face}`.")
    return found.state


def _solve_argv(args: argparse.Namespace, out: Path) -> list[str]:
    """The ``solve`` command line for the reading written to ``out``, with this scan's
    --profile and --symmetric."""
    argv = ["solve", str(out)]
    if getattr(args, "profile", None):
        argv += ["--profile", args.profile]
    if getattr(args, "symmetric", None) is not None:  # "" (no symmetric digit) included
        argv += ["--symmetric", args.symmetric]
    return argv


def guide_command(solve: argparse.Namespace, out: Path) -> str:
    """The command that goes on with the plan of the reading in ``out`` without taking the
    photos again: ``guide`` on it, with this scan's ``--profile`` and ``--symmetric``. It
    continues at the step saved, as a state file cannot show the cube now."""
    return again("guide", solve)(str(out))


def _go_on_to_plan(args: argparse.Namespace, console: Console, out: Path,
                   fresh: bool = False) -> int:
    """Offer to go straight on to the plan (Enter or y: ``solve`` runs on the reading, as the
    printed command would, but without its review, which the person has just answered);
    otherwise, or without a terminal, say the command to run. ``fresh``: this run captured a
    face, so the photos show the cube now and decide where a plan being followed goes on
    (a ``scan --resume`` that only shows the review again reuses old photos: not fresh)."""
    argv = _solve_argv(args, out)
    command = "sudoku-cube " + " ".join(shlex.quote(a) for a in argv)
    if not interactive():
        console.print(f"Next: {plain(command)}", highlight=False, soft_wrap=True)  # one line
        return 0
    answer = read_line("Go on to the plan now? [Y/n] ").strip().lower()
    if answer not in ("", "y", "yes"):
        console.print(f"The reading is kept. Later: {plain(command)}", highlight=False)
        return 0
    from ..cli import build_parser

    solve = build_parser("solve").parse_args(argv)
    interrupt.set_resume_command(guide_command(solve, out))  # not the scan: no new photos
    return solve_with_review(str(out), cube_settings(solve), solve, console, fresh=fresh,
                             reviewed=True)  # its review was just answered: not once more


def _capture(args, console: Console, scanner: Scanner, source, camera: CameraSettings | None,
             read_frame_face=read_frame_face) -> None:
    """The live part: the profile's camera opens with its saved settings and lens correction
    (:func:`profile_frames`), and its frames are read until every face is captured."""
    with profile_frames(source, camera) as frames:
        _watch_frames(args, console, scanner, _checked(frames), read_frame_face,
                      video=isinstance(source, str))


def _watch_frames(args, console: Console, scanner: Scanner, frames: Iterator[np.ndarray],
                  read_frame_face=read_frame_face, video: bool = False) -> None:
    """Frames until every face is captured; clear messages when they stop (``video``: the
    frames are a video file's, which a resumed scan would read again from its start)."""
    window = None if args.no_window else open_or_tell(
        lambda m: console.print(m, markup=False, highlight=False))
    live_ok = interactive()
    panel = ScanPanel(scanner, show_keys=window is not None)

    def on_event(event: ScanEvent) -> None:
        panel.status = event.message
        if not live_ok:
            console.print(plain(event.message))
            nxt = scanner.next_face
            if event.kind in ("captured", "retake") and nxt:
                title = show_title(nxt, scanner.names, scanner.settings)
                console.print(plain(f"  next: show {title}"), highlight=False)

    if not live_ok:
        console.print(panel)
    try:
        if live_ok:
            with Live(panel, console=console, refresh_per_second=8, transient=False) as live:
                scan_frames(scanner, frames, read_frame_face, on_event, window,
                            on_frame=lambda obs: live.update(panel), every=args.every)
        else:
            scan_frames(scanner, frames, read_frame_face, on_event, window,
                        every=args.every)
    except (KeyboardInterrupt, ScanStopped):
        saved, lost = _saved(scanner)
        after = RESUME_HINT if saved else \
            PREVIOUS_KEPT if not scanner.wrote and _earlier_faces() else NOTHING_SAVED
        console.print(plain(f"\nScan stopped with {saved} of 6 faces saved{lost}; {after}."),
                      highlight=False)
        raise SystemExit(130 if len(scanner.session.faces) < 6 else 0)
    except CameraError as e:
        saved, lost = _saved(scanner)
        if video:  # the same video again would end the same way
            again = (VIDEO_RESUME_HINT if saved else
                     "run `sudoku-cube scan VIDEO` with a video that shows all six faces")
            hint = EVERY_HINT if args.every > 1 else ""
            raise SudokuCubeError(f"{e}\n  {saved} of 6 faces are saved{lost}; {again}{hint}.") \
                from None
        again = RESUME_HINT if saved else "run `sudoku-cube scan` again"
        raise SudokuCubeError(f"{e}\n  {saved} of 6 faces are saved{lost}; fix the camera, "
                              f"then {again}.") from None
    finally:
        if window is not None:
            window.close()


def _scan_again(blank: dict[str, tuple[int, ...]], kept: bool) -> str:
    """How to take again the faces of a scan that saw no digit on most of them (``blank``:
    face -> the stickers without one): where the session ``kept`` all six, only the faces
    with such stickers, by ``scan --resume --retake``; else the whole scan again."""
    faces = "".join(f for f in FACES if blank.get(f))
    if not kept or not faces:
        return SCAN_AGAIN
    return f"{_retake(faces)}, in even light, each face sharp and filling about half of the picture"


def _retake(faces: str) -> str:
    """How to take again the faces ``faces`` (letters; "" when none is named) of a scan whose
    reading stopped at the review without a person: its session keeps all six, so only
    those are taken again, by ``scan --resume --retake``."""
    if not faces:
        return ("take the faces of those stickers again with `sudoku-cube scan --resume "
                "--retake FACES` (FACES: their letters, such as UR)")
    which = (f"face {faces}" if len(faces) == 1 else
             f"faces {', '.join(faces[:-1])} and {faces[-1]}")
    return f"take {which} again with `sudoku-cube scan --resume --retake {faces}`"


def _earlier_faces() -> int:
    """The faces of the scan session on disk (an earlier scan's, where this one has written
    none), 0 where there is none or it cannot be read."""
    try:
        return len(ScanSession.load(scan_session_path()).faces)
    except (OSError, ValueError, SudokuCubeError):
        return 0


def _saved(scanner: Scanner) -> tuple[int, str]:
    """How many faces are saved (a face kept in memory gets one more try first), and a note on
    the captured faces that could not be saved ("" when none)."""
    if scanner.unsaved is not None:
        scanner.save_session()
    lost = scanner.unsaved
    if lost is None:
        return scanner.saved, ""
    return scanner.saved, (f" ({len(scanner.session.faces) - scanner.saved} captured could not "
                           f"be saved: {lost.path}: {lost.reason}; {lost.fix})")


def _start_hint(scanner: Scanner) -> str:
    """What Ctrl-C before the first face tells the person (``--resume`` only when a saved scan
    is being continued)."""
    return ("the saved faces are kept: `sudoku-cube scan --resume` continues" if scanner.saved
            else "no face was captured; run `{command}` again")
