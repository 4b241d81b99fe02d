"""The time in words for every minute of the day, in the four languages, against a reference
written here by hand from how each language tells the time, not from the catalogues.

French: the hour passed up to half past, "moins" the next hour from 35; midi and minuit are
masculine, so "midi et demi", "minuit et demi" but "trois heures et demie" (Académie française,
as RTL's "L'heure et demie, la demi-heure..." 2019 quotes it). English: "past" up to half past,
"to" from 35, "midnight" at night. Spanish: "y" up to "y media", "menos" the next hour from 35,
"las doce de la noche" at 0:00 (medianoche, one word too long for a small face). German: "halb"
names the coming hour, so from 25 minutes the next hour is named ("fünf vor halb eins" at 0:25),
"Mitternacht" at 0:00. Minutes off the five-minute steps have no words (the times themes refuse
them): each of the 1,440 minutes is checked.
"""

from __future__ import annotations

import pytest

from domino_print.themes.maths import time_words

FR_HOURS = ["minuit", "une heure", "deux heures", "trois heures", "quatre heures", "cinq heures",
            "six heures", "sept heures", "huit heures", "neuf heures", "dix heures", "onze heures", "midi"]
FR_MINUTES = {0: "{h}", 5: "{h} cinq", 10: "{h} dix", 15: "{h} et quart", 20: "{h} vingt",
              25: "{h} vingt-cinq", 30: "{h} et {demi}", 35: "{n} moins vingt-cinq", 40: "{n} moins vingt",
              45: "{n} moins le quart", 50: "{n} moins dix", 55: "{n} moins cinq"}

EN_HOURS = ["midnight", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve"]
EN_MINUTES = {0: "{o}", 5: "five past {h}", 10: "ten past {h}", 15: "quarter past {h}",
              20: "twenty past {h}", 25: "twenty-five past {h}", 30: "half past {h}",
              35: "twenty-five to {n}", 40: "twenty to {n}", 45: "quarter to {n}", 50: "ten to {n}",
              55: "five to {n}"}

ES_HOURS = ["las doce", "la una", "las dos", "las tres", "las cuatro", "las cinco", "las seis",
            "las siete", "las ocho", "las nueve", "las diez", "las once", "las doce"]
ES_MINUTES = {0: "{o}", 5: "{h} y cinco", 10: "{h} y diez", 15: "{h} y cuarto", 20: "{h} y veinte",
              25: "{h} y veinticinco", 30: "{h} y media", 35: "{n} menos veinticinco",
              40: "{n} menos veinte", 45: "{n} menos cuarto", 50: "{n} menos diez", 55: "{n} menos cinco"}

DE_HOURS = ["zwölf", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
            "elf", "zwölf"]
DE_MINUTES = {0: "{o}", 5: "fünf nach {h}", 10: "zehn nach {h}", 15: "Viertel nach {h}",
              20: "zwanzig nach {h}", 25: "fünf vor halb {n}", 30: "halb {n}", 35: "fünf nach halb {n}",
              40: "zwanzig vor {n}", 45: "Viertel vor {n}", 50: "zehn vor {n}", 55: "fünf vor {n}"}


def _twelve(hour: int) -> int:
    """0 for midnight, 12 for noon, else the hour on a 12-hour dial (13 -> 1)."""
    return hour if hour in (0, 12) else hour % 12


def reference(lang: str, minutes: int) -> str:
    hour, past = divmod(minutes, 60)
    this, following = _twelve(hour), _twelve((hour + 1) % 24)
    if lang == "fr":
        demi = "demi" if this in (0, 12) else "demie"
        return FR_MINUTES[past].format(h=FR_HOURS[this], n=FR_HOURS[following], demi=demi)
    if lang == "en":
        oclock = {0: "midnight", 12: "twelve o'clock"}.get(this, f"{EN_HOURS[this]} o'clock")
        return EN_MINUTES[past].format(h=EN_HOURS[this], n=EN_HOURS[following], o=oclock)
    if lang == "es":
        oclock = "las doce de la noche" if this == 0 else ES_HOURS[this]
        return ES_MINUTES[past].format(h=ES_HOURS[this], n=ES_HOURS[following], o=oclock)
    oclock = {0: "Mitternacht"}.get(this, f"{'ein' if this == 1 else DE_HOURS[this]} Uhr")
    return DE_MINUTES[past].format(h=DE_HOURS[this], n=DE_HOURS[following], o=oclock)


@pytest.mark.parametrize("lang", ["fr", "en", "es", "de"])
def test_every_minute_of_the_day_in_words(lang):
    wrong = []
    for minutes in range(24 * 60):
        if minutes % 5:
            with pytest.raises(ValueError, match="five-minute step"):
                time_words(lang, minutes)
            continue
        if time_words(lang, minutes) != reference(lang, minutes):
            wrong.append((f"{minutes // 60}:{minutes % 60:02d}", time_words(lang, minutes),
                          reference(lang, minutes)))
    assert not wrong, wrong[:10]


@pytest.mark.parametrize(("at", "fr", "en", "es", "de"), [
    ("0:15", "minuit et quart", "quarter past midnight", "las doce y cuarto", "Viertel nach zwölf"),
    ("0:20", "minuit vingt", "twenty past midnight", "las doce y veinte", "zwanzig nach zwölf"),
    ("23:40", "minuit moins vingt", "twenty to midnight", "las doce menos veinte", "zwanzig vor zwölf"),
    ("12:30", "midi et demi", "half past twelve", "las doce y media", "halb eins"),
    ("0:30", "minuit et demi", "half past midnight", "las doce y media", "halb eins"),
    ("0:00", "minuit", "midnight", "las doce de la noche", "Mitternacht"),
    ("11:40", "midi moins vingt", "twenty to twelve", "las doce menos veinte", "zwanzig vor zwölf"),
    ("15:30", "trois heures et demie", "half past three", "las tres y media", "halb vier"),
])
def test_the_issue_s_times(at, fr, en, es, de):
    hours, minutes = map(int, at.split(":"))
    said = tuple(time_words(lang, hours * 60 + minutes) for lang in ("fr", "en", "es", "de"))
    assert said == (fr, en, es, de)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "en", "es", "de"])
def test_the_cards_and_the_key_print_the_same_words(lang):
    """A loop of digital times and words: every card and the teacher's key say the reference words."""
    import io
    import re

    import pypdf

    from domino_print.api import make_document

    times = {"0:15": 15, "23:40": 23 * 60 + 40, "12:30": 12 * 60 + 30, "3:15": 3 * 60 + 15}
    document = make_document({"theme": "heures", "faces": "numérique,mots", "values": ",".join(times),
                              "lang": lang, "structure": "boucle"})
    reader = pypdf.PdfReader(io.BytesIO(document.pdf))
    pages = [re.sub(r"\s+", " ", page.extract_text()) for page in reader.pages]
    for minutes in times.values():
        words = reference(lang, minutes)
        assert words in pages[0], words  # the cards
        assert words in pages[-1], words  # the key
