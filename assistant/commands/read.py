"""``sudoku-cube read DIR_OR_PHOTOS``: read six face photos into a state with confidence."""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

import cv2
from rich.console import Console

from ...models.cube.face_words import faces_words, listed, place_words
from ...models.cube.geometry import FACES
from ...models.cube.state import sticker_name
from ...models.cube.transform import Transform
from ...models.errors import PhotosRefused, SudokuCubeError
from ...storage.atomic import atomic_write_bytes
from ...vision.reading.mirrored import mirrored_note
from ...vision.reading.annotate import annotate_photo
from ...vision.reading.annotate_cells import annotate_cells
from ...vision.reading.annotate_refusal import annotate_refusal
from ...vision.reading.corners import CORNER_PHOTOS
from ...vision.locate.corners.views import corner_faces
from ...vision.locate.face_geometry import TWO_FACES_ADVICE, PhotoRefusal
from ...vision.recognise.footed import ones_verdict
from ...vision.photo.images import load_image, load_photo
from ...vision.reading.corner_shown import CornerShownError, corner_shown
from ...vision.reading.faces import FaceReading
from ..services.cube_input import (NO_DIGIT_ON_FACE, blank_line, blank_stickers,
                                   corner_blank_line, corner_photos, empty_faces, face_photos,
                                   photo_names, photo_sources, turned_upright, unsettled)
