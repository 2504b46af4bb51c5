"""Text and JSON state formats of docs/conventions.md, parsed from and written to strings.

Parsing never trusts its input: every error names the source, face, sticker and token and
says what a valid one looks like (:class:`StateFormatError`). File access lives elsewhere.
"""
from __future__ import annotations

import json
import math
from typing import Any

from ..errors import StateFormatError
from ..json_input import JsonInputError, parse_json as parse_json_text
from .face_words import place_words
from .geometry import FACES
from .state import CubeState, sticker_index, sticker_name
from .stickers import Hypothesis, Sticker, TOKEN_HELP, format_token, parse_token

FORMAT = "sudoku-cube/1"


def shown(value: Any) -> str:
    """A JSON value in the words of the file it came from (never a Python repr such as
    ``None`` or ``['x']``): ``"6^"``, ``null``, ``true``, ``0.5``, ``a list``, ``an object``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"{value:g}" if isinstance(value, float) else str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return "a list" if isinstance(value, list) else "an object"


def _refused(message: str, *, source: str | None, face: str, index: int | None = None,
             token: str | None = None) -> StateFormatError:
    """A :class:`StateFormatError` about ``face`` (and its sticker ``index``), the face named by
    where it is: a file that cannot be read has no centres to name it by."""
    return StateFormatError(message, source=source, face=face, index=index, token=token,
                            place=place_words(face))


def _token(text: Any, source: str | None, face: str, index: int) -> Sticker:
    if not isinstance(text, str):
        raise _refused(f"expected a token string, got {shown(text)}; {TOKEN_HELP}",
                       source=source, face=face, index=index, token=str(text))
    try:
        return parse_token(text)
    except ValueError as e:
        raise _refused(str(e), source=source, face=face, index=index, token=text) from None


def _candidates(raw: Any, source: str | None, face: str) -> list[tuple[Hypothesis, ...]]:
    if not isinstance(raw, list) or len(raw) != 9:
        raise _refused("'candidates' must be a list of 9 lists (one per sticker) of "
                       "{\"token\": \"6^\", \"score\": 0.9} objects",
                       source=source, face=face)
    out = []
    for i, alts in enumerate(raw):
        if not isinstance(alts, list) or not alts:
            raise _refused("each sticker's candidates must be a non-empty list",
                           source=source, face=face, index=i)
        hyps = []
        for alt in alts:
            if not isinstance(alt, dict) or "token" not in alt:
                raise _refused("a candidate is an object {\"token\": \"6^\", \"score\": "
                               "0.9}", source=source, face=face, index=i)
            sticker = _token(alt["token"], source, face, i)
            score = alt.get("score")
            if score is None:
                raise _refused(f"candidate {shown(alt['token'])} has no score; give a "
                               "score between 0 and 1", source=source, face=face, index=i)
            if isinstance(score, bool) or not isinstance(score, (int, float)) \
                    or not math.isfinite(score) or not 0 <= score <= 1:
                raise _refused(f"candidate {shown(alt['token'])} has score {shown(score)}; a "
                               "score is a number between 0 and 1",
                               source=source, face=face, index=i)
            hyps.append(Hypothesis(sticker, float(score)))
        out.append(tuple(hyps))
    return out


def _corrected(cands: list[tuple[Hypothesis, ...]], stickers: list[Sticker]
               ) -> tuple[list[tuple[Hypothesis, ...]], list[tuple[Hypothesis, ...] | None]]:
    """A face's candidates with the person's corrections, and their priors: a token in
    ``faces`` that is not the best candidate was changed by hand in the file (``faces`` holds
    the best one), so it is certain, and the alternatives the photo gave it become its prior
    (:attr:`CubeState.priors`: what to fall back on when no solved cube allows the token
    typed); otherwise the candidates stay as read."""
    typed = [alts[0].sticker != st for alts, st in zip(cands, stickers)]
    return ([(Hypothesis(st, None),) if t else alts
             for alts, st, t in zip(cands, stickers, typed)],
            [alts if t else None for alts, t in zip(cands, typed)])


def parse_json(text: str, source: str | None = None) -> CubeState:
    """Parse the JSON state format (with optional per-face ``candidates``)."""
    try:
        data = parse_json_text(text)
    except JsonInputError as e:
        raise StateFormatError(f"not valid JSON ({e}); see docs/conventions.md for the state "
                               "format", source=source) from None
    if not isinstance(data, dict):
        raise StateFormatError("a state file is a JSON object with 'format' and 'faces'",
                               source=source)
    fmt = data.get("format")
    if fmt is None:
        raise StateFormatError(f"the \"format\" field is missing; a state file starts with "
                               f"\"format\": \"{FORMAT}\"", source=source)
    if fmt != FORMAT:
        raise StateFormatError(f"\"format\" is {shown(fmt)}, which this version does not read; "
                               "it reads "
                               f"\"format\": \"{FORMAT}\"", source=source)
    faces = data.get("faces")
    if not isinstance(faces, dict):
        raise StateFormatError("'faces' must be an object with the six faces U R F D L B",
                               source=source)
    for name in faces:
        if name not in FACES:
            raise StateFormatError(f"unknown face {name!r}; faces are U R F D L B", source=source)
    _check_candidate_faces(data.get("candidates"), source)
    stickers: list[Sticker] = []
    cands: list[tuple[Hypothesis, ...]] = []
    priors: list[tuple[Hypothesis, ...] | None] = []
    have_cands = False
    for face in FACES:
        raw = faces.get(face)
        if raw is None:
            raise StateFormatError(f"{place_words(face)} is missing; a state "
                                   "lists all six faces U R F D L B", source=source)
        entry = raw
        face_cands = None
        if isinstance(raw, dict):  # {"stickers": [...], "candidates": [...]} is accepted too
            entry = raw.get("stickers")
            face_cands = raw.get("candidates")
        if not isinstance(entry, list):
            raise _refused(_not_a_list(face, entry, "stickers" if isinstance(raw, dict) else ""),
                           source=source, face=face)
        if len(entry) != 9:
            count = len(entry)
            if count == 16:  # a 4x4x4 state (``generate --size 4`` writes them)
                raise StateFormatError(
                    f"{place_words(face)} has 16 stickers: a 4x4x4 cube, which only "
                    "`generate --size 4` makes; the other commands take 3x3x3 cubes, 9 "
                    "tokens a face", source=source)
            raise _refused(f"has {_stickers(count)}; a face has 9 tokens, row by row",
                           source=source, face=face)
        face_stickers = [_token(t, source, face, i) for i, t in enumerate(entry)]
        stickers.extend(face_stickers)
        if face_cands is None:
            face_cands = (data.get("candidates") or {}).get(face) \
                if isinstance(data.get("candidates"), dict) else None
        if face_cands is not None:
            have_cands = True
            got, before = _corrected(_candidates(face_cands, source, face), face_stickers)
            cands.extend(got)
            priors.extend(before)
        else:
            cands.extend((Hypothesis(s, None),) for s in face_stickers)
            priors.extend(None for _ in face_stickers)
    held = _insisted(data.get("insisted"), source)
    for i in held:
        if have_cands and priors[i] is None and cands[i][0].score is not None:
            # typed as the photo read it best: certain, the photo's alternatives its prior
            priors[i] = cands[i]
            cands[i] = (Hypothesis(stickers[i], None),)
    taken = _accepted(data.get("accepted"), source) if have_cands else {}
    for i in taken:
        # a grid's choice taken with y: not typed, its candidates are what the photo read
        if priors[i] is not None:
            cands[i], priors[i] = priors[i], None
    typed = any(p is not None for p in priors)
    state = CubeState(tuple(stickers), 3, tuple(cands) if have_cands else None,
                      tuple(priors) if typed else None, held - set(taken))
    for i, rival in taken.items():
        state = state.with_accepted(i, stickers[i], rival)
    return state


def _check_candidate_faces(raw: Any, source: str | None) -> None:
    """Refuse a top-level ``"candidates"`` entry that is not an object of faces (absent or
    null: none): a junk entry was passed over, and the readings it was meant to carry with
    it."""
    if raw is None:
        return
    if not isinstance(raw, dict):
        raise StateFormatError(f"'candidates' is {shown(raw)}; it is an object of faces U R F "
                               "D L B, each a list of 9 lists of readings", source=source)
    for name in raw:
        if name not in FACES:
            raise StateFormatError(f"unknown face {name!r} in 'candidates'; faces are U R F D "
                                   "L B", source=source)


def _not_a_list(face: str, entry: Any, key: str = "") -> str:
    """Why a JSON face that is no list of tokens is refused, with the form it takes: its own
    tokens in it where ``entry`` is one string of nine (``key``: the entry of a face given as
    an object, ``"stickers"``, that should hold the list)."""
    tokens = entry.split() if isinstance(entry, str) else []
    example = tokens if len(tokens) == 9 else ["1^", "2^", "3^", "...", "9^"]
    listed = "[" + ", ".join(f'"{t}"' if t != "..." else t for t in example) + "]"
    what = ("is one string, not a list" if isinstance(entry, str)
            else "has no list of stickers" if entry is None else f"is {shown(entry)}")
    where = f'"{key}": ' if key else f'"{face}": '
    return (f"{f'its {key} entry ' if key and entry is not None else ''}{what}; a face is a list "
            f"of its 9 tokens, each in quotes, row by row: {where}{listed}")


def _accepted(raw: Any, source: str | None) -> dict[int, Sticker | None]:
    """The stickers of a state file's ``"accepted"`` object (sticker name -> the rival the
    person was shown where the photo never read it, or null): the grid's choices taken with
    ``y`` (:meth:`CubeState.with_accepted`); none when the key is absent."""
    if raw is None:
        return {}
    want = ("'accepted' is an object of sticker names and rivals such as {\"F5\": \"5v\", "
            "\"U3\": null} (the grid's choices in 'faces' taken with y)")
    if not isinstance(raw, dict):
        raise StateFormatError(f"{want}, not {shown(raw)}", source=source)
    out: dict[int, Sticker | None] = {}
    for name, rival in raw.items():
        if rival is not None and not isinstance(rival, str):
            raise StateFormatError(f"{want}; {name} has {shown(rival)}", source=source)
        try:
            out[sticker_index(name)] = None if rival is None else parse_token(rival)
        except ValueError as e:
            raise StateFormatError(f"{want}: {e}", source=source) from None
    return out


def _insisted(raw: Any, source: str | None) -> frozenset[int]:
    """The stickers of a state file's ``"insisted"`` list (sticker names such as ``"F5"``):
    the tokens a person insisted on (:meth:`CubeState.insisted`); none when the key is
    absent (files written before it, or by hand)."""
    if raw is None:
        return frozenset()
    want = ("'insisted' is a list of sticker names such as [\"F5\", \"U3\"] (the tokens in "
            "'faces' a person insisted on)")
    if not isinstance(raw, list):
        raise StateFormatError(f"{want}, not {shown(raw)}", source=source)
    out = set()
    for name in raw:
        if not isinstance(name, str):
            raise StateFormatError(f"{want}; it holds {shown(name)}", source=source)
        try:
            out.add(sticker_index(name))
        except ValueError as e:
            raise StateFormatError(f"{want}: {e}", source=source) from None
    return frozenset(out)


def parse_text(text: str, source: str | None = None) -> CubeState:
    """Parse the text format: one ``F: tok tok ...`` line per face, ``#`` comments allowed."""
    faces: dict[str, list[Sticker]] = {}
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if ":" not in line:
            raise StateFormatError(f"line {lineno}: expected 'F: 9 tokens', got {line!r}",
                                   source=source)
        name, rest = (p.strip() for p in line.split(":", 1))
        name = name.upper() if name.upper() in FACES else name  # "u:" is face U
        if name not in FACES:
            raise StateFormatError(f"line {lineno}: unknown face {name!r}; faces are "
                                   "U R F D L B", source=source)
        if name in faces:
            raise StateFormatError(f"line {lineno}: {place_words(name)} is "
                                   "given twice", source=source)
        tokens = rest.split()
        if len(tokens) != 9:
            raise _refused(f"line {lineno}: has {_stickers(len(tokens))}; "
                           + _one_line(name, tokens, text.splitlines()[lineno:]),
                           source=source, face=name)
        faces[name] = [_token(t, source, name, i) for i, t in enumerate(tokens)]
    for face in FACES:
        if face not in faces:
            raise StateFormatError(f"{place_words(face)} is missing; a state "
                                   "lists all six faces U R F D L B", source=source)
    return CubeState.from_faces(faces)


