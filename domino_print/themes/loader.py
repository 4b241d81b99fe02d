"""Find a theme from what the user typed: a built-in name, a folder of pictures, a TOML file or a
.zip of a theme's folder (``archive``).

It sits above both ``themes`` (the model and the built-in themes) and
``user_themes`` (a user's pictures), so that neither needs the other's loader.
"""

from __future__ import annotations

from domino_print.errors import OptionError
from domino_print.themes.files import user_path
from domino_print.themes.model import Theme, builtin_names, load_builtin


def load_theme(ref: str) -> Theme:
    """A built-in theme by name (in any case, when no file or folder has that name), or a user theme
    from a folder of images or a TOML file; ``OptionError`` for another name, suggesting the
    closest built-in one (difflib) as ``values["suggestion"]``."""
    if ref in builtin_names():
        return load_builtin(ref)
    if not ref.strip():  # Path("") is the current folder: never a theme by accident
        raise OptionError(says="theme.empty", fields=("theme",))
    path = user_path(ref)
    from domino_print.themes.user import load_user_theme  # a user's pictures only (issue 36: start-up)

    if path.suffix.lower() == ".zip" and path.is_file():  # a theme as one file: unpacked, checked
        from domino_print.themes.archive import unpacked_folder

        return load_user_theme(unpacked_folder(path))
    if path.is_dir() or path.is_file() or path.suffix.lower() == ".toml" or "/" in ref or "\\" in ref:
        return load_user_theme(path)
    folded = {name.casefold(): name for name in builtin_names()}
    typed = ref.strip().casefold()
    if typed in folded:  # --theme Fruits: the built-in theme, whatever its case
        return load_builtin(folded[typed])
    names = ", ".join(builtin_names())
    import difflib  # only for a name that is not a theme

    close = difflib.get_close_matches(typed, list(folded), n=1, cutoff=0.75)
    if close:
        raise OptionError(says="theme.unknown_close", name=repr(ref), themes=names,
                          suggestion=folded[close[0]])
    raise OptionError(says="theme.unknown", name=repr(ref), themes=names)
