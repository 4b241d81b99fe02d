"""The studio's one page, generated from the option table (``options.form_fields``).

Each option becomes a labelled control of its kind (a select for choices and themes,
a checkbox for flags, a number field with its range, a text field with suggestions),
with its help text and an empty error line tied to it (``aria-describedby``), grouped
the way people think of a set: set and theme; rules; paper and tile size; classroom.
An option the groups do not name still appears, under "other settings", so the form
always offers the whole table. The page carries no inline script (the Content-Security-
Policy forbids it): ``studio.js`` reads the words it shows from a JSON data block.
"""

from __future__ import annotations

import json
from html import escape

from domino_print import texts
from domino_print.api import builtin_themes
from domino_print.api_internal import IMAGE_SUFFIXES
from domino_print.options.wording import form_fields
from domino_print.studio import lists
from domino_print.studio.goals import goals
from domino_print.studio.rendering import PICTURES
from domino_print.studio.words import all_words, page_languages, word

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("set", ("theme", "max", "labels", "lang", "faces", "values", "structure", "style", "seed")),
    ("rules", ("rules", "no_rules", "target")),
    ("paper", ("paper", "orientation", "tile_size", "gap", "margin", "dpi", "ink", "marks")),
    ("classroom", ("sets", "label", "backs", "duplex", "back_offset")),
)


PICTURE_ACCEPT = ",".join(("image/*", *IMAGE_SUFFIXES))
"""The picture input's ``accept``: every ending the command line's decoder reads (``pictures``:
HEIC, AVIF, PSD, TGA... which a browser's ``image/*`` may not offer), from its one list."""


def _attr(value: object) -> str:
    return escape(str(value), quote=True)


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


def _control(field: dict, value: object, lang: str, has_pictures: bool) -> str:
    name, kind = field["name"], field["kind"]
    ident = f"f-{name}"
    described = f'aria-describedby="h-{name} e-{name}"'
    common = f'id="{ident}" name="{name}" data-default="{_attr(_shown_default(field))}" {described}'
    if field.get("implied_with"):  # the implied value follows another field (target on rules)
        common += f' data-implied-with="{_attr(json.dumps(field["implied_with"]))}"'
    if name == "theme" or kind == "choice":
        if name == "theme":
            choices = _theme_choices(lang)
        elif name == "lang":
            choices = _language_choices()
        else:
            choices = [(c, field["choice_labels"].get(c, c)) for c in field["choices"]]
        current = str(value) if value not in (None, "") else _shown_default(field)
        options = []
        if not _shown_default(field) and name != "theme":  # no default: "automatic" sends nothing
            selected = " selected" if not current else ""
            options.append(f'<option value=""{selected}>{escape(word(lang, "field.auto"))}</option>')
        for code, shown in choices:
            selected = " selected" if code == current else ""
            disabled = " disabled" if code == PICTURES and not has_pictures else ""
            offered = ""
            if name == "theme":  # the goals whose theme list offers it (the script hides the others)
                offering = [g.name for g in goals() if code in g.themes or (code == PICTURES and g.pictures)
                            or (code == lists.LIST and g.lists)]
                offered = f' data-goals="{_attr(" ".join(offering))}"'
            options.append(f'<option value="{_attr(code)}"{selected}{disabled}{offered}>'
                           f'{escape(shown)}</option>')
        return f'<select {common}>{"".join(options)}</select>'
    if kind == "flag":
        checked = " checked" if value in (True, "true") else ""
        return f'<input type="checkbox" {common}{checked}>'
    shown_value = "" if value is None else str(value)
    if kind == "float":  # text, so that a decimal comma can be typed ("2,5"); the server reads it
        placeholder = _shown_default(field) or word(lang, "field.auto")
        return (f'<input type="text" inputmode="decimal" autocomplete="off" {common} '
                f'value="{_attr(shown_value)}" placeholder="{_attr(placeholder)}">')
    if kind in ("int", "float"):
        limits = ""
        if field["low"] is not None:
            limits += f' min="{field["low"]:g}"'
        if field["high"] is not None:
            limits += f' max="{field["high"]:g}"'
        step = "1" if kind == "int" else "any"
        placeholder = _shown_default(field) or word(lang, "field.auto")
        return (f'<input type="number" inputmode="{"numeric" if kind == "int" else "decimal"}" '
                f'step="{step}"{limits} {common} value="{_attr(shown_value)}" '
                f'placeholder="{_attr(placeholder)}">')
    datalist = ""
    if field["suggestions"]:
        shown = field["choice_labels"]
        items = "".join(f'<option value="{_attr(s)}" label="{_attr(shown.get(s, s))}"></option>'
                        for s in field["suggestions"])
        datalist = f'<datalist id="l-{name}">{items}</datalist>'
    listed = f' list="l-{name}"' if datalist else ""
    placeholder = _shown_default(field)
    return (f'<input type="text" autocomplete="off" spellcheck="false"{listed} {common} '
            f'value="{_attr(shown_value)}" placeholder="{_attr(placeholder)}">{datalist}')


