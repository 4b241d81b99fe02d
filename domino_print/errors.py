"""The exceptions the pipeline raises for a user's mistake.

The CLI turns a ``DominoError`` into a single line on stderr and a non-zero exit;
anything else is a bug and keeps its traceback.

Errors about options are worded at the edge: an ``OptionError`` (or another
``WordedError``, such as a pairs list's text too long for the tile size) may name the options
it is about as ``{placeholders}`` (``"{duplex} only applies to backs; add {backs}"``),
filled with ``--duplex`` on the command line or with a field's label on a form.
Deeper modules (layout, tiles) raise a neutral ``SizeError`` that carries the sizes
involved and names no option; the option layer (``domino_print.options.table``) words it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping


class DominoError(Exception):
    """A problem the user can fix; the message names the problem and the fix."""


def flag_name(option: str) -> str:
    """How the command line spells an option: ``tile_size`` -> ``--tile-size``."""
    return "--" + option.replace("_", "-")


class WordedError(DominoError):
    """An error whose message may name options, worded per surface.

    ``WordedError("plain text")`` is a finished message. With ``fields``, the message is a
    template: each field name in it (``{max}``) is filled with that option's name on the
    surface, and ``values`` fill the other placeholders. ``str()`` gives the command-line
    wording; ``worded(name_of)`` any other.
    """

    def __init__(self, template: str, /, *, fields: tuple[str, ...] = (), **values: object) -> None:
        self.template = template
        self.fields = tuple(fields)
        self.values: Mapping[str, object] = values
        if clash := set(self.fields) & set(values):
            raise ValueError(f"option names used as values: {sorted(clash)}")
        super().__init__(self.worded(flag_name))

    def worded(self, name_of: Callable[[str], str]) -> str:
        """The message with each option it names spelled by ``name_of(option)``."""
        if not self.fields and not self.values:
            return self.template
        return self.template.format(**self.values, **{field: name_of(field) for field in self.fields})


class OptionError(WordedError):
    """A bad option value or combination (exit code 2, like click's usage errors), worded per
    surface as ``WordedError`` says."""


class SizeError(DominoError, ValueError):
    """A neutral error from the geometry: ``problem`` says what, ``sizes`` the numbers involved.

    It names no option (layout does not know how the sizes were given); the option
    layer turns it into an ``OptionError`` worded for the surface.
    """

    def __init__(self, problem: str, message: str, **sizes: object) -> None:
        self.problem = problem
        self.sizes: Mapping[str, object] = sizes
        super().__init__(message)
