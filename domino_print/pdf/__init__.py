"""The PDF writer, split by what it draws; points exist only inside this package.

- ``canvas``: a print-ready canvas (deterministic bytes, metadata, no scaling) and the form cache;
- ``shrink``: shrink-to-fit and word wrapping of text in a given room;
- ``tile``: one tile (two faces, labels, centre line), for the sheet and the rules example;
- ``sheet``: a sheet page's tiles, centre lines, cut lines and crop marks;
- ``margins``: the legend (scissors, cutting rule, scale bar), header and set line;
- ``marks``: the set marks, a numbered disc in each set's colour;
- ``back_pages``: back pages (pattern, emblem, set marks, note);
- ``fold``: the fold line of a fold-over page (``--backs fold``), with its label and symbol;
- ``document``: assembly: pages in order, bookmarks, the rules and key pages, ``render_sheet``;
- ``calibration``: the two-sided calibration sheet, from ``geometry.calibration``;
- ``rules_page``: the rules page (Platypus), typesetting the words of ``domino_print.rules``;
- ``key_page``: a loop deck's key for the teacher, over as many pages as it needs;
- ``figure``: a rules page's example figure, the tiles placed where the game's unit says.

Every writer takes plain data (tiles, layouts in millimetres, texts) and a canvas; none
calls the set generator or reads options. Nothing is imported here, so importing one
module (the calibration page uses ``calibration``, ``canvas`` and ``shrink``) does not load the
others.
"""
