"""A photo's path typed or pasted at a prompt, taken as a shell takes it.

A terminal that a file is dragged onto writes its path as a shell word: in quotes
(``'/home/me/my photos/F.jpg'``) or with backslash escapes (``/home/me/my\\ photos/F.jpg``), and
some write a ``file://`` URI (``file:///home/me/my%20photos/F.jpg``). The guide's check prompt
takes a path in each of these forms, and also as typed when it names a file as it stands
(spaces and all), so that none of them is taken for a face's tokens. Tokens never hold quotes
or backslashes, so a face's nine tokens are split as they always were.
"""
from __future__ import annotations

import os
import shlex
from pathlib import Path
from urllib.parse import unquote, urlparse

from ...models.errors import SudokuCubeError

CORNER_PREFIXES = ("A=", "B=")
"""What names a corner photo's path at the check prompt: ``A=PATH`` or ``B=PATH``."""


def _is_file(path: str) -> bool:
    """True when ``path`` names an existing file (a name too long, or holding a NUL, names
    none)."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def _quoted(text: str) -> str:
    return f'"{text}"' if "'" in text else f"'{text}'"


def shell_words(text: str) -> list[str]:
    """``text`` split into words as a shell splits it (quotes and backslash escapes taken
    away); an unclosed quote or a backslash at the end is a :class:`SudokuCubeError` saying
    how to write the path."""
    try:
        return shlex.split(text)
    except ValueError:
        what = ("ends in a backslash" if text.rstrip().endswith("\\") and
                text.count("'") % 2 == 0 and text.count('"') % 2 == 0 else
                "has a quote that is not closed")
        raise SudokuCubeError(
            f"{_quoted(text)} {what}: a path with spaces goes in quotes closed at its end, "
            "'/path/my photos/F.jpg', or with a backslash before each space, "
            "/path/my\\ photos/F.jpg (a face's tokens have no quotes)") from None


def typed_path(word: str) -> str:
    """One shell word as a path: a ``file://`` URI as the file it names (its %20 and such
    decoded), a leading ``~`` as the home folder; anything else as it is."""
    if word.lower().startswith("file://"):
        uri = urlparse(word)
        return unquote(uri.path) if uri.netloc in ("", "localhost") else word
    return os.path.expanduser(word) if word.startswith("~") else word


def named_path(text: str) -> str | None:
    """The path ``text`` names: itself when a file has that name as typed, else its one shell
    word (:func:`typed_path`); None when it is several words."""
    t = text.strip()
    if _is_file(t):
        return t
    words = shell_words(t)
    return typed_path(words[0]) if len(words) == 1 else None


def _looks_like_path(path: str) -> bool:
    """A file name with a suffix (``F.jpg``), a path through folders, or an existing file:
    never a face's token (``5^``)."""
    return bool(Path(path).suffix) or "/" in path or os.sep in path or _is_file(path)


def photo_given(text: str) -> tuple[str, str] | None:
    """What an answer at the check prompt names as a photo: ``("A", path)`` or ``("B", path)``
    for ``A=PATH`` or ``B=PATH`` (a corner photo; the prefix outside or inside the quotes),
    ``("", path)`` for a photo's path; None for anything else (a face's tokens). Paths are
    taken as :func:`named_path` takes them; an unclosed quote is a :class:`SudokuCubeError`
    (:func:`shell_words`)."""
    t = text.strip()
    if t[:2].upper() in CORNER_PREFIXES:
        return t[0].upper(), named_path(t[2:]) or t[2:].strip()
    if _is_file(t):
        return "", t
    words = shell_words(t)
    if len(words) != 1:
        return None
    word = words[0]
    if word[:2].upper() in CORNER_PREFIXES:
        return word[0].upper(), typed_path(word[2:])
    path = typed_path(word)
    return ("", path) if _looks_like_path(path) else None
