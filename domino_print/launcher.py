"""``domino-print-studio``: the studio for people who never open a terminal.

Installed as a ``[project.gui-scripts]`` entry, so on Windows it starts without a console
window. It is ``domino-print studio`` (a free port on 127.0.0.1, a temporary data folder
removed when it stops, the default browser opened on the page), through the same entry point
as the command line, so it stops on the same signals in the same way. Without a console
``sys.stdout`` and ``sys.stderr`` are None (pythonw): they become the null device, as the web
server's logging needs a stream, and the browser is the only way in.
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    """Serve the studio and open it in the default browser, until stopped."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - lives as long
    sys.argv = ["domino-print", "studio", *sys.argv[1:]]
    from domino_print.__main__ import main as run

    run()


if __name__ == "__main__":  # pragma: no cover - python -m domino_print.launcher
    main()
