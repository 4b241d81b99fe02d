"""Issue 31: the Spanish error messages speak to the reader as "tú", as most of the catalogue does
(counted before the change: about 214 error texts in "tú" against some 40 in "usted", most of
these in the studio's own errors, which a visitor met beside the command line's "tú" ones); the
studio's page (its headings, hints and goals, some 16 texts in "usted") says "tú" with them, and
so does every other Spanish text: the site's print tip, the command line's summaries, click's words.

The markers are the "usted" forms those texts used, which no "tú" text writes: imperatives
("inténtelo", "elija", "quite"...) and "usted" itself; "su"/"sus" are left out, since "sus
imágenes" is also "its pictures" (a .zip and the pictures in it)."""

from __future__ import annotations

import re
from pathlib import Path

from domino_print.texts import tomllib

ES = Path(__file__).resolve().parent.parent / "domino_print" / "texts" / "es.toml"
USTED = re.compile(
    r"\b(usted|ustedes|use|elija|añada|inténtelo|quite|espere|vuelva|recargue|reduzca|redúzcala|ábrala|"
    r"sustitúyala|guárdela|imprima|hágala|suba|escriba|ponga|cambie|consérvelas|quiso|indique|mida|dé|"
    r"suelte|quiere|podrá|arrastre|selecciónelo|desplácese|ábralo|pruebe|imprímala|lea|escríbalo|suyas)\b",
    re.IGNORECASE)
SUBJUNCTIVE = {"error.site.marker_lists_other"}
"""Texts where a marker is a subjunctive, not an "usted": "un archivo que escriba domino-print"."""
TAG = re.compile(r"<[^>]*>")
"""Markup names (an SVG's ``<use>``), which are not words to the reader."""
TU = {  # a few of them, as they read now
    ("studio", "error", "busy"): "el servidor está ocupado; inténtalo dentro de un momento",
    ("studio", "error", "no_pictures"): "añade primero tus imágenes",
    ("studio", "list", "error", "none"): "Sube un archivo, o escribe al menos dos pares en la tabla.",
    ("studio", "page", "intro"): "Elige tu juego, añade tus imágenes: la vista previa sigue cada cambio.",
    ("error", "touch", "bed_out_of_range"): "{bed} {text}: cada lado debe medir de {low:g} a {high:g} mm; "
                                            "mide la cama de tu impresora",
}


def _texts(table: object, key: str):
    if isinstance(table, dict):
        for name, value in table.items():
            yield from _texts(value, f"{key}.{name}")
    elif isinstance(table, str):
        yield key, table


def _catalogue() -> dict:
    return tomllib.loads(ES.read_text(encoding="utf-8"))


def _at(catalogue: dict, dotted: str) -> object:
    value: object = catalogue
    for part in dotted.split("."):
        assert isinstance(value, dict) and part in value, dotted
        value = value[part]
    return value


def test_every_spanish_text_says_tu_never_usted():
    """The whole catalogue: the studio, the errors, the command line's summaries, the site's page."""
    found = [(key, text) for key, text in _texts(_catalogue(), "")
             if key.lstrip(".") not in SUBJUNCTIVE and USTED.search(TAG.sub("", text))]
    assert not found, "\n".join(f"{key}: {text}" for key, text in found)


def test_the_markers_catch_the_usted_forms_and_leave_tu_alone():
    assert USTED.search("el servidor está ocupado; inténtelo dentro de un momento")
    assert USTED.search("Suba un archivo, o escriba al menos dos pares en la tabla.")
    assert not any(USTED.search(text) for text in TU.values())


def test_some_messages_read_as_tu():
    catalogue = _catalogue()
    for path, text in TU.items():
        assert _at(catalogue, ".".join(path)) == text, path
