"""Regenerate the bundled samples:
``python -m sudoku_cube.samples.build [cubes|corners|video|bad|all]``.

Every picture is rendered from a fixed seed (see SAMPLE_CUBES etc.), so running this again
gives the same files as long as the fonts and library versions are the same.
"""
from __future__ import annotations

import argparse
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

import cv2
import numpy as np

from ..models.cube.geometry import FACES
from ..models.cube.state_format import to_dict, to_json
from ..models.generator.cube3 import Puzzle, home_faces, make_puzzle
from ..render import PhotoStyle, render_corner_photo, render_face_photo
from ..render.background import background
from ..render.effects import focus_blur, to_bgr8
from ..render.fonts import font_path
from ..render.video import video_frames, write_video

ROOT = Path(__file__).resolve().parent
JPEG_QUALITY = 85

Writer = Callable[[Path, bytes], None]


def plain_write(path: Path, data: bytes) -> None:
    """Write a file, creating its folder (samples are regenerated, not user data)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def encode_jpeg(img, quality: int = JPEG_QUALITY) -> bytes:
    """JPEG bytes of a BGR image."""
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return buf.tobytes()


def _json(data) -> bytes:
    return (json.dumps(data, indent=2) + "\n").encode()


def write_puzzle_files(out: Path, puzzle: Puzzle, write: Writer = plain_write,
                       extra: dict | None = None) -> None:
    """truth.json (scrambled state), design.json (solved design), scramble.txt."""
    write(out / "truth.json", (to_json(puzzle.state) + "\n").encode())
    design = to_dict(puzzle.design)
    write(out / "design.json", _json(design))
    lines = [puzzle.scramble_text]
    if puzzle.substitution:
        lines.append("# digits substituted: " + " ".join(
            f"{k}->{v}" for k, v in sorted(puzzle.substitution.items())))
    for k, v in (extra or {}).items():
        lines.append(f"# {k}: {v}")
    write(out / "scramble.txt", ("\n".join(lines) + "\n").encode())


def write_face_photos(out: Path, puzzle: Puzzle, seed: int, style: PhotoStyle,
                      write: Writer = plain_write, progress=None) -> dict:
    """Six single-face photos U.jpg ... B.jpg and photos.json (per face: quad, centres, camera)."""
    homes = home_faces(puzzle.scramble)
    shots = ((face, lambda k=k, face=face: render_face_photo(
        puzzle.state.face(face), seed * 10 + k, style, homes=homes[9 * k:9 * k + 9]))
        for k, face in enumerate(FACES))
    return _write_photos(out, shots, write, progress)


def write_corner_photos(out: Path, puzzle: Puzzle, seed: int, style: PhotoStyle,
                        write: Writer = plain_write, progress=None) -> dict:
    """Corner photos A.jpg and B.jpg and photos.json."""
    homes_list = home_faces(puzzle.scramble)
    homes = {f: homes_list[9 * k:9 * k + 9] for k, f in enumerate(FACES)}
    shots = ((which, lambda which=which: render_corner_photo(
        puzzle.state.faces(), which, seed * 10 + ord(which), style, homes=homes))
        for which in "AB")
    return _write_photos(out, shots, write, progress)


def _write_photos(out: Path, shots: Iterable[tuple[str, Callable[[], tuple]]], write: Writer,
                  progress) -> dict:
    """Each shot ``(name, render)`` rendered in turn and written as ``name.jpg``, then
    photos.json with each one's geometry (the truth its render returns)."""
    geometry = {}
    for name, render in shots:
        img, truth = render()
        write(out / f"{name}.jpg", encode_jpeg(img))
        geometry[name] = truth
        if progress:
            progress()
    write(out / "photos.json", _json(geometry))
    return geometry


SCHOLA = "texgyreschola-bold.otf"
"""The black cube samples' font: TeX Gyre Schola Bold (Debian fonts-texgyre), a Century
Schoolbook clone like the print of the black Sudoku Cube (footed 1, underlined 6 and 9)."""


