"""``sudoku-cube serve``: the phone as the camera. A small web server on this computer shows a
page that takes the photos one at a time with the phone's camera; the terminal prints its
address (with ``--lan``, where a phone can reach it, as a QR code too). Each photo is read as
it arrives and the page shows what was read or why it was refused. Once the cube is read, the
terminal takes over as ``solve`` does (the review, then the guide) while the page shows the
current step.

The photos land in a session folder (:mod:`assistant.web.store`) that ``solve``, ``guide`` and
``check`` read like any folder of photos; Ctrl-C stops the server and keeps every photo, and
``serve --resume`` continues the newest session.
"""
from __future__ import annotations

import argparse
import select
import sys
from typing import Callable, Sequence

from rich.console import Console

from ...models.cube.state import CubeState
from ...models.errors import SudokuCubeError
from ...models.profile import CubeSettings
from ..services.slip_check import Cells, check_face, corner_words, show_face_words
from ..terminal import interrupt
from ..terminal.guide_check import Capture, CheckCancelled
from ..terminal.guide_run import Companion
from ..terminal.keys import interactive
from ..terminal.markup import plain
from ..terminal.profile_option import add_profile_option, chosen_reader, cube_settings
from ..terminal.review_ui import ReviewQuit, kept_corrections
from ..terminal.solve_flow import solve_with_review
from ..terminal.solve_options import add_guide_options, add_ocr_option
from ..terminal.wrapping import print_wrapped
from ..web.qr import qr_text
from ..web.server import Server
from ..web.service import PhoneService
from ..web.store import PhotoFolder, new_folder, newest_folder

DEFAULT_PORT = 8765

RETAKE = ("Stopped at the review; nothing was planned. Retake photos on the phone; the review "
          "starts again when they are read. Ctrl-C stops the server.")
"""What the terminal says after q at the review: the server keeps taking photos."""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``serve`` subcommand."""
    p = sub.add_parser("serve", help="take the photos with a phone: a page in its browser "
                                     "(--lan: opened from a QR code)",
                       description="Start a small web server and print its address (with "
                                   "--lan also as a QR code). Open it on the phone (same Wi-Fi, "
                                   "with --lan), take the photos one at a time as the page "
                                   "asks; each is read at "
                                   "once. When the cube is read, the review and the guide run "
                                   "here, and the page shows the current step. Ctrl-C stops "
                                   "the server and keeps every photo.")
    p.add_argument("--lan", action="store_true",
                   help="listen on the home network, so that a phone on the same Wi-Fi can open "
                        "the page (default: this computer only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"port to listen on (default {DEFAULT_PORT}; 0: any free port)")
    p.add_argument("--resume", action="store_true",
                   help="continue the last phone session with the photos it already has")
    add_guide_options(p)
    add_ocr_option(p)
    add_profile_option(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Serve the page until the terminal's guide ends (or Ctrl-C)."""
    if not 0 <= args.port <= 65535:
        raise SudokuCubeError(f"--port {args.port}: a port is a number from 1 to 65535 "
                              "(0: any free port)")
    settings = cube_settings(args)
    console = Console()
    folder = PhotoFolder(newest_folder() if args.resume else new_folder())
    service = PhoneService(folder, chosen_reader(args), settings=settings)
    if args.resume:
        with console.status("reading the photos already taken..."):
            service.resume()
    server = Server(service, lan=args.lan, port=args.port)
    try:
        url = server.start()
    except SudokuCubeError:
        _drop_if_empty(folder)  # nothing was received: no empty session to resume
        raise
    interrupt.set_resume_hint(f"the photos are kept in {folder.path}; `sudoku-cube serve "
                              "--resume` continues with them")
    try:
        show_address(url, args.lan, console)
        console.print(f"Photos go to {plain(folder.path)}", highlight=False, soft_wrap=True)
        return hand_over(service, folder, settings, args, console)
    finally:
        server.stop()
        if _drop_if_empty(folder):  # what Ctrl-C says: no photos are kept
            interrupt.set_resume_hint("no photo was taken; run `{command}` again")


def _drop_if_empty(folder: PhotoFolder) -> bool:
    """Remove the session's folder when nothing was received in it, so that ``serve
    --resume`` continues the newest session that holds photos, not a run that took none;
    whether it was removed."""
    try:
        if not any(folder.path.iterdir()):
            folder.path.rmdir()
            return True
    except OSError:
        pass  # gone, or not empty after all: it is kept
    return False


def show_address(url: str, lan: bool, console: Console) -> None:
    """Print the address written out for typing, with ``--lan`` after its QR code for the
    phone; without, the address is this computer's own (127.0.0.1), which no phone can open,
    so no code is printed, only how to get one."""
    if lan:
        sys.stdout.write(qr_text(url, colour=sys.stdout.isatty()) + "\n")
        sys.stdout.flush()
    console.print(f"Open {url}", highlight=False, soft_wrap=True)
    if not lan:
        console.print("This computer only: add --lan to open it from a phone on the same Wi-Fi.",
                      highlight=False)


CHECK_WAIT = 300.0
"""Seconds a check of the guide waits for its photo from the phone."""

CHECK_POLL = 0.5
"""Seconds between looks, while a check waits, for the photo and for a line typed."""


def typed_line() -> str | None:
    """A line typed at the terminal and ended with Enter since the last look, or None (none,
    or no terminal to type at): read without waiting, so that the wait for a photo goes on."""
    if not interactive():
        return None
    ready, _, _ = select.select([sys.stdin], [], [], 0)
    return sys.stdin.readline() if ready else None


