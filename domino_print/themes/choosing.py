"""Which faces and values of an association theme a set shows: ``--faces``, ``--values``,
``--max`` and ``--tables`` read into a ``Choice`` (``choose``), checked against what each
representation can show (``can_show``); the times of a clock set and a tables set's facts
drawn from the seed in fair shares.

The records (``AssociationTheme``, ``Representation``, ``Choice``...) and how a chosen value
looks (``face_for``) are ``themes.representations``'. This module knows nothing of pages.
"""

from __future__ import annotations

from fractions import Fraction

from domino_print.errors import OptionError, Phrase
from domino_print.themes import maths
from domino_print.themes.representations import (
    DEFAULT_SETTINGS,
    LETTERS,
    AssociationTheme,
    Choice,
    Representation,
    Settings,
    value_name,
)


def _value_index(theme: AssociationTheme, token: str, limit: int) -> int:
    token = token.strip()
    if theme.value_list:
        if token in theme.value_list:
            return theme.value_list.index(token)
        raise OptionError(says="values.not_listed", fields=("values",), token=repr(token),
                          theme=repr(theme.name),
                          listed=", ".join(theme.value_list))
    if theme.value_names == "times":
        minutes = maths.parse_time(token)
        if minutes is not None and minutes % 5 == 0:
            return minutes
        raise OptionError(says="values.not_a_time", fields=("values", "step"), token=repr(token),
                          theme=repr(theme.name))
    letters = theme.value_names == "letters"
    if letters:
        if len(token) == 1 and token.upper() in LETTERS:
            return LETTERS.index(token.upper())
    elif token.isdigit() and int(token) < limit:
        return int(token)
    wanted = Phrase("values.letters") if letters else Phrase("values.numbers", high=limit - 1)
    raise OptionError(says="values.not_a_value", fields=("values",), token=repr(token),
                      theme=repr(theme.name),
                      wanted=wanted)


def parse_values(theme: AssociationTheme, spec: str, limit: int, step: int = 1) -> tuple[int, ...]:
    """``0-10``, ``A-F``, ``A,E,I,O,U`` or a mix, as value indexes below ``limit``, in order; a
    range of times goes by ``step`` minutes."""
    found: list[int] = []
    for part in spec.split(","):
        low, dash, high = part.strip().partition("-")
        if dash and low.strip() and high.strip():
            first, last = _value_index(theme, low, limit), _value_index(theme, high, limit)
            if last < first:
                raise OptionError(says="values.backwards", fields=("values",), part=repr(part.strip()))
            found.extend(range(first, last + 1, step if theme.value_names == "times" else 1))
        else:
            found.append(_value_index(theme, part, limit))
    if len(set(found)) != len(found):
        repeated = next(v for v in found if found.count(v) > 1)
        raise OptionError(says="values.twice", fields=("values",), value=value_name(theme, repeated))
    if len(found) < 2:
        raise OptionError(says="values.too_few", fields=("values",))
    return tuple(found)


def choose(theme: AssociationTheme, faces: str | None, values: str | None, top: int | None,
           settings: Settings = DEFAULT_SETTINGS, count: int | None = None) -> Choice:
    """The representations and values picked for a built-in association theme, checked."""
    pair = _faces_named(theme, faces)
    if values is not None and top is not None:
        raise OptionError(says="values.max_and_values", fields=("max", "values"))
    capped = count is not None  # a loop's class size: as many as the faces can show, up to it
    wanted = theme.default_count if count is None else count
    tabled = bool({face.kind for face in pair} & _TABLED)
    if theme.value_names == "times":
        chosen = _times(theme, pair, values, top, settings, wanted)
    elif theme.value_list:
        chosen = _listed(theme, pair, values, top, wanted)
    elif values is not None:
        chosen = _values_given(theme, pair, values)
    elif top is None and settings.tables and tabled:
        facts = _table_facts(pair, settings, min(face.values for face in pair), wanted)
        chosen = tuple(value for value, _ in facts)
        settings = settings._replace(facts=facts)
    else:
        chosen = _first_values(pair, top, wanted, capped)
    if settings.tables and not settings.facts and tabled:
        settings = settings._replace(facts=_share_tables(pair, settings, chosen))
    return Choice(theme, pair, chosen, settings)


