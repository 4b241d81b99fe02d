"""Themes: what each value looks like.

- ``model``: the theme model, the built-in themes (TOML in ``builtin/`` when installed,
  ``themes/`` at a checkout's top) and the checks theme files share;
- ``user``: a user's folder of pictures or ``theme.toml``, and ``theme new``;
- ``pairs``: pairs lists (CSV or TOML) for association sets and loop decks;
- ``representations``: the association themes' ways of showing one value;
- ``loader``: a theme by name or path.
"""
