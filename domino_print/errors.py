"""The exceptions the pipeline raises for a user's mistake.

The CLI turns a ``DominoError`` into a single line on stderr and a non-zero exit;
anything else is a bug and keeps its traceback.

Errors about options are worded at the edge: an ``OptionError`` (or another
``WordedError``, such as a pairs list's text too long for the tile size) may name the options
it is about as ``{placeholders}`` (``"{duplex} only applies to backs; add {backs}"``),
filled with ``--duplex`` on the command line or with a field's label on a form.
Deeper modules (layout, tiles) raise a neutral ``SizeError`` that carries the sizes
involved and names no option; the option layer (``domino_print.options.table``) makes it an
``OptionError``. File code raises a neutral ``FileError`` (the problem, the path, what the system said);
the command that asked for the file words the way out (``--out``, or ``theme new``'s
folder). A theme's ``ThemeError`` (``themes.model``) is a ``WordedError`` that also
carries the file at fault, so a surface can show the problem beside its own name for it.

The words of an error a person may read come from the catalogues (``texts/<lang>.toml``,
table ``[error]``): ``OptionError(says="option.not_a_number", fields=("max",), value="x")``
is worded in English by ``str()`` and in any catalogue language by ``worded(name_of, lang)``
(``options.table.describe`` on a surface); its values stay data, a ``Phrase`` among them (a
range, a list joined with "or") worded in the same language. An error written as finished
English text (``WordedError("...")``) is for what no page shows.

Which message an error is, on every class, is its ``says`` (the key under ``[error]``); its
``values`` fill it. A coarser kind a surface needs is told by ``says`` (``PictureError.category``),
never kept beside it. ``tests/test_error_catalogue.py`` fails on an error a person may read raised
with a sentence instead, and on an error class that keeps a second name for which message it is.
"""

from __future__ import annotations

import errno as _errno
from collections.abc import Callable, Mapping, Sequence


class DominoError(Exception):
    """A problem the user can fix; the message names the problem and the fix."""


def flag_name(option: str) -> str:
    """How the command line spells an option: ``tile_size`` -> ``--tile-size``."""
    return "--" + option.replace("_", "-")


class Phrase:
    """A part of a message that is itself worded per language: the catalogue text
    ``error.<key>`` with ``values`` filled (themselves phrases, or plain values). A range
    ("0 to 20 mm"), a number too long to print ("a number of about 400 digits"), a list joined
    with the language's "or": any word a message carries besides the user's own values."""

    def __init__(self, key: str, /, **values: object) -> None:
        self.key = key
        self.values: Mapping[str, object] = values

    def in_words(self, lang: str, name_of: Callable[[str], str] = flag_name) -> str:
        """The phrase in ``lang``, the options it names (``OptionName`` values) spelled by ``name_of``."""
        values = {name: in_words(value, lang, name_of) for name, value in self.values.items()}
        return _fill(lang, error_text(lang, self.key), values)

    def __str__(self) -> str:
        return self.in_words("en")

    def __repr__(self) -> str:
        return f"Phrase({self.key!r}, {dict(self.values)!r})"


class PluralPhrase(Phrase):
    """A phrase that follows its ``count`` by the language's CLDR plural rule: ``error.<key>.one``,
    ``error.<key>.other``... (``texts.plural_key``: French "0 domino" and "1 domino", "2 dominos")."""

    def in_words(self, lang: str, name_of: Callable[[str], str] = flag_name) -> str:
        from domino_print.texts import plural_key

        count = self.values["count"]
        assert isinstance(count, int)
        form = plural_key(lang, f"error.{self.key}", count).removeprefix("error.")
        values = {name: in_words(value, lang, name_of) for name, value in self.values.items()}
        return _fill(lang, error_text(lang, form), values)


class CatalogueText(Phrase):
    """Any text of the catalogues inside a message, by its full key (``set.name``, ``set.number.6``)."""

    def in_words(self, lang: str, name_of: Callable[[str], str] = flag_name) -> str:
        from domino_print.texts import text

        values = {name: in_words(value, lang, name_of) for name, value in self.values.items()}
        return text(lang, self.key, **values)


