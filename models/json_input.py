"""JSON as sudoku-cube reads it from a file a person gives it: strict and bounded.

Every reader of a JSON file (states, profiles, scan and guide sessions) parses through
:func:`parse_json`, so a hostile or damaged file is refused the same way everywhere, with a
reason the reader can put after the file's name:

* a UTF-8 byte-order mark at the start (as Windows Notepad saves) is skipped, not an error;
* a key given twice in one object is refused (which one was meant cannot be known);
* nesting deeper than :data:`MAX_DEPTH` is refused before parsing (Python's parser would
  otherwise run out of stack);
* a number longer than :data:`MAX_NUMBER_CHARS` characters is refused (Python refuses integers
  over 4,300 digits with an unrelated error, and a 400-digit float is infinite), and so are
  ``NaN``, ``Infinity`` and any number too large for a float.
"""
from __future__ import annotations

import json
import math
import re

MAX_DEPTH = 32
"""Deepest nesting of lists and objects accepted (the project's files use 5 or fewer)."""
MAX_NUMBER_CHARS = 40
"""Longest number literal accepted (a float as Python writes it takes at most 24)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")


class JsonInputError(ValueError):
    """Text that is not JSON this program accepts. ``str()`` is ``line N: what`` when the place
    is known, else ``what``."""

    def __init__(self, msg: str, lineno: int | None = None) -> None:
        super().__init__(f"line {lineno}: {msg}" if lineno else msg)
        self.msg, self.lineno = msg, lineno


def _depth(text: str) -> int:
    """How deeply lists and objects nest in ``text`` (strings are skipped), counted up to one
    past :data:`MAX_DEPTH`: each pass removes the innermost ``[]`` and ``{}`` pairs."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    while brackets and depth <= MAX_DEPTH:
        shorter = _PAIR.sub("", brackets)
        if shorter == brackets:  # unbalanced: the parser will say where
            break
        brackets, depth = shorter, depth + 1
    return depth


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise JsonInputError(f"the key {json.dumps(key)[:60]} appears twice in one object; "
                                 "keep one")
        out[key] = value
    return out


def _number_text(text: str) -> str:
    if len(text) > MAX_NUMBER_CHARS:
        raise JsonInputError(f"a number of {len(text)} characters (at most "
                             f"{MAX_NUMBER_CHARS} are read)")
    return text


def _int(text: str) -> int:
    return int(_number_text(text))


def _float(text: str) -> float:
    value = float(_number_text(text))
    if not math.isfinite(value):
        raise JsonInputError(f"the number {text} is too large")
    return value


def _constant(name: str) -> float:
    raise JsonInputError(f"{name} is not a number JSON allows; write a finite number")


def parse_json(text: str) -> object:
    """The value in ``text``; :class:`JsonInputError` saying why when it is not JSON that this
    program accepts (see the module's notes)."""
    text = text.removeprefix("\ufeff")
    if _depth(text) > MAX_DEPTH:
        raise JsonInputError(f"lists and objects nested more than {MAX_DEPTH} deep")
    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=_int,
                          parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise JsonInputError(e.msg, e.lineno) from None
    except RecursionError:  # unbalanced text, where the depth count stops early
        raise JsonInputError("lists and objects nested too deeply") from None
