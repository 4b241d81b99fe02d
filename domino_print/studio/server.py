"""``domino-print studio``: serve the studio on this machine and open it in the browser.

It listens on 127.0.0.1 only (a free port unless ``--port``), prints its address, opens
the browser (not with ``--no-browser``) and stops cleanly on Ctrl-C, removing the data
folder it made for itself (a ``--data-dir`` given is kept). ``--workers N`` serves it from N
processes over the one data folder (``serve_workers``), for a school on a small server.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import tempfile
import threading
import webbrowser
from pathlib import Path

HOST = "127.0.0.1"
LOG_LEVEL = "error"
"""What uvicorn writes on the studio's terminal: its errors only (an exception of the app, with its
traceback; a start-up or shut-down that failed). Its warnings are all a visitor's doing, in
English, for the operator who can do nothing about them: "Invalid HTTP request received." for
bytes that are not HTTP (a TLS hello on the http port, a scanner), "Unsupported upgrade request."
(issue 31). A level rather than a filter on those sentences: it holds in ``--workers`` processes
(a filter set here would not reach them) and does not depend on uvicorn's wording."""


def listening_socket(port: int) -> socket.socket:
    """A socket bound to 127.0.0.1:``port`` (0: a free port chosen by the system).

    Made as TCP by name (``IPPROTO_TCP``): asyncio sets ``TCP_NODELAY`` only on connections whose
    socket says so, and without it an answer written in two pieces (uvicorn writes the headers, then
    the body) waits for the browser's delayed ACK of the first: 40 ms on Linux (Nagle's algorithm),
    every page picture of the preview (issue 36)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # accepted connections inherit it too
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((HOST, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def serve(port: int = 0, *, open_browser: bool = True, data_dir: Path | None = None,
          echo=print, workers: int = 1, lang: str = "en") -> None:
    """Run the studio until interrupted, in ``workers`` processes (``serve_workers``) if more than one;
    its address and its end said in ``lang`` (the reader's, ``texts.reader``; the page chooses its own)."""
    # uvicorn and the app (Starlette) load only for this command.
    import uvicorn

    from domino_print.api import WordedError
    from domino_print.api_internal import Stopped, take_stop
    from domino_print.studio.app import create_app
    from domino_print.studio.settings import Settings, limits_from_env
    from domino_print.texts import plural, text

    own_folder = data_dir is None
    folder = Path(tempfile.mkdtemp(prefix="domino-print-studio-")) if data_dir is None else data_dir
    try:
        sock = listening_socket(port)
    except OSError as exc:
        if own_folder:
            shutil.rmtree(folder, ignore_errors=True)
        from domino_print.api_internal import system_words
        raise WordedError(says="launcher.cannot_listen", address=f"{HOST}:{port}",
                          reason=system_words(exc)) from None
    chosen = sock.getsockname()[1]
    address = f"http://{HOST}:{chosen}/"
    settings = Settings(data_dir=folder, hosts=(HOST, "localhost"), limits=limits_from_env())
    if workers > 1:
        echo(plural(lang, "command.studio.workers", workers, address=address))
        try:
            signum = serve_workers(sock, settings, workers)
        finally:
            sock.close()
            if own_folder:
                shutil.rmtree(folder, ignore_errors=True)
        echo(text(lang, "command.studio.stopped"))
        if signum is not None:  # 128 + N, as with one worker
            raise SystemExit(Stopped(signum).exit_code)
        return
    app = create_app(settings)
    config = uvicorn.Config(app, log_level=LOG_LEVEL, access_log=False, lifespan="on",
                            timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    echo(text(lang, "command.studio.address", address=address))
    if open_browser and not os.environ.get("DOMINO_PRINT_NO_BROWSER"):
        def open_when_ready() -> None:
            while not server.started and not server.should_exit:
                threading.Event().wait(0.05)
            if server.started:
                webbrowser.open(address)

        threading.Thread(target=open_when_ready, daemon=True).start()
    try:
        server.run(sockets=[sock])
    except (KeyboardInterrupt, Stopped):
        # uvicorn stops on the first Ctrl-C (or SIGTERM), then raises the signal again for the
        # handler it found: the command line's turns it into Stopped. Here it is the normal way out.
        pass
    finally:
        sock.close()
        if own_folder:
            shutil.rmtree(folder, ignore_errors=True)
    echo(text(lang, "command.studio.stopped"))
    stopped = take_stop()
    if stopped is not None:  # 128 + N, as the command line ends on a signal
        raise SystemExit(stopped.exit_code)


def serve_workers(sock: socket.socket, settings, workers: int) -> int | None:
    """Serve on ``sock`` from ``workers`` processes until Ctrl-C or SIGTERM (uvicorn's supervisor);
    give the number of the signal that stopped them.

    Each worker builds the app as ``uvicorn domino_print.studio:app`` does, from the environment
    (``settings.Settings.from_env``: the one data folder, the host names), so that sessions, their
    locks (``fcntl`` on ``state.json``) and the render caches on disk are shared; each worker
    draws one document at a time, the workers side by side (one per core).
    """
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    os.environ["DOMINO_PRINT_STUDIO_DATA"] = str(settings.data_dir)
    os.environ["DOMINO_PRINT_STUDIO_HOSTS"] = ",".join(settings.hosts)
    config = uvicorn.Config("domino_print.studio:app", workers=workers, log_level=LOG_LEVEL,
                            access_log=False, lifespan="on", timeout_graceful_shutdown=2)
    class Supervisor(Multiprocess):
        stopped_by: int | None = None

        def handle_int(self) -> None:
            self.stopped_by = signal.SIGINT
            super().handle_int()

        def handle_term(self) -> None:
            self.stopped_by = signal.SIGTERM
            super().handle_term()

    supervisor = Supervisor(config, sockets=[sock])
    supervisor.run()
    return supervisor.stopped_by
