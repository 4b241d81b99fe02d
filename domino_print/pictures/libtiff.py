"""Pillow's libtiff, kept quiet and asked what it can decode.

libtiff writes its warnings and errors straight to the process's standard error
(``tempfile.tif: WEBP compression support is not configured.``, three times),
past Python and before our own one error line. ``quiet()`` replaces its two
process-wide handlers (``TIFFSetWarningHandler``, ``TIFFSetErrorHandler``) by
none, in the very library Pillow's ``_imaging`` module loaded: the failure
then reaches us as Pillow's exception only, worded by ``decode``.

``codec_configured(code)`` asks the same library (``TIFFIsCODECConfigured``)
whether it decodes a TIFF compression, so that a valid TIFF in a compression
this build lacks (WebP, JPEG XL, LERC...) is told apart from a damaged one.

The library is found among the files the process has mapped (Linux:
``/proc/self/maps``). Where it cannot be found (another system, a Pillow
without libtiff), both are no-ops: ``codec_configured`` answers None, and the
library's lines are not silenced.
"""

from __future__ import annotations

import ctypes
import functools
import threading
from pathlib import Path

_lock = threading.Lock()


def _mapped_libtiff() -> str | None:
    """The path of the libtiff this process has loaded (Pillow's own), or None."""
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                parts = line.split(maxsplit=5)
                if len(parts) == 6 and Path(parts[5].strip()).name.startswith("libtiff"):
                    return parts[5].strip()
    except OSError:
        return None
    return None


@functools.cache
def _library() -> ctypes.CDLL | None:
    """Pillow's libtiff, with its warning and error handlers removed; None if not found."""
    from PIL import Image  # noqa: F401 - loads _imaging, and libtiff with it

    try:
        from PIL import _imaging  # noqa: F401
    except ImportError:  # pragma: no cover - Pillow always has it
        return None
    path = _mapped_libtiff()
    if path is None:
        return None
    try:
        library = ctypes.CDLL(path)  # the same handle: dlopen gives back the library already loaded
        for name in ("TIFFSetWarningHandler", "TIFFSetErrorHandler"):
            setter = getattr(library, name)
            setter.restype = ctypes.c_void_p
            setter.argtypes = [ctypes.c_void_p]
            setter(None)
        library.TIFFIsCODECConfigured.restype = ctypes.c_int
        library.TIFFIsCODECConfigured.argtypes = [ctypes.c_uint16]
    except (OSError, AttributeError):
        return None
    return library


def quiet() -> None:
    """libtiff writes nothing to standard error from now on, in this process."""
    with _lock:
        _library()


def codec_configured(code: int) -> bool | None:
    """Whether libtiff decodes the TIFF compression ``code`` (tag 259); None if it cannot tell."""
    if not 0 <= code <= 0xFFFF:
        return False
    with _lock:
        library = _library()
    if library is None:
        return None
    return bool(library.TIFFIsCODECConfigured(code))
