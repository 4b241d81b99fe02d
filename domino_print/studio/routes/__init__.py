"""The studio's endpoints, one module per concern (``studio/app.py`` assembles them in ``ROUTES``):

- ``pages``: the page (``GET /``, ``?lang=en``), the static files (the goals' pictures shipped in
  ``static/goals/``), the
  calibration sheet, the static files, ``/health``;
- ``previews``: ``POST /api/preview`` (options -> the preview's pages, summary line, command
  line, or the one-line error of the field at fault), a page of it (``/pages/<scope>/<key>/<n>.jpg``,
  scope ``common`` for the built-in themes, ``session`` for the visitor's pictures or list) and
  enlarged (``/zoom/...``);
- ``downloads``: the PDF (``/download/<scope>/<key>.pdf``, ``?inline=1`` to open it), the 3D
  print (``.3mf``), the visitor's PDF size (``/api/size/...``);
- ``pictures``: ``/api/pictures`` (multipart) or ``/api/picture`` (one raw file), their changes
  (``/api/pictures/<action>``) and thumbnails (``/thumbs/<id>.png``);
- ``theme_files``: ``GET /theme.zip`` and ``POST /api/theme``, the pictures as a theme file and
  one opened again;
- ``list_routes``: ``GET``/``POST /api/list``, ``POST /api/list/file``, the visitor's list of pairs;
- ``guard``: the middleware refusing foreign Host and Origin, adding the security headers;
- ``visit``: the process's shared state (``Studio``) and the one preamble every endpoint starts
  with (``visit``, ``scoped``), with the answers they share.

Each endpoint is a module-level function reading the shared state from ``request.app.state``.
"""
