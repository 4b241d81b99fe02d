"""domino-print: turn a domino set into a print-ready PDF cutting sheet and rules page.

A request runs one way: ``options`` (one table of options) -> ``sets`` (tiles, structures,
the typed job) -> ``themes`` (value -> face; list readers) -> ``geometry`` (millimetres only)
-> ``pdf`` (ReportLab, by what it draws; ``faces`` paint the faces, ``rules`` gives the games'
words) and ``output`` (files, previews, cut files). ``cli`` parses options at the edge and
writes the file atomically. Who may import whom is another order, the layers of
docs/ARCHITECTURE.md, checked by ``make lint`` (import-linter).

ReportLab reads per-user files and variables when it is imported, made inert here, before
any module of the package can import it: ``reportlab/__init__.py`` runs ``reportlab_mods``
(a module on the path, else the file ``~/.reportlab_mods``) and ``reportlab/rl_config.py``
runs ``reportlab_settings`` (else ``~/.reportlab_settings``), then lets an ``RL_<name>``
environment variable override any setting. A broken file there gave a traceback on every
run, a ``HOME`` of ``/dev/null`` or a file stopped every run, and a setting there changed the
PDF's bytes. Empty modules under both names (ReportLab finds them already imported, so it
reads no file) keep the output the same everywhere; the ``RL_`` variables are left out by the
command line's and the studio's entry point (``__main__``): importing the package changes no
one's environment, and a program using the API keeps the ReportLab settings it set itself.
(Written here with no import of its own, so that the console script's signal handlers follow at once.)
"""

import sys as _sys

REPORTLAB_USER_MODULES = ("reportlab_mods", "reportlab_settings")
"""The modules ReportLab imports for a user's changes (``reportlab/__init__.py``, ``rl_config.py``)."""

for _name in REPORTLAB_USER_MODULES:
    if _name not in _sys.modules:  # (if ReportLab was imported before this package, it is too late)
        _sys.modules[_name] = type(_sys)(_name, "ReportLab's per-user settings, kept empty by domino_print")
del _name

__version__ = "0.1.0"
