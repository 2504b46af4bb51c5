"""A photo's path typed or pasted at a prompt, taken as a shell takes it.

A terminal that a file is dragged onto writes its path as a shell word: in quotes
(``'/home/me/my photos/F.jpg'``) or with backslash escapes (``/home/me/my\\ photos/F.jpg``), and
some write a ``file://`` URI (``file:///home/me/my%20photos/F.jpg``). The guide's check prompt
takes a path in each of these forms, and also as typed when it names a file as it stands
(spaces and all), so that none of them is taken for a face's tokens. Tokens never hold quotes
or backslashes, so a face's nine tokens are split as they always were.

A Windows path (``C:\\Users\\me\\F.jpg``, backslashes between names) is taken as typed, its
backslashes kept, and so is a path a shell would refuse for a quote inside a name
(``/photos/it's/F.jpg``): a file that is not there is then said so, as typed. Only a quote that
opens a word and is not closed is refused in words; a face's tokens with a stray quote or
backslash (``4'``, as a cuber types R') are left to the tokens' own error.
"""
from __future__ import annotations

import os
import re
import shlex
from pathlib import Path
from urllib.parse import unquote, urlparse

from ...models.errors import SudokuCubeError
from ...vision.photo.images import IMAGE_SUFFIXES, OTHER_PHOTO_SUFFIXES

CORNER_PREFIXES = ("A=", "B=")
"""What names a corner photo's path at the check prompt: ``A=PATH`` or ``B=PATH``."""
FACE_PREFIXES = ("U=", "R=", "F=", "D=", "L=")
"""What names a face photo's face at the check prompt, as check's ``--photo FACE=PATH`` does
(``B=`` is corner photo B there: the prompt's own word, said in its question)."""
PREFIXES = CORNER_PREFIXES + FACE_PREFIXES


def _is_file(path: str) -> bool:
    """True when ``path`` names an existing file (a name too long, or holding a NUL, names
    none)."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def quoted_line(line: str) -> str:
    """A typed line as messages quote it: in single quotes, or double ones when it holds a
    single quote (a quoted path); backslashes stay as typed (unlike ``repr``)."""
    return f'"{line}"' if "'" in line else f"'{line}'"


_PHOTO_SUFFIXES = IMAGE_SUFFIXES + OTHER_PHOTO_SUFFIXES
"""A photo's suffixes: a word ending so reads as a path."""
_DRIVE = re.compile(r"[A-Za-z]:[\\/]")
"""A Windows path's start: a drive letter (``C:\\``)."""
_SEPARATOR = re.compile(r"\\[\w.-]")
"""A backslash before a name's first character: a Windows path's separator
(``Users\\me``), never a shell's escape (a shell escapes a space, a quote, ``(`` and such)."""
_OPENS_QUOTE = re.compile(r"(?:^|\s)(?:" + "|".join(re.escape(p) for p in PREFIXES) + ")?$",
                          re.IGNORECASE)
"""What comes before a quote that opens a word: nothing, a space, or a prefix (:data:`PREFIXES`)."""


def _unquoted(text: str) -> str:
    """``text`` without one pair of quotes around it all (a Windows terminal puts a path with
    spaces in double quotes)."""
    t = text.strip()
    return t[1:-1] if len(t) >= 2 and t[0] == t[-1] and t[0] in "'\"" else t


def _windows_path(text: str) -> bool:
    """Whether ``text`` is written as a Windows path (a drive letter, or backslashes between
    names): taken as typed, its backslashes kept, not split as a shell splits."""
    t = _unquoted(text)
    t = t[2:] if t[:2].upper() in PREFIXES else t
    return bool(_DRIVE.match(t) or _SEPARATOR.search(t))


def _open_quote(text: str) -> bool:
    """Whether ``text`` opens a quote at the start of a word (a quoted path) and leaves it
    open; not so for an apostrophe inside a word (``it's``), which a shell would also refuse."""
    quote, start, escaped = "", 0, False
    for i, c in enumerate(text):
        if escaped:
            escaped = False
        elif quote:
            if c == quote:
                quote = ""
            elif c == "\\" and quote == '"':
                escaped = True
        elif c == "\\":
            escaped = True
        elif c in "'\"":
            quote, start = c, i
    return bool(quote) and bool(_OPENS_QUOTE.search(text[:start]))


