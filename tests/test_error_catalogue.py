"""Every error a person may read is raised as a catalogue key and its values (issue 31, item 1).

The scan reads the package's source (``ast``, nothing imported): a call of a ``DominoError``
subclass whose message is a sentence — a string literal with a space, an f-string, a ``+`` or a
``.join``/``.format`` of texts, given as its first or second argument or as ``says`` — is a message written in
English in the Python, which no French, Spanish or German reader should meet. Exceptions that are no
``DominoError`` (``ValueError``, ``TypeError``, ``AssertionError`` for a bug) are internal: they keep
their English. ``UNCONVERTED`` names the files still to convert; it only shrinks.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from domino_print.errors import DominoError

PACKAGE = Path(__file__).resolve().parents[1] / "domino_print"

UNCONVERTED: frozenset[str] = frozenset()
"""Files still raising a sentence, to convert (none left: issue 31)."""
"""Files (under ``domino_print/``) that still raise a user-facing error with an English sentence."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _modules() -> dict[str, ast.Module]:
    """The package's modules that name an error (a module naming none can neither define nor raise one)."""
    texts = {path: path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py")}
    return {_module_name(path): ast.parse(source, str(path))
            for path, source in texts.items() if "Error" in source}


@cache
def _names(module: str) -> dict[str, tuple[str, str]]:
    """What each name of ``module`` is: (module, class name) for the classes it defines or imports."""
    tree = _modules().get(module)
    names: dict[str, tuple[str, str]] = {}
    if tree is None:
        return names
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = (module, node.name)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                names[alias.asname or alias.name] = (node.module, alias.name)
    for node in ast.walk(tree):  # imports inside functions (deferred ones) name classes too
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                names.setdefault(alias.asname or alias.name, (node.module, alias.name))
    return names


@cache
def _resolve(module: str, name: str, depth: int = 0) -> tuple[str, str] | None:
    """The module that defines ``name`` as seen from ``module`` (following re-exports)."""
    found = _names(module).get(name)
    if found is None or depth > 10:
        return None
    where, real = found
    tree = _modules().get(where)
    if tree is None:
        return found  # outside the package: a library's class
    if any(isinstance(node, ast.ClassDef) and node.name == real for node in tree.body):
        return where, real
    return _resolve(where, real, depth + 1)


@cache
def _is_domino_error(where: str, name: str) -> bool:
    if (where, name) == ("domino_print.errors", "DominoError"):
        return True
    tree = _modules().get(where)
    if tree is None:
        return False
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            for base in node.bases:
                base_name = base.id if isinstance(base, ast.Name) else getattr(base, "attr", "")
                found = _resolve(where, base_name)
                if found is not None and _is_domino_error(*found):
                    return True
    return False


def _sentence(node: ast.expr) -> bool:
    """A message written out: a text with a space, alone, in an f-string or added; texts joined.
    A key made of parts (``f"need.{name}"``) is no sentence."""
    if isinstance(node, ast.JoinedStr):
        return any(_sentence(part) for part in node.values if isinstance(part, ast.Constant))
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return " " in node.value.strip() or node.value.strip() != node.value
    if isinstance(node, ast.BinOp):
        return _sentence(node.left) or _sentence(node.right)
    joined = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    return joined and node.func.attr in ("join", "format")


@cache
def sentences_raised() -> tuple[tuple[str, int, str], ...]:
    """(file under domino_print/, line, error class) of each ``DominoError`` made with a sentence."""
    found = []
    for module, tree in _modules().items():
        path = str(Path(*module.split(".")[1:])) + ".py"
        if not (PACKAGE / path).exists():
            path = str(Path(*module.split(".")[1:], "__init__.py"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else ""
            if not name:
                continue
            resolved = _resolve(module, name)
            if resolved is None or not _is_domino_error(*resolved):
                continue
            said = ("says", "message", "problem")
            messages = [*node.args, *(k.value for k in node.keywords if k.arg in said)]
            if any(_sentence(message) for message in messages):
                found.append((path, node.lineno, name))
        found.extend((path, line, name) for line, name in _own_sentences(module, tree))
    return tuple(sorted(found))


def _error_classes(module: str, tree: ast.Module) -> list[ast.ClassDef]:
    """The ``DominoError`` classes ``module`` defines at its top level."""
    return [node for node in tree.body
            if isinstance(node, ast.ClassDef) and _is_domino_error(module, node.name)]


def _own_sentences(module: str, tree: ast.Module) -> list[tuple[int, str]]:
    """An error class that hands its base a sentence of its own: ``super().__init__(f"...")``."""
    found = []
    for node in _error_classes(module, tree):
        for call in ast.walk(node):
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and call.func.attr == "__init__" and any(_sentence(argument) for argument in call.args)):
                found.append((call.lineno, node.name))
    return found


@pytest.mark.slow
def test_the_scan_finds_a_sentence_and_passes_a_key():
    tree = ast.parse('from domino_print.errors import OptionError\n'
                     'OptionError("{max} is too high")\nOptionError(says="option.unknown")\n'
                     'ValueError(f"a bug {x}")\nOptionError(says=f"need.{x}")\n'
                     'OptionError(f"{x} is bad")\n'
                     'class Mine(OptionError):\n    def __init__(self):\n'
                     '        super().__init__(f"{self} is bad")\n')
    _modules()["domino_print.scan_example"] = tree
    sentences_raised.cache_clear()
    _names.cache_clear()
    _resolve.cache_clear()
    try:
        found = [entry for entry in sentences_raised() if entry[0].startswith("scan_example")]
    finally:
        del _modules()["domino_print.scan_example"]
        sentences_raised.cache_clear()
    assert [(line, name) for _, line, name in found] == [(2, "OptionError"), (6, "OptionError"),
                                                         (9, "Mine")]


@pytest.mark.slow
def test_the_scan_knows_the_errors_of_the_package():
    assert _is_domino_error("domino_print.themes.lists.table", "PairsError")  # through PathError
    assert _is_domino_error("domino_print.rules.content", "RulesError")
    assert not _is_domino_error("domino_print.texts", "CatalogueError")  # a broken catalogue: a bug
    assert not _is_domino_error("domino_print.geometry.registration", "RegistrationError")


@pytest.mark.slow
def test_no_error_a_person_reads_is_written_in_english_in_the_python():
    left = [f"{path}:{line}: {name}" for path, line, name in sentences_raised() if path not in UNCONVERTED]
    assert not left, "raise these with a catalogue key (says=...) and its values:\n" + "\n".join(left)


@pytest.mark.slow
def test_the_list_of_files_to_convert_only_names_files_still_to_convert():
    still = {found for found, _, _ in sentences_raised()}
    assert still >= UNCONVERTED, f"{sorted(UNCONVERTED - still)} converted: drop them from UNCONVERTED"


def _keys_said() -> list[tuple[str, int, str]]:
    """(file, line, key) of every ``says="..."`` written out in the package (a whole key)."""
    found = []
    for module, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "says" and isinstance(node.value, ast.Constant):
                found.append((module, getattr(node.value, "lineno", 0), str(node.value.value)))
    return found


@pytest.mark.slow
def test_every_key_an_error_says_is_in_the_four_catalogues():
    from domino_print.texts import catalogue, languages

    missing = [f"{module}:{line}: error.{key} ({lang})" for module, line, key in _keys_said()
               for lang in languages() if f"error.{key}" not in catalogue(lang)
               and f"error.{key}.other" not in catalogue(lang)]
    assert not missing, "\n".join(missing)


# -- converted errors in the reader's language -------------------------------------------------------
@pytest.mark.parametrize(("args", "french"), [
    (["--only", "7-2"], "il n’y a pas de domino 7-2 dans"),
    (["--only", "4-2,x"], "'x' n’est pas un domino"),
    (["--scale", "100.6"], "--scale '100.6' n’est pas X,Y en pourcentage"),
    (["--tile-size", "150x300mm"], "ne tient pas dans la zone imprimable"),
    (["--theme", "fruits", "--niveaux", "2"], "le thème 'fruits' ne définit aucun niveau"),
])
def test_the_command_line_says_converted_errors_in_french(args, french, run_cli, tmp_path):
    result = run_cli(*args, "--out", tmp_path / "x.pdf", "--lang", "fr")
    assert result.exit_code != 0 and french in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "x.pdf").exists()
    english = run_cli(*args, "--out", tmp_path / "x.pdf", "--lang", "en")
    assert french not in english.stderr and english.exit_code == result.exit_code


def test_the_site_says_its_refusals_in_the_systems_language(run_cli, tmp_path, monkeypatch):
    catalogue = tmp_path / "catalogue.toml"
    catalogue.write_text('[[set]]\nname = "Fruits"\noptions = { theme = "fruits" }\n', encoding="utf-8")
    out = tmp_path / "site"
    out.symlink_to(tmp_path / "nowhere")
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    result = run_cli("site", catalogue, "--out", out)
    assert result.exit_code == 1, result.stderr
    said = "est un lien vers rien d’utilisable\u00a0; supprimez-le ou choisissez un autre --out"
    assert f"{out} {said}" in result.stderr
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert "is a link to nothing usable; remove it or choose another --out" in run_cli(
        "site", catalogue, "--out", out).stderr


def test_describe_words_converted_errors_in_the_forms_language():
    from domino_print.api import describe, parse_options

    for options, french, label in [
        ({"theme": "nombres", "niveaux": 2, "range": "0-20"}, "est fixé par chaque niveau du thème 'nombres'",
         "Niveaux"),
        ({"tile_size": "150x300mm"}, "ne tient pas dans la zone imprimable", "Taille des dominos"),
        ({"theme": "fruits", "niveaux": 2}, "le thème 'fruits' ne définit aucun niveau", "Niveaux"),
    ]:
        with pytest.raises(DominoError) as caught:
            parse_options(options)
        worded = describe(caught.value, "form", "fr")
        assert french in worded and label in worded and "--" not in worded, worded
        assert french not in describe(caught.value, "form", "en")


def test_the_api_says_a_document_error_in_each_language():
    from domino_print.api import DocumentError, describe, render_page_png

    with pytest.raises(DocumentError) as caught:
        render_page_png(b"%PDF-1.4 not ours", 0)
    assert str(caught.value).startswith("these bytes are not a PDF domino-print made")
    assert describe(caught.value, "form", "fr").startswith("ces octets ne sont pas un PDF fait par")
    assert describe(caught.value, "form", "de").startswith("diese Bytes sind kein PDF")


def test_a_loop_and_a_size_error_are_worded_in_french():
    from domino_print.errors import SizeError, flag_name
    from domino_print.sets.meaning import Card, Half, LoopError, check_loop

    with pytest.raises(LoopError) as caught:
        check_loop([Card(Half("1"), Half("2")), Card(Half("2"), Half("1")),
                    Card(Half("3"), Half("4")), Card(Half("4"), Half("3"))])
    assert caught.value.worded(flag_name, "fr") == "les cartes forment 2 boucles séparées, et non une seule"
    size = SizeError("size.gap_too_wide", gap_mm=25.0, max_gap_mm=20.0)
    assert size.fields == ("gap",) and "--" not in str(size)
    assert size.worded(flag_name, "fr") == (
        "un écart de 25 mm est trop large\u00a0; choisissez --gap de 0 à 20 mm")


def test_the_command_lines_own_stop_line_is_worded_in_french():
    import signal

    from domino_print.errors import WordedError, flag_name
    from domino_print.output.stopping import signal_words

    said = WordedError(says="output.stopped", signal=signal_words(signal.SIGTERM))
    assert str(said) == "stopped by a request from the system (SIGTERM); no file was changed"
    assert said.worded(flag_name, "fr") == (
        "arrêté par une demande du système (SIGTERM)\u00a0; aucun fichier n’a été modifié")


# -- one name for which message ----------------------------------------------------------------------
SECOND_NAMES = frozenset({"fault", "reason", "problem", "kind", "category", "key", "code", "message",
                          "error_key", "what_went_wrong"})
"""Names an error once kept beside ``says`` for which message it is (``PairsError.fault``,
``PictureError.reason``, ``TextError.problem``...): an error class stores none of them. A category
told by ``says`` is a property (``PictureError.category``); what a system said is named so
(``system_said``)."""


def second_names(module: str, tree: ast.Module) -> list[tuple[int, str, str]]:
    """(line, class, attribute) of each ``self.<name> = ...`` a ``DominoError`` class of ``module``
    makes, ``name`` one of ``SECOND_NAMES``."""
    found = []
    for node in _error_classes(module, tree):
        for target in ast.walk(node):
            if (isinstance(target, ast.Attribute) and isinstance(target.ctx, ast.Store)
                    and isinstance(target.value, ast.Name) and target.value.id == "self"
                    and target.attr in SECOND_NAMES):
                found.append((target.lineno, node.name, target.attr))
    return found


@pytest.mark.slow  # clears the scan's caches: the whole package is read again (about 1 s)
def test_the_scan_finds_a_second_name_and_passes_a_property():
    tree = ast.parse("from domino_print.errors import PathError\n"
                     "class Mine(PathError):\n"
                     "    def __init__(self, fault='', **values):\n"
                     "        self.fault = fault\n"
                     "        super().__init__(**values)\n"
                     "    @property\n"
                     "    def category(self):\n"
                     "        return self.says\n"
                     "class Other(ValueError):\n"
                     "    def __init__(self, reason):\n"
                     "        self.reason = reason\n")
    _modules()["domino_print.scan_names"] = tree
    _names.cache_clear()
    _resolve.cache_clear()
    _is_domino_error.cache_clear()
    try:
        assert second_names("domino_print.scan_names", tree) == [(4, "Mine", "fault")]
    finally:
        del _modules()["domino_print.scan_names"]
        _names.cache_clear()
        _resolve.cache_clear()
        _is_domino_error.cache_clear()


def test_an_error_says_which_message_it_is_by_one_name():
    """``says`` is the one name of which message an error is, on every class (issue 31, item 1)."""
    found = [f"{module}:{line}: {name}.{attribute}" for module, tree in _modules().items()
             for line, name, attribute in second_names(module, tree)]
    assert not found, "which message an error is goes in says; derive the rest from it:\n" + "\n".join(found)