def _field(field: dict, value: object, lang: str, has_pictures: bool) -> str:
    name = field["name"]
    in_goals = " ".join(g.name for g in goals() if name in g.fields)
    goals_attr = f' data-goals="{_attr(in_goals)}"' if in_goals else ""
    # When the field means something, from the option table: the script disables it otherwise,
    # so that it is not sent (the table refuses it alone).
    needs_attr = f' data-needs="{_attr(json.dumps(field["needs"]))}"' if field["needs"] else ""
    control = _control(field, value, lang, has_pictures)
    label = f'<label for="f-{name}">{escape(field["label"])}</label>'
    help_text = word(lang, "field.theme_help") if name == "theme" else field["help"]  # no folders here
    help_line = f'<p class="help" id="h-{name}">{escape(help_text)}</p>'
    error = f'<p class="error" id="e-{name}" aria-live="polite"></p>'
    kind_class = "flag" if field["kind"] == "flag" else "value"
    if field["kind"] == "flag":
        return (f'<div class="field {kind_class}" data-field="{name}"{needs_attr}{goals_attr}>'
                f'<div class="check">{control}{label}</div>{help_line}{error}</div>')
    return (f'<div class="field {kind_class}" data-field="{name}"{needs_attr}{goals_attr}>'
            f'{label}{control}{help_line}{error}</div>')


def _pictures_section(lang: str, state: dict) -> str:
    fit = state.get("fit", "contain")
    fits = "".join(
        f'<option value="{mode}"{" selected" if mode == fit else ""}>'
        f'{escape(word(lang, f"pictures.fit_{mode}"))}</option>' for mode in ("contain", "cover")
    )
    background = _attr(state.get("background", "#FFFFFF"))
    picture_goals = _attr(" ".join(g.name for g in goals() if g.pictures or g.lists))  # a list's cells too
    return f"""
<fieldset class="group pictures" id="pictures" data-goals="{picture_goals}">
  <legend>{escape(word(lang, "pictures.heading"))}</legend>
  <div class="drop" id="drop">
    <p>{escape(word(lang, "pictures.drop"))}
      <label class="button" for="files">{escape(word(lang, "pictures.pick"))}</label>
      <input type="file" id="files" name="files" multiple accept="{_attr(PICTURE_ACCEPT)}"
             aria-describedby="pictures-hint pictures-status">
    </p>
    <p class="help" id="pictures-hint">{escape(word(lang, "pictures.hint"))}</p>
    <p class="status" id="pictures-status" aria-live="polite"></p>
  </div>
  <ul class="refused" id="refused" aria-live="polite"></ul>
  <ol class="thumbs" id="thumbs"></ol>
  <div class="field value"><label for="title">{escape(word(lang, "pictures.title"))}</label>
    <input type="text" id="title" name="title" maxlength="40" autocomplete="off"
           value="{_attr(state.get("title", ""))}"
           placeholder="{_attr(word(lang, "pictures.default_title"))}" aria-describedby="title-help">
    <p class="help" id="title-help">{escape(word(lang, "pictures.title_help"))}</p></div>
  <div class="look">
    <div class="field value"><label for="fit">{escape(word(lang, "pictures.fit"))}</label>
      <select id="fit" name="fit">{fits}</select></div>
    <div class="field value"><label for="background">{escape(word(lang, "pictures.background"))}</label>
      <input type="color" id="background" name="background" value="{background}"></div>
  </div>
  <p class="help" id="crop-help" hidden>{escape(word(lang, "crop.help"))}</p>
  {_few_pictures(lang)}
  {_theme_files(lang)}
  <p class="error" id="e-pictures" aria-live="polite"></p>
</fieldset>"""


