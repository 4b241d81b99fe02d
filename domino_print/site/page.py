"""The site's one page, ``index.html``: a card per set, then how to play, from plain data.

No script: the page reads and prints with scripts off, from ``file://`` as from any host. Its
Content-Security-Policy allows only its own style sheets and images; every image has its
``width`` and ``height`` and loads lazily (a ``<picture>`` offers the WebP where it is smaller).
Every word is in the catalogue's language: the ``[site.*]`` tables of the text catalogues, the
set's summary line (``output.summary``) and, for "how to play", the rules page's own words.
The HTML is written in Jinja2 templates (``site/templates/``, autoescape on); this module gives
them their facts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

from markupsafe import Markup

from domino_print import __version__, texts
from domino_print.site.catalogue import Catalogue
from domino_print.site.made import SETS_DIR, STYLE_SHEETS, Made
from domino_print.texts.templates import environment

TEMPLATES = Path(__file__).resolve().parent / "templates"
CSP = "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'"
"""Nothing but the site's own images and style sheets, no script, no form, no other site."""


def _word(lang: str, key: str, /, **values: object) -> str:
    return texts.typeset(lang, texts.text(lang, f"site.{key}", **values))


def _own(lang: str, value: str) -> str:
    """A text of the catalogue's own (a name, a description), spaced as its language wants."""
    return texts.typeset(lang, value)


class _Markup(HTMLParser):
    """Paragraph markup of the rules page (text, entities, ``<b>``, ``<i>``) as safe HTML: those two
    tags become ``<strong>`` and ``<em>``, any other tag is dropped, all text escaped again."""

    TAGS: ClassVar[dict[str, str]] = {"b": "strong", "i": "em"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag in self.TAGS:
            self.out.append(f"<{self.TAGS[tag]}>")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.TAGS:
            self.out.append(f"</{self.TAGS[tag]}>")

    def handle_data(self, data: str) -> None:
        self.out.append(escape(data, quote=False))


def markup_to_html(markup: str) -> Markup:
    """The rules page's markup as safe HTML, marked so for the templates."""
    parser = _Markup()
    parser.feed(markup)
    parser.close()
    return Markup("".join(parser.out))


def summary_line(facts: Mapping[str, object], lang: str) -> str:
    """The set's summary line in ``lang``: the one wording of the command line and the studio."""
    from domino_print import api

    return api.summary_line(api.DocumentFacts.from_json(facts), lang)


def _card(lang: str, index: int, name: str, description: str, made: Made) -> dict:
    pictures = [(made.sheet, _word(lang, "card.sheet_alt", name=name))]
    if made.rules is not None:
        pictures.append((made.rules, _word(lang, "card.rules_alt", name=name)))

    def action(key: str) -> dict[str, str]:
        shown = _word(lang, f"card.{key}")
        return {"shown": shown, "label": _word(lang, "card.named", action=shown, name=name)}

    return {"index": index, "name": _own(lang, name), "facts": summary_line(made.facts, lang),
            "about": _own(lang, description) if description else "", "pictures": pictures,
            "sheet": made.sheet.png, "pdf": made.pdf,
            "actions": {key: action(key) for key in ("preview", "download", "print")}}


def _howto(howto: Mapping[str, object] | None, set_name: str) -> dict | None:
    if not howto:
        return None
    facts = howto.get("facts", [])
    sections = howto.get("sections", [])
    assert isinstance(facts, Sequence) and isinstance(sections, Sequence)
    shown_sections = []
    for section in sections:
        assert isinstance(section, Mapping)
        shown_sections.append({"heading": markup_to_html(section["heading"]),
                               "steps": [markup_to_html(step) for step in section["steps"]]})
    return {"set_name": set_name, "sections": shown_sections,
            "facts": [(markup_to_html(label), markup_to_html(value)) for label, value in facts]}


def render_index(catalogue: Catalogue, made: Sequence[Made], howto: Mapping[str, object] | None) -> str:
    """``index.html`` for ``catalogue``, whose sets were made as ``made`` (in the same order)."""
    lang = catalogue.lang
    return environment(TEMPLATES).get_template("index.html").render(
        lang=lang,
        w=partial(_word, lang),
        csp=CSP,
        version=__version__,
        title=_own(lang, catalogue.title) if catalogue.title else _word(lang, "page.title"),
        intro=_own(lang, catalogue.intro) if catalogue.intro else "",
        style_sheets=[name for name, _ in STYLE_SHEETS],
        sets_folder=SETS_DIR,
        cards=[_card(lang, one.number, one.name, one.description, result)
               for one, result in zip(catalogue.sets, made, strict=True)],
        howto=_howto(howto, catalogue.sets[0].name),
    )
