"""``sudoku-cube calibrate``: teach the reader this person's cube (templates) and camera.

* ``calibrate templates PHOTO... --digits "..."``: labelled face photos -> the cube's own
  templates and classifier, a contact sheet PNG, and before/after accuracy on the photos.
* ``calibrate settings``: the cube's settings (symmetric digits, 6/9 underline).
* ``calibrate camera [--camera N|VIDEO]``: list cameras that open, pick one, choose its size,
  lock exposure and white balance once they settle; optional lens calibration (chessboard).
Everything is saved in the named profile (``--profile NAME``), atomically.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from ...calibration.fit import LabelledPhoto, calibrate_templates, doubtful_labels
from ...calibration.labels import LABEL_HELP, LabelError, parse_face_label, parse_labels
from ...calibration.profile_files import ProfileError, atomic_write_png
from ...calibration.profiles import DEFAULT_NAME, Profile, load_or_new, profile_dir, save_profile
from ...calibration.sheet import contact_sheet
from ...models.cube.geometry import FACES
from ...models.errors import SudokuCubeError
from ...storage.atomic import check_output_file
from ...vision.photo.camera import (CameraError, check_video_file, frames, open_source,
                                   parse_source, release)
from ...vision.photo.camera_probe import probe_cameras
from ...vision.photo.camera_setup import configure_camera
from ...vision.photo.images import load_image
from ...vision.photo.lens import calibrate_lens
from ...vision.locate.face_geometry import FaceNotFoundError
from ...vision.photo.photo_files import face_photos
from ...vision.reading.reader import Reader
from ..services.files import load_state
from ..terminal.interrupt import literal, set_resume_hint
from ..terminal.keys import read_line, unfinished_line
from ..terminal.markup import plain
from ..terminal.profile_option import add_symmetric_option, with_symmetric
from ..terminal.shell_words import command_line
from ..terminal.wrapping import print_wrapped

SHEET_NAME = "contact-sheet.png"

SAVED_PROFILE = "mycube"
"""The profile every ``calibrate`` command saves into unless ``--profile`` names another: the
cube's templates and settings and the camera in one place."""


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``calibrate`` with its ``templates``, ``settings`` and ``camera`` subcommands."""
    p = sub.add_parser("calibrate", help="fit the reading to your cube: its templates, "
                                         "settings and camera",
                       description="Teach the reader your cube's print and your camera. "
                                   "Results are saved in a named profile (--profile NAME); "
                                   "`sudoku-cube profiles` lists them.")
    csub = p.add_subparsers(dest="calibrate", metavar="WHAT")

    t = csub.add_parser("templates", help="learn digit templates from labelled face photos",
                        description="Learn your cube's digits from face photos you label once. "
                                    "Label each photo with --digits (nine tokens row by row, "
                                    "e.g. \"5^ 4> 6^ 3v 6^ 5< 8^ 2^ 2>\", or for a solved face "
                                    "its digits and one arrow, \"534126978^\"), with --truth "
                                    "STATE for photos named U.jpg ... B.jpg, or interactively.")
    t.add_argument("photos", nargs="+", help="face photos (files, or a folder of U..B photos)")
    labels = t.add_mutually_exclusive_group()  # one source of labels, never one ignored
    labels.add_argument("--digits", action="append", metavar="LABEL",
                        help="labels of the photos in order (repeat, or separate with ';'); at "
                             "a terminal (and without --json) the photos after the last one "
                             "labelled are asked")
    labels.add_argument("--truth", metavar="STATE", help="state file whose faces label photos "
                                                         "named after faces (U.jpg ...)")
    _profile_args(t, "the profile's (1 for a new one), less the 1 where the photos' 1s have "
                     "a foot")
    t.add_argument("--sheet", metavar="PNG", help="also write the contact sheet here")
    t.add_argument("--json", action="store_true", help="print the result as JSON")
    t.add_argument("--force", action="store_true",
                   help="save even when a photo's labels agree with none of the stickers the "
                        "built-in reader is sure of")
    t.set_defaults(handler=run_templates)

    s = csub.add_parser("settings", help="set the cube's settings in a profile",
                        description="Set a profile's cube settings without photos: which "
                                    "digits look the same upside down, and whether 6 and 9 "
                                    "are underlined.")
    _profile_args(s, "the profile's, or 1 for a new one")
    s.set_defaults(handler=run_settings)

    c = csub.add_parser("camera", help="choose a camera, lock exposure/white balance, save",
                        description="List the cameras that open, pick one, choose its size, "
                                    "wait for exposure and white balance to settle and lock "
                                    "them. A video file can stand in for a camera.")
    c.add_argument("--camera", metavar="N|VIDEO", help="camera index or video file "
                                                       "(default: ask, or the first that opens)")
    c.add_argument("--list", action="store_true", help="only list the cameras that open")
    c.add_argument("--resolution", metavar="WxH", help="frame size (default: 1280x720; a camera "
                                                       "that lacks it gives a size of its own, "
                                                       "which is named)")
    c.add_argument("--settle-frames", type=int, default=150, metavar="N",
                   help="read at most N frames waiting for the picture to settle")
    c.add_argument("--chessboard", metavar="CxR", help="also calibrate the lens from views of "
                                                      "a chessboard with CxR inner corners")
    c.add_argument("--chessboard-frames", type=int, default=300, metavar="N",
                   help="frames to look through for chessboard views")
    c.add_argument("--profile", default=SAVED_PROFILE, metavar="NAME",
                   help=f"profile to save into (default: {SAVED_PROFILE}, as for the cube's "
                        "calibration: one profile holds the cube and the camera)")
    c.set_defaults(handler=run_camera)
    p.set_defaults(handler=lambda args: (p.print_help(), 2)[1])


def _profile_args(p: argparse.ArgumentParser, symmetric: str) -> None:
    """``--profile``, ``--symmetric`` (``symmetric``: what is saved without it) and
    ``--underlined``."""
    p.add_argument("--profile", default=SAVED_PROFILE, metavar="NAME",
                   help=f"profile to create or update (default: {SAVED_PROFILE})")
    add_symmetric_option(p, f"saved in the profile; without it, {symmetric}")
    p.add_argument("--underlined", choices=("yes", "no"), help="are 6 and 9 underlined?")


def _profile_for(args: argparse.Namespace) -> Profile:
    """The profile to update, with settings changed by the command-line flags."""
    if args.profile == DEFAULT_NAME:
        raise ProfileError("the profile 'default' is built in and cannot be changed; "
                           "choose a name with --profile NAME")
    profile = load_or_new(args.profile)
    settings = with_symmetric(profile.settings, getattr(args, "symmetric", None))
    if getattr(args, "underlined", None):
        settings = replace(settings, underlined_69=args.underlined == "yes")
    return replace(profile, settings=settings)


# --- templates --------------------------------------------------------------------------------

CORNERS_NOT_TAKEN = ("corner photos (A.jpg and B.jpg) are not taken: templates are learnt "
                     "from face photos, one face straight on each; give those (U.jpg ... "
                     "B.jpg)")
"""Why ``calibrate templates`` refuses corner photos, and what to give instead."""


def _photo_files(items: list[str]) -> list[Path]:
    """The face photos given (files, or the face photos of folders), in the order given. A
    folder of corner photos A and B (without all six faces) is refused
    (:data:`CORNERS_NOT_TAKEN`): its ``B.jpg`` would be taken for face B's photo. A file is
    taken whatever its name (a corner photo among them is told so when it is read:
    :func:`calibration.fit.score_photo`)."""
    out: list[Path] = []
    for item in items:
        p = Path(item)
        if p.is_dir():
            found = face_photos(p)
            faces = [f for f in FACES if f in found]
            if {"A", "B"} <= found.keys() and len(faces) < len(FACES):
                raise SudokuCubeError(f"{p}: {CORNERS_NOT_TAKEN}")
            if not faces:
                raise SudokuCubeError(f"{p}: no face photos (U.jpg ... B.jpg) in this folder")
            out.extend(found[f] for f in faces)
        else:
            out.append(p)
    return out


def _labels_from_truth(files: list[Path], truth: str):
    if Path(truth).is_dir():  # the reader's own reading of photos would prove nothing
        raise SudokuCubeError(f"{truth}: is a folder; --truth takes a state file of the cube "
                              "as it really is (typed from the cube, see docs/conventions.md)")
    state = load_state(truth)
    labels = []
    for f in files:
        face = f.stem.upper()
        if face not in FACES:
            raise SudokuCubeError(f"{f}: --truth labels photos named after their face "
                                  "(U.jpg, R.jpg, ...); rename it or use --digits")
        labels.append(tuple(state.face(face)))
    return labels


def _as_read(image: np.ndarray, reader: Reader) -> str:
    """What the built-in reader reads in a photo (``image``), for the person to check against
    the cube while they label it (the labels must be the cube's own: typed, never taken from
    this); why not, where no face is found."""
    try:
        return "read as: " + " ".join(s.token for s in reader.read_face(image).stickers)
    except (FaceNotFoundError, SudokuCubeError) as e:
        return f"no face read ({e})"


EMPTY_LABEL = ("type the nine stickers as the cube shows them: the reading above is there to "
               "compare with, and templates are learnt from the cube's own digits only")
"""What an empty line at a photo's label prompt is told."""