def _few_pictures(lang: str) -> str:
    """What the pictures' goal proposes with only a few pictures (goals.toml's ``few_pictures``:
    the toddlers' game); ``studio-toddlers.js`` shows it when the count is one of its counts."""
    proposals = {g.name: g.few_pictures for g in goals() if g.few_pictures}
    if not proposals:
        return ""
    return (f'<div class="proposal" id="toddlers" hidden data-proposals="{_attr(json.dumps(proposals))}" '
            f'role="group" aria-labelledby="toddlers-title">'
            f'<p><strong id="toddlers-title">{escape(word(lang, "toddlers.title"))}</strong> '
            f'<span id="toddlers-text"></span></p>'
            f'<button type="button" class="button" id="toddlers-accept">'
            f'{escape(word(lang, "toddlers.accept"))}'
            f'</button></div>')


def _theme_files(lang: str) -> str:
    """Keep the work: the pictures as a theme (.zip) to download, and a theme to open again
    (``studio-theme.js``; ``theme_zip`` on the server)."""
    return (f'<div class="theme-files">'
            f'<a class="button" id="theme-download" download="theme.zip" aria-disabled="true" '
            f'aria-describedby="theme-help">{escape(word(lang, "theme.download"))}</a> '
            f'<label class="button" for="theme-file">{escape(word(lang, "theme.open"))}</label>'
            f'<input type="file" id="theme-file" accept=".zip,application/zip" '
            f'aria-describedby="theme-help theme-status">'
            f'<p class="help" id="theme-help">{escape(word(lang, "theme.help"))} '
            f'{escape(word(lang, "theme.replace"))}</p>'
            f'<p class="status" id="theme-status" aria-live="polite"></p></div>')


def _calibration(lang: str, offset: dict) -> str:
    """The calibration sheet, beside the backs' offset it measures (the script keeps its link on
    the form's paper, flip edge and language)."""
    goals_attr = " ".join(g.name for g in goals() if "back_offset" in g.fields)
    named = f"\u201c{offset['label']}\u201d"
    help_text = word(lang, "field.calibration_help", field=named)
    return (f'<div class="field value calibration" data-field="calibration" data-goals="{_attr(goals_attr)}">'
            f'<a class="button" id="calibration" href="/calibration.pdf?lang={lang}" download '
            f'aria-describedby="h-calibration">{escape(word(lang, "field.calibration"))}</a>'
            f'<p class="help" id="h-calibration">{escape(help_text)}</p></div>')


def _goals_section(lang: str) -> str:
    """The first screen: one button per goal, with a small picture of what it makes."""
    items = []
    for each in goals():
        title, text = word(lang, f"goal.{each.name}.title"), word(lang, f"goal.{each.name}.text")
        items.append(
            f'<li><button type="button" class="goal" data-goal="{each.name}" '
            f'aria-describedby="goal-{each.name}-text">'
            f'<img alt="" width="240" height="150" data-src="/goal/{each.name}.jpg">'
            f'<span class="goal-title">{escape(title)}</span>'
            f'<span class="goal-text" id="goal-{each.name}-text">{escape(text)}</span></button></li>')
    options = json.dumps({g.name: {"options": g.options, "pictures": g.pictures} for g in goals()})
    return f"""
<section class="goals" id="goals" aria-labelledby="goals-heading" data-goals="{_attr(options)}">
  <h2 id="goals-heading">{escape(word(lang, "goal.heading"))}</h2>
  <p class="intro">{escape(word(lang, "goal.intro"))}</p>
  <ul class="goal-list">{"".join(items)}</ul>
  <p class="goal-all"><button type="button" class="button" id="goal-all" data-goal="all"
     aria-describedby="goal-all-text">{escape(word(lang, "goal.all"))}</button>
     <span class="help" id="goal-all-text">{escape(word(lang, "goal.all_text"))}</span></p>
</section>"""


