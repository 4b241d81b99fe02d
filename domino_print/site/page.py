"""The site's one page, ``index.html``: a card per set, then how to play, from plain data.

No script: the page reads and prints with scripts off, from ``file://`` as from any host. Its
Content-Security-Policy allows only its own style sheets and images; every image has its
``width`` and ``height`` and loads lazily (a ``<picture>`` offers the WebP where it is smaller).
Every word is in the catalogue's language: the ``[site.*]`` tables of the text catalogues, the
set's summary line (``output.summary``) and, for "how to play", the rules page's own words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from html.parser import HTMLParser
from typing import ClassVar

from domino_print import __version__, texts
from domino_print.site.catalogue import Catalogue
from domino_print.site.made import STYLE_SHEETS, Made, Picture

CSP = "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'"
"""Nothing but the site's own images and style sheets, no script, no form, no other site."""


def _word(lang: str, key: str, /, **values: object) -> str:
    return texts.typeset(lang, texts.text(lang, f"site.{key}", **values))


def _own(lang: str, value: str) -> str:
    """A text of the catalogue's own (a name, a description), spaced as its language wants."""
    return texts.typeset(lang, value)


def _attr(value: object) -> str:
    return escape(str(value), quote=True)


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


def markup_to_html(markup: str) -> str:
    parser = _Markup()
    parser.feed(markup)
    parser.close()
    return "".join(parser.out)


def summary_line(facts: Mapping[str, object], lang: str) -> str:
    """The set's summary line in ``lang``: the one wording of the command line and the studio."""
    from domino_print import api

    return api.summary_line(api.DocumentFacts.from_json(facts), lang)


def _image(picture: Picture, alt: str) -> str:
    img = (f'<img src="{_attr(picture.png)}" width="{picture.width}" height="{picture.height}" '
           f'loading="lazy" decoding="async" alt="{_attr(alt)}">')
    if picture.webp is None:
        return img
    return f'<picture><source type="image/webp" srcset="{_attr(picture.webp)}">{img}</picture>'


def _card(lang: str, index: int, name: str, description: str, made: Made) -> str:
    heading = f"set-{index}"
    pictures = [(made.sheet, _word(lang, "card.sheet_alt", name=name))]
    if made.rules is not None:
        pictures.append((made.rules, _word(lang, "card.rules_alt", name=name)))
    figures = "".join(f'<li>{_image(picture, alt)}</li>' for picture, alt in pictures)

    def action(key: str) -> tuple[str, str]:
        shown = _word(lang, f"card.{key}")
        return escape(shown), _attr(_word(lang, "card.named", action=shown, name=name))

    preview, preview_label = action("preview")
    download, download_label = action("download")
    to_print, print_label = action("print")
    about = f'<p class="about">{escape(_own(lang, description))}</p>' if description else ""
    return f"""<li class="card" aria-labelledby="{heading}">
  <h3 id="{heading}">{escape(_own(lang, name))}</h3>
  <p class="facts">{escape(summary_line(made.facts, lang))}</p>
  {about}
  <ul class="shots">{figures}</ul>
  <p class="actions">
    <a class="button" href="{_attr(made.sheet.png)}" aria-label="{preview_label}">{preview}</a>
    <a class="button primary" href="{_attr(made.pdf)}" download aria-label="{download_label}">{download}</a>
    <a class="button" href="{_attr(made.pdf)}" target="_blank" rel="noopener" aria-label="{print_label}">{
        to_print}</a>
  </p>
</li>"""


def _howto(lang: str, howto: Mapping[str, object] | None, set_name: str) -> str:
    if not howto:
        return ""
    facts = howto.get("facts", [])
    sections = howto.get("sections", [])
    assert isinstance(facts, Sequence) and isinstance(sections, Sequence)
    listed = "".join(f"<div><dt>{markup_to_html(label)}</dt><dd>{markup_to_html(value)}</dd></div>"
                     for label, value in facts)
    parts = []
    for section in sections:
        assert isinstance(section, Mapping)
        steps = "".join(f"<li>{markup_to_html(step)}</li>" for step in section["steps"])
        parts.append(f'<h3>{markup_to_html(section["heading"])}</h3><ol>{steps}</ol>')
    return f"""<section id="howto" class="howto" aria-labelledby="howto-heading">
  <h2 id="howto-heading">{escape(_word(lang, "howto.heading"))}</h2>
  <p>{escape(_word(lang, "howto.source", name=set_name))}</p>
  <dl class="rule-facts">{listed}</dl>
  {"".join(parts)}
  <p><a href="#sets">{escape(_word(lang, "howto.back"))}</a></p>
</section>"""


def render_index(catalogue: Catalogue, made: Sequence[Made], howto: Mapping[str, object] | None) -> str:
    """``index.html`` for ``catalogue``, whose sets were made as ``made`` (in the same order)."""
    lang = catalogue.lang
    title = _own(lang, catalogue.title) if catalogue.title else _word(lang, "page.title")
    intro = f'<p class="intro">{escape(_own(lang, catalogue.intro))}</p>' if catalogue.intro else ""
    cards = "\n".join(_card(lang, one.number, one.name, one.description, result)
                       for one, result in zip(catalogue.sets, made, strict=True))
    sheets = "\n".join(f'<link rel="stylesheet" href="{name}">' for name, _ in STYLE_SHEETS)
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="domino-print {__version__}">
<title>{escape(title)}</title>
{sheets}
</head>
<body class="site">
<a class="skip" href="#sets">{escape(_word(lang, "page.skip"))}</a>
<header>
  <h1>{escape(title)}</h1>
</header>
<main class="site">
{intro}
<p class="intro">{escape(_word(lang, "page.about"))}</p>
<p class="tip">{escape(_word(lang, "page.print_tip"))}</p>
<section id="sets" aria-labelledby="sets-heading" tabindex="-1">
  <h2 id="sets-heading">{escape(_word(lang, "page.sets_heading"))}</h2>
  <ul class="cards">
{cards}
  </ul>
</section>
{_howto(lang, howto, catalogue.sets[0].name)}
</main>
<footer><p>{escape(_word(lang, "page.made_with", version=__version__))}</p></footer>
</body>
</html>
"""
