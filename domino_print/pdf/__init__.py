"""The PDF writer, split by what it draws; points exist only inside this package.

- ``canvas``: a print-ready canvas (deterministic bytes, metadata, no scaling) and the form cache;
- ``fit``: shrink-to-fit and word wrapping of text in a given room;
- ``tile``: one tile (two faces, labels, centre line), for the sheet and the rules example;
- ``sheet``: a sheet page's tiles, centre lines, cut lines and crop marks;
- ``margins``: the legend (scissors, cutting rule, scale bar), header and set line;
- ``marks``: the set marks, a numbered disc in each set's colour;
- ``backs``: back pages (pattern, emblem, set marks, note);
- ``document``: assembly: pages in order, bookmarks, the rules page, ``render_sheet``;
- ``calibration``: the two-sided calibration sheet, from ``calibrate``'s geometry.

Every writer takes plain data (tiles, layouts in millimetres, texts) and a canvas; none
calls the set generator or reads options. Nothing is imported here, so importing one
module (the calibration page uses ``calibration``, ``canvas`` and ``fit``) does not load the
others.
"""
