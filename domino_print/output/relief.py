"""What each half of a 3D tile carries, by theme: pips, coloured pips, glyphs, artwork, braille.

``Faces.of(job, settings)`` reads the job's theme once and gives each tile its ``TileSpec``:

- ``pips`` themes: the pips of ``geometry.dice`` (and, for coloured pips, a colour per value
  that a 3MF keeps, for a printer with several filaments);
- ``numerals`` themes and association faces that are text (numerals, letters, words, sums):
  raised glyph outlines of the embedded bold font (``output.glyph_outlines``), 6 and 9 and the
  letters that turn into others underlined as on paper; association dots as pips;
- pictures: SVG artwork (the fruits, a folder of SVG drawings) as a raised relief of its shape
  (``output.art_relief``); a photo is not a shape, and a theme of photos is refused;
- ``--braille``: each number and letter also in braille (``geometry.braille``), under its glyph.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from domino_print.errors import OptionError
from domino_print.geometry import braille
from domino_print.geometry.dice import DICE, pip_radius
from domino_print.geometry.touch import HalfRelief, Pip, SolidSettings, pips_of_half
from domino_print.output.mesh import TileSpec

if TYPE_CHECKING:
    from domino_print.sets.job import Job
    from domino_print.sets.tiles import Tile
    from domino_print.themes.representations import Face

UNDERLINED_NUMERALS = frozenset({6, 9})
"""As ``faces.numerals`` underlines them on paper."""
EDGE_MM = 2.0
"""Glyphs and braille keep this far inside a half's edges."""
RELIEF_FACE_KINDS = ("text", "dots", "dice", "picture")
"""Association faces that can be felt: text as glyphs, dots as pips, SVG pictures as shapes."""


class Half(NamedTuple):
    """One face as the 3D tile shows it: pips, a text, or a picture (SVG)."""

    pips: int | None = None
    text: str = ""
    underline: bool = False
    picture: Path | None = None
    """The path of an SVG picture."""
    name: str = ""


