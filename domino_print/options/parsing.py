"""A mapping of options (as a form, JSON or the command line gives them) into checked ``Options``.

``read_values`` converts each option of a table (``values.convert``), ``parse`` checks the rules
between them (``combinations``), fills the defaults and builds the typed ``Options`` record;
``parse_calibrate`` does the same for ``domino-print calibrate``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from domino_print.errors import OptionError, OptionName
from domino_print.formats import SOLID_SUFFIXES
from domino_print.geometry.backs import parse_back_offset, parse_label
from domino_print.geometry.printer import NO_SCALE, parse_scale
from domino_print.geometry.sizes import Paper, parse_bed, parse_paper, parse_tile_size
from domino_print.options.combinations import check_combinations, check_rules_paper, current_value
from domino_print.options.table import (
    ASSOCIATION_OPTIONS,
    BY_NAME,
    CALIBRATE_OPTIONS,
    HOUSE_RULE_OPTIONS,
    LIST_OPTIONS,
    OPTIONS,
    PDF_ONLY,
    RULES_PAGE,
    SOLID_ONLY,
    Option,
    Options,
)
from domino_print.options.values import convert, quoted
from domino_print.sets.tiles import parse_tile_names


def read_values(mapping: Mapping[str, object], table: tuple[Option, ...] = OPTIONS, *,
                command_line: bool = False) -> dict[str, Any]:
    """Each option of ``table`` from ``mapping``, converted and range-checked; absent ones None.

    Keys may be spelled ``tile_size`` or ``tile-size``; an empty string counts as absent
    (an empty form field), except for a text typed on the command line (``--label ""`` is
    refused as empty). ``command_line`` also admits the options only the command line has.
    Unknown keys are refused.
    """
    if not isinstance(mapping, Mapping):
        raise TypeError(f"options must be a mapping of option names to values (a dict), "
                        f"not {type(mapping).__name__}")
    known = {option.name: option for option in table if command_line or not option.cli_only}
    given: dict[str, object] = {}
    for key, raw in mapping.items():
        name = key.replace("-", "_").removeprefix("__") if isinstance(key, str) else ""
        if name not in known and name in {option.name for option in table}:
            raise OptionError(says="option.cli_only", key=quoted(key))
        if name not in known:
            raise OptionError(says="option.unknown", key=quoted(key), names=", ".join(known))
        given[name] = raw
    values: dict[str, Any] = {}
    for name, option in known.items():
        raw = given.get(name)
        if raw is None or (raw == "" and not command_line):
            values[name] = None
            continue
        values[name] = convert(option, raw)
    return values


def parse(mapping: Mapping[str, object], *, command_line: bool = False) -> Options:
    """The main command's options from a plain mapping, checked; ``OptionError`` if one is wrong.

    ``command_line`` lets the command line pass ``out``, ``preview``, ``preview_dpi``
    and ``quiet`` (see ``read_values``).
    """
    given = read_values(mapping, OPTIONS, command_line=command_line)
    check_combinations(given)
    _check_solid_out(given, command_line)
    values = _with_defaults(given, OPTIONS)
    _check_reprint(given, values)
    paper = parse_paper(values["paper"])
    if not values["no_rules"]:
        check_rules_paper(paper)
    label, offset = given["label"], given["back_offset"]
    return Options(
        theme=values["theme"],
        max=values["max"],
        lang=values["lang"],
        labels=values["labels"],
        rules=None if values["no_rules"] or values["only"] is not None else values["rules"],
        target=_target(given),
        paper=paper,
        orientation=values["orientation"],
        tile_short_mm=parse_tile_size(values["tile_size"]),
        gap_mm=values["gap"],
        margin_mm=values["margin"],
        dpi=values["dpi"],
        sets=values["sets"],
        label="" if label is None else parse_label(label),
        backs=values["backs"],
        duplex=values["duplex"],
        back_offset_mm=(0.0, 0.0) if offset is None else parse_back_offset(offset),
        out=values["out"],
        preview_dpi=values["preview_dpi"] if values["preview"] else None,
        ink=values["ink"],
        **{option.name: values[option.name] for option in (*ASSOCIATION_OPTIONS, *LIST_OPTIONS)},
        **_print_values(values),
        **{option.name: values[option.name] for option in HOUSE_RULE_OPTIONS},
        bed=parse_bed(values["bed"]), thickness_mm=values["thickness"], relief_mm=values["relief"],
        engrave=values["engrave"], braille=values["braille"],
    )


def is_solid_out(out: Path | None) -> bool:
    """``--out`` names a 3D file (``formats.SOLID_SUFFIXES``)."""
    return out is not None and out.suffix.lower() in SOLID_SUFFIXES


def _check_solid_out(given: Mapping[str, Any], command_line: bool) -> None:
    """A 3D ``--out`` refuses what only shapes a PDF; a PDF one what only shapes a 3D print."""
    out = given.get("out")
    if not command_line and out is None:
        return  # a form or the API: the surface chooses the output itself
    solid = is_solid_out(out)
    for name in PDF_ONLY if solid else SOLID_ONLY:
        if given.get(name) not in (None, False):
            raise OptionError(says="touch.pdf_only" if solid else "touch.solid_only", fields=(name, "out"),
                              subject=OptionName(name), suffix=out.suffix if solid and out else "")


def _print_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``Options`` that ``PRINT_OPTIONS`` give, checked and typed."""
    only = values["only"]
    return {"marks": values["marks"], "cut": values["cut"], "corner_mm": values["corner"] or 0.0,
            "kerf_mm": values["kerf"] or 0.0, "pdf_x": values["pdf_x"], "pdf_a": values["pdf_a"],
            "laser": values["laser"],
            "registration": values["registration"],
            "only": None if only is None else parse_tile_names(only), "only_set": values["set"],
            "scale": NO_SCALE if values["scale"] is None else parse_scale(values["scale"])}


