"""From what age a set's content is taught, by the national curricula: the rules page's age box.

A set's content (its faces, the largest number it shows, its tables, its clock step) names a
skill; each skill is placed in the French curriculum (the class where it is taught, which gives
the age: GS 5, CP 6, CE1 7, CE2 8, CM1 9, CM2 10) and in the US Common Core State Standards (the
grade, age 5 for kindergarten to 11 for grade 6), with the source of each placement. French,
Spanish and German pages give the French age (and French pages the class), English pages the
Common Core grade and its age.

Sources:

* Ministère de l'Éducation nationale (eduscol), "Repères annuels de progression, mathématiques,
  cycle 2" and the cycle 2 programme, as summarised by lesclefsdelecole.com "Le programme de
  mathématiques au cycle 2": numbers to 100 by the end of CP, to 10 000 by the end of CE2;
  multiplication from CE1, division in CE2; whole hours in CP, halves and quarters in CE1,
  minutes and durations in CE2; fractions from CE1; the multiplication tables known in CE2.
* Programme de l'école maternelle (2021): quantities and numbers up to ten, letters in their
  three writings (capitals first) by grande section (GS).
* Cycle 3 programme (CM1-6e): decimal numbers in CM1, percentages with proportionality in CM2.
* Common Core State Standards for Mathematics (corestandards.org): K.CC counting to 100;
  1.OA.6 adding and subtracting within 20; 2.NBT.5 within 100; 3.OA.7 multiplying and dividing
  within 100; 1.MD.3 time in hours and half-hours; 2.MD.7 to the nearest five minutes; 2.MD.8
  money; 3.NF.1 fractions; 4.NF.6 decimals; 6.RP.3c percent. English Language Arts K.RF.1d:
  all upper- and lowercase letters in kindergarten.
"""

from __future__ import annotations

from typing import NamedTuple

from domino_print.themes.representations import Choice

FR_AGE = {"PS": 3, "MS": 4, "GS": 5, "CP": 6, "CE1": 7, "CE2": 8, "CM1": 9, "CM2": 10}
"""The age pupils start each French class at."""


class Skill(NamedTuple):
    """What a set asks of a child, placed in the curricula."""

    name: str
    fr_class: str  # a key of FR_AGE
    us_grade: int  # 0: kindergarten
    source: str  # where each placement comes from (this module's sources, by short name)

    @property
    def fr_age(self) -> int:
        return FR_AGE[self.fr_class]

    @property
    def us_age(self) -> int:
        return self.us_grade + 5


SKILLS = {skill.name: skill for skill in (
    Skill("colours", "MS", 0, "maternelle 2021 (colours, MS); K: none, from age 5"),
    Skill("letters", "GS", 0, "maternelle 2021 (letters, GS); CCSS ELA K.RF.1d"),
    Skill("numbers_10", "GS", 0, "maternelle 2021 (numbers to ten); CCSS K.CC"),
    Skill("numbers_100", "CP", 1, "repères cycle 2 (to 100 in CP); CCSS 1.NBT"),
    Skill("sums_20", "CP", 1, "repères cycle 2 (CP); CCSS 1.OA.6"),
    Skill("sums_100", "CE1", 2, "repères cycle 2 (CE1, to 100); CCSS 2.NBT.5"),
    Skill("sums_more", "CE2", 3, "repères cycle 2 (CE2, to 1 000); CCSS 3.NBT.2"),
    Skill("tables_first", "CE1", 3, "cycle 2 (multiplication from CE1, tables of 2 to 5); CCSS 3.OA.7"),
    Skill("tables_all", "CE2", 3, "cycle 2 (every table known in CE2); CCSS 3.OA.7"),
    Skill("division", "CE2", 3, "cycle 2 (division in CE2); CCSS 3.OA.7"),
    Skill("time_hours", "CP", 1, "cycle 2 (whole hours in CP); CCSS 1.MD.3"),
    Skill("time_halves", "CE1", 1, "cycle 2 (halves and quarters in CE1); CCSS 1.MD.3 (halves)"),
    Skill("time_minutes", "CE2", 2, "cycle 2 (minutes in CE2); CCSS 2.MD.7 (five minutes)"),
    Skill("money", "CE1", 2, "cycle 2 (euros and cents, CE1); CCSS 2.MD.8"),
    Skill("fractions", "CE1", 3, "cycle 2 (fractions from CE1); CCSS 3.NF.1"),
    Skill("decimals", "CM1", 4, "cycle 3 (decimals in CM1); CCSS 4.NF.6"),
    Skill("percent", "CM2", 6, "cycle 3 (percentages, CM2); CCSS 6.RP.3c"),
)}

_COUNTED = frozenset({"numeral", "dots", "hand", "tally", "frame", "dice", "rods", "roman"})
"""Faces that show a number (a word alone may name a colour or a picture)."""


def skill_of(choice: Choice) -> Skill | None:
    """The hardest skill ``choice``'s faces ask for, or None for pictures and words alone."""
    kinds = {face.kind for face in choice.faces}
    money = "money" if kinds & {"coins", "price"} else ""
    found = [name for name in (_tables_skill(choice, kinds), _sums_skill(choice, kinds),
                               _time_skill(choice, kinds), money, _shares_skill(kinds)) if name]
    if kinds & {"letter"}:
        found.append("letters")
    if "colour" in kinds and not found:
        found.append("colours")
    if kinds & _COUNTED and not found:
        found.append("numbers_10" if max(choice.values, default=0) <= 10 else "numbers_100")
    if not found:
        return None
    return max((SKILLS[name] for name in found), key=lambda skill: (skill.fr_age, skill.us_grade))


def _tables_skill(choice: Choice, kinds: set[str]) -> str:
    """Products and divisions: the first tables (2 to 5, and 10), every table, or division."""
    if not kinds & {"multiplication", "division"}:
        return ""
    if "division" in kinds:
        return "division"
    settings = choice.settings
    tables = settings.tables or tuple(range(settings.operands[0], settings.operands[1] + 1))
    return "tables_first" if set(tables) <= {0, 1, 2, 3, 4, 5, 10} else "tables_all"


def _sums_skill(choice: Choice, kinds: set[str]) -> str:
    """Sums and differences, by the largest number they reach: to 20, to 100, beyond."""
    if not kinds & {"addition", "soustraction"}:
        return ""
    high = max(max(choice.values, default=0), choice.settings.operands[1])
    return "sums_20" if high <= 20 else "sums_100" if high <= 100 else "sums_more"


def _time_skill(choice: Choice, kinds: set[str]) -> str:
    """Clocks, by the minutes past the hour the set shows: whole hours, quarters, minutes."""
    if not kinds & {"clock", "time-words", "digital"}:
        return ""
    past = {value % 60 for value in choice.values}
    return "time_hours" if past <= {0} else "time_halves" if past <= {0, 15, 30, 45} else "time_minutes"


def _shares_skill(kinds: set[str]) -> str:
    """Shares: percentages, else decimals, else fractions (a pie, a bar, a written fraction)."""
    if "percent" in kinds:
        return "percent"
    if "decimal" in kinds:
        return "decimals"
    return "fractions" if kinds & {"pie", "bar", "fraction"} else ""
