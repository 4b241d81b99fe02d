"""Readers of a teacher's list of pairs, one module per file format, found by suffix in ``READERS``.

A reader turns the bytes of a file into a ``Table``: its rows of cells, as text,
each with the place a person finds it at (``line 7``, ``pair 7``), and nothing
more. What the cells mean (pictures, texts, the checks) is ``themes.pairs``'s job,
the same for every format. To add a format, write one module with a ``READER``
and add it to ``registry.READERS``: the theme loader, ``--help`` and the README's list follow
(``tests/test_pairs.py`` checks that the README names every suffix).
"""
