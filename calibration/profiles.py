"""Named calibration profiles: one person's cube (settings, templates) and camera.

A profile is a folder ``<data root>/profiles/<name>/`` holding ``profile.json`` and PNG sheets
of glyphs (templates and classifier training glyphs, 32x32 cells, labels in the JSON;
:mod:`calibration.profile_files`). No pickle anywhere. Image files carry a content hash in
their name and are written before the JSON that points at them; the JSON is replaced
atomically last, so an interrupted save leaves the previous profile whole. The profile ``default``
is built in (font templates, default settings, camera 0) and is never written.
"""
from __future__ import annotations

import re
import shutil
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..models.json_input import JsonInputError, parse_json
from ..models.profile import CubeSettings
from ..storage.atomic import atomic_write_json
from ..storage.file_input import FileRefused, read_regular_file
from ..storage.folders import profiles_root
from ..vision.photo.camera_settings import CameraSettings
from ..vision.recognise.hog import LinearModel
from ..vision.reading.reader import Reader
from ..vision.recognise.templates import TemplateSet, default_templates
from .learn import combined_templates
from .profile_files import read_model, read_set, write_model, write_set
from .profile_files import REMAKE, ProfileError

PROFILE_FORMAT = "sudoku-cube-profile/1"
PROFILE_FILE = "profile.json"
DEFAULT_NAME = "default"
NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")
"""A whole profile name (always used with ``fullmatch``: ``$`` would let a trailing newline
through)."""
DATA_KINDS = ("templates", "training", "classifier")


@dataclass(frozen=True)
class Profile:
    """A cube and camera calibration.

    ``templates``: the cube's own 36 digit x rotation templates (None: the built-in font
    templates). ``training``: labelled glyphs cut from the user's photos (with rotations),
    matched as extra templates. ``classifier``: the HOG classifier adapted to those glyphs
    (None: the default one). ``report``: what calibration measured (accuracy
    before/after), shown by ``sudoku-cube profiles``.
    """

    name: str = DEFAULT_NAME
    settings: CubeSettings = CubeSettings()
    templates: TemplateSet | None = None
    training: TemplateSet | None = None
    camera: CameraSettings | None = None
    classifier: LinearModel | None = None
    report: dict[str, Any] = field(default_factory=dict)
    created: str = ""
    path: Path | None = None

    @property
    def builtin(self) -> bool:
        """True for the built-in default profile."""
        return self.name == DEFAULT_NAME and self.path is None

    def effective_templates(self) -> TemplateSet:
        """The templates vision should match against: the profile's own or the defaults."""
        if self.templates is not None:
            return self.templates
        return default_templates()

    def reader(self) -> Reader:
        """The :class:`Reader` of this profile: its templates (with the training glyphs as
        extra templates), classifier and settings; None for what it does not hold, so vision
        uses its own defaults there."""
        templates = None
        if self.templates is not None:
            templates = combined_templates(self.templates, self.training)
        return Reader(templates=templates, model=self.classifier, settings=self.settings)

    def summary(self) -> str:
        """One line: what the profile holds."""
        parts = []
        sym = ",".join(str(d) for d in sorted(self.settings.symmetric)) or "none"
        parts.append(f"symmetric {sym}")
        parts.append("6/9 underlined" if self.settings.underlined_69 else "6/9 not underlined")
        if self.templates is not None:
            glyphs = self.report.get("glyphs")  # what calibrate said it learnt from
            parts.append(f"own templates, learnt from {glyphs} glyphs"
                         if isinstance(glyphs, int) else "own templates")
        else:
            parts.append("built-in templates")
        before, after = self.report.get("before"), self.report.get("after")
        if before is not None and after is not None:
            parts.append(f"calibration photos read {before:.1%} -> {after:.1%}")
        if self.camera is not None:
            parts.append(self.camera.describe())
        return "; ".join(parts)


def builtin_profile() -> Profile:
    """The default profile: built-in templates and settings, camera 0, nothing on disk."""
    return Profile()


def check_name(name: str) -> str:
    """A profile name usable as a folder name: letters, digits, ``_ . -``, up to 40 chars."""
    if not NAME_RE.fullmatch(name or ""):
        raise ProfileError(f"profile name {name!r}: use letters, digits, '_', '.' or '-' "
                           "(up to 40 characters, starting with a letter or digit)")
    return name


