"""``domino-print site``: a static page of sets to print, from a catalogue (``catalogue``), made
incrementally and written all at once (``build``), one page of cards and rules (``page``).

It reaches the core only through ``domino_print.api`` and the option table, as the studio does,
and wears the studio's style sheet.
"""
