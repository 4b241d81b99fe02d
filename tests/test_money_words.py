"""Money as the page's language writes it, and coins and notes in their real proportions (issue 29).

The reference below writes each language's amounts by hand (French, Spanish, German: "0,50 €",
a coin "50 c" or "50 ct"; English: "€0.50", "50c"), independently of the catalogues: the faces,
the coins' labels and the teacher's key must all say amounts that way, never a program number
("0.5", "0.1 + 0.05") nor "2€" without its space. The drawings are measured from pixels: a 2 €
coin is 25.75/19.75 of a 10 c coin (the euro's common sides), a 20 € note 133/120 of a 5 € one.
"""

from __future__ import annotations

import io
import re

import pypdf
import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from domino_print.api import parse_options
from domino_print.faces.drawings import draw_coins
from domino_print.themes import model
from domino_print.themes.representations import Face

NBSP = "\u00a0"
CENT = {"fr": "c", "es": "c", "de": "ct"}


def amount(cents: int, lang: str) -> str:
    """How the reference writes an amount: 0,50 €, 2 €; €0.50, €2."""
    whole, rest = divmod(cents, 100)
    if lang == "en":
        return f"€{whole}" + (f".{rest:02d}" if rest else "")
    return f"{whole}" + (f",{rest:02d}" if rest else "") + f"{NBSP}€"


def piece(cents: int, lang: str) -> str:
    if cents >= 100:
        return amount(cents, lang)
    return f"{cents}c" if lang == "en" else f"{cents}{NBSP}{CENT[lang]}"


@pytest.mark.parametrize("lang", ["fr", "en", "es", "de"])
def test_the_faces_and_the_key_write_amounts_as_the_language_does(lang):
    job = parse_options({"theme": "monnaie", "lang": lang, "structure": "boucle",
                         "values": "0.50,1.20,2.50,0.15,5.00,12.50,17.45"})
    made = job.association
    for face in made.faces:
        if face.kind == "coins":
            assert face.text == " + ".join(piece(p, lang) for p in face.parts)
        else:
            assert re.fullmatch(r"€\d+(\.\d\d)?" if lang == "en" else rf"\d+(,\d\d)?{NBSP}€", face.text)
    for line in made.key:
        for said in (line.answer, line.question):
            # never 0.5, 2€, € 2, nor a space a line may break
            assert not re.search(r"\d\.\d(?!\d)|\d€|€ \d|\d [€c]", said), said
    notes = [line for line in made.key if "12" in line.answer or "12" in line.question]
    assert notes  # 12,50 € as a 10 € note, a 2 € coin and a 50 c coin, as the faces label them
    assert any(" + ".join(piece(p, lang) for p in (1000, 200, 50)) in f"{line.answer} {line.question}"
               for line in made.key)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_printed_key_reads_the_amounts_back(lang):
    from domino_print.api import make_document

    job = parse_options({"theme": "monnaie", "lang": lang, "structure": "boucle", "values": "0.15,3.10,5.00"})
    reader = pypdf.PdfReader(io.BytesIO(make_document(job).pdf))
    key = re.sub(r"\s+", " ", reader.pages[-1].extract_text().replace(NBSP, " "))
    coins = " + ".join(piece(p, lang) for p in (200, 100, 10))
    for wanted in (piece(10, lang) + " + " + piece(5, lang), coins, amount(500, lang), amount(15, lang),
                   amount(310, lang)):
        assert wanted.replace(NBSP, " ") in key, (wanted, key)


def _segments(row: list[bool]) -> list[int]:
    """The lengths of the runs of inked pixels along a row."""
    found, run = [], 0
    for inked in [*row, False]:
        if inked:
            run += 1
        elif run:
            found.append(run)
            run = 0
    return found


def _rendered(face: Face, size_pt: float = 200.0):
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(size_pt, size_pt))
    draw_coins(canvas, face, size_pt)
    canvas.save()
    return pdfium.PdfDocument(buffer.getvalue())[0].render(scale=4).to_pil().convert("L")


def _coin_face(parts: tuple[int, ...]) -> Face:
    currency = model.load_builtin("monnaie").association.currency
    return Face("coins", " + ".join(piece(p, "fr") for p in parts), count=sum(parts), parts=parts,
                sizes=currency.sizes(parts))


@pytest.mark.slow
def test_coins_are_drawn_in_their_real_proportions():
    image = _rendered(_coin_face((200, 10)))  # one row: the 2 € coin, then the 10 c coin
    width, height = image.size
    widest: list[int] = []
    for y in range(height):
        runs = _segments([image.getpixel((x, y)) < 250 for x in range(width)])
        if len(runs) == 2:
            widest = [max(a, b) for a, b in zip(widest or runs, runs, strict=True)]
    assert widest, "two discs side by side"
    assert widest[0] / widest[1] == pytest.approx(25.75 / 19.75, rel=0.04)


def test_one_cent_to_two_euros_keep_the_euro_s_sizes():
    currency = model.load_builtin("monnaie").association.currency
    sizes = dict(zip(currency.coins, currency.sizes(currency.coins), strict=True))
    real = {1: 16.25, 2: 18.75, 5: 21.25, 10: 19.75, 20: 22.25, 50: 24.25, 100: 23.25, 200: 25.75}  # ECB
    for coin, diameter in real.items():
        assert sizes[coin][0] == pytest.approx(diameter / 25.75)
    notes = dict(zip(currency.notes, currency.sizes(currency.notes), strict=True))
    assert notes[2000][0] / notes[500][0] == pytest.approx(133 / 120)
    assert notes[500][1] / notes[500][0] == pytest.approx(62 / 120)