def is_json_state(text: str) -> bool:
    """Whether a state file's ``text`` is read as JSON (it starts with ``{``, or with ``[`` or
    ``"``, which no line of the text format does: JSON that is no object, refused as such)
    rather than as the text format."""
    return text.lstrip().startswith(("{", "[", '"'))


def _one_line(face: str, tokens: list[str], after: list[str]) -> str:
    """What to do about a face's line that does not hold 9 tokens: all nine go on its one
    line, rows one after another. Where the lines ``after`` it, without a face letter, hold
    the rest of the face (its rows typed on lines of their own), that line is shown whole."""
    rows = []
    for line in after:
        line = line.split("#", 1)[0].strip()
        if not line or ":" in line:
            break
        rows.append(line.split())
    joined = [tokens] + rows
    if any("," in t or ";" in t for t in tokens):
        return (f"tokens are separated by spaces, not commas ({face}: 1^ 2^ 3^  4^ 5^ 6^  "
                "7^ 8^ 9^)")
    if rows and sum(len(r) for r in joined) == 9:
        return (f"its other rows are on the lines below it; a face's 9 tokens go on its one "
                f"line: {face}: {'  '.join(' '.join(r) for r in joined)}")
    return (f"a face has 9 tokens, all on its one line, row after row "
            f"({face}: 1^ 2^ 3^  4^ 5^ 6^  7^ 8^ 9^)")


