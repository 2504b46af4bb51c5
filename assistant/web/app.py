"""The web front of a phone session (aiohttp): the page, its two assets and a small JSON API.

Every address starts with the session's random token (``/TOKEN/``); a request without it is
refused before anything else looks at it. Only the names listed in :data:`ASSETS` are served,
from the package's ``static/`` folder; nothing names a file from the request, so there is no
listing and no way out of that folder. Errors are JSON: ``{"error": "what to change"}``; a
page a browser opens without the token (an old address, after ``serve --resume``) is told so on
a page of its own.

API (all under ``/TOKEN/api/``): ``GET status`` (:meth:`PhoneService.status`), ``GET reading``
(the whole reading as ``read --json`` prints it), ``POST face/U`` ... ``face/B`` and ``POST
corner/A`` / ``corner/B`` with the photo's bytes as the body, and ``POST check/F`` (or
``check/A``) with the photo a check of the guide asks for.
"""
from __future__ import annotations

import asyncio
import hmac
from html import escape
from pathlib import Path
from typing import Awaitable, Callable

from aiohttp import web

from .service import PhoneService
from .store import MAX_UPLOAD_BYTES, NAMES, RequestRefused

ASSETS = {"": ("index.html", "text/html"), "app.js": ("app.js", "text/javascript"),
          "style.css": ("style.css", "text/css")}
"""Address (after the token) -> file in ``static/`` and its content type: all that is served."""

STATIC = Path(__file__).resolve().parent / "static"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def error(status: int, message: str) -> web.Response:
    """A JSON error answer."""
    return web.json_response({"error": message}, status=status)


def _refused_page(status: int, message: str) -> web.Response:
    """An error as a page a person reads on the phone (a browser opening an address), in the
    page's words and at its size, not as the API's JSON."""
    said = escape(message[0].upper() + message[1:], quote=False)
    body = ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta "
            "name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Sudoku "
            "Cube</title></head><body style=\"font: 1.2rem/1.5 system-ui, sans-serif; margin: "
            f"1.5rem\"><h1>Sudoku Cube</h1><p>{said}.</p></body></html>")
    return web.Response(text=body, status=status, content_type="text/html")


def _asset(name: str) -> bytes:
    return (STATIC / name).read_bytes()


def make_app(service: PhoneService, token: str) -> web.Application:
    """The application of one session, answering only under ``/token/``."""
    prefix = f"/{token}/"

    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not hmac.compare_digest(request.path[:len(prefix)].encode(), prefix.encode()):
            refused = (error if "/api/" in request.path or request.method != "GET" or
                       "text/html" not in request.headers.get("Accept", "") else _refused_page)
            return refused(403, "this address lacks the session's code (a new one is printed "
                                "each time the server starts, `serve --resume` too); open the "
                                "address the computer's terminal printed (or scan its QR code) "
                                "again")
        try:
            return await handler(request)
        except web.HTTPRequestEntityTooLarge:
            return error(413, f"the photo is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} "
                              "MB; take it at a lower resolution")
        except web.HTTPException as e:
            return error(e.status, "no such page here" if e.status == 404 else e.reason)
        except Exception as e:  # noqa: BLE001 - a bug: said to the terminal, the phone in JSON
            return error(500, service.internal_error(e))

    def page(name: str) -> Handler:
        file, kind = ASSETS[name]

        async def serve_asset(request: web.Request) -> web.Response:
            return web.Response(body=_asset(file), content_type=kind,
                                headers={"Cache-Control": "no-store"})
        return serve_asset

    async def status(request: web.Request) -> web.Response:
        kind = request.query.get("kind")
        loop = asyncio.get_running_loop()
        # off the loop, so a slow status holds up no other request; not on the service's
        # worker, so a poll does not wait behind the photo being read
        view = await loop.run_in_executor(None, service.status, kind if kind in NAMES else None)
        return web.json_response(view)

    async def reading(request: web.Request) -> web.Response:
        loop = asyncio.get_running_loop()
        # off the loop, as the status is: the reading waits for the service's lock
        data = await loop.run_in_executor(None, service.reading_json)
        if data is None:
            return error(409, "the cube is not read yet: take the photos still missing")
        return web.json_response(data)

    def upload(kind: str) -> Handler:
        async def take(request: web.Request) -> web.Response:
            size = request.content_length
            if size is not None and size > MAX_UPLOAD_BYTES:
                return error(413, f"the photo is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)}"
                                  " MB; take it at a lower resolution")
            data = await request.read()
            loop = asyncio.get_running_loop()
            try:
                view = await loop.run_in_executor(service.worker, service.upload,
                                                  "faces" if kind == "face" else "corners",
                                                  request.match_info["name"], data)
            except RequestRefused as e:
                return error(e.status, str(e))
            return web.json_response(view)
        return take

    async def turn(request: web.Request) -> web.Response:
        loop = asyncio.get_running_loop()
        delta = 1 if request.match_info["way"] == "next" else -1
        try:  # off the loop: the step is saved to the guide's file
            view = await loop.run_in_executor(None, service.turn, delta)
        except RequestRefused as e:
            return error(e.status, str(e))
        return web.json_response(view)

    async def check(request: web.Request) -> web.Response:
        data = await request.read()
        loop = asyncio.get_running_loop()
        try:
            view = await loop.run_in_executor(service.worker, service.check_upload,
                                              request.match_info["name"], data)
        except RequestRefused as e:
            return error(e.status, str(e))
        return web.json_response(view)

    app = web.Application(middlewares=[guard], client_max_size=MAX_UPLOAD_BYTES)
    for name in ASSETS:
        app.router.add_get(prefix + name, page(name))
    app.router.add_get(prefix + "api/status", status)
    app.router.add_get(prefix + "api/reading", reading)
    app.router.add_post(prefix + "api/face/{name:[URFDLB]}", upload("face"))
    app.router.add_post(prefix + "api/corner/{name:[AB]}", upload("corner"))
    app.router.add_post(prefix + "api/check/{name:[URFDLBA]}", check)
    app.router.add_post(prefix + "api/step/{way:next|back}", turn)
    return app
