"""The studio's one page, generated from the option table (``options.form_fields``).

Each option becomes a labelled control of its kind (a select for choices and themes,
a checkbox for flags, a number field with its range, a text field with suggestions),
with its help text and an empty error line tied to it (``aria-describedby``), grouped
the way people think of a set: set and theme; rules; paper and tile size; classroom.
An option the groups do not name still appears, under "other settings", so the form
always offers the whole table. The page carries no inline script (the Content-Security-
Policy forbids it): ``studio.js`` reads the words it shows from a JSON data block.

The HTML is written in Jinja2 templates (``studio/templates/``, autoescape on: a value is
escaped where it is placed, never by hand); this module gives them their facts, each field as
a small view (``_field_view``) of plain values.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path

from domino_print import texts
from domino_print.api import builtin_themes
from domino_print.api_internal import IMAGE_SUFFIXES
from domino_print.options.wording import form_fields
from domino_print.studio import lists
from domino_print.studio.goals import goals
from domino_print.studio.rendering import PICTURES
from domino_print.studio.words import all_words, page_languages, word
from domino_print.texts.templates import environment

TEMPLATES = Path(__file__).resolve().parent / "templates"
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("set", ("theme", "max", "labels", "lang", "faces", "values", "structure", "style", "seed")),
    ("rules", ("rules", "no_rules", "target")),
    ("paper", ("paper", "orientation", "tile_size", "gap", "margin", "dpi", "ink", "marks")),
    ("classroom", ("sets", "label", "backs", "duplex", "back_offset")),
)

PICTURE_ACCEPT = ",".join(("image/*", *IMAGE_SUFFIXES))
"""The picture input's ``accept``: every ending the command line's decoder reads (``pictures``:
HEIC, AVIF, PSD, TGA... which a browser's ``image/*`` may not offer), from its one list."""


def _shown_default(field: dict) -> str:
    value = field["default"] if field["default"] is not None else field["implied"]
    if value is None or value is False:
        return ""
    if value is True:
        return "true"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _theme_choices(lang: str) -> list[tuple[str, str]]:
    catalogue = texts.catalogue(lang)
    choices = [(name, catalogue.get(f"theme.{name}.title", name)) for name in builtin_themes()]
    choices.append((PICTURES, word(lang, "field.pictures_theme")))
    choices.append((lists.LIST, word(lang, "list.theme")))
    return choices


def _language_choices() -> list[tuple[str, str]]:
    return [(code, texts.catalogue(code).get("language.name", code)) for code in page_languages()]


def _theme_goals(code: str) -> str:
    """The goals whose theme list offers ``code`` (the script hides the others)."""
    return " ".join(g.name for g in goals() if code in g.themes or (code == PICTURES and g.pictures)
                    or (code == lists.LIST and g.lists))


def _choices(field: dict, lang: str) -> list[tuple[str, str]]:
    if field["name"] == "theme":
        return _theme_choices(lang)
    if field["name"] == "lang":
        return _language_choices()
    return [(c, field["choice_labels"].get(c, c)) for c in field["choices"]]


def _select(field: dict, value: object, lang: str, has_pictures: bool) -> dict:
    name = field["name"]
    current = str(value) if value not in (None, "") else _shown_default(field)
    options = []
    if not _shown_default(field) and name != "theme":  # no default: "automatic" sends nothing
        options.append({"value": "", "shown": word(lang, "field.auto"), "selected": not current,
                        "disabled": False, "goals": None})
    for code, shown in _choices(field, lang):
        options.append({"value": code, "shown": shown, "selected": code == current,
                        "disabled": code == PICTURES and not has_pictures,
                        "goals": _theme_goals(code) if name == "theme" else None})
    return {"type": "select", "options": options}


def _flag(field: dict, value: object, lang: str, has_pictures: bool) -> dict:
    return {"type": "checkbox", "checked": value in (True, "true")}


def _typed(field: dict, value: object, lang: str, has_pictures: bool) -> dict:
    """A field typed in: a decimal (text, so that a decimal comma can be typed: "2,5"; the server
    reads it), a whole number with its range, or a text with its suggestions."""
    kind = field["kind"]
    automatic = word(lang, "field.auto") if kind in ("int", "float") else ""
    shown = {"value": "" if value is None else str(value), "placeholder": _shown_default(field) or automatic}
    if kind == "float":
        return {"type": "decimal", **shown}
    if kind == "int":
        limits = {end: None if field[end] is None else f"{field[end]:g}" for end in ("low", "high")}
        return {"type": "number", **shown, **limits}
    labels = field["choice_labels"]
    return {"type": "text", **shown, "suggestions": [(s, labels.get(s, s)) for s in field["suggestions"]]}


_CONTROLS: dict[str, Callable[[dict, object, str, bool], dict]] = {"choice": _select, "flag": _flag}


def _control(field: dict, value: object, lang: str, has_pictures: bool) -> dict:
    """The view of a field's control (``templates/fields.html`` writes it), by the field's kind."""
    make = _select if field["name"] == "theme" else _CONTROLS.get(field["kind"], _typed)
    implied_with = field.get("implied_with")  # the implied value follows another field (target on rules)
    return {"name": field["name"], "default": _shown_default(field),
            "implied_with": json.dumps(implied_with) if implied_with else None,
            **make(field, value, lang, has_pictures)}


def _field_view(field: dict, value: object, lang: str, has_pictures: bool) -> dict:
    name = field["name"]
    return {
        "name": name,
        "kind_class": "flag" if field["kind"] == "flag" else "value",
        "label": field["label"],
        "help": word(lang, "field.theme_help") if name == "theme" else field["help"],  # no folders here
        "goals": " ".join(g.name for g in goals() if name in g.fields),
        # When the field means something, from the option table: the script disables it otherwise,
        # so that it is not sent (the table refuses it alone).
        "needs": json.dumps(field["needs"]) if field["needs"] else None,
        "control": _control(field, value, lang, has_pictures),
    }


def _calibration(lang: str, offset: dict) -> dict:
    """The calibration sheet, beside the backs' offset it measures (the script keeps its link on
    the form's paper, flip edge and language)."""
    named = texts.text(lang, "typography.quoted", name=offset["label"])
    return {"goals": " ".join(g.name for g in goals() if "back_offset" in g.fields), "lang": lang,
            "button": word(lang, "field.calibration"),
            "help": word(lang, "field.calibration_help", field=named)}


def _pictures(state: dict) -> dict:
    """The pictures' part: its goals (a list's cells too), the look, and what the pictures' goal
    proposes with only a few pictures (goals.toml's ``few_pictures``: the toddlers' game;
    ``studio-toddlers.js`` shows it when the count is one of its counts)."""
    proposals = {g.name: g.few_pictures for g in goals() if g.few_pictures}
    return {"goals": " ".join(g.name for g in goals() if g.pictures or g.lists),
            "accept": PICTURE_ACCEPT,
            "fit": state.get("fit", "contain"), "background": state.get("background", "#FFFFFF"),
            "title": state.get("title", ""), "proposals": json.dumps(proposals) if proposals else None}


def _groups(lang: str, saved: dict, has_pictures: bool) -> list[dict]:
    fields = form_fields(lang)
    by_name = {f["name"]: f for f in fields}
    placed: set[str] = set()
    groups = []
    for group, names in GROUPS:
        chosen = [by_name[n] for n in names if n in by_name]
        placed.update(str(f["name"]) for f in chosen)
        groups.append((group, chosen))
    rest = [f for f in fields if f["name"] not in placed]
    if rest:
        groups.append(("other", rest))
    return [{"name": group,
             "fields": [_field_view(f, saved.get(f["name"]), lang, has_pictures) for f in chosen],
             "calibration": (_calibration(lang, by_name["back_offset"])
                             if any(f["name"] == "back_offset" for f in chosen) else None)}
            for group, chosen in groups]


def render_page(lang: str, state: dict) -> str:
    """The whole page in ``lang``, its fields filled from the session's last options."""
    saved = dict(state.get("options") or {})
    if "lang" not in saved:
        saved["lang"] = lang
    has_pictures = bool(state.get("pictures"))
    if saved.get("theme") == PICTURES and not has_pictures:
        saved.pop("theme")
    # A picture's name may be given in every language a page can be printed in (--lang).
    name_languages = [{"code": code, "name": shown} for code, shown in _language_choices()]
    return environment(TEMPLATES).get_template("page.html").render(
        lang=lang,
        w=partial(word, lang),
        languages=_language_choices(),
        goal_names=[g.name for g in goals()],
        goals_data=json.dumps({g.name: {"options": g.options, "pictures": g.pictures} for g in goals()}),
        groups=_groups(lang, saved, has_pictures),
        list_part=lists.section(" ".join(g.name for g in goals() if g.lists)),
        pictures=_pictures(state),
        words={**all_words(lang), "name_languages": name_languages},
    )
