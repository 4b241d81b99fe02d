"""The language of the person reading the command line's lines (its errors, its success and
progress lines, the studio launcher's address): the command line's ``--lang`` when it gives
one, else the system's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``fr_FR.UTF-8`` is French) when a
catalogue speaks it, else English.

It reads only the arguments, the environment and the catalogues' names: nothing is parsed, so
that a run that prints none of these lines pays nothing for knowing their language, and the
entry point (``__main__``) can word a stop that comes before the command line is loaded.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from domino_print.texts import languages

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where the system says its language, in the order POSIX reads them: the first one set wins."""

FALLBACK = "en"
"""The language of a system whose own has no catalogue (``C``, ``POSIX``, ``ja_JP``)."""


def reader_language(args: Sequence[str] = ()) -> str:
    """The ``--lang`` of ``args`` (``--lang de`` or ``--lang=de``; the last that names a catalogue,
    as click keeps the last of an option given twice, and as ``domino-print --lang fr calibrate
    --lang de`` reads the command's own), else ``system_language()``."""
    given = ""
    for index, arg in enumerate(args):
        lang = arg.partition("=")[2] if arg.startswith("--lang=") else (
            args[index + 1] if arg == "--lang" and index + 1 < len(args) else "")
        if lang in languages():
            given = lang
    return given or system_language()


def system_language() -> str:
    """The system's language when a catalogue speaks it (the first of ``LOCALE_VARIABLES`` set
    decides), else English."""
    for variable in LOCALE_VARIABLES:
        setting = os.environ.get(variable, "")
        if setting:
            system = setting.split(".")[0].split("@")[0].split("_")[0].lower()
            return system if system in languages() else FALLBACK
    return FALLBACK