class OneOf(Phrase):
    """Words joined with the language's "or" (``a, b or c``), each worded itself."""

    def __init__(self, words: Sequence[object], /) -> None:
        super().__init__("or", words=tuple(words))

    def in_words(self, lang: str, name_of: Callable[[str], str] = flag_name) -> str:
        from domino_print.texts import join_list

        words = self.values["words"]
        assert isinstance(words, tuple)
        return join_list(lang, "error.or", [str(in_words(word, lang, name_of)) for word in words])


class Lines(Phrase):
    """Phrases each on a line of its own, after a first line (every group of clashing rows of a
    list after the first): each worded with a line break in front; nothing for no phrase."""

    def __init__(self, lines: Sequence[object], /) -> None:
        super().__init__("", lines=tuple(lines))

    def in_words(self, lang: str, name_of: Callable[[str], str] = flag_name) -> str:
        lines = self.values["lines"]
        assert isinstance(lines, tuple)
        return "".join("\n" + str(in_words(line, lang, name_of)) for line in lines)


class OptionName(Phrase):
    """An option named inside a message's value, as the surface names it (``--rules``, “Rules”)."""

    def __init__(self, option: str, /) -> None:
        super().__init__("", option=option)

    def in_words(self, lang: str, name_of: Callable[[str], str] = flag_name) -> str:
        return name_of(str(self.values["option"]))


def in_words(value: object, lang: str, name_of: Callable[[str], str] = flag_name) -> object:
    """A message's value as ``lang`` says it: a ``Phrase`` worded, a ``WordedError`` (an error
    quoted inside another's message) worded too, anything else as it is."""
    if isinstance(value, Phrase):
        return value.in_words(lang, name_of)
    return value.worded(name_of, lang) if isinstance(value, WordedError) else value


def _fill(lang: str, template: str, values: Mapping[str, object]) -> str:
    """``template`` filled with ``values``, numbers with decimals as ``lang`` writes them (2,5 mm)."""
    from domino_print.texts import fill

    return fill(lang, template, **values)


def error_text(lang: str, key: str) -> str:
    """The catalogue's text ``error.<key>`` in ``lang``, placeholders unfilled."""
    from domino_print.texts import text  # the catalogues: read once, when a message is worded

    return text(lang, f"error.{key}")


class WordedError(DominoError):
    """An error whose message may name options, worded per surface and language.

    ``WordedError(says="option.not_a_number", fields=("max",), value="x")`` takes its words
    from the catalogues (``error.option.not_a_number`` in ``texts/<lang>.toml``): each field
    name in the text (``{max}``) is filled with that option's name on the surface, and
    ``values`` fill the other placeholders (a ``Phrase`` among them is worded in the same
    language). ``WordedError("plain text")`` is a finished message in English, for what no
    page shows. ``str()`` gives the command line's English wording; ``worded(name_of, lang)``
    any other.
    """

    def __init__(self, template: str = "", /, *, says: str = "", fields: tuple[str, ...] = (),
                 **values: object) -> None:
        if bool(template) == bool(says):
            raise ValueError("give a message's catalogue key (says) or its finished text, one of them")
        self.says = says
        """The message's catalogue key (``error.<says>``), or "" for a finished English text."""
        self.template = template or error_text("en", says)
        self.fields = tuple(fields)
        self.values: Mapping[str, object] = values
        if clash := set(self.fields) & set(values):
            raise ValueError(f"option names used as values: {sorted(clash)}")
        super().__init__(self.worded(flag_name))

    def template_in(self, lang: str) -> str:
        """The message's text in ``lang``, placeholders unfilled (English when it has no key)."""
        return error_text(lang, self.says) if self.says else self.template

    def worded(self, name_of: Callable[[str], str], lang: str = "en") -> str:
        """The message in ``lang`` with each option it names spelled by ``name_of(option)``."""
        template = self.template_in(lang)
        if not self.fields and not self.values:
            return template
        values = {name: in_words(value, lang, name_of) for name, value in self.values.items()}
        return _fill(lang, template, {**values, **{field: name_of(field) for field in self.fields}})

    def with_values(self, **values: object) -> WordedError:
        """The same error with some values changed (as a surface shows them)."""
        changed = type(self).__new__(type(self))  # not copy.copy: it would call __init__ with args
        changed.__dict__.update(self.__dict__)
        changed.args = self.args
        changed.values = {**self.values, **values}
        return changed