class Faces(NamedTuple):
    """The halves of one job's tiles."""

    settings: SolidSettings
    halves: tuple[Half, ...]
    """By value (classic sets) or by face id (association sets)."""
    lang: str
    pip_colours: tuple[str, ...] = ()
    """The distinct colours of coloured pips, in the order they first appear (value 1 on)."""
    colour_of_value: tuple[int, ...] = ()
    """Each value's colour index (1-based into ``pip_colours``; 0: the body's colour)."""

    @classmethod
    def of(cls, job: Job, settings: SolidSettings) -> Faces:
        theme = job.theme
        if job.association is not None:
            halves = tuple(_association_half(face, theme.name) for face in job.association.faces)
            faces = cls(settings, halves, job.lang)
        elif theme.kind_facts.dots:
            distinct = tuple(dict.fromkeys(colour.upper() for colour in theme.colours[1:]))
            by_value = tuple(distinct.index(colour.upper()) + 1 if value else 0
                             for value, colour in enumerate(theme.colours))
            faces = cls(settings, tuple(Half(pips=v, name=str(v)) for v in range(job.top + 1)), job.lang,
                        distinct, by_value)
        elif theme.kind_facts.written:
            faces = cls(settings, tuple(Half(text=str(v), underline=v in UNDERLINED_NUMERALS, name=str(v))
                                        for v in range(job.top + 1)), job.lang)
        else:
            faces = cls(settings, tuple(_picture_half(theme, v) for v in range(job.top + 1)), job.lang)
        faces.check_braille(theme.name)
        return faces

    def check_braille(self, theme_name: str) -> None:
        """``--braille`` needs numbers or letters, and room for their cells on a half."""
        if not self.settings.braille:
            return
        cells = [braille.cells_for(half.text, self.lang) for half in self.halves]
        if not any(cells):
            raise OptionError(says="touch.braille_without_text", fields=("braille", "theme"),
                              name=repr(theme_name))
        widest = max(len(found) for found in cells if found)
        room = self.settings.body.width_mm - 2 * EDGE_MM
        if braille.width_mm(widest) > room:
            raise OptionError(says="touch.braille_too_wide", fields=("braille", "tile_size"), cells=widest,
                              width=round(braille.width_mm(widest), 1), short=self.settings.body.width_mm)

    def colours(self, body: str) -> tuple[str, ...]:
        """The 3MF's colours: the body's, then each pip colour."""
        return (body, *self.pip_colours)

    def half(self, face: int, half: int) -> HalfRelief:
        """What face ``face`` carries on half ``half`` (0 for ``a``)."""
        shown = self.halves[face]
        body = self.settings.body
        side = body.width_mm
        left = half * body.half_mm
        if shown.pips is not None:
            return HalfRelief(pips=_pips(shown.pips, half, body))
        if shown.picture is not None:
            from domino_print.output.art_relief import picture_contours  # the SVG reader: pictures only

            inset = 0.14 * side
            return HalfRelief(shapes=picture_contours(shown.picture, (left + inset, inset), side - 2 * inset))
        from domino_print.output.glyph_outlines import fitted_text  # the font's outlines: text only

        cells = braille.cells_for(shown.text, self.lang) if self.settings.braille else None
        single = len(shown.text) <= 2
        width = side - 2 * EDGE_MM
        if cells:
            height = 0.34 * side
            centre = (left + side / 2, 0.64 * side)
            dots = braille.dot_centres(cells, left + side / 2, 0.1 * side + braille.HEIGHT_MM)
        else:
            height = (0.5 if single else 0.3) * side
            centre = (left + side / 2, side / 2)
            dots = ()
        shapes = fitted_text(shown.text, centre, min(width, 0.8 * side), height, underline=shown.underline)
        return HalfRelief(shapes=shapes, braille=dots)

    def tile(self, tile: Tile, mark: str | None) -> TileSpec:
        colours = tuple(self.colour_of_value[value] if value < len(self.colour_of_value) else 0
                        for value in (tile.a, tile.b))
        return TileSpec(self.settings.body, (self.half(tile.a, 0), self.half(tile.b, 1)), mark=mark,
                        pip_colours=(colours[0], colours[1]))

    def name(self, tile: Tile) -> str:
        """``4-2``: the higher value first, as ``--only`` names tiles; an association tile by its
        faces (``A-a``, ``7-3 + 4``)."""
        if self.colour_of_value or all(half.pips is not None or half.text.isdigit() for half in self.halves):
            return f"{max(tile.a, tile.b)}-{min(tile.a, tile.b)}"
        return f"{self.halves[tile.a].name}-{self.halves[tile.b].name}"


def _pips(count: int, half: int, body) -> tuple[Pip, ...]:
    """A count as pips: as on dice up to 12, then in groups of five (an association's dots to 20)."""
    if count in DICE:
        return pips_of_half(count, half, body)
    side = body.width_mm
    left = half * body.half_mm
    radius = pip_radius(12) * side * 0.8
    spots: list[Pip] = []
    quincunx = ((0.3, 0.3), (0.3, 0.7), (0.5, 0.5), (0.7, 0.3), (0.7, 0.7))
    for group in range(-(-count // 5)):
        gx, gy = (group % 2) * 0.5, 0.5 - (group // 2) * 0.5
        for fx, fy in quincunx[:min(5, count - 5 * group)]:
            spots.append(Pip(left + (gx + fx * 0.5) * side, (gy + fy * 0.5) * side, radius))
    return tuple(spots)


def _association_half(face: Face, theme_name: str) -> Half:
    if face.kind == "text":
        shown = " ".join(face.text.split())
        return Half(text=shown, underline=face.underline, name=shown)
    if face.kind in ("dots", "dice"):
        return Half(pips=face.count, name=str(face.count))
    if face.kind == "picture" and face.path is not None and face.path.suffix.lower() == ".svg":
        return Half(picture=face.path, name=face.path.stem)
    raise OptionError(says="touch.faces_not_3d", fields=("theme", "faces"), name=repr(theme_name),
                      kind=face.kind)


def _picture_half(theme, value: int) -> Half:
    path = theme.images[value]
    if path.suffix.lower() != ".svg":
        raise OptionError(says="touch.photo_theme", fields=("theme",), name=repr(theme.name))
    return Half(picture=path, name=path.stem)