def _check_reprint(given: Mapping[str, Any], values: Mapping[str, Any]) -> None:
    """``--set`` within ``--sets``; ``--only`` with several sets says which one; ``--only`` prints
    no rules page, so the options that describe it are refused with it."""
    number, sets = given.get("set"), values["sets"]
    if number is not None and number > sets:
        raise OptionError(says="reprint.set_above", fields=("set", "sets"), number=number, count=sets)
    if given.get("only") is None:
        return
    if sets > 1 and number is None:
        raise OptionError(says="reprint.which_set", fields=("only", "sets", "set"), count=sets)
    for option in OPTIONS:
        if RULES_PAGE in option.needs and given.get(option.name) not in (None, False):
            raise OptionError(says="reprint.no_rules_page", fields=("only", option.name),
                              subject=OptionName(option.name))


def parse_calibrate(mapping: Mapping[str, object]) -> tuple[Paper, str, str, tuple[float, float]]:
    """``calibrate``'s paper, duplex edge, language and printer scale from a mapping, checked."""
    # calibrate.py builds its page geometry classes on import: only for that command.
    from domino_print.geometry.calibration import check_paper

    values = _with_defaults(read_values(mapping, CALIBRATE_OPTIONS, command_line=True), CALIBRATE_OPTIONS)
    paper = parse_paper(values["paper"])
    check_paper(paper)
    scale = NO_SCALE if values["scale"] is None else parse_scale(values["scale"])
    return paper, values["duplex"], values["lang"], scale


def calibration_flags() -> dict[str, str]:
    """The options the calibration sheet's instructions name, as the command line spells them
    (``{backs_flag}``... in ``calibration.*`` texts): this table owns their names."""
    names = {"backs_flag": "backs", "duplex_flag": "duplex", "offset_flag": "back_offset",
             "scale_flag": "scale"}
    return {key: BY_NAME[name].flag for key, name in names.items()}


def _target(given: Mapping[str, object]) -> int:
    """``--target`` as given (already checked), else the game's usual target (``implied_with``)."""
    target = current_value(BY_NAME["target"], given)
    assert isinstance(target, int)  # checked as given; else the table's whole-number default
    return target


def _with_defaults(given: Mapping[str, Any], table: tuple[Option, ...]) -> dict[str, Any]:
    """Each option's value: as given, else its default, else the value it implies."""
    return {option.name: current_value(option, given) for option in table}