def phone_capture(service: PhoneService, console: Console,
                  typed: Callable[[], str | None] = typed_line) -> Capture:
    """For the guide's ``c`` key: ask the page for the photo the check wants (a face, named by
    its centre digit in ``cube``, the cube as it should be; or corner photo A for ``"A"``) and
    wait for it; ``q`` typed meanwhile (``typed``) cancels the check (:class:`CheckCancelled`),
    and Ctrl-C stops as anywhere. ``maybe``: the cubes a slip may have left, as the
    terminal's check weighs them where it asks (after the step shown, once a slip there fits),
    so that the page tells the hold as the terminal does; without, those the service finds
    for ``cube`` on the plan it guides."""
    def capture(face: str, cube: CubeState | None = None,
                maybe: Sequence[CubeState] | None = None) -> dict[str, Cells]:
        if maybe is None and cube is not None:
            maybe = service.slipped(cube)
        hold = None if cube is None else check_hold(face, cube, maybe or (), service.settings)
        service.ask_check(face, hold=hold)
        what = ("corner photo A" if face == "A"
                else f"a photo of {check_face(face, cube, service.settings)}")
        console.print(f"Take {what} with the phone: the page asks for it (q: cancel).",
                      highlight=False)
        waited = 0.0
        try:
            while waited < CHECK_WAIT:
                interrupt.check()
                faces = service.wait_check(CHECK_POLL)
                say_news(service, console)  # a photo the page refused: retaken there
                if faces is not None:
                    return {f: tuple(r.candidates) for f, r in faces.items()}
                if (typed() or "").strip().lower() == "q":
                    raise CheckCancelled
                waited += CHECK_POLL
        finally:
            service.end_check()
        raise SudokuCubeError(f"no photo came from the phone in {CHECK_WAIT / 60:.0f} minutes; "
                              "type the tokens instead, or press Enter to ask the phone again")
    return capture


def say_news(service: PhoneService, console: Console) -> None:
    """Say what the phone sent since the last time (:meth:`PhoneService.news`): each photo
    taken or refused, a line each."""
    for line in service.news():
        console.print(f"From the phone: {plain(line)}", highlight=False)


def check_hold(face: str, cube: CubeState, maybe: Sequence[CubeState] = (),
               settings: CubeSettings = CubeSettings()) -> str:
    """How the page asks for the photo of a check: the words the terminal's check shows for
    ``face`` (corner photo A for ``"A"``) on ``cube``, the cube as it should be now, naming
    only what no slip that left one of ``maybe`` can have turned."""
    words = (corner_words(cube, maybe, settings) if face == "A"
             else show_face_words(face, cube, maybe, settings))
    return f"{words[0].upper()}{words[1:]}."


def hand_over(service: PhoneService, folder: PhotoFolder, settings: CubeSettings,
              args: argparse.Namespace, console: Console) -> int:
    """Wait for the whole cube to be read from the phone's photos, then review and guide it
    here as ``solve`` does; a reading refused as a whole (a photo held turned, two corner
    photos of the same corner) is said here and on the page, and waits for a retake. Where the
    set's every photo was accepted in this run, the reading shows the cube now: a plan being
    followed from it starts at step 1, not at a step saved before. From the review until the
    guide starts the page refuses retakes (:meth:`PhoneService.reviewing`): the review goes on
    with the photos it has. q at the review does not stop the server: the page takes photos
    again, and the next reading (a photo retaken) is reviewed afresh; the reading quit is not
    reviewed again. With ``--resume`` the review starts from the corrections kept when a
    review of the same reading stopped in an earlier run (q, then Ctrl-C; or Ctrl-C at the
    review), said in one line as ``scan --resume`` does; after q in this run, not: the photos
    retaken are reviewed afresh, as the terminal says."""
    seen, said, quit = -1, "", None
    while True:
        interrupt.check()
        seen, reading, problem = service.wait_reading(seen, 0.5)
        say_news(service, console)  # each photo as it arrives, taken or refused
        if problem and problem != said:  # as the page says it; the photos are retaken there
            console.print(f"{plain(problem)}\nRetake photos on the phone.", highlight=False)
        said = problem
        if reading is None or reading is quit:
            continue
        if not service.reviewing(reading, person=interactive() and not args.plain):
            continue  # a photo came since: wait for the set read again
        console.print("The cube is read from the phone's photos.")
        # q or Ctrl-C in the guide: this command would start a new session; this one goes on
        interrupt.set_resume_command("sudoku-cube serve --resume", pinned=True)
        companion = Companion(service.follow, phone_capture(service, console), "the phone",
                              at=service.at, checked=service.review_check,
                              upright=service.upright, retakes=True,
                              naming=service.naming(), said=service.check_said)
        try:
            code = solve_with_review(str(folder.path), settings, args, console,
                                     reading=reading, companion=companion,
                                     fresh=service.took_photos(),
                                     take_up=args.resume and quit is None)
        except SudokuCubeError as e:
            said = service.refuse_reading(e)  # the page says it in its own words (not again here)
            console.print(f"{plain(str(e))}\nRetake photos on the phone.", highlight=False)
            continue
        except ReviewQuit as stop:
            quit = reading
            service.review_quit(reading)
            kept = kept_corrections(stop)
            if kept:  # kept for `solve FILE`; the review of the photos retaken starts afresh
                kept += " The review of the photos retaken starts without them: type them again."
            print_wrapped(console, f"{RETAKE}{kept}")
            interrupt.set_resume_command(None)  # that file is not the cube guided after
            continue
        finally:
            service.reviewing(None)
            service.guided()
        if interactive() and not args.plain:
            return code
        service.steps_on_page()  # nobody steps the guide here: the person steps on the phone
        console.print("The page shows the steps, with Next and Back to go through them; Ctrl-C "
                      f"stops the server (the photos stay in {plain(folder.path)}).",
                      highlight=False)
        while True:
            interrupt.check()
            service.wait_reading(seen, 1.0)