@dataclass(frozen=True)
class CubeSample:
    """One bundled cube: folder name, seed, scramble length, photo style, digit substitution
    and the digits that look the same turned half round (none for the black cube, whose
    serif 1 has a foot: its design has every 1 upright)."""

    name: str
    seed: int
    scramble: int
    style: PhotoStyle
    substitution: bool = False
    symmetric: tuple[int, ...] = (1,)


SAMPLE_CUBES = (
    CubeSample("01-easy", 101, 8, PhotoStyle(difficulty=0.0, size=(640, 480), clutter=0.1)),
    CubeSample("02-tilted", 102, 14, PhotoStyle(difficulty=0.2, size=(800, 600))),
    CubeSample("03-webcam", 103, 20, PhotoStyle(difficulty=0.3, size=(640, 480), fov_deg=70)),
    CubeSample("04-phone-portrait", 104, 20, PhotoStyle(difficulty=0.4, size=(480, 640))),
    CubeSample("05-coloured", 105, 25, PhotoStyle(stickers="coloured", difficulty=0.45,
                                                   size=(640, 480)), substitution=True),
    CubeSample("06-cluttered", 106, 25, PhotoStyle(difficulty=0.6, size=(800, 600),
                                                    clutter=1.0)),
    CubeSample("07-dim-blurry", 107, 30, PhotoStyle(difficulty=0.8, size=(640, 480),
                                                     jpeg_quality=60), substitution=True),
    CubeSample("08-hard", 108, 30, PhotoStyle(difficulty=1.0, size=(960, 720),
                                               jpeg_quality=70), substitution=True),
    CubeSample("09-black", 119, 25, PhotoStyle(stickers="black", font=SCHOLA, difficulty=0.3,
                                                size=(800, 600)), symmetric=()),
    CubeSample("10-white-ink", 110, 25, PhotoStyle(stickers="coloured-white-ink",
                                                    difficulty=0.35, size=(640, 480)),
               substitution=True),
)


def _extra(c: CubeSample) -> dict:
    """The ``#`` lines of a sample's scramble.txt."""
    extra = {"seed": c.seed, "photo style": c.style}
    if c.symmetric != (1,):
        extra["symmetric digits"] = " ".join(map(str, c.symmetric)) or "none (footed 1)"
    return extra


def _build(samples: tuple[CubeSample, ...], folder: Path, write_photos) -> list[Path]:
    """Render each sample into ``folder/NAME``: its puzzle files, then its photos by
    ``write_photos(out, puzzle, seed, style)``."""
    done = []
    for c in samples:
        out = folder / c.name
        puzzle = make_puzzle(c.seed, c.scramble, substitution=c.substitution,
                             symmetric=c.symmetric)
        write_puzzle_files(out, puzzle, extra=_extra(c))
        write_photos(out, puzzle, c.seed, c.style)
        done.append(out)
    return done


def build_cubes(root: Path = ROOT) -> list[Path]:
    """Render every sample cube folder under ``root/cubes``."""
    return _build(SAMPLE_CUBES, root / "cubes", write_face_photos)


SAMPLE_CORNERS = (
    CubeSample("c1-plain", 201, 20, PhotoStyle(difficulty=0.15, size=(800, 600))),
    CubeSample("c2-coloured", 202, 25, PhotoStyle(stickers="coloured", difficulty=0.35,
                                                   size=(640, 480))),
    CubeSample("c3-hard", 203, 30, PhotoStyle(difficulty=0.7, size=(960, 720)), True),
    CubeSample("c4-black", 204, 25, PhotoStyle(stickers="black", font=SCHOLA, difficulty=0.25,
                                                size=(960, 720)), symmetric=()),
)
VIDEO = CubeSample("show-six-faces", 301, 20, PhotoStyle(difficulty=0.3, size=(320, 240)))
VIDEO_FPS = 8


def build_corners(root: Path = ROOT) -> list[Path]:
    """Render the corner-photo pairs under ``root/corners``."""
    return _build(SAMPLE_CORNERS, root / "corners", write_corner_photos)


