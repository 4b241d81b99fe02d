"""Issue 31: the Spanish error messages speak to the reader as "tú", as most of the catalogue does
(counted before the change: about 214 error texts in "tú" against some 40 in "usted", most of
these in the studio's own errors, which a visitor met beside the command line's "tú" ones); the
studio's page (its headings, hints and goals, some 16 texts in "usted") says "tú" with them.

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
TABLES = ("studio", "error.touch", "error.file.fix", "error.option.plain_digits", "error.theme.unknown",
          "error.theme.unknown_close")
"""The studio's page and its own errors, and the command line's messages that said "usted"."""
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


def test_the_spanish_studio_and_error_messages_say_tu_never_usted():
    catalogue = _catalogue()
    found = [(key, text) for table in TABLES for key, text in _texts(_at(catalogue, table), table)
             if USTED.search(text)]
    assert not found, "\n".join(f"{key}: {text}" for key, text in found)


def test_the_markers_catch_the_usted_forms_and_leave_tu_alone():
    assert USTED.search("el servidor está ocupado; inténtelo dentro de un momento")
    assert USTED.search("Suba un archivo, o escriba al menos dos pares en la tabla.")
    assert not any(USTED.search(text) for text in TU.values())


def test_some_messages_read_as_tu():
    catalogue = _catalogue()
    for path, text in TU.items():
        assert _at(catalogue, ".".join(path)) == text, path