def _ask_labels(files: list[Path], images: list[np.ndarray], console: Console,
                reader: Reader, given: list | None = None) -> tuple[list, list[str]]:
    """The labels of ``files`` (loaded as ``images``) typed at the terminal, after the first
    ones ``given`` (``--digits``), and the lines typed for them. Ctrl-C, ``q`` or the end of
    input keeps nothing on disk, but says how to go on: the command again with a
    ``--digits`` for each label typed, and the line that was being typed."""
    labels = list(given or [])
    console.print(f"[bold]Label each photo[/]: {LABEL_HELP}. Under each photo is what it "
                  "reads as now: type what the cube really shows (q or Ctrl-C stops, and "
                  "says how to go on with the labels typed).")
    typed: list[str] = []
    for f, image in list(zip(files, images))[len(labels):]:
        console.print(f"  [dim]{plain(_as_read(image, reader))}[/]", highlight=False)
        while True:
            try:
                text = read_line(f"{f}: ")
            except KeyboardInterrupt as stop:  # with the line that was being typed, if any
                set_resume_hint(_going_on(typed, f, unfinished_line(stop)))
                raise
            if text == "q":  # the end of input (or q): stop as Ctrl-C does
                set_resume_hint(_going_on(typed, f))
                raise KeyboardInterrupt
            if not text.strip():
                console.print(f"[yellow]{EMPTY_LABEL}[/]")
                continue
            try:
                labels.append(parse_face_label(text, str(f)))
            except LabelError as e:
                console.print(f"[red]{plain(e)}[/]")
                continue
            typed.append(text.strip())
            set_resume_hint(_going_on(typed, None))
            break
    return labels, typed


