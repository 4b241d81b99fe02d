"""Geometry in millimetres, as plain records: no ReportLab, no click.

- ``sheet``: papers, tile sizes and the sheet layout (placements, cut segments, crop marks);
- ``backs``: back pages mirrored for the flip edge, fold-over pages, set marks' places;
- ``calibration``: the two-sided calibration sheet's geometry;
- ``text_fit``: how large a text can be set in a given room.
"""
