"""The PDF writer, split by what it draws; points exist only inside this package.

- ``canvas``: a print-ready canvas (deterministic bytes, metadata, no scaling) and the form cache;
- ``fit``: shrink-to-fit and word wrapping of text in a given room.

Nothing is imported here, so importing one module (the calibration page uses ``canvas``
and ``fit``) does not load the others.
"""
