"""The studio: a local web page to make a set with a live preview and your own pictures.

``domino-print studio`` serves it on 127.0.0.1 (see ``server``); a school's server runs
the same app with ``uvicorn domino_print.studio:app`` (several ``--workers`` included),
configured from the environment (see ``settings``). The app is built on first use of
``app``, so importing the package starts nothing.
"""

from __future__ import annotations

import importlib

__all__ = ["app", "create_app"]


def create_app(settings=None):
    """The studio's ASGI app for ``settings`` (default: from the environment)."""
    # A lazy re-export: the submodules import nothing from this package's namespace, so
    # loading them by name here (only when asked) ties no knot between the two.
    return importlib.import_module("domino_print.studio.app").create_app(settings)


def __getattr__(name: str):
    if name == "app":
        value = create_app()
        globals()["app"] = value
        return value
    raise AttributeError(name)