class PathError(WordedError):
    """A ``WordedError`` about a file or folder, which it carries apart: ``path`` (None when the
    message names it itself). ``str()`` reads ``<path>: <problem>``; ``worded_alone(name_of, lang)``
    is the problem alone, so that a surface can put its own name for the file in front."""

    def __init__(self, template: str = "", /, *, says: str = "", path: object = None,
                 fields: tuple[str, ...] = (), **values: object) -> None:
        self.path = path
        super().__init__(template, says=says, fields=fields, **({"path": path} if path is not None else {}),
                         **values)

    def template_in(self, lang: str) -> str:
        problem = super().template_in(lang)
        return problem if self.path is None or "{path}" in problem else error_text(lang, "in_file") + problem

    def worded_alone(self, name_of: Callable[[str], str] = flag_name, lang: str = "en") -> str:
        """The problem without the path in front (unless its words place it themselves), each
        option it names spelled by ``name_of``."""
        template = WordedError.template_in(self, lang)
        values = {name: in_words(value, lang, name_of) for name, value in self.values.items()
                  if name != "path" or "{path}" in template}
        return _fill(lang, template, {**values, **{f: name_of(f) for f in self.fields}})


class Alone(Phrase):
    """An error quoted inside another's message without its file (``worded_alone``): the message
    around it names the file already ("x.svg: embedded picture: the picture is damaged")."""

    def __init__(self, error: WordedError, /) -> None:
        super().__init__("", error=error)

    def in_words(self, lang: str, name_of: Callable[[str], str] = flag_name) -> str:
        error = self.values["error"]
        if isinstance(error, PathError):
            return error.worded_alone(name_of, lang)
        assert isinstance(error, WordedError)
        return error.worded(name_of, lang)


class OptionError(WordedError):
    """A bad option value or combination (exit code 2, like click's usage errors), worded per
    surface as ``WordedError`` says."""


class DocumentError(WordedError, ValueError):
    """A document given to the API that cannot be used: ``says`` is ``document.page_out_of_range``
    (``page`` and ``pages`` say which, ``last`` the last page's index), ``document.not_ours`` (bytes
    that are not a PDF domino-print made), ``document.damaged`` or ``document.dpi_out_of_range``
    (``dpi``, and the ``low`` and ``high`` allowed)."""


class PageOutOfRange(DocumentError, IndexError):
    """A page number the document does not have (an ``IndexError`` too, as for a list)."""


class SizeError(WordedError, ValueError):
    """A neutral error from the geometry: ``says`` is its catalogue key (``size.<problem>``),
    ``values`` the numbers involved (a pair of lengths ``tile_mm`` as ``tile_mm_0`` and ``tile_mm_1``).

    It is raised without naming an option (layout does not know how the sizes were given): the
    options its words name are the placeholders its values do not fill (``{tile_size}``), named by
    each surface; the option layer (``options.table.word_size_error``) makes it an ``OptionError``.
    """

    def __init__(self, says: str, /, **values: object) -> None:
        flat: dict[str, object] = {}
        for name, value in values.items():
            if isinstance(value, tuple):
                flat.update({f"{name}_{index}": part for index, part in enumerate(value)})
            flat[name] = value
        from domino_print.texts import placeholders

        template = error_text("en", says)
        def first(name: str) -> int:  # where ``{name}`` first comes (not ``{name_more}``)
            return min(at for end in "}:!" if (at := template.find("{" + name + end)) >= 0)

        named = sorted(placeholders(template), key=first)  # as they come
        fields = tuple(name for name in named if name not in flat)
        self.sizes: Mapping[str, object] = dict(values)
        """The sizes as given (a pair of lengths whole)."""
        super().__init__(says=says, fields=fields, **flat)
        Exception.__init__(self, self.worded(_plain_name))  # ``str()``: no surface's name for an option