def profile_dir(name: str) -> Path:
    """The folder of a named profile (whether or not it exists)."""
    return profiles_root() / check_name(name)


# --- save / load ------------------------------------------------------------------------------

def _settings_dict(s: CubeSettings) -> dict[str, Any]:
    return {"symmetric": sorted(int(d) for d in s.symmetric), "underlined_69": s.underlined_69}


def _settings_from(d: Any, where: Path) -> CubeSettings:
    fix = f"fix the value in the file, or {REMAKE}"
    if not isinstance(d, dict):
        raise ProfileError(f"{where}: 'settings' must be an object; {fix}")
    sym = d.get("symmetric", [1])
    if not isinstance(sym, list) or not all(isinstance(x, int) and 1 <= x <= 9 for x in sym):
        raise ProfileError(f"{where}: settings.symmetric must be a list of digits 1-9; {fix}")
    und = d.get("underlined_69", True)
    if not isinstance(und, bool):
        raise ProfileError(f"{where}: settings.underlined_69 must be true or false; {fix}")
    # an older profile's "sticker_style" is left unread: the reader tells the look itself
    return CubeSettings(frozenset(sym), und)


def _report_from(raw: Any, where: Path) -> dict[str, Any]:
    """What calibration measured (``before``/``after``: fractions of stickers read right),
    checked: a damaged report makes the profile broken, not the listing that shows it."""
    fix = REMAKE
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ProfileError(f"{where}: 'report' must be an object; {fix}")
    for key in ("before", "after"):
        value = raw.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                  or not 0 <= value <= 1):
            raise ProfileError(f"{where}: report.{key} must be a fraction from 0 to 1; {fix}")
    return raw


def save_profile(profile: Profile) -> Path:
    """Write a profile under its name (not ``default``); returns its folder.

    Glyph sheets are written first under new names, then ``profile.json`` is replaced
    atomically, then sheets no longer referenced are removed.
    """
    if profile.name == DEFAULT_NAME:
        raise ProfileError("the profile 'default' is built in and cannot be overwritten; "
                           "choose another name with --profile NAME")
    folder = profile_dir(profile.name)
    new = not folder.exists()
    try:
        return _save_into(folder, profile)
    except BaseException:
        if new:  # a half-made folder would stand as a broken profile of that name
            shutil.rmtree(folder, ignore_errors=True)
        raise