def _stickers(count: int) -> str:
    """``count`` stickers in words: "1 sticker", "7 stickers"."""
    return f"{count} sticker" + ("" if count == 1 else "s")


def parse_state(text: str, source: str | None = None) -> CubeState:
    """Parse either format: JSON where :func:`is_json_state`, text otherwise."""
    return parse_json(text, source) if is_json_state(text) else parse_text(text, source)


def to_dict(state: CubeState) -> dict[str, Any]:
    """The JSON-ready dictionary of a state (candidates included when present). A sticker a
    person typed that differs from what the photo read best keeps the photo's alternatives as
    its candidates (:func:`written_candidates`), so that reading the file back finds it typed
    and its prior kept."""
    faces = {f: [format_token(s) for s in state.face(f)] for f in FACES}
    out: dict[str, Any] = {"format": FORMAT, "faces": faces}
    if state.candidates is not None:
        per = state.n * state.n
        out["candidates"] = {
            f: [[{"token": format_token(h.sticker),
                  "score": 1.0 if h.score is None else round(h.score, 4)}
                 for h in written_candidates(state, k * per + i)] for i in range(per)]
            for k, f in enumerate(FACES)}
    if state.held:
        out["insisted"] = [sticker_name(i, state.n) for i in state.insisted()]
    if state.accepted and state.candidates is not None:
        out["accepted"] = {sticker_name(i, state.n): _token_or_none(state.accepted_rival(i))
                           for i in sorted(state.accepted)}
    return out