def build_video(root: Path = ROOT, sample: CubeSample = VIDEO, fps: int = VIDEO_FPS) -> Path:
    """Render the webcam-like video, its truth and its frame timeline under ``root/video``."""
    out = root / "video"
    out.mkdir(parents=True, exist_ok=True)
    puzzle = make_puzzle(sample.seed, sample.scramble)
    homes_list = home_faces(puzzle.scramble)
    homes = {f: homes_list[9 * k:9 * k + 9] for k, f in enumerate(FACES)}
    path = out / f"{sample.name}.avi"
    infos = write_video(str(path), video_frames(puzzle.state.faces(), sample.seed, sample.style,
                                                size=sample.style.size, fps=fps, homes=homes),
                        fps=fps, quality=50)
    plain_write(out / "truth.json", (to_json(puzzle.state) + "\n").encode())
    plain_write(out / "design.json", _json(to_dict(puzzle.design)))
    plain_write(out / "scramble.txt",
                (puzzle.scramble_text + f"\n# seed: {sample.seed}\n").encode())
    holds = {}
    for info in infos:
        if info["face"]:
            holds.setdefault(info["face"], [info["frame"], info["frame"]])[1] = info["frame"]
    plain_write(out / f"{sample.name}.timeline.json",
                _json({"video": path.name, "fps": fps, "frames": len(infos),
                       "size": list(sample.style.size),
                       "order": list(FACES), "held_frames": holds}))
    return path


def build_bad(root: Path = ROOT) -> list[Path]:
    """Render the bad inputs under ``root/bad`` (see README for what the tool must say)."""
    out = root / "bad"
    puzzle = make_puzzle(401, 20)
    style = PhotoStyle(difficulty=0.2, size=(640, 480))
    rng = random.Random(401)
    nrng = np.random.default_rng(401)
    empty = to_bgr8(background(640, 480, rng, nrng, 1.0, str(font_path())))
    plain_write(out / "no-cube" / "F.jpg", encode_jpeg(empty))
    img, _ = render_face_photo(puzzle.state.face("F"), 402, style)
    img = to_bgr8(focus_blur(img[..., ::-1].astype(np.float32) / 255.0, 14.0))
    plain_write(out / "blurred" / "F.jpg", encode_jpeg(img))
    img, truth = render_face_photo(puzzle.state.face("F"), 403, style)
    cut = int(round(sum(p[0] for p in truth["quad"]) / 4))  # keep the left half of the face
    plain_write(out / "half-face" / "F.jpg", encode_jpeg(np.ascontiguousarray(img[:, :cut])))
    plain_write(out / "not-an-image" / "F.jpg",
                b"This is a text file named F.jpg, not a picture.\n")
    left, _ = render_face_photo(puzzle.state.face("F"), 404, PhotoStyle(difficulty=0.1,
                                                                         size=(320, 480)))
    right, _ = render_face_photo(make_puzzle(405, 20).state.face("F"), 405,
                                 PhotoStyle(difficulty=0.1, size=(320, 480)))
    plain_write(out / "two-cubes" / "F.jpg", encode_jpeg(np.hstack([left, right])))
    plain_write(out / "truth.json", (to_json(puzzle.state) + "\n").encode())
    return [out]


def main(argv=None) -> int:
    """Command line entry: which sample groups to rebuild."""
    p = argparse.ArgumentParser(prog="python -m sudoku_cube.samples.build", description=__doc__)
    p.add_argument("what", nargs="*", default=["all"],
                   choices=["cubes", "corners", "video", "bad", "all"])
    args = p.parse_args(argv)
    what = set(args.what)
    if what & {"cubes", "all"}:
        for out in build_cubes():
            print(out)
    if what & {"corners", "all"}:
        for out in build_corners():
            print(out)
    if what & {"video", "all"}:
        print(build_video())
    if what & {"bad", "all"}:
        for out in build_bad():
            print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