def _plain_name(option: str) -> str:
    """An option named by no surface, for a neutral ``str()``: ``tile_size`` -> ``tile size``."""
    return option.replace("_", " ")



class FileError(WordedError):
    """A file that cannot be written where the user asked, neutral: it names no option.

    ``says`` is its catalogue key (``file_problem.<problem>``, ``problem`` one of ``FILE_PROBLEMS``),
    ``path`` the file as the user named it, ``errno`` and ``system_said`` what the system said (if it
    said anything: ``{reason}`` in the words), and ``values`` the rest (the missing folder, a link's
    target, what became of the files). The command that asked for the file words the way out
    (``another``): "choose another --out" on the main command, ``theme new`` names its folder
    argument; ``str()`` says it neutrally ("write it somewhere else").
    """

    NEUTRAL = Phrase("file_fix.elsewhere")
    """The way out when no command words it (``str()``): "write it somewhere else"."""

    def __init__(self, problem: str, path: object, /, *, errno: int | None = None, system_said: str = "",
                 **values: object) -> None:
        if problem not in FILE_PROBLEMS:
            raise ValueError(f"unknown file problem {problem!r}")
        self.path = path
        self.errno = errno
        self.system_said = system_said
        self.another: object = self.NEUTRAL
        """The way out the command offers (``file_errors_say`` sets it), worded with the rest."""
        values = {"path": path, "reason": system_said, **values}  # ``{reason}``: what the system said
        super().__init__(says=f"file_problem.{problem}", fields=(), **values)

    def worded(self, name_of: Callable[[str], str] = flag_name, lang: str = "en") -> str:
        """The message in ``lang``, ending with ``another`` (what the command offers instead, a text
        or a ``Phrase``) where it helps."""
        way_out = in_words(self.another, lang, name_of)
        values = {name: in_words(value, lang, name_of) for name, value in self.values.items()}
        return _fill(lang, error_text(lang, self.says), {
            "fix": in_words(_file_fix(self.errno, way_out), lang, name_of), "another": way_out, **values})


def _file_fix(code: int | None, another: object) -> object:
    """What the user can do about a system error ``code``, ``another`` being the command's way out
    (for a read-only disk, only that: the system's words, quoted before it, already say why)."""
    import errno

    if code in (errno.ENOSPC, errno.EDQUOT):
        return Phrase("file_fix.space", another=another)
    if code in (errno.EACCES, errno.EPERM):
        return Phrase("file_fix.permissions", another=another)
    return another


FILE_PROBLEMS: tuple[str, ...] = (
    "default_folder_blocked",
    "default_folder_failed",
    "link_folder_missing",
    "folder_missing",
    "folder_is_file",
    "folder_append_only",
    "is_folder",
    "is_folder_for_pdf",
    "not_regular",
    "link_unfollowable",
    "cannot_create",
    "write_failed",
    "appeared",
    "commit_failed",
    "preview_in_the_way",
    "cut_file_in_the_way",
    "plate_in_the_way",
)
"""The problems a ``FileError`` names; each one's words are ``error.file_problem.<problem>`` in the
catalogues, ``{another}`` and ``{fix}`` the command's to fill (``worded``)."""


# The operating system's problems in the reader's words (issue 31): an OSError carries its errno and
# the system's own English words (strerror); a message keeps both as data, in a ``SystemWords``
# phrase, worded where the message is worded: a known errno by ``error.os.<name>``, an unknown one
# by the system's words quoted inside our own sentence (``error.os.unknown``).
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
    if (code := getattr(_errno, attribute, None)) is not None
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
    """What ``error`` says, kept as data: its errno and the system's words; ``TypeError`` for
    anything but an ``OSError``."""
    if not isinstance(error, OSError):
        raise TypeError(f"system_words takes an OSError, not {type(error).__name__}")
    return SystemWords(error.errno, error.strerror or str(error), quoted=quoted)
