"""What each half of a 3D tile carries, by theme: pips, coloured pips, glyphs, artwork, braille.

``Faces.of(job, settings)`` reads the job's theme once and gives each tile its ``TileSpec``:

- ``pips`` themes: the pips of ``geometry.dice`` (and, for coloured pips, a colour per value
  that a 3MF keeps, for a printer with several filaments);
- a photo is not a shape: a theme of raster pictures is refused (``touch.photo_theme``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from domino_print.errors import OptionError
from domino_print.geometry.touch import HalfRelief, pips_of_half
from domino_print.output.mesh import TileSpec

if TYPE_CHECKING:
    from domino_print.output.solids import SolidSettings
    from domino_print.sets.job import Job
    from domino_print.sets.tiles import Tile


class Faces(NamedTuple):
    """The halves of one job's tiles."""

    settings: SolidSettings
    pip_colours: tuple[str, ...]
    """The distinct colours of coloured pips, in the order they first appear (value 1 on)."""
    colour_of_value: tuple[int, ...]
    """Each value's colour index (1-based into ``pip_colours``; 0: the body's colour)."""

    @classmethod
    def of(cls, job: Job, settings: SolidSettings) -> Faces:
        theme = job.theme
        if job.association is not None or theme.kind != "pips":
            raise OptionError(says="touch.theme_not_3d", fields=("theme", "out"), name=repr(theme.name))
        distinct = tuple(dict.fromkeys(colour.upper() for colour in theme.colours[1:]))
        by_value = tuple(distinct.index(colour.upper()) + 1 if value else 0
                         for value, colour in enumerate(theme.colours))
        return cls(settings, distinct, by_value)

    def colours(self, body: str) -> tuple[str, ...]:
        """The 3MF's colours: the body's, then each pip colour."""
        return (body, *self.pip_colours)

    def half(self, value: int, half: int) -> HalfRelief:
        return HalfRelief(pips=pips_of_half(value, half, self.settings.body))

    def tile(self, tile: Tile, mark: str | None) -> TileSpec:
        colours = tuple(self.colour_of_value[value] if value < len(self.colour_of_value) else 0
                        for value in (tile.a, tile.b))
        return TileSpec(self.settings.body, (self.half(tile.a, 0), self.half(tile.b, 1)), mark=mark,
                        pip_colours=(colours[0], colours[1]))

    def name(self, tile: Tile) -> str:
        """``4-2``: the higher value first, as ``--only`` names tiles."""
        return f"{max(tile.a, tile.b)}-{min(tile.a, tile.b)}"
