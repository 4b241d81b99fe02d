"""The operating system's problems in the reader's words (issue 31).

An ``OSError`` carries its errno and the system's own English words (``strerror``: "Permission
denied"). A message keeps both as data, in a ``SystemWords`` phrase, and words them where the
message is worded: a known errno by the catalogues' ``error.os.<name>`` in the reader's language,
an unknown one by the system's words quoted inside our own sentence (``error.os.unknown``).
"""

from __future__ import annotations

import errno
from collections.abc import Callable

from domino_print.errors import Phrase, error_text, flag_name

_NAMES: dict[int, str] = {
    code: name
    for attribute, name in (
        ("ENOENT", "not_found"),
        ("EACCES", "denied"),
        ("EPERM", "not_permitted"),
        ("EISDIR", "is_a_folder"),
        ("ENOTDIR", "not_a_folder"),
        ("ENOSPC", "disk_full"),
        ("EDQUOT", "quota"),
        ("EROFS", "read_only"),
        ("EEXIST", "exists"),
        ("ENAMETOOLONG", "name_too_long"),
        ("EMFILE", "too_many_open"),
        ("ENFILE", "too_many_open"),
        ("EIO", "input_output"),
        ("ELOOP", "link_loop"),
        ("EBUSY", "busy"),
        ("ETXTBSY", "busy"),
        ("EADDRINUSE", "address_in_use"),
    )
    if (code := getattr(errno, attribute, None)) is not None
}
"""Each errno the catalogues word, by the name of its key under ``error.os``."""


class SystemWords(Phrase):
    """What the system said (``errno`` and its English ``said``), worded in the reader's language.

    ``quoted``: an unknown errno's words inside our sentence ("the system says “…”"); False where
    the message around quotes them itself (``error.system``)."""

    def __init__(self, code: int | None, said: str, /, *, quoted: bool = True) -> None:
        super().__init__("os.unknown", errno=code, said=said, quoted=quoted)

    def in_words(self, lang: str, name_of: Callable[[str], str] = flag_name) -> str:
        from domino_print.texts import fill

        name = _NAMES.get(self.values["errno"]) if isinstance(self.values["errno"], int) else None
        if name is not None:
            return error_text(lang, f"os.{name}")
        said = str(self.values["said"])
        return fill(lang, error_text(lang, "os.unknown"), said=said) if self.values["quoted"] else said


def system_words(error: OSError, *, quoted: bool = True) -> SystemWords:
    """What ``error`` says, kept as data: its errno and the system's words."""
    return SystemWords(error.errno, error.strerror or str(error), quoted=quoted)
