"""The Jinja2 environment of the surfaces' HTML pages (the studio's, the site's): the catalogues'
words placed in templates read from a surface's own ``templates/`` folder (shipped in the wheel
beside its code), autoescape on for every template, so that a value is escaped where it is placed
(a theme's title, a file name), never by hand.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined


@cache
def environment(folder: Path) -> Environment:
    """The environment of the templates in ``folder``."""
    env = Environment(
        loader=FileSystemLoader(folder),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    # A JSON block keeps its letters as they are (|tojson still escapes <, >, & and ').
    env.policies["json.dumps_kwargs"] = {"ensure_ascii": False, "sort_keys": False}
    return env