def _faces_named(theme: AssociationTheme, faces: str | None) -> tuple[Representation, Representation]:
    """The two representations ``--faces`` names (one name: both halves), else the theme's pair."""
    names = theme.default_faces if faces is None else tuple(n.strip() for n in faces.split(","))
    if len(names) == 1:
        names = (names[0], names[0])
    known = [r.name for r in theme.representations]
    if len(names) != 2 or any(n not in known for n in names):
        raise OptionError(says="faces.two_of", fields=("faces",), given=repr(faces), known=", ".join(known),
                          theme=repr(theme.name), example=",".join(theme.default_faces))
    return theme.representation(names[0]), theme.representation(names[1])


def _values_given(theme: AssociationTheme, pair: tuple[Representation, Representation],
                  values: str) -> tuple[int, ...]:
    """The values ``--values`` lists, each one both faces can show."""
    chosen = parse_values(theme, values, min(face.values for face in pair))
    lowest = max(face.lowest for face in pair)
    if min(chosen) < lowest:
        raise OptionError(says="values.below_faces", fields=("values",), value=value_name(theme, min(chosen)),
                          faces_given=_names(pair), lowest=lowest)
    return chosen


def _first_values(pair: tuple[Representation, Representation], top: int | None, wanted: int,
                  capped: bool) -> tuple[int, ...]:
    """The values from the faces' lowest up to ``--max`` (else ``wanted`` of them; as many as the
    faces can show when ``capped``)."""
    limit = min(face.values for face in pair)
    lowest = max(face.lowest for face in pair)
    count = wanted if top is None else top + 1 - lowest
    if top is None and capped:
        count = min(count, limit - lowest)
    if lowest + count > limit:
        raise OptionError(says="values.max_too_high", fields=("max",), top=lowest + count - 1,
                          faces_given=_names(pair), high=limit - 1)
    if count < 2:
        raise OptionError(says="values.max_too_low", fields=("max",), top=top, faces_given=_names(pair),
                          lowest=lowest, least=lowest + 1)
    return tuple(range(lowest, lowest + count))


def _names(pair: tuple[Representation, Representation]) -> str:
    """The faces as ``--faces`` names them: ``chiffre,points``."""
    return ",".join(face.name for face in pair)


def _times(theme: AssociationTheme, faces: tuple[Representation, Representation], values: str | None,
           top: int | None, settings: Settings, count: int) -> tuple[int, ...]:
    """The times of a set: as ``--values`` lists them, else ``count`` of the times at
    ``--step`` drawn from the seed (in the afternoon too when a face shows the 24-hour time);
    two times one dial shows alike (3:00 and 15:00) are refused when a face shows the dial."""
    if top is not None:
        raise OptionError(says="values.max_for_times", fields=("max", "values", "step"))
    day = any(face.kind == "digital" and face.style != "12" for face in faces)
    if values is not None:
        chosen = parse_values(theme, values, maths.DAY_MINUTES, settings.step)
    else:
        dial = maths.sample(range(0, maths.DIAL_MINUTES, settings.step), count, settings.seed, "times")
        afternoon = [day and maths.pick((False, True), settings.seed, "afternoon", at) for at in dial]
        # Mornings from 1:00, afternoons from 13:00, and 12:xx at noon.
        chosen = tuple(sorted(at + maths.DIAL_MINUTES if late or at < 60 else at
                              for at, late in zip(dial, afternoon, strict=True)))
    if {face.kind for face in faces} - {"digital"} or not day:
        seen: dict[int, int] = {}
        for minutes in chosen:
            other = seen.setdefault(minutes % maths.DIAL_MINUTES, minutes)
            if other != minutes:
                raise OptionError(says="values.same_on_a_dial", fields=("values",),
                                  one=maths.time_text(other),
                                  two=maths.time_text(minutes))
    return chosen


