"""Geometry in millimetres, as plain records: no ReportLab, no click.

- ``sizes``: papers and tile sizes (the named ones, parsed from a user's words);
- ``shapes``: rectangles, segments and tiles' placements, the plain records the others share;
- ``sheet``: the sheet layout (pages of placements, cut lines, fold lines);
- ``crop_marks``: the guides in a sheet's margin, in line with every cut line;
- ``backs``: back pages mirrored for the flip edge, fold-over pages, set marks' places;
- ``calibration``: the two-sided calibration sheet's geometry;
- ``text_fit``: how large a text can be set in a given room.
"""
