"""Helpers for the picture tests: make images with Pillow at test time, read PDFs back.

No binary fixture is committed: every picture is generated in ``tmp_path``.
"""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from domino_print.cli import cli
from domino_print.geometry.sheet import SheetSpec, layout_sheet

SEVEN = ("#E53935", "#FB8C00", "#FDD835", "#43A047", "#1E88E5", "#8E24AA", "#212121")
"""Seven colours far apart, one per value of a double-six."""

RED, BLUE, GREEN, WHITE = (255, 0, 0), (0, 0, 255), (0, 255, 0), (255, 255, 255)


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def solid(path: Path, colour, size=(60, 40), **save) -> Path:
    """A one-colour picture; the format follows the suffix."""
    mode = save.pop("mode", "RGB")
    Image.new(mode, size, colour).save(path, **save)
    return path


def noisy(size=(400, 300), seed: int = 0) -> Image.Image:
    """A photo-like RGB picture: noise in each channel, thousands of colours."""
    channels = [Image.effect_noise(size, 40 + 10 * ((seed + c) % 3)) for c in range(3)]
    return Image.merge("RGB", channels)


def top_and_bottom(size=(120, 80), top=RED, bottom=BLUE) -> Image.Image:
    """Upright picture: ``top`` colour on the upper half, ``bottom`` on the lower half."""
    image = Image.new("RGB", size, bottom)
    image.paste(top, (0, 0, size[0], size[1] // 2))
    return image


def stored_with_orientation(upright: Image.Image, orientation: int, path: Path) -> Path:
    """Save ``upright`` as a JPEG the way a phone does: pixels turned, EXIF flag to undo it."""
    turn = {6: Image.Transpose.ROTATE_90, 8: Image.Transpose.ROTATE_270, 3: Image.Transpose.ROTATE_180}
    stored = upright.transpose(turn[orientation])
    exif = Image.Exif()
    exif[0x0112] = orientation
    stored.save(path, "JPEG", quality=95, exif=exif.tobytes())
    return path


def colour_folder(folder: Path, colours=SEVEN, suffix=".png", size=(60, 40)) -> Path:
    """A folder of one-colour pictures named ``img1``, ``img2``... in value order."""
    folder.mkdir(parents=True, exist_ok=True)
    for index, colour in enumerate(colours):
        solid(folder / f"img{index + 1}{suffix}", colour, size)
    return folder


def huge_png_header(path: Path, width: int, height: int) -> Path:
    """A tiny PNG file whose header claims ``width`` x ``height`` pixels (a decompression bomb)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    body = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
    path.write_bytes(body + chunk(b"IEND", b""))
    return path


def run(*args) -> object:
    """The CLI in-process; click's Result with exit_code, stdout and stderr."""
    return CliRunner().invoke(cli, [str(a) for a in args])


def render_theme(theme: Path, out: Path, *extra) -> object:
    result = run("--theme", theme, "--out", out, "--no-rules", *extra)
    return result


def image_xobjects(pdf: Path) -> list[dict]:
    """Every distinct image XObject of the PDF (inside forms too), as pypdf dictionaries."""
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    found: dict[int, dict] = {}

    def walk(resources, seen_forms: set[int]) -> None:
        if not resources or "/XObject" not in resources:
            return
        for reference in resources["/XObject"].values():
            thing = reference.get_object()
            key = reference.idnum
            if thing["/Subtype"] == "/Image":
                found[key] = thing
            elif key not in seen_forms:
                seen_forms.add(key)
                walk(thing.get("/Resources"), seen_forms)

    forms: set[int] = set()
    for page in reader.pages:
        walk(page.get("/Resources"), forms)
    return list(found.values())


def filters(xobject: dict) -> list[str]:
    value = xobject.get("/Filter")
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def page_pixels(pdf: Path, index: int = 0, dpi: int = 72) -> Image.Image:
    """Page ``index`` of the PDF as an RGB PIL image at ``dpi``."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(io.BytesIO(pdf.read_bytes()))
    image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
    document.close()
    return image


def face_boxes(count: int, spec: SheetSpec | None = None):
    """The layout, and for each page each tile's two faces as (x_mm, y_mm, size_mm).

    The first value's face comes first. Pictures stay upright: on a vertical
    tile the first value is the upper square.
    """
    layout = layout_sheet(spec or SheetSpec(), count)
    size = layout.tile_short_mm
    pages = []
    for page in layout.pages:
        faces = []
        for p in sorted(page.placements, key=lambda p: p.index):
            if p.vertical:
                faces.append(((p.x_mm, p.y_mm + size, size), (p.x_mm, p.y_mm, size)))
            else:
                faces.append(((p.x_mm, p.y_mm, size), (p.x_mm + size, p.y_mm, size)))
        pages.append(faces)
    return layout, pages


def sample(image: Image.Image, layout, x_mm: float, y_mm: float, dpi: int = 72):
    """The pixel at (x_mm, y_mm) from the page's lower left corner."""
    px = round(x_mm / 25.4 * dpi)
    py = round((layout.page_height_mm - y_mm) / 25.4 * dpi)
    return image.getpixel((min(px, image.width - 1), min(py, image.height - 1)))


def nearest(colour, palette) -> int:
    """The index of the palette colour closest to ``colour``."""
    distances = [sum((a - b) ** 2 for a, b in zip(colour, rgb(c), strict=True)) for c in palette]
    return distances.index(min(distances))


def close_to(actual, expected, tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(actual, expected, strict=True))