def _digits_options(typed: list[str]) -> str:
    """The ``--digits`` options that give the labels ``typed`` again, quoted for the shell."""
    return command_line(word for t in typed for word in ("--digits", t))


def _going_on(typed: list[str], at: Path | None, line: str = "") -> str:
    """What Ctrl-C tells a person labelling photos: nothing is saved; the command again (its
    ``{command}``) with a ``--digits`` for each label ``typed`` goes on at the next photo;
    and the ``line`` that was being typed for photo ``at``, not taken."""
    said = ("nothing was saved; run `{command} " + literal(_digits_options(typed)) +
            "` to go on with the "
            f"labels typed so far ({len(typed)})" if typed else
            "nothing was saved; run `{command}` again")
    if line.strip() and at is not None:
        said += f"; the line you were typing for {literal(str(at))}: {literal(line.strip())!r}"
    return said


def _check_labels(before, force: bool, console: Console) -> None:
    """Refuse (unless ``force``) labels that agree with none of the confident readings."""
    doubtful = doubtful_labels(before)
    if not doubtful:
        return
    lines = [f"{s.source}: the labels agree with 0 of the {s.confident} stickers read with "
             f"confidence (read: {' '.join(r for _, _, r in s.mistakes[:9])})" for s in doubtful]
    if not force:
        raise SudokuCubeError("; ".join(lines) + ". Check that each label belongs to its "
                              "photo and lists the stickers row by row from the top left; "
                              "nothing was saved (--force saves anyway)")
    for line in lines:
        console.print(f"[yellow]warning:[/] {plain(line)}; saved anyway (--force)",
                      highlight=False)


def _disputed_labels(before, console: Console) -> None:
    """Say the labels that the reader contradicts on stickers it was sure of (learnt all the
    same: the reader may be wrong, which calibrating mends, or the label mistyped, which a
    template cut under the wrong label then teaches), so that the person checks them."""
    for s in before:
        if s.disputed and not s.labels_doubtful:
            said = ", ".join(f"sticker {i + 1} labelled {t}, read surely as {r}"
                             for i, t, r in s.disputed)
            print_wrapped(console, f"Check these labels of {s.source}: {said}. Where a label "
                                   "is mistyped, calibrate again with it mended (the profile "
                                   "learnt it as given).", style="yellow")