def _pathlike(text: str) -> bool:
    """Whether ``text``, which a shell would not split, still reads as a path: through
    folders, with an image's suffix, or ``A=``/``B=`` in it; a face's tokens with a stray
    quote or backslash (``4'``, as a cuber types R') are none of these."""
    t = text.strip()
    return ("/" in t or os.sep in t or "=" in t or _SEPARATOR.search(t) is not None
            or any(Path(w).suffix.lower() in _PHOTO_SUFFIXES for w in t.split()))


def shell_words(text: str) -> list[str]:
    """``text`` split into words as a shell splits it (quotes and backslash escapes taken
    away); a quote opened and not closed is a :class:`SudokuCubeError` saying how to write
    the path. Anything else a shell would refuse (an apostrophe inside a name, a backslash at
    the end) is one word, as typed."""
    try:
        return shlex.split(text)
    except ValueError:
        if not _open_quote(text):
            return [text.strip()]
        raise SudokuCubeError(
            f"{quoted_line(text.strip())} has a quote that is not closed: a path with spaces goes "
            "in quotes closed at its end, '/path/my photos/F.jpg', or with a backslash before "
            "each space, /path/my\\ photos/F.jpg (a face's tokens have no quotes)") from None


def typed_path(word: str) -> str:
    """One shell word as a path: a ``file://`` URI as the file it names (its %20 and such
    decoded), a leading ``~`` as the home folder; anything else as it is."""
    if word.lower().startswith("file://"):
        uri = urlparse(word)
        return unquote(uri.path) if uri.netloc in ("", "localhost") else word
    return os.path.expanduser(word) if word.startswith("~") else word


def named_path(text: str) -> str | None:
    """The path ``text`` names: itself when a file has that name as typed or it is written
    as a Windows path (outer quotes aside), else its one shell word (:func:`typed_path`);
    None when it is several words."""
    t = text.strip()
    if _is_file(t):
        return t
    if _windows_path(t):
        return _unquoted(t)
    words = shell_words(t)
    return typed_path(words[0]) if len(words) == 1 else None


def _looks_like_path(path: str) -> bool:
    """A file name with a suffix (``F.jpg``), a path through folders, or an existing file:
    never a face's token (``5^``)."""
    return (bool(Path(path).suffix) or "/" in path or os.sep in path or _windows_path(path)
            or _is_file(path))


def photo_given(text: str) -> tuple[str, str] | None:
    """What an answer at the check prompt names as a photo: ``("A", path)`` or ``("B", path)``
    for ``A=PATH`` or ``B=PATH`` (a corner photo; the prefix outside or inside the quotes),
    ``("U", path)`` for ``U=PATH`` (a face photo, :data:`FACE_PREFIXES`), ``("", path)`` for
    a photo's path; None for anything else (a face's tokens). Paths are
    taken as :func:`named_path` takes them; an unclosed quote is a :class:`SudokuCubeError`
    (:func:`shell_words`)."""
    t = text.strip()
    if t[:2].upper() in FACE_PREFIXES:  # F=PATH; F="5^ 4> ..." is tokens, as --tokens has it
        path = named_path(t[2:])
        return (t[0].upper(), path) if path is not None and _looks_like_path(path) else None
    if t[:2].upper() in CORNER_PREFIXES:
        return t[0].upper(), named_path(t[2:]) or t[2:].strip()
    if _is_file(t):
        return "", t
    if _windows_path(t):  # its backslashes are separators: as typed
        word = _unquoted(t)
    else:
        try:
            words = shlex.split(t)
        except ValueError:  # a shell would refuse it: a path as typed, or a face's tokens
            if not _pathlike(t):
                return None  # the tokens' own error says what is wrong (4' for 4^)
            words = shell_words(t)  # a quoted path not closed is refused in words
        if len(words) != 1:
            return None
        word = words[0]
    if word[:2].upper() in PREFIXES:
        return word[0].upper(), typed_path(word[2:])
    path = typed_path(word)
    return ("", path) if _looks_like_path(path) else None
