"""The photos a phone sends, kept in a session folder that ``solve``, ``guide`` and ``check``
read like any folder of photos.

Each ``serve`` session has a folder of its own under ``phone/`` in the data folder
(:func:`storage.folders.data_dir`), named by the time it started; ``serve --resume`` continues the
newest. A photo is stored under a name the server chooses: the face letter (``U`` ... ``B``) or
the corner photo (``A``, ``B``) that the page asked for, and the extension of the format its
first bytes show; nothing the client sends names a file. Every photo received is kept: a photo
that is replaced (a retake) moves to ``retaken/``, a refused one to ``refused/``, and photos of
the other kind (corner photos when the person switches to six faces) to ``set-aside/``, and the
photos taken for a check of the guide after a slip to ``checks/``, so the folder itself always
holds one photo set the readers accept.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from ...models.cube.geometry import FACES
from ...models.errors import SudokuCubeError
from ...models.json_input import parse_json
from ...storage.atomic import atomic_write_bytes, atomic_write_json
from ...storage.file_input import FileRefused, read_regular_file
from ...storage.folders import data_dir
from ...vision.photo.images import ImageError, load_image, sniff_format
from ...vision.photo.photo_files import face_photos

Kind = Literal["faces", "corners"]
CORNERS = ("A", "B")
NAMES: dict[Kind, tuple[str, ...]] = {"faces": FACES, "corners": CORNERS}
"""The photos of each kind of set, in the order the page asks for them."""

MAX_UPLOAD_BYTES = 30 * 1024 * 1024
"""One photo's size at most: a 12-megapixel phone JPEG is 3-8 MB, a 50-megapixel one below
this."""
MAX_UPLOADS = 80
"""Photos one server run accepts at most (retakes included): enough for every face several
times, and a bound on what a stranger could fill the disk with."""
SESSION_FILE = "session.json"
SESSION_FORMAT = "sudoku-cube-phone/1"


class RequestRefused(SudokuCubeError):
    """A request from the page that is refused: an upload not stored as the photo asked for,
    or a step turned on the page while the terminal's guide turns them; ``status`` is the
    HTTP status the server answers with, the message says what to change."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def sessions_dir() -> Path:
    """The folder that holds one folder per ``serve`` session."""
    return data_dir() / "phone"


def new_folder() -> Path:
    """A new, empty session folder named by the time (a suffix when two start in a second)."""
    base = sessions_dir() / time.strftime("%Y%m%d-%H%M%S")
    folder, n = base, 1
    while folder.exists():
        n += 1
        folder = base.with_name(f"{base.name}-{n}")
    folder.mkdir(parents=True)
    return folder


def newest_folder() -> Path:
    """The folder of the newest session, for ``serve --resume``."""
    root = sessions_dir()
    found = sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []
    if not found:
        raise SudokuCubeError(f"{root}: no phone session to resume; run `sudoku-cube serve` "
                              "without --resume")
    return found[-1]


def _free(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem-N.suffix`` with the first N not taken."""
    n = 1
    while (folder / f"{stem}-{n}{suffix}").exists():
        n += 1
    return folder / f"{stem}-{n}{suffix}"


@dataclass
class PhotoFolder:
    """One session's folder: the photo set in it, and the photos set apart beside it."""

    path: Path

    def kind(self) -> Kind:
        """The kind of set the folder holds (six faces unless it was told corners)."""
        try:
            data = parse_json(read_regular_file(self.path / SESSION_FILE).decode("utf-8"))
        except (OSError, ValueError, FileRefused):
            return "faces"
        return "corners" if isinstance(data, dict) and data.get("kind") == "corners" \
            else "faces"

    def photos(self) -> dict[str, Path]:
        """Photo name -> file, for the photos of the folder's kind."""
        names = NAMES[self.kind()]
        return {k: v for k, v in face_photos(self.path).items() if k in names}

    def switch(self, kind: Kind) -> None:
        """Make ``kind`` the folder's kind; when it changes, the photos of the other kind move
        to ``set-aside/`` (all of them: ``B`` names a face and a corner photo alike)."""
        if kind == self.kind() and (self.path / SESSION_FILE).exists():
            return
        if (self.path / SESSION_FILE).exists():
            for name, path in face_photos(self.path).items():
                self._move(path, "set-aside", name)
        atomic_write_json(self.path / SESSION_FILE, {"format": SESSION_FORMAT, "kind": kind})

    def _move(self, path: Path, where: str, stem: str) -> Path:
        (self.path / where).mkdir(exist_ok=True)
        target = _free(self.path / where, stem, path.suffix.lower())
        path.rename(target)
        return target

    def receive(self, name: str, data: bytes) -> tuple[Path, np.ndarray]:
        """Keep the bytes of photo ``name`` as a file that the loader accepted, in
        ``incoming/`` until :meth:`accept` or :meth:`refuse`, and return it with the image the
        loader made of it; refuse what is empty, too large, not JPEG or PNG, or not an image
        the loader can use (the file moves to ``refused/``)."""
        if not data:
            raise RequestRefused(f"photo {name}: nothing arrived (0 bytes); take the photo again")
        if len(data) > MAX_UPLOAD_BYTES:
            raise RequestRefused(f"photo {name}: {len(data) // (1024 * 1024)} MB is more than "
                                f"the {MAX_UPLOAD_BYTES // (1024 * 1024)} MB a photo may be; "
                                "take it at a lower resolution", 413)
        fmt = sniff_format(data[:16])
        if fmt not in ("JPEG", "PNG"):
            what = "not an image" if fmt == "unknown" else f"a {fmt} picture"
            raise RequestRefused(f"photo {name}: is {what}, not a JPEG or PNG photo; set the "
                                "phone's camera to take JPEG (on an iPhone: Settings, Camera, "
                                "Formats, Most Compatible) and take it again", 415)
        (self.path / "incoming").mkdir(exist_ok=True)
        path = _free(self.path / "incoming", name, ".jpg" if fmt == "JPEG" else ".png")
        atomic_write_bytes(path, data)
        try:
            return path, load_image(path)
        except ImageError as e:
            self.refuse(path, name)
            raise RequestRefused(str(e).replace(str(path), f"photo {name}")) from None

    def accept(self, incoming: Path, name: str) -> Path:
        """Make the received file the folder's photo ``name``; an earlier photo of that name
        moves to ``retaken/``."""
        for old in [p for k, p in face_photos(self.path).items() if k == name]:
            self._move(old, "retaken", name)
        target = self.path / f"{name}{incoming.suffix}"
        incoming.rename(target)
        return target

    def keep_check(self, incoming: Path, name: str) -> Path:
        """Keep a photo taken for a check of the guide in ``checks/``."""
        return self._move(incoming, "checks", name)

    def refuse(self, incoming: Path, name: str) -> Path:
        """Keep a photo that was not used in ``refused/``."""
        return self._move(incoming, "refused", name)
