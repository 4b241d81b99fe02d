"""The options every surface shares, declared once.

- ``table``: the option table (names, values, defaults, limits, which option needs which) and
  the ``Options`` record it gives;
- ``values``: one value read as its option's type, bounded, decimal commas read (``2,5``);
- ``parsing``: ``parse`` a plain mapping (the command line, the studio's form, the API, the site)
  into checked ``Options``, and ``parse_calibrate``;
- ``combinations``: the checks between options;
- ``wording``: labels, help, the studio's form fields, and ``describe``, which words an error for
  each surface;
- ``command_line``: the click options generated from the table;
- ``usage_doc``: writes ``docs/usage.md``.

Only this package and ``cli`` import click.
"""
