"""The age box comes from the set's own content, placed in the curricula (issue 29).

The reference below was written from the curricula themselves (eduscol's cycle 2 "repères",
the maternelle and cycle 3 programmes; the Common Core standards), not from the code: each
content, the French class it is taught in, and the Common Core grade. The rules page is read
back from the PDF in French and English; the other languages give the French age.
"""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from domino_print.api import make_document, parse_options

REFERENCE = [  # (the set, French class and age, Common Core grade and age)
    ({"theme": "nombres", "faces": "multiplication,chiffre", "tables": "2,5,10", "structure": "boucle"},
     ("CE1", 7), ("grade 3", 8)),  # multiplication from CE1; CCSS 3.OA.7
    ({"theme": "nombres", "faces": "multiplication,chiffre", "tables": "6,7,8,9", "structure": "boucle"},
     ("CE2", 8), ("grade 3", 8)),  # every table by CE2
    ({"theme": "nombres", "faces": "addition,chiffre", "range": "10-90", "values": "24,37,45,58,63,76,92"},
     ("CE1", 7), ("grade 2", 7)),  # sums to 100: CE1; CCSS 2.NBT.5
    ({"theme": "nombres", "faces": "addition,chiffre", "range": "0-10", "values": "4-10"},
     ("CP", 6), ("grade 1", 6)),  # sums within 20: CP; CCSS 1.OA.6
    ({"theme": "monnaie"}, ("CE1", 7), ("grade 2", 7)),  # CCSS 2.MD.8
    ({"theme": "heures", "faces": "horloge,mots", "step": "5", "structure": "boucle"},
     ("CE2", 8), ("grade 2", 7)),  # minutes in CE2; CCSS 2.MD.7 (five minutes)
    ({"theme": "heures", "faces": "horloge,numérique"}, ("CP", 6), ("grade 1", 6)),  # whole hours
    ({"theme": "lettres"}, ("GS", 5), ("grade K", 5)),
    ({"theme": "fractions", "faces": "disque,pourcentage"}, ("CM2", 10), ("grade 6", 11)),
]


def _age_of(mapping: dict, lang: str) -> str:
    job = parse_options({**mapping, "lang": lang})
    reader = pypdf.PdfReader(io.BytesIO(make_document(job).pdf))
    first = len(job.layout.pages)
    text = re.sub(r"\s+", " ", reader.pages[first].extract_text().replace("\u00a0", " "))
    return text


@pytest.mark.slow
@pytest.mark.parametrize(("mapping", "fr", "en"), REFERENCE, ids=[str(i) for i in range(len(REFERENCE))])
def test_the_age_box_is_the_curricula_s(mapping, fr, en):
    (fr_class, fr_age), (grade, us_age) = fr, en
    assert f"dès {fr_age} ans ({fr_class})" in _age_of(mapping, "fr")
    assert f"{us_age} and up ({grade})" in _age_of(mapping, "en")
    assert f"ab {fr_age} Jahren" in _age_of(mapping, "de")
    assert f"a partir de {fr_age} años" in _age_of(mapping, "es")


def test_no_times_tables_loop_says_from_four():
    job = parse_options({"theme": "nombres", "faces": "multiplication,chiffre", "tables": "2,5,10",
                         "structure": "boucle", "lang": "fr"})
    from domino_print.rules.content import build_content

    facts = dict(build_content(job.rules_context).facts)
    assert "4" not in facts["Âge"]