def run_templates(args: argparse.Namespace) -> int:
    """Learn templates from labelled photos, save the profile and its contact sheet."""
    console = Console(stderr=args.json)
    profile = _profile_for(args)
    if args.sheet:  # a sheet that cannot be written: refused before the profile is saved
        check_output_file(args.sheet, example=SHEET_NAME, folder_must_exist=True)
    files = _photo_files(args.photos)
    images = [load_image(f) for f in files]  # a photo that cannot be read: before any typing
    typed: list[str] = []
    if args.truth:
        labels = _labels_from_truth(files, args.truth)
    else:  # --digits for all the photos, or the first ones and the rest typed here
        labels = parse_labels(args.digits)
        asking = sys.stdin.isatty() and not args.json  # stdout carries only JSON with --json
        if not labels and not asking:
            raise SudokuCubeError("give the labels of the photos with --digits (one per photo) "
                                  "or --truth STATE (with --json, or without a terminal, none "
                                  f"are asked); {LABEL_HELP}")
        if len(labels) < len(files) and asking:
            labels, typed = _ask_labels(files, images, console,
                                        Reader(ocr="never", settings=profile.settings), labels)
    if len(labels) != len(files):
        raise SudokuCubeError(f"{len(files)} photo(s) but {len(labels)} label(s) in --digits; "
                              "give one label of nine stickers per photo, in the same order")
    photos = [LabelledPhoto(str(f), image, lab) for f, image, lab in zip(files, images, labels)]
    with console.status("learning templates from the photos..."):
        # the 1's foot in the photos decides its symmetry unless the person gave it
        result = calibrate_templates(photos, profile,
                                     ones_from_photos=getattr(args, "symmetric", None) is None)
    try:
        _check_labels(result.before, args.force, console)
    except SudokuCubeError as refused:
        if not typed:
            raise
        raise SudokuCubeError(f"{refused}; the labels you typed, to give again with the "
                              f"command: {_digits_options(typed)}") from None
    folder = save_profile(result.profile)
    sheet = contact_sheet(result.profile.templates, f"profile {profile.name}")
    atomic_write_png(folder / SHEET_NAME, sheet)
    if args.sheet:
        atomic_write_png(args.sheet, sheet)
    out = {"profile": profile.name, "folder": str(folder),
           "contact_sheet": str(args.sheet or folder / SHEET_NAME),
           "glyphs": result.glyphs, "before": result.profile.report["before"],
           "symmetric": sorted(result.profile.settings.symmetric),
           "after": result.profile.report["after"],
           "photos": [{"photo": b.source, "before": b.correct, "after": a.correct,
                       "stickers": b.total, "problem": b.problem or None,
                       "mistakes_after": [list(m) for m in a.mistakes]}
                      for b, a in zip(result.before, result.after)]}
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    table = Table(title="How the photos read", title_justify="left")
    for col in ("photo", "before", "after", "still wrong"):
        table.add_column(col)
    for b, a in zip(result.before, result.after):
        wrong = ", ".join(f"{i + 1}: {t} read {r}" for i, t, r in a.mistakes) or \
            (b.problem if b.problem else "-")
        table.add_row(plain(b.source), f"{b.correct}/{b.total}", f"{a.correct}/{a.total}",
                      plain(wrong))
    console.print(table)
    _disputed_labels(result.before, console)
    if result.footed_one:
        print_wrapped(console, f"The 1 has a foot in these photos ({result.ones.footed} of "
                               f"{result.ones.seen} clear 1s): saved as not symmetric, so every "
                               "1 ends upright (--symmetric 1 saves it as symmetric instead).")
    if result.footless_one:
        plain_ones = result.ones.seen - result.ones.footed
        print_wrapped(console, f"The 1 has no foot in these photos ({plain_ones} of "
                               f"{result.ones.seen} clear 1s): saved as symmetric, so a 1 may "
                               "end upside down (--symmetric none saves it as not symmetric "
                               "instead).")
    console.print(f"Learnt {result.glyphs} glyphs; stickers read right: "
                  f"{out['before']:.1%} with the built-in templates -> {out['after']:.1%} with "
                  f"profile [bold]{plain(profile.name)}[/].")
    earlier = profile.report.get("glyphs") if profile.templates is not None else None
    if isinstance(earlier, int):  # the templates are learnt anew from these photos alone
        print_wrapped(console, f"The profile's templates learnt before (from {earlier} glyphs, "
                               f"{profile.report.get('date', 'earlier')}) are replaced by "
                               "these; to keep both, calibrate with all the photos at once.")
    # paths kept whole (a copy of one folded by the console would not open)
    print_wrapped(console, f"Contact sheet of the 36 templates: {out['contact_sheet']}")
    print_wrapped(console, f"Saved in {folder}; use it with `--profile {profile.name}`.")
    return 0


def run_settings(args: argparse.Namespace) -> int:
    """Save the cube's settings into the profile."""
    profile = _profile_for(args)
    folder = save_profile(profile)
    Console().print(f"Profile {plain(profile.name)}: {plain(profile.summary())}\n"
                    f"Saved in {plain(folder)}.")
    return 0


