"""ReportLab reads per-user files and variables when it is imported: made inert here, once.

At import, ``reportlab/__init__.py`` runs ``reportlab_mods`` (a module on the path, else the
file ``~/.reportlab_mods``) and ``reportlab/rl_config.py`` runs ``reportlab_settings`` (a module
on the path, else ``~/.reportlab_settings``); then every setting may be overridden by an
``RL_<name>`` environment variable. A broken file there gives a traceback on every run, a
``HOME`` that is ``/dev/null`` or a file stops every run, and a setting there changes the
PDF's bytes. ``isolate`` puts empty modules under both names (ReportLab finds them already
imported, so it reads no file) and drops the ``RL_`` variables, before ReportLab is first
imported: ``domino_print/__init__.py`` calls it, so it runs before any module of the package.
"""

from __future__ import annotations

import os
import sys
import types

USER_MODULES = ("reportlab_mods", "reportlab_settings")
"""The modules ReportLab imports for a user's changes (``reportlab/__init__.py``, ``rl_config.py``)."""


def isolate() -> None:
    """Make ReportLab's per-user files and ``RL_`` variables inert; idempotent.

    Does nothing useful if ReportLab was imported before ``domino_print`` (too late then).
    """
    for name in USER_MODULES:
        if name not in sys.modules:
            sys.modules[name] = types.ModuleType(name, "ReportLab's per-user settings, kept empty")
    for key in [key for key in os.environ if key.startswith("RL_")]:
        del os.environ[key]
