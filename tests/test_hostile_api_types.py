"""Issue 28, bugs 6, 8 and 9: languages checked against the catalogues before any use, a typed
cell's shape checked, and the API's helpers taking ``str`` and ``PathLike`` paths and refusing
wrong types with the documented errors.

Before: ``{"theme": "list", "lang": "../../x"}`` read ``x.toml`` from there and ``"xx"`` answered
500; ``option_label``, ``human_size`` and ``summary_line`` raised ``CatalogueError``; a typed cell
``{"picture": {}}`` answered 500 (unhashable); eleven helpers raised ``AttributeError``, among them
``check_picture("x.png")``.
"""

from __future__ import annotations

import inspect
import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from domino_print import api, api_internal
from domino_print.texts import catalogue, languages
from tests.test_studio import make_client, png_bytes, upload

CATALOGUES = ("fr", "en", "es", "de")  # the four languages the project keeps (DESIGN.md)
WRONG = [None, 1, 1.5, True, b"x", [], {}, object(), "../../x", "xx"]
DOCUMENTED = (TypeError, ValueError, api.DominoError)


def test_the_languages_are_the_catalogues():
    assert sorted(languages()) == sorted(CATALOGUES)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(lang=st.text(max_size=20) | st.sampled_from(["../../x", "../en", "./fr", "fr/../en", "FR", "en "]))
def test_a_language_without_a_catalogue_is_a_value_error_and_names_no_file(tmp_path_factory, lang):
    if lang in CATALOGUES:
        return
    calls = (lambda: catalogue(lang), lambda: api.option_label("max", lang),
             lambda: api_internal.human_size(10, lang))
    for call in calls:
        with pytest.raises(ValueError) as caught:
            call()
        assert f"{lang}.toml" not in str(caught.value)  # no file named from it (".toml" may be shown)


def test_a_language_path_never_reads_a_file_there(tmp_path, monkeypatch):
    (tmp_path / "x.toml").write_text('[option.max]\nlabel = "EVIL"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    relative = Path("..") / ".." / tmp_path.relative_to(tmp_path.anchor) / "x"
    with pytest.raises(ValueError):
        api.option_label("max", str(relative))


def test_summary_line_in_every_language_and_refused_for_others():
    document = api.make_document({"theme": "pips", "max": 3})
    for lang in CATALOGUES:
        assert api.summary_line(document, lang)
    with pytest.raises(ValueError):
        api.summary_line(document, "xx")
    with pytest.raises(TypeError):
        api.summary_line("not a document", "en")


def _helpers():
    """Every function of the API and of the studio's internal module (``api_internal``)."""
    for module in (api, api_internal):
        for name in sorted(module.__all__):
            function = getattr(module, name)
            if inspect.isfunction(function) and name not in ("make_document", "parse_options"):
                yield f"{module.__name__.rsplit('.', 1)[-1]}.{name}", function


@pytest.mark.slow
@pytest.mark.parametrize("name, function", list(_helpers()))
def test_every_helper_refuses_wrong_types_with_a_documented_error(name, function):
    required = [p for p in inspect.signature(function).parameters.values()
                if p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.POSITIONAL_ONLY)]
    cases = (itertools.product(WRONG, repeat=len(required)) if len(required) <= 2
             else ([value] * len(required) for value in WRONG))
    for arguments in cases:
        try:
            function(*arguments)
        except DOCUMENTED:
            pass
        except Exception as error:
            pytest.fail(f"{name}{tuple(arguments)!r:.80} raised {type(error).__name__}: {error}")


def _own_path_like(path):
    return type("Own", (), {"__fspath__": lambda self: str(path)})()


@pytest.mark.parametrize("kind", [str, Path, _own_path_like])
def test_a_path_may_be_a_str_or_any_path_like(tmp_path, kind):
    picture = tmp_path / "x.png"
    Image.new("RGB", (20, 20), "red").save(picture)
    api_internal.check_picture(kind(picture))
    with picture.open("rb") as source:
        assert api_internal.open_picture(source, kind(picture)).size == (20, 20)
    with pytest.raises(api.PictureError):
        api_internal.check_picture(kind(tmp_path / "missing.png"))


# -- the studio -------------------------------------------------------------------------------

ROWS = [["7 × 8", "56"], ["6 × 7", "42"], ["9 × 9", "81"]]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["../../x", "xx", "../en", "fr/", "en\x00"])
def test_the_studio_refuses_a_language_without_a_catalogue_and_serves_others(tmp_path, lang):
    (tmp_path / "x.toml").write_text('[studio.list]\ndefault_title = "EVIL"\n', encoding="utf-8")
    with make_client(tmp_path / "a") as hostile, make_client(tmp_path / "b") as other:
        assert hostile.post("/api/list", json={"rows": ROWS, "mode": "typed"}).status_code == 200
        for theme in ("list", "pips"):
            answer = hostile.post("/api/preview", json={"options": {"theme": theme, "lang": lang}})
            assert answer.status_code == 400, answer.text
            assert "EVIL" not in answer.text and answer.json()["message"]
        assert other.post("/api/preview", json={"options": {"theme": "pips", "max": 3}}).status_code == 200


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(picture=st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)
       | st.lists(st.integers(), max_size=2) | st.integers() | st.none()
       | st.floats(allow_nan=False, allow_infinity=False))  # what JSON can carry
@pytest.mark.slow
def test_a_typed_picture_cell_that_is_not_a_picture_id_is_a_400(tmp_path_factory, picture):
    with make_client(tmp_path_factory.mktemp("data")) as client:
        assert upload(client, [("a.png", png_bytes(Image.new("RGB", (12, 12), "red")))]).status_code == 200
        rows = [*ROWS, ["chat", {"picture": picture}]]
        answer = client.post("/api/list", json={"rows": rows, "mode": "typed"})
        assert answer.status_code == 400, answer.text
        preview = client.post("/api/preview", json={"options": {"theme": "list"}, "list_rows": rows})
        assert preview.status_code == 400, preview.text
        assert client.get("/api/list").status_code == 200
