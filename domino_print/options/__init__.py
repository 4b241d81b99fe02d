"""The options every surface shares, declared once.

- ``table``: the option table (names, values, defaults, limits, which option needs which),
  the click options and the studio's form fields generated from it, ``parse`` for a mapping,
  the checks between options, and ``describe``, which words an error for each surface.

Only this package and ``cli`` import click.
"""
