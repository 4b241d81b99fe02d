"""mots-images (issue 20): a folder of pictures named by their words (chat.png) makes an
association set or a loop of each picture against its word (--faces image,mot), in the page's
language when the folder's theme.toml lists the words per language."""

from __future__ import annotations

import io
from collections import Counter
from itertools import combinations_with_replacement

import pypdf
import pytest
from PIL import Image

from domino_print.api import make_document, parse_options
from domino_print.errors import OptionError

WORDS = {"chat": "cat", "chien": "dog", "lapin": "rabbit", "poisson": "fish"}


@pytest.fixture
def folder(tmp_path):
    for index, word in enumerate(WORDS):
        Image.new("RGB", (60, 60), (40 * index, 200 - 40 * index, 90)).save(tmp_path / f"{word}.png")
    return tmp_path


def sheet_words(pdf: bytes) -> list[str]:
    found: list[str] = []
    pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text(
        visitor_text=lambda t, cm, tm, f, s: found.append(t.strip()) if t.strip() else None)
    return found


def test_each_picture_is_matched_with_the_word_of_its_file_name(folder):
    job = parse_options({"theme": str(folder), "faces": "image,mot", "no_rules": True})
    made = job.association
    assert len(job.tiles) == 10  # four words: every pair once

    def word(face) -> str:
        return face.path.stem if face.kind == "picture" else face.text

    tiles = Counter(tuple(sorted((word(made.faces[t.a]), word(made.faces[t.b])))) for t in job.tiles)
    assert tiles == Counter(combinations_with_replacement(sorted(WORDS), 2))
    shown = sheet_words(make_document(job).pdf)
    assert {w for w in shown if w in WORDS} == set(WORDS)
    assert sum(face.kind == "picture" for face in made.faces) == 4


def test_a_theme_file_gives_the_words_in_each_language(folder):
    words_fr = ", ".join(f'"{w}"' for w in sorted(WORDS))
    words_en = ", ".join(f'"{WORDS[w]}"' for w in sorted(WORDS))
    toml = f'name = "animaux"\n[labels]\nfr = [{words_fr}]\nen = [{words_en}]\n'
    (folder / "theme.toml").write_text(toml, encoding="utf-8")
    document = make_document({"theme": str(folder), "faces": "image,mot", "structure": "boucle",
                              "lang": "en"})
    shown = sheet_words(document.pdf)
    assert set(WORDS.values()) <= set(shown) and not set(WORDS) & set(shown)


def test_a_folder_without_faces_stays_a_classic_picture_set(folder):
    job = parse_options({"theme": str(folder), "no_rules": True})
    assert job.association is None


def test_a_folder_has_no_other_representation(folder):
    with pytest.raises(OptionError, match="give two of image, mot"):
        parse_options({"theme": str(folder), "faces": "image,points"})