from ..terminal.markup import plain
from ..terminal.net import BLANK, NetView
from ..terminal.given_moves import again
from ..terminal.one_words import verdict_line
from ..terminal.profile_option import add_profile_option, chosen_reader, cube_settings
from ..terminal.shell_words import command_line
from ..terminal.solve_options import add_ocr_option


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``read`` subcommand."""
    p = sub.add_parser("read", help=("read six face photos (U R F D L B) or two corner photos "
                                     "(A B) into a state"),
                       description="Read the photos U R F D L B (.jpg/.jpeg/.png) of a folder, or "
                                   "its two corner photos A and B, or the photo files given, "
                                   "into a state with per-sticker alternatives and "
                                   "confidence.")
    p.add_argument("photos", nargs="+",
                   help="a folder with U.jpg ... B.jpg (or corner photos A.jpg and "
                   "B.jpg), or the photo files themselves")
    p.add_argument("--json", action="store_true",
                   help="print the state JSON (best tokens, candidates, geometry) to stdout")
    p.add_argument("--debug", dest="debug_dir", metavar="DIR",
                   help="write an annotated copy of each photo, and each face's cells, to DIR")
    add_ocr_option(p)
    p.add_argument("--corner", choices=CORNER_PHOTOS, type=str.upper,
                   help="read each photo given as corner photo A (U on top, F lower left, R "
                        "lower right) or B (D on top, L lower left, B lower right) and print "
                        "its three faces; a lone file named A.jpg is read so without it")
    add_profile_option(p)
    p.set_defaults(handler=run)


def _corner_singles(args: argparse.Namespace) -> tuple[str, list[Path]] | None:
    """The photo files to read one by one as corner photos, and which corner: with
    ``--corner``, or a lone file named ``A`` (a lone ``B`` is face B)."""
    paths = [Path(p) for p in args.photos]
    if args.corner:
        dirs = [p for p in paths if p.is_dir()]
        if dirs:
            raise SudokuCubeError(f"{dirs[0]}: read --corner {args.corner} takes photo files, "
                                  "not a folder (a folder with A.jpg and B.jpg is read as a "
                                  "corner pair without --corner)")
        return args.corner, paths
    if len(paths) == 1 and paths[0].is_file() and paths[0].stem.upper() == "A":
        return "A", paths
    return None


def read_corner_singles(which: str, paths: list[Path], args: argparse.Namespace,
                        read: list[FaceReading] | None = None) -> int:
    """Read each photo as corner photo ``which`` and print its three faces (to check a corner
    photo before taking the other; each face read is added to ``read``, as :func:`run` keeps
    them); a photo that does not show the corner says why. Exit 2
    when a photo shows no digit on any of its faces (no Sudoku Cube, as a folder's read
    says), once everything read is printed; else 0."""
    console = Console(stderr=bool(args.json))  # stdout carries only JSON with --json
    results = {}
    reader = chosen_reader(args)
    for path in paths:
        photo = load_photo(path)
        faces = reader.read_chosen_corner(photo.image, which, source=photo.source,
                                          file_scale=photo.file_scale)
        results[str(path)] = faces
        if read is not None:
            read.extend(faces.values())
        # soft-wrapped: a long path folded by rich is two lines, which no copy joins again
        console.print(f"[bold]{plain(path)}[/] (corner photo {which}: "
                      + listed([f"{c.face} {c.place}" for c in corner_faces(which)]) + "):",
                      soft_wrap=True)
        if any(r.mirrored for r in faces.values()):
            console.print(f"  {mirrored_note(path.name)}", highlight=False)
        for face, r in faces.items():
            rows, notes = face_lines(r, corner=True)
            for k, row in enumerate(rows):
                console.print(f"  {face if k == 0 else ' '}  {row}")
            for note in notes:
                console.print(f"     {plain(note)}", highlight=False)
        empty = empty_faces(faces)
        if empty:  # once for the photo, not for each of its faces
            retake = f"{path.name} (corner photo {which})"
            console.print(f"  {plain(corner_blank_line(empty, retake))}", highlight=False)
    _debug_pictures(args, [r for faces in results.values() for r in faces.values()])
    plain_photos = [p for p, faces in results.items()
                    if all(len(r.blank) == len(r.stickers) for r in faces.values())]
    if args.json:
        sys.stdout.write(json.dumps({k: {"photo": which, "faces": {
            f: {"faces": [s.token for s in r.stickers], **r.to_dict()} for f, r in v.items()}}
            for k, v in results.items()}, indent=2) + "\n")
    Console(stderr=True).print(f"{len(paths)} corner photo(s) read; a whole cube needs both "
                               "corner photos A and B (or the six faces U R F D L B).")
    return 2 if plain_photos else 0


def _single_photos(args: argparse.Namespace) -> list[Path]:
    """The photo files given when they are fewer than a whole cube (checked one by one). A
    lone ``B.jpg`` is face B: only the pair A and B makes corner photos."""
    paths = [Path(p) for p in args.photos]
    names = {p.stem.upper() for p in paths}
    if len(paths) >= 6 or any(p.is_dir() for p in paths) or {"A", "B"} <= names:
        return []  # a folder, a whole cube, or the corner pair A and B
    return [p for p in paths if p.is_file()] if all(p.is_file() for p in paths) else []


def read_single_faces(paths: list[Path], args: argparse.Namespace,
                      read: list[FaceReading] | None = None) -> int:
    """Read each photo as one face and print its nine stickers (to check a photo before
    taking the others; each face read is added to ``read``, as :func:`run` keeps them); a
    photo whose face cannot be read gives its specific message. Exit 2
    when a photo's face shows no digit at all (no Sudoku Cube, as a folder's read says), once
    everything read is printed; else 0."""
    console = Console(stderr=bool(args.json))  # stdout carries only JSON with --json
    results = {}
    reader = chosen_reader(args)  # the profile is loaded once for all the photos
    for path in paths:
        face = path.stem.upper() if path.stem.upper() in FACES else None
        photo = load_photo(path)
        try:
            r = reader.read_chosen_face(photo.image, source=photo.source, face=face,
                                        file_scale=photo.file_scale)
        except CornerShownError as shown:
            raise _read_as_corner(shown, path, args) from None
        if len(r.blank) == len(r.stickers):  # no digit: a lattice across a corner's faces?
            shown = corner_shown(photo.image, photo.source)
            if shown is not None:
                raise _read_as_corner(shown, path, args)
        results[str(path)] = r
        if read is not None:
            read.append(r)
        rows, notes = face_lines(r)
        what = f", {place_words(face)}" if face else " (not named after a face)"
        console.print(f"[bold]{plain(path)}[/]{what}:", highlight=False, soft_wrap=True)
        if r.mirrored:
            console.print(f"  {mirrored_note(path.name)}", highlight=False)
        for row in rows:
            console.print(f"  {row}")
        for note in notes:
            console.print(f"  {plain(note)}", highlight=False)
    _debug_pictures(args, list(results.values()))
    plain_photos = [p for p, r in results.items() if len(r.blank) == len(r.stickers)]
    if args.json:
        sys.stdout.write(json.dumps({k: {"faces": [s.token for s in r.stickers],
                                         **r.to_dict()} for k, r in results.items()},
                                    indent=2) + "\n")
    if len(paths) < 6 and len(plain_photos) < len(results):  # no next photos of no cube
        Console(stderr=True).print(f"{len(paths)} photo(s) read; a whole cube needs the six "
                                   "faces U R F D L B (or corner photos A and B).")
    return 2 if plain_photos else 0


def _read_as_corner(shown: CornerShownError, path: Path, args: argparse.Namespace
                    ) -> CornerShownError:
    """The refusal of a lone photo that shows a corner of the cube (``shown``), its advice
    in this command's words: the photo reads as it is with ``--corner``, as A or as B (B
    first for a photo named so), with the options the person gave (``args``: the profile,
    the OCR choice), as a command that goes on names them
    (:func:`assistant.terminal.given_moves.again`)."""
    first, other = ("B", "A") if path.stem.upper() == "B" else ("A", "B")  # as it is named
    as_corner = again("read", argparse.Namespace(**{**vars(args), "corner": first}))(str(path))
    held = {"A": "U on top, F lower left, R lower right",
            "B": "D on top, L lower left, B lower right"}
    told = CornerShownError(str(shown).replace(TWO_FACES_ADVICE, (
        "photograph a single face straight on, or read this photo as a corner photo: "
        f"`{as_corner}` ({held[first]}), or with `--corner {other}` ({held[other]})")),
        shown.seen)
    told.photo = shown.photo
    return told


def _check_debug_dir(debug_dir: str | None) -> None:
    """Refuse a ``--debug`` folder that is a file, or whose own folder does not exist: the
    folder is made where it is missing, but not a path of missing folders, which is more
    likely a slip in typing it (as ``--export`` refuses a file in a missing folder)."""
    if not debug_dir:
        return
    folder = Path(debug_dir)
    if folder.exists() and not folder.is_dir():
        raise SudokuCubeError(f"--debug {debug_dir}: is a file, not a folder; give a folder "
                              "for the debug pictures (it is made if it does not exist)")
    parent = folder.resolve().parent
    if not folder.exists() and not parent.is_dir():
        raise SudokuCubeError(f"--debug {debug_dir}: the folder {plain(parent)} does not "
                              "exist; give a folder inside one that does (the last folder is "
                              "made if it does not exist), e.g. `mkdir -p "
                              f"{command_line([str(parent)])}` first")


def run(args: argparse.Namespace) -> int:
    """Read the photos, print the net (or JSON) and write debug images when asked; a refused
    photo gets its debug picture too, with the reason on it, beside those of the photos read
    (every other photo of a folder, those before it of photos given one by one)."""
    read: list[FaceReading] = []
    _check_debug_dir(args.debug_dir)
    try:
        return _read(args, read)
    except (PhotoRefusal, PhotosRefused) as e:
        if args.debug_dir:
            refusals = [r for r in (e.refusals if isinstance(e, PhotosRefused) else (e,))
                        if isinstance(r, PhotoRefusal)]
            refused = {r.photo for r in refusals}
            # the faces read of other photos (the same corner twice: both read, both refused)
            others = [r for r in read if r.source not in refused]
            if others:
                _debug_pictures(args, others)
            for r in refusals:
                if r.photo:
                    _refusal_picture(r, r.photo, Path(args.debug_dir))
        raise


def _read(args: argparse.Namespace, read: list[FaceReading]) -> int:
    """:func:`run` without the refused photo's debug picture; each face read is added to
    ``read`` as it is read, for the debug pictures of a read that ends in a refusal."""
    corner = _corner_singles(args)
    if corner:
        return read_corner_singles(*corner, args, read)
    singles = _single_photos(args)
    if singles:
        return read_single_faces(singles, args, read)
    target = args.photos[0] if len(args.photos) == 1 else args.photos
    err = Console(stderr=True)
    with err.status("reading photos...") as status:
        reading = chosen_reader(args).read_photo_set(
            target, progress=lambda f: status.update(f"reading face {f}..."), done=read.append)
    for w in reading.warnings:
        err.print(f"[yellow]warning:[/] {plain(w)}")
    for note in reading.notes:
        err.print(plain(note), highlight=False)
    _debug_pictures(args, list(reading.faces.values()))
    blank, empty = blank_stickers(reading.faces), empty_faces(reading.faces)
    doubtful = reading.doubtful_indices()
    upright = turned_upright(reading.state, cube_settings(args), face_photos(reading.faces),
                             corners=corner_photos(reading.faces)) if not empty else None
    if upright is not None and upright.turn is not None:  # as solve takes it, and says it
        err.print(plain(upright.said or ""), highlight=False, soft_wrap=True)
        reading = replace(reading, state=upright.state)
        blank, doubtful = _moved(blank, upright.turn), _moved(doubtful, upright.turn)
    ones = ones_verdict(reading.faces)
    names = photo_names(photo_sources(reading.faces))
    refusal = unsettled(reading.state, names)  # as solve refuses it, naming the photos
    if args.json:
        out = reading.to_dict()
        out["one"] = {"seen": ones.seen, "footed": ones.footed, "symmetric": not ones.has_foot}
        sys.stdout.write(json.dumps(out, indent=2) + "\n")
        if empty:
            raise SudokuCubeError(blank_line(blank, empty, names))
        if refusal is not None:  # the reading written is the person's to correct: exit 0
            err.print(f"[yellow]warning:[/] {plain(refusal)}. Or correct the doubtful "
                      "stickers in the state file this writes (a token changed in its faces "
                      "counts as certain).", highlight=False)
        return 0
    if not empty and refusal is None:
        decides = f"--profile {args.profile}" if args.profile else ""  # as solve takes it
        err.print(verdict_line(ones, "solve, guide and check", decides, cube_settings(args)),
                  highlight=False)

    console = Console()
    doubtful = doubtful - blank
    console.print(NetView(reading.state, doubtful=doubtful, blank=blank, title="reading"))
    for idx in sorted(doubtful):
        alts = _alternatives(reading.state.hypotheses(idx))
        console.print(f"doubtful {sticker_name(idx)}: {alts}")
    if empty:
        raise SudokuCubeError(blank_line(blank, empty, names))
    if refusal is not None:
        raise refusal
    if blank:
        console.print(blank_line(blank, empty, names), highlight=False)
    return 0


def _moved(stickers: frozenset[int], turn: Transform) -> frozenset[int]:
    """The state indices ``stickers`` after ``turn`` (a photo's reading set upright: each
    index takes the sticker of its ``source``)."""
    return frozenset(i for i, j in enumerate(turn.source) if j in stickers)


def face_lines(r: FaceReading, corner: bool = False) -> tuple[list[str], list[str]]:
    """A face read from one photo as a person checks it: its three rows of tokens (a sticker
    without a digit shown as :data:`BLANK`, not as the recognisers' guess) and the notes
    below them: the stickers without a digit in one line (all nine: not a Sudoku Cube face,
    or one too dark or blurred to show its digits), then each doubtful sticker's readings.
    ``corner``: the face is one of a corner photo's three, whose retake is the corner photo's
    (asked once for the photo, :func:`corner_blank_line`, not for each face)."""
    blank = set(r.blank)
    rows = [" ".join(BLANK if 3 * k + c in blank else r.stickers[3 * k + c].token
                     for c in range(3)) for k in range(3)]
    notes = []
    if len(blank) == 9:
        notes.append("no digit seen on any sticker" if corner else NO_DIGIT_ON_FACE)
    elif blank:
        notes.append(f"no digit seen on sticker(s) {' '.join(str(i + 1) for i in sorted(blank))}"
                     f" (blank, glare or shadow?): retake the {'corner ' if corner else ''}"
                     "photo without glare, or settle them in the review")
    notes += [f"doubtful sticker {i + 1}: {_alternatives(r.candidates[i])}"
              for i in r.doubtful if i not in blank]
    return rows, notes


def _alternatives(hyps, shown: int = 4, floor: float = 0.01) -> str:
    """The readings worth a look for a doubtful sticker: the best ``shown`` with a score of at
    least ``floor`` (always two), and how many unlikely ones were left out."""
    ranked = sorted(hyps, key=lambda h: -(h.score or 0.0))
    keep = [h for k, h in enumerate(ranked) if k < 2 or (k < shown and (h.score or 0.0) >= floor)]
    text = ", ".join(f"{h.sticker.token} {h.score:.2f}" if h.score is not None else h.sticker.token
                     for h in keep)
    rest = len(ranked) - len(keep)
    return text + (f" (+{rest} unlikely)" if rest else "")


def _debug_pictures(args: argparse.Namespace, faces: list) -> None:
    """With ``--debug DIR``: write the annotated photos of the face readings and say where."""
    if not args.debug_dir:
        return
    written = _write_debug(faces, Path(args.debug_dir))
    where = plain(Path(args.debug_dir).resolve())
    Console(stderr=True).print(f"Debug pictures written to {where}: "
                               + plain(", ".join(p.name for p in written)), highlight=False)


def _refusal_picture(e: PhotoRefusal, photo: str, folder: Path) -> None:
    """Write the debug picture of a refused photo (the shapes seen, the reason) and say where;
    the cells pictures an earlier run wrote of that photo are removed (a refused photo has
    none, and an old one beside the new picture reads as this run's)."""
    stem = Path(photo).stem
    name = stem.upper() if stem.upper() in FACES else stem
    ok, buf = cv2.imencode(".png", annotate_refusal(load_image(photo), str(e), e.seen))
    if not ok:
        raise SudokuCubeError(f"{photo}: could not encode its debug picture")
    path = folder / f"{name}-debug.png"
    atomic_write_bytes(path, buf.tobytes())
    for stale in [folder / f"{name}-cells.png", *folder.glob(f"{name}-[UDFBLR]-cells.png")]:
        stale.unlink(missing_ok=True)  # an earlier run's cells of this photo: not this one's
    Console(stderr=True).print("Debug picture of the refused photo written to "
                               f"{plain(path.resolve())}",
                               highlight=False, soft_wrap=True)  # never a path cut in two


def _write_debug(faces: list, folder: Path) -> list[Path]:
    """One annotated picture per photo in ``folder``: ``<face>-debug.png`` for a face photo,
    ``<photo>-debug.png`` (e.g. ``A-debug.png``) for a corner photo with all its faces; and
    per face the cells the recognisers read: ``<face>-cells.png`` (``A-U-cells.png``)."""
    by_photo: dict[str, list] = {}
    for r in faces:
        by_photo.setdefault(r.source, []).append(r)
    written = []
    for source, readings in by_photo.items():
        single = len(readings) == 1
        name = readings[0].face if single and readings[0].face else Path(source).stem
        image = load_image(source)
        # drawn on the reader's working copy (at most 1600 px), so in its pixels, not the file's
        on_copy = [replace(r, file_scale=1.0) for r in readings]
        pictures = [(f"{name}-debug.png", annotate_photo(image, on_copy))]
        pictures += [(f"{name if single else f'{name}-{r.face}'}-cells.png",
                      annotate_cells(image, r)) for r in readings]
        for file_name, picture in pictures:
            ok, buf = cv2.imencode(".png", picture)
            if not ok:
                raise SudokuCubeError(f"{source}: could not encode its debug picture")
            path = folder / file_name
            atomic_write_bytes(path, buf.tobytes())
            written.append(path)
    return written
