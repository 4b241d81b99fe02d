"""The rules that tie options together: an option means something only with another one.

Each option's ``needs`` (``table.Need``) say when it means something; ``check_combinations``
refuses one given while they are not met, with the fix. ``current_value`` is an option's value as
the rules read it: as given, else its default, else the value it implies (``implied_value``).
The rules that depend on the paper or the theme are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domino_print.errors import OptionError, OptionName
from domino_print.geometry.sizes import Paper
from domino_print.options.table import BY_NAME, OPTIONS, RULES_MIN_PAPER_MM, Need, Option, Options


def current_value(option: Option, given: Mapping[str, object]) -> Any:
    """An option's value for the rules between options: as given, else its default, else implied."""
    for candidate in (given.get(option.name), option.default, implied_value(option, given)):
        if candidate is not None:
            return candidate
    return None


def implied_value(option: Option, given: Mapping[str, object]) -> object:
    """The value ``option`` implies when not given, following ``implied_with``."""
    if option.implied_with is not None:
        other, by_value = option.implied_with
        other_option = BY_NAME[other]
        chosen = given.get(other)
        if chosen is None:
            chosen = other_option.default if other_option.default is not None else other_option.implied
        if chosen in by_value:
            return by_value[chosen]
    return option.implied


def unmet_need(option: Option, given: Mapping[str, object], table: tuple[Option, ...] = ()) -> Need | None:
    """The first of ``option``'s needs that ``given`` does not meet, or None."""
    by_name = {o.name: o for o in table} or BY_NAME
    for need in option.needs:
        if not need.values:  # the other option must be set, to anything but its default
            other = by_name[need.option]
            if current_value(other, given) in (None, False, other.default):
                return need
        elif current_value(by_name[need.option], given) not in need.values:
            return need
    return None


def check_combinations(values: Mapping[str, object], table: tuple[Option, ...] = ()) -> None:
    """Options that only mean something with another one (their ``needs``): refused, with the fix."""
    for option in table or OPTIONS:
        if values.get(option.name) is None or (option.kind == "flag" and values.get(option.name) is False):
            continue  # not given (a flag left off is not given either)
        need = unmet_need(option, values, table)
        if need is not None:
            raise OptionError(says=f"need.{need.message}", fields=(option.name, need.option),
                              subject=OptionName(option.name), **need.words)


def check_rules_paper(paper: Paper) -> None:
    """The rules page needs A5 or larger."""
    short, long = sorted((paper.width_mm, paper.height_mm))
    if short < RULES_MIN_PAPER_MM[0] or long < RULES_MIN_PAPER_MM[1]:
        # A5's size, not the paper's: a paper made by hand is named by its size already.
        raise OptionError(says="option.rules_paper", fields=("paper", "no_rules"), name=paper.name,
                          short=RULES_MIN_PAPER_MM[0], long=RULES_MIN_PAPER_MM[1])


def check_with_theme(options: Options, *, pictures: bool, theme_name: str) -> None:
    """The rules that depend on the theme: ``labels`` names pictures."""
    if options.labels and not pictures:
        raise OptionError(says="option.labels_without_pictures", fields=("labels",), theme=repr(theme_name))