def _token_or_none(sticker: Sticker | None) -> str | None:
    return None if sticker is None else format_token(sticker)


def written_candidates(state: CubeState, index: int) -> tuple[Hypothesis, ...]:
    """The candidates a state file holds for one sticker: the photo's alternatives for a
    sticker a person typed (:meth:`CubeState.photo_reading`; typed otherwise than the photo
    read it best, the file's token then differs from its best candidate, which is how a
    file marks a correction; one insisted on is also named in ``"insisted"``, one taken
    with ``y`` in ``"accepted"``), else its candidates."""
    photo = state.photo_reading(index)
    if photo and (photo[0].sticker != state.stickers[index] or index in state.held
                  or index in state.accepted):
        return photo
    return state.candidates[index] if state.candidates is not None else ()


def to_json(state: CubeState) -> str:
    """The JSON state format as text."""
    return json.dumps(to_dict(state), indent=2)


def to_text(state: CubeState) -> str:
    """The text state format: one line per face, rows separated by two spaces."""
    lines = []
    n = state.n
    for f in FACES:
        toks = [format_token(s) for s in state.face(f)]
        rows = ["  ".join(" ".join(toks[r * n:(r + 1) * n]) for r in range(n))]
        lines.append(f"{f}: {rows[0]}")
    return "\n".join(lines) + "\n"