def _listed(theme: AssociationTheme, faces: tuple[Representation, Representation], values: str | None,
            top: int | None, count: int) -> tuple[int, ...]:
    """A fractions theme's values: as ``--values`` names them, else the first ``count`` of
    its list that every face can show (a decimal needs one that ends: not 1/3)."""
    if top is not None:
        raise OptionError(says="values.max_for_list", fields=("max", "values"), theme=repr(theme.name),
                          example=",".join(theme.value_list[:3]))
    shows = [index for index in range(len(theme.value_list)) if all(can_show(theme, f, index) for f in faces)]
    if values is None:
        return tuple(shows[:count])
    chosen = parse_values(theme, values, len(theme.value_list))
    for index in chosen:
        if index not in shows:
            raise OptionError(says="values.no_exact_decimal", fields=("values", "faces"),
                              value=theme.value_list[index],
                              faces_given=",".join(face.name for face in faces))
    return chosen


def can_show(theme: AssociationTheme, representation: Representation, value: int) -> bool:
    """Whether ``representation`` can show ``value`` at all: from its ``lowest`` value; a decimal
    or a percentage needs a share that ends (not 1/3); words tell the time by five minutes."""
    if not representation.lowest <= value < representation.values:
        return False
    if representation.kind in ("decimal", "percent"):
        return maths.decimal_text(Fraction(theme.value_list[value]), ".") is not None
    if representation.kind == "time-words":
        return value % 5 == 0
    return True


_TABLED = frozenset({"multiplication", "division"})


def _made_by(faces: tuple[Representation, Representation], settings: Settings, table: int) -> set[int]:
    """The values every product or division face can show with ``table`` as its table."""
    low, high = settings.operands
    made = [set(maths.results(face.kind, settings.operands, (table,))) for face in faces
            if face.kind in _TABLED]
    if any(face.kind == "division" for face in faces):
        made.append(set(range(low, high + 1)))
    return set.intersection(*made)


def _table_facts(faces: tuple[Representation, Representation], settings: Settings, limit: int,
                 count: int) -> tuple[tuple[int, int], ...]:
    """Without ``--values``, ``count`` values made by ``--tables`` in fair shares, as ``(value,
    table)``: the tables take turns (in an order drawn from the seed), each adding a value it
    makes that is not taken yet (one no other table makes first, with a factor or quotient other
    than 0 and 1 when it can); a table that makes no new value passes its turn. In increasing
    order of value."""
    tables = maths.shuffled(settings.tables, settings.seed, "tables")
    made = {table: sorted(v for v in _made_by(faces, settings, table) if v < limit) for table in tables}
    divides = any(face.kind == "division" for face in faces)  # the value is then the quotient
    chosen: dict[int, int] = {}
    turn = 0
    while len(chosen) < count and any(set(values) - set(chosen) for values in made.values()):
        table = tables[turn % len(tables)]
        turn += 1
        candidates = _turn_candidates(table, made, chosen, divides)
        if candidates:
            chosen[maths.pick(candidates, settings.seed, "table", table, turn)] = table
    return tuple(sorted(chosen.items()))


def _turn_candidates(table: int, made: dict[int, list[int]], chosen: dict[int, int],
                     divides: bool) -> list[int]:
    """The values ``table`` may add on its turn: first those no other table makes (so that each
    keeps its share), without a factor or quotient of 0 or 1 when it can; none when all are taken."""
    free = [v for v in made[table] if v not in chosen]
    own = [v for v in free if not any(v in made[other] for other in made if other != table)]
    plain = [v for v in (own or free) if (v if divides else v // (table or 1)) not in (0, 1)]
    return plain or own or free


def _share_tables(faces: tuple[Representation, Representation], settings: Settings,
                  values: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``(value, table)`` for each value some table makes: the table with the fewest values so far
    among those that make it (the values in a seeded order, ties to the table given first)."""
    shares = dict.fromkeys(settings.tables, 0)
    makers = {table: _made_by(faces, settings, table) for table in settings.tables}
    facts = []
    for value in maths.shuffled(values, settings.seed, "shares"):
        able = [table for table in settings.tables if value in makers[table]]
        if able:
            table = min(able, key=lambda t: shares[t])
            shares[table] += 1
            facts.append((value, table))
    return tuple(sorted(facts))
