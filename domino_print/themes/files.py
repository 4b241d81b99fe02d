"""Which files a theme or a list may read: the rules, in one place.

A theme (``theme.toml`` or a folder of pictures) and a list of pairs may come from someone
else: a colleague's zip, a published catalogue. They read only files inside their own
folder, so that they can never embed a local file (``../../.ssh/id_rsa.png``,
``/home/me/private.jpg``, a link to one) in a PDF that gets shared. Every reader of a
theme's or a list's pictures calls ``inside_folder``; ``user_path`` expands ``~`` in what the
user typed without failing on an unknown user or a missing home.
"""

from __future__ import annotations

import os
from pathlib import Path

from domino_print.errors import DominoError, OptionError, OptionName, Phrase


class OutsideFolder(DominoError):
    """A file named by a theme or a list that it may not read: ``name`` as written, ``folder``
    the folder it must be in, ``link`` whether it is a link that leads out, ``nul`` whether the
    name holds a NUL character (no file has such a name). ``phrase`` is the problem, worded by
    the catalogues (``error.files.*``) inside the message of whoever reports it."""

    def __init__(self, name: str, folder: Path, *, link: bool = False, nul: bool = False) -> None:
        self.name = name
        self.folder = folder
        self.link = link
        if nul:
            self.phrase = Phrase("files.nul_name", name=name.replace("\x00", "\\x00"))
        else:
            self.phrase = Phrase("files.outside_link" if link else "files.outside", name=name, folder=folder)
        super().__init__(str(self.phrase))


def inside_folder(folder: Path, name: str) -> Path:
    """The file ``name`` (relative to ``folder``, as a theme or list wrote it) as an absolute
    path, if it and whatever links lead from it stay inside ``folder``; ``OutsideFolder`` if
    it is absolute, climbs out with ``..``, or is (or passes through) a link that leads out.

    The file need not exist (the caller says "not found"); its path is resolved as far as
    it exists.
    """
    if "\x00" in name:
        raise OutsideFolder(name, folder, nul=True)
    base = Path(os.path.realpath(folder))
    written = Path(name)
    if written.is_absolute() or written.drive or name.startswith(("~", "\\")):
        raise OutsideFolder(name, folder, link=False)
    plain = Path(os.path.normpath(base / written))
    if not plain.is_relative_to(base):
        raise OutsideFolder(name, folder, link=False)
    real = Path(os.path.realpath(base / written))
    if not real.is_relative_to(base):
        raise OutsideFolder(name, folder, link=True)
    return Path(os.path.abspath(folder)) / written


def check_inside(folder: Path, path: Path) -> Path:
    """``path`` (found by listing ``folder``) itself, if it is not a link leading out of ``folder``."""
    return inside_folder(folder, os.path.relpath(path, folder))


def user_path(ref: str, option: str = "theme") -> Path:
    """What the user typed for ``option`` as a path, ``~`` and ``~user`` expanded; an
    ``OptionError`` naming ``option`` when that user is unknown or the home is no folder
    (``HOME=/dev/null``), never the ``RuntimeError`` of ``Path.expanduser``."""
    if "\x00" in ref:  # no file name holds one; the system calls would raise ValueError
        raise OptionError(says="files.nul_option", fields=(option,), option=OptionName(option),
                          path=ref.replace("\x00", "\\x00"))
    if not ref.startswith("~"):
        return Path(ref)
    head, sep, rest = ref.partition("/")
    home = os.path.expanduser(head)  # leaves an unknown ~user as it is, where Path raises
    if home == head or not os.path.isdir(home):
        says = ("files.home" if head == "~" else "files.user_home") + (
            "_unknown" if home == head else "_not_a_folder")
        raise OptionError(says=says, fields=(option,), option=OptionName(option), path=ref,
                          user=head[1:], home=home)
    return Path(home + sep + rest)