# --- camera -----------------------------------------------------------------------------------

def _parse_size(text: str | None, flag: str, form: str = "WIDTHxHEIGHT, e.g. 1280x720",
                least: int = 1) -> tuple[int, int] | None:
    """Two whole numbers of at least ``least`` joined by x (``text``, None where not given);
    refused with the ``form`` the ``flag`` takes."""
    if not text:
        return None
    parts = text.lower().replace(" ", "").split("x")
    if len(parts) != 2 or not all(p.isdigit() and int(p) >= max(1, least) for p in parts):
        more = f" ({least} at least each way)" if least > 1 else ""
        raise SudokuCubeError(f"{flag} {text!r}: give it as {form}{more}")
    return int(parts[0]), int(parts[1])


CHESSBOARD_LEAST = 3
"""Inner corners a chessboard needs each way: OpenCV's corner finder takes no smaller board."""


def _pick_camera(console: Console, infos) -> int | str:
    working = [i for i in infos if i.ok]
    if not working and len(infos) == 1:  # the one --camera asked for: name it and its problem
        raise SudokuCubeError(f"no camera opens: {infos[0].label()}; give another --camera (a "
                              "number or a video file), or run `sudoku-cube calibrate camera` "
                              "without --camera to try every camera")
    if not working:
        raise SudokuCubeError("no camera opens: plug one in (or close the program using it) "
                              "and run `sudoku-cube calibrate camera` again, or give a video "
                              "file with --camera FILE")
    if len(working) == 1 or not sys.stdin.isatty():
        console.print(f"Using {plain(working[0].label())}.")
        return working[0].source
    choices = [str(i.source) for i in working]
    while True:
        answer = console.input(f"Which camera? [{plain('/'.join(choices))}] ").strip() \
            or choices[0]
        if answer in choices:
            return working[choices.index(answer)].source
        console.print(f"[red]type one of {plain(', '.join(choices))}[/]")


def run_camera(args: argparse.Namespace) -> int:
    """Probe, pick, configure and save a camera (and optionally its lens calibration)."""
    console = Console()
    wanted = _parse_size(args.resolution, "--resolution")
    pattern = _parse_size(args.chessboard, "--chessboard",
                          "COLUMNSxROWS of inner corners, e.g. 9x6", CHESSBOARD_LEAST)
    for flag, count in (("--settle-frames", args.settle_frames),
                        ("--chessboard-frames", args.chessboard_frames)):
        if count < 1:
            raise SudokuCubeError(f"{flag} {count}: takes a number of frames of at least 1")
    if args.camera is not None:
        given = parse_source(args.camera)
        check_video_file(given, least_frames=1)  # a photo: said at once
        infos = probe_cameras([given])
    else:
        infos = probe_cameras()
    table = Table(title="Cameras", title_justify="left")
    table.add_column("source")
    table.add_column("status")
    for i in infos:
        table.add_row(plain(i.source), plain(i.label()) if i.ok else f"[red]{plain(i.problem)}[/]")
    if infos:
        console.print(table)
    else:
        console.print("No camera devices found.")
    if args.list:
        return 0
    source = _pick_camera(console, infos)
    name = args.profile
    if name == DEFAULT_NAME:
        raise ProfileError("the profile 'default' is built in and cannot be changed; "
                           "choose a name with --profile NAME")
    profile = load_or_new(name)
    with console.status("waiting for exposure and white balance to settle..."):
        settings = configure_camera(source, wanted=wanted, max_settle_frames=args.settle_frames)
    if pattern:
        cap = open_source(source)
        try:
            with console.status("looking for chessboard views..."):
                lens = calibrate_lens(_until_end(frames(cap, source, args.chessboard_frames)),
                                      pattern)
        finally:
            release(cap)
        settings = replace(settings, lens=lens)
    folder = save_profile(replace(profile, camera=settings))
    console.print(f"Camera: {settings.describe()} ({settings.settle_frames} frames read "
                  "while settling)")
    for note in settings.notes:
        console.print(f"[yellow]note:[/] {plain(note)}")
    console.print(f"Saved in profile {plain(name)} ({plain(folder)}); use it with --profile "
                  f"{plain(name)}.", soft_wrap=True)  # a path kept whole
    return 0


def _until_end(it):
    """Frames until the source stops (the end of a video file is not an error here)."""
    try:
        yield from it
    except CameraError:
        return


__all__ = ["register", "run_templates", "run_settings", "run_camera", "profile_dir"]