def _save_into(folder: Path, profile: Profile) -> Path:
    """:func:`save_profile` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {
        "format": PROFILE_FORMAT,
        "name": profile.name,
        "created": profile.created or time.strftime("%Y-%m-%dT%H:%M:%S"),
        "settings": _settings_dict(profile.settings),
        "templates": write_set(folder, "templates", profile.templates)
        if profile.templates is not None else None,
        "training": write_set(folder, "training", profile.training)
        if profile.training is not None else None,
        "classifier": write_model(folder, profile.classifier)
        if profile.classifier is not None else None,
        "camera": profile.camera.to_dict() if profile.camera else None,
        "report": profile.report,
    }
    atomic_write_json(folder / PROFILE_FILE, doc)
    keep = {PROFILE_FILE} | {doc[k]["file"] for k in DATA_KINDS if doc[k]}
    for old in list(folder.glob("*.png")) + list(folder.glob("*.json")):
        if old.name not in keep and old.name.split("-")[0] in DATA_KINDS:
            try:
                old.unlink()
            except OSError:
                pass
    return folder


def _parse_format(doc: dict[str, Any], where: Path) -> None:
    fmt = doc.get("format")
    if fmt == PROFILE_FORMAT:
        return
    m = re.fullmatch(r"sudoku-cube-profile/(\d+)", str(fmt))
    if fmt is None or (m and not m.group(1).strip("0")):  # version 0; no int(): any length
        raise ProfileError(f"{where}: profile from an older version of sudoku-cube "
                           f"(format {fmt!r}, this version reads {PROFILE_FORMAT!r}); "
                           f"{REMAKE}")
    if m:
        raise ProfileError(f"{where}: profile from a newer version of sudoku-cube "
                           f"(format {fmt!r}); update sudoku-cube, or {REMAKE}")
    raise ProfileError(f"{where}: not a sudoku-cube profile (format {fmt!r}); {REMAKE}")


def load_profile_dir(folder: Path) -> Profile:
    """Read a profile folder; every problem is a :class:`ProfileError` naming the file."""
    where = folder / PROFILE_FILE
    if not folder.is_dir():
        raise ProfileError(f"{folder}: no such profile folder; `sudoku-cube profiles` lists "
                           "the saved profiles")
    try:
        text = read_regular_file(where).decode("utf-8")
    except FileNotFoundError:
        raise ProfileError(f"{where}: missing; the profile folder is incomplete: "
                           f"{REMAKE}") from None
    except FileRefused as e:
        raise ProfileError(f"{where}: cannot be read ({e.reason}); {REMAKE}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ProfileError(f"{where}: cannot be read ({e}); {REMAKE}") from None
    try:
        doc = parse_json(text)
    except JsonInputError as e:
        raise ProfileError(f"{where}: is not valid JSON ({e}); the file is damaged: "
                           f"{REMAKE}") from None
    if not isinstance(doc, dict):
        raise ProfileError(f"{where}: must hold a JSON object; {REMAKE}")
    _parse_format(doc, where)
    settings = _settings_from(doc.get("settings", {}), where)
    templates = read_set(folder, "templates", doc["templates"], where) \
        if doc.get("templates") is not None else None
    training = read_set(folder, "training", doc["training"], where) \
        if doc.get("training") is not None else None
    classifier = read_model(folder, doc["classifier"], where) \
        if doc.get("classifier") is not None else None
    camera = None
    if doc.get("camera") is not None:
        try:
            camera = CameraSettings.from_dict(doc["camera"])
        except (KeyError, TypeError, ValueError) as e:
            raise ProfileError(f"{where}: camera settings are damaged ({e}); run "
                               "`sudoku-cube calibrate camera` for this profile again") from None
    report = _report_from(doc.get("report"), where)
    name = folder.name
    return Profile(name, settings, templates, training, camera, classifier, report,
                   str(doc.get("created", "")), folder)


def load_profile(name: str | None) -> Profile:
    """A profile by name (``None``/``default``: the built-in one) or by folder path."""
    if name is None or name == DEFAULT_NAME:
        return builtin_profile()
    if "/" in name or "\\" in name:
        return load_profile_dir(Path(name))
    folder = profile_dir(name)
    if not folder.exists():
        known = [p.name + ("" if p.profile is not None else " (broken)")
                 for p in list_profiles() if p.name != DEFAULT_NAME]
        hint = ("saved profiles: " + ", ".join(known)) if known else "no profiles saved yet"
        raise ProfileError(f"profile {name!r} not found in {profiles_root()} ({hint}); "
                           f"create it with `sudoku-cube calibrate templates PHOTO... "
                           f"--profile {name}`")
    return load_profile_dir(folder)


def load_or_new(name: str) -> Profile:
    """The saved profile ``name``, or a fresh one with default contents when it does not exist.

    A broken existing profile still raises (calibrating must not silently discard it).
    """
    check_name(name)
    if name != DEFAULT_NAME and profile_dir(name).exists():
        return load_profile(name)
    return Profile(name=name)


@dataclass(frozen=True)
class ProfileInfo:
    """One row of ``sudoku-cube profiles``: the profile, or what is wrong with its folder."""

    name: str
    path: Path | None
    profile: Profile | None
    problem: str = ""


def list_profiles() -> list[ProfileInfo]:
    """The built-in default and every saved profile folder (broken ones with their problem)."""
    rows = [ProfileInfo(DEFAULT_NAME, None, builtin_profile())]
    root = profiles_root()
    if root.is_dir():
        for folder in sorted(p for p in root.iterdir() if p.is_dir()):
            if folder.name.startswith(".") or folder.name == DEFAULT_NAME:
                continue
            try:
                rows.append(ProfileInfo(folder.name, folder, load_profile_dir(folder)))
            except ProfileError as e:
                rows.append(ProfileInfo(folder.name, folder, None, str(e)))
    return rows


def with_settings(profile: Profile, **changes: Any) -> Profile:
    """A copy of the profile with some CubeSettings fields changed."""
    return replace(profile, settings=replace(profile.settings, **changes))