def render_page(lang: str, state: dict) -> str:
    """The whole page in ``lang``, its fields filled from the session's last options."""
    fields = form_fields(lang)
    saved = dict(state.get("options") or {})
    if "lang" not in saved:
        saved["lang"] = lang
    has_pictures = bool(state.get("pictures"))
    if saved.get("theme") == PICTURES and not has_pictures:
        saved.pop("theme")
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
    parts = []
    for group, chosen in groups:
        inner = "".join(_field(f, saved.get(f["name"]), lang, has_pictures) for f in chosen)
        if any(f["name"] == "back_offset" for f in chosen):
            inner += _calibration(lang, by_name["back_offset"])
        parts.append(f'<fieldset class="group" id="g-{group}"><legend>{escape(word(lang, f"group.{group}"))}'
                     f"</legend>{inner}</fieldset>")
        if group == "set":
            parts.append(lists.section(lang, " ".join(g.name for g in goals() if g.lists)))
            parts.append(_pictures_section(lang, state))
    current = ' aria-current="page"'
    languages = "".join(
        f'<li><a href="/?lang={code}" lang="{code}" hreflang="{code}"'
        f'{current if code == lang else ""}>{escape(shown)}</a></li>'
        for code, shown in _language_choices()
    )
    # A picture's name may be given in every language a page can be printed in (--lang).
    name_languages = [{"code": code, "name": shown} for code, shown in _language_choices()]
    data = json.dumps({**all_words(lang), "name_languages": name_languages},
                      ensure_ascii=False).replace("</", "<\\/")
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(word(lang, "page.title"))}</title>
<link rel="stylesheet" href="/static/studio.css">
<link rel="stylesheet" href="/static/studio-tools.css">
<link rel="stylesheet" href="/static/studio-lists.css">
<script src="/static/studio.js" defer></script>
<script src="/static/studio-crop.js" defer></script>
<script src="/static/studio-zoom.js" defer></script>
<script src="/static/studio-theme.js" defer></script>
<script src="/static/studio-toddlers.js" defer></script>
<script src="/static/studio-lists.js" defer></script>
</head>
<body>
<a class="skip" href="#preview">{escape(word(lang, "page.skip"))}</a>
<header>
  <h1>{escape(word(lang, "page.title"))}</h1>
  <nav aria-label="{_attr(word(lang, "page.language"))}"><ul class="languages">{languages}</ul></nav>
</header>
<main data-view="settings">
<div class="views" role="group" aria-label="{_attr(word(lang, "page.views"))}">
  <button type="button" class="button" id="view-settings" aria-pressed="true" aria-controls="settings">{
    escape(word(lang, "page.settings"))}</button>
  <button type="button" class="button" id="view-preview" aria-pressed="false" aria-controls="preview">{
    escape(word(lang, "preview.heading"))}<span class="mini" id="mini"><span id="mini-summary"></span></span>
  </button>
</div>
<div class="settings" id="settings">
{_goals_section(lang)}
<form id="options" class="options" novalidate hidden>
<div class="goal-bar">
  <button type="button" class="button" id="change-goal">{escape(word(lang, "goal.change"))}</button>
  <p class="goal-current" id="goal-current" aria-live="polite"></p>
  <div class="check"><input type="checkbox" id="show-all"><label for="show-all">{
    escape(word(lang, "goal.show_all"))}</label></div>
</div>
<p class="intro">{escape(word(lang, "page.intro"))}</p>
{"".join(parts)}
</form>
</div>
<section id="preview" class="preview" aria-labelledby="preview-heading" tabindex="-1">
  <div class="panel">
    <h2 id="preview-heading">{escape(word(lang, "preview.heading"))}
      <span class="busy" id="busy" hidden>{escape(word(lang, "preview.busy"))}</span></h2>
    <p class="summary" id="summary" aria-live="polite"></p>
    <p class="error" id="e-general" aria-live="polite"></p>
    <div class="actions">
      <a class="button primary" id="download" download aria-disabled="true">{
        escape(word(lang, "actions.download"))}</a>
      <a class="button" id="print" target="_blank" rel="noopener" aria-disabled="true">{
        escape(word(lang, "actions.print"))}</a>
      <a class="button" id="print3d" download aria-disabled="true">{
        escape(word(lang, "actions.print3d"))}</a>
      <button type="button" class="button" id="copy">{escape(word(lang, "actions.copy"))}</button>
    </div>
    <p class="error" id="e-actions" aria-live="polite"></p>
    <p class="command"><span class="visually-hidden">{escape(word(lang, "actions.command"))}: </span>
      <code id="command"></code></p>
    <p class="status" id="copy-status" aria-live="polite"></p>
  </div>
  <p class="stale" id="stale" hidden>{escape(word(lang, "preview.stale"))}</p>
  <ol class="pages" id="pages"></ol>
  <dialog class="zoom" id="zoom" aria-labelledby="zoom-heading">
    <div class="zoom-bar">
      <h2 id="zoom-heading"></h2>
      <button type="button" class="button" id="zoom-previous">{escape(word(lang, "zoom.previous"))}</button>
      <button type="button" class="button" id="zoom-next">{escape(word(lang, "zoom.next"))}</button>
      <button type="button" class="button primary" id="zoom-close">{escape(word(lang, "zoom.close"))}</button>
    </div>
    <p class="help">{escape(word(lang, "zoom.hint"))}</p>
    <div class="zoom-page" id="zoom-page" tabindex="0" role="region" aria-labelledby="zoom-heading">
      <img id="zoom-image" alt=""></div>
  </dialog>
</section>
</main>
<script type="application/json" id="words">{data}</script>
</body>
</html>
"""
