"""Face painters: each draws one value into a square box, knowing nothing of the page.

``faces.painters`` holds the registry (``PAINTERS``, ``painter_for``) from a theme's kind to its
painter; ``pips``, ``numerals``, ``artwork`` and ``association`` paint each kind, ``drawings``
the figure faces of association sets (tally marks, clocks, coins...). This package module
imports none of them, so that any painter module may import its siblings.
"""
