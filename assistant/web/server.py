"""Running the web front beside the terminal: the server lives on a thread of its own with its
own event loop, so the terminal's review and guide run on the main thread as they always do.

It listens on this computer alone (127.0.0.1) unless told to listen on the home network
(``0.0.0.0``, ``serve --lan``); the address shown then is the computer's address on that
network.
"""
from __future__ import annotations

import asyncio
import secrets
import socket
import threading

from aiohttp import web

from ...models.errors import SudokuCubeError
from .app import make_app
from .service import PhoneService

LOOPBACK = "127.0.0.1"


def lan_address() -> str:
    """This computer's address on its home network: the one its route outward leaves from (a
    UDP socket that is connected, never sent on, so nothing leaves the computer)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            address = s.getsockname()[0]
        except OSError:
            address = ""
    if not address or address.startswith("127.") or address == "0.0.0.0":
        raise SudokuCubeError("--lan: this computer has no address on a network; connect it "
                              "to the same Wi-Fi as the phone and try again")
    return address


class Server:
    """The web front of ``service`` on a thread: :meth:`start`, then :attr:`url`, then
    :meth:`stop`."""

    def __init__(self, service: PhoneService, *, lan: bool = False, port: int = 0) -> None:
        self.service, self.lan, self.port = service, lan, port
        self.token = secrets.token_urlsafe(16)
        self.url = ""
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, name="web", daemon=True)

    def start(self) -> str:
        """Listen and return the page's address (with the token in it)."""
        host = "0.0.0.0" if self.lan else LOOPBACK
        shown = lan_address() if self.lan else LOOPBACK
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._listen(host), self._loop)
        try:
            port = future.result(30)
        except OSError as e:
            self.stop()
            raise SudokuCubeError(f"cannot listen on port {self.port} ({e.strerror or e}); "
                                  "another program may use it: give another with --port N")
        self.url = f"http://{shown}:{port}/{self.token}/"
        return self.url

    async def _listen(self, host: str) -> int:
        self._runner = web.AppRunner(make_app(self.service, self.token), access_log=None,
                                     handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, self.port, reuse_address=True)
        await site.start()
        server = site._server  # the asyncio server: the port chosen when 0 was asked for
        return int(server.sockets[0].getsockname()[1]) if server else self.port

    def stop(self) -> None:
        """Stop listening and end the thread, and the threads that made the page's status
        (photos already stored stay)."""
        if self._runner is not None and self._loop.is_running():
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
            self._runner = None
        if self._loop.is_running():
            try:  # a status still being made past the wait is left to end with the process
                asyncio.run_coroutine_threadsafe(self._loop.shutdown_default_executor(),
                                                 self._loop).result(10)
            except TimeoutError:
                pass
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
        self.service.close()
