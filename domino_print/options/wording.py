"""The options worded for each surface: labels, help, choices, the form's fields, errors.

``describe`` words an error for a surface (``--max 9`` on the command line, the field's label on
a form, ``names_for``); ``word_size_error`` turns a neutral ``SizeError`` from the layout into an
``OptionError`` naming the options to change; ``form_fields`` gives the options a form offers, as
plain data; ``needs_text`` says an option's needs as the command line's help says them.
"""

from __future__ import annotations

from collections.abc import Callable

from domino_print.errors import OptionError, SizeError, WordedError, flag_name
from domino_print.options.table import HELP_LANG, OPTIONS, Option
from domino_print.options.values import SHORT_REPR
from domino_print.texts import DEFAULT_LANG, catalogue, languages, text


def option_label(name: str, lang: str = HELP_LANG) -> str:
    """The option's label on a form: ``Highest value`` for ``max``."""
    return text(lang, f"option.{name}.label")


def option_help(option: Option, lang: str = HELP_LANG) -> str:
    return text(lang, option.help_key or f"option.{option.name}.help")


def names_for(surface: str, lang: str = HELP_LANG) -> Callable[[str], str]:
    """How a surface names an option: ``--tile-size`` (``cli``), its label quoted as ``lang`` quotes
    (``typography.quoted``: “Tile size”, « Taille des dominos ») on a ``form``;
    ``ValueError`` for another surface or a language with no catalogue."""
    _check_lang(lang)
    if surface == "cli":
        return flag_name
    if surface == "form":
        return lambda name: text(lang, "typography.quoted", name=option_label(name, lang))
    raise ValueError(f"unknown surface {SHORT_REPR.repr(surface)}; use cli or form")


def _check_lang(lang: object) -> None:
    if not isinstance(lang, str) or lang not in languages():
        raise ValueError(f"unknown language {SHORT_REPR.repr(lang)}; use one of {', '.join(languages())}")


def describe(error: WordedError, surface: str = "cli", lang: str = HELP_LANG) -> str:
    """The error's message worded for ``surface`` (see ``names_for``): an ``OptionError``, or a
    ``WordedError`` such as a pairs list's text too long for the tile size; any other exception's
    own message. ``ValueError`` for an unknown surface or language, ``TypeError`` for a non-exception."""
    name_of = names_for(surface, lang)
    if isinstance(error, WordedError):
        return error.worded(name_of, lang)
    if isinstance(error, BaseException):
        return str(error)
    raise TypeError(f"describe words an exception, not {type(error).__name__}")


def word_size_error(error: SizeError) -> OptionError:
    """A neutral ``SizeError`` from the geometry as an ``OptionError`` (exit code 2), with the same
    words (``error.size.<problem>``) and the options they name."""
    return OptionError(says=error.says, fields=error.fields, **error.values)


def value_label(name: str, value: str, lang: str = HELP_LANG) -> str:
    """A choice as a form shows it in ``lang`` (``option.<name>.value.<value>``): ``paysage`` for
    ``landscape``; the value itself when the catalogue has no word for it (a paper name)."""
    return catalogue(lang).get(f"option.{name}.value.{value}", value)


def form_help(option: Option, lang: str) -> str:
    """The help a form shows: ``option.<name>.form_help`` where the command line's help names a
    command or an example a form would not use, else the same help."""
    return catalogue(lang).get(f"option.{option.name}.form_help") or option_help(option, lang)


def form_fields(lang: str = DEFAULT_LANG) -> list[dict[str, object]]:
    """The options a form offers, as plain data (JSON-ready), labelled and explained in ``lang``;
    ``ValueError`` for a language with no catalogue."""
    _check_lang(lang)
    fields = []
    for option in OPTIONS:
        if option.cli_only:
            continue
        help_text = form_help(option, lang)
        if "{themes}" in help_text:
            from domino_print.themes.lists.registry import formats_text
            from domino_print.themes.model import builtin_names  # reads every theme file

            help_text = help_text.format(themes=", ".join(builtin_names()), lists=formats_text())
        fields.append({
            "name": option.name, "kind": option.kind, "default": option.default,
            "implied": option.implied, "choices": list(option.choice_list()), "low": option.low,
            "high": option.high, "label": option_label(option.name, lang), "help": help_text,
            "needs": [{"option": need.option, "values": list(need.values)} for need in option.needs],
            "choice_labels": {choice: value_label(option.name, choice, lang)
                              for choice in (*option.choice_list(), *option.suggestions)},
            "suggestions": list(option.suggestions),
        } | ({"flag_value": option.flag_value} if option.flag_value is not None else {})
          | ({"implied_with": {"option": option.implied_with[0],
                               "values": {str(k): v for k, v in option.implied_with[1].items()}}}
             if option.implied_with is not None else {}))
    return fields


def needs_text(option: Option, table: tuple[Option, ...] = OPTIONS, lang: str = HELP_LANG) -> str:
    """`` Only with --backs duplex.``: the option's needs as the command line's help says them."""
    by_name = {o.name: o for o in table}
    wanted: dict[str, tuple[object, ...]] = {}
    for need in option.needs:  # several needs on one option: the values that meet them all
        if need.option in by_name:
            before = wanted.get(need.option, need.values)
            wanted[need.option] = tuple(v for v in before if v in need.values)
    positive: list[str] = []
    negative: list[str] = []
    for name, values in wanted.items():
        other = by_name[name]
        if other.kind == "flag":
            (positive if True in values else negative).append(other.flag)
        elif not values:
            positive.append(other.flag)
        else:
            positive.append(f"{other.flag} {'|'.join(str(v) for v in values)}")
    said = ([text(lang, "option_needs.only_with", needs=", ".join(positive))] if positive else []) + (
        [text(lang, "option_needs.not_with", flags=", ".join(negative))] if negative else [])
    return "".join(" " + sentence for sentence in said)
