"""The rules page's age box for content placed in the curricula (``themes.curricula``), in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domino_print import texts

if TYPE_CHECKING:
    from domino_print.themes.curricula import Skill


def age_text(lang: str, skill: Skill) -> str:
    """The age box for content placed in the curricula: "dès 7 ans (CE1)", "8 and up (grade 3)",
    "ab 7 Jahren" (``rules.age.system`` names the language's school levels: the French class, the
    US grade, or none, the French age then)."""
    system = texts.text(lang, "rules.age.system")
    if system == "grade":
        age, level = skill.us_age, texts.text(lang, f"rules.age.grade.{skill.us_grade}")
    else:
        age = skill.fr_age
        level = texts.text(lang, f"rules.age.class.{skill.fr_class}") if system == "class" else ""
    return texts.text(lang, "rules.age.school" if level else "rules.age.years", age=age, level=level)
