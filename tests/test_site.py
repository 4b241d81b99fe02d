"""``domino-print site``: the catalogue's checks, the page, the PDFs, incremental and all-or-none builds."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from domino_print.site import build as site_build
from domino_print.site.build import MARKER, build_site
from domino_print.site.catalogue import MAX_SETS, CatalogueError, read_catalogue, slug_of

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "catalogue.toml"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def one_set(name: str = "Points", options: str = 'theme = "pips"', extra: str = "") -> str:
    return f'[[set]]\nname = "{name}"\ndescription = "Un jeu."\n{extra}[set.options]\n{options}\n'


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too), by relative path."""
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def parsed(html: str) -> list[tuple[str, dict[str, str | None]]]:
    links = Links()
    links.feed(html)
    return links.tags


@pytest.fixture
def counted(monkeypatch):
    """The sets rendered during a build, by name."""
    rendered: list[str] = []
    real = site_build._make_set

    def make(catalogue, one):
        rendered.append(one.name)
        return real(catalogue, one)

    monkeypatch.setattr(site_build, "_make_set", make)
    return rendered


# -- the catalogue: refused in one line naming the set and the option, before anything is made ------
@pytest.mark.parametrize(("options", "key", "words"), [
    ('theme = "pips"\ncolour = "red"', "colour", "unknown option 'colour'"),
    ('theme = "pips"\nmax = "six"', "max", "max"),
    ('theme = "pips"\nsets = 100000', "sets", "sets 100000 is out of range"),
    ('theme = "pips"\nmax = 1000000000', "max", ""),
    ('theme = "pips"\nout = "/tmp/x.pdf"', "out", "command line only"),
    ('theme = "pips"\ntarget = 80', "target", "target"),
    ('theme = "pips"\nlabel = "a\\u202eb"', "label", "control characters"),
    ('theme = "pips"\npaper = [1, 2]', "paper", "must be a text, a number or true/false"),
])
def test_a_bad_option_names_the_set_and_the_option(tmp_path, options, key, words):
    catalogue = write(tmp_path / "c.toml", one_set("Bon") + one_set("Mauvais", options))
    if key == "max" and not words:  # a huge max passes the table (it has no upper bound): the theme refuses
        with pytest.raises(CatalogueError) as caught:
            build_site(catalogue, tmp_path / "out")
    else:
        with pytest.raises(CatalogueError) as caught:
            read_catalogue(catalogue)
    message = str(caught.value)
    assert 'set 2 "Mauvais"' in message and key in message and words in message
    assert "\n" not in message and "--" not in message  # the catalogue's key, not the command line's flag
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("text", "words"), [
    ('[[set]]\ndescription = "x"\n', "name is missing"),
    ('[[set]]\nname = "A"\ncolour = 1\n', "unknown key 'colour'"),
    ('[[set]]\nname = "A"\nfile = "../../etc/passwd"\n', "plain name"),
    ('[[set]]\nname = "A"\nfile = "A B"\n', "plain name"),
    ('[site]\nlang = "xx"\n[[set]]\nname = "A"\n', "lang 'xx'"),
    ('[site]\nwho = 1\n[[set]]\nname = "A"\n', "unknown key 'who'"),
    ("[other]\n", "unknown table 'other'"),
    ("", "no set"),
    ("[[set]\n", "not valid TOML"),
    ('[[set]]\nname = "A"\n[[set]]\nname = "a"\n', "already the one of set 1"),
    ('[[set]]\nname = "A\\u0007"\n', "control characters"),
    ('[[set]]\nname = "' + "x" * 300 + '"\n', "at most 100"),
])
def test_a_bad_catalogue_is_refused_in_one_line(tmp_path, text, words):
    with pytest.raises(CatalogueError) as caught:
        read_catalogue(write(tmp_path / "c.toml", text))
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_too_many_sets_are_refused(tmp_path):
    text = "".join(one_set(f"Jeu {n}") for n in range(MAX_SETS + 1))
    with pytest.raises(CatalogueError, match=f"at most {MAX_SETS}"):
        read_catalogue(write(tmp_path / "c.toml", text))


def test_a_theme_outside_the_catalogues_folder_is_refused(tmp_path):
    secret = tmp_path / "private"
    secret.mkdir()
    Image.new("RGB", (20, 20), "red").save(secret / "photo.png")
    for theme in ("../private", str(secret), "photos/../../private"):
        catalogue = write(tmp_path / "site" / "c.toml", one_set("Photos", f'theme = "{theme}"'))
        with pytest.raises(CatalogueError, match="outside the catalogue's folder") as caught:
            read_catalogue(catalogue)
        assert 'set 1 "Photos"' in str(caught.value) and "theme" in str(caught.value)
    # a folder inside, with a link to a picture outside: refused too
    inside = tmp_path / "site" / "photos"
    inside.mkdir()
    (inside / "a.png").symlink_to(secret / "photo.png")
    with pytest.raises(CatalogueError, match=r"a link to .* outside the catalogue's folder"):
        read_catalogue(write(tmp_path / "site" / "c.toml", one_set("Photos", 'theme = "photos"')))


def test_a_theme_folder_inside_is_taken_relative_to_the_catalogue(tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    for value, colour in enumerate(("red", "green", "blue")):
        Image.new("RGB", (40, 40), colour).save(folder / f"{value}.png")
    catalogue = read_catalogue(write(tmp_path / "c.toml", one_set("Nous", 'theme = "photos"')))
    assert catalogue.sets[0].options["theme"] == str(folder.resolve())
    before = catalogue.sets[0].key
    Image.new("RGB", (40, 40), "yellow").save(folder / "2.png")  # a picture changed: the set changed
    assert read_catalogue(tmp_path / "c.toml").sets[0].key != before


def test_file_names_come_from_the_set_names():
    assert slug_of("Dominos – illustrés") == "dominos-illustres"
    assert slug_of("Классы") == "set"
    assert slug_of("../../x") == "x"


def test_a_set_takes_the_catalogues_language_unless_it_gives_its_own(tmp_path):
    text = '[site]\nlang = "de"\n' + one_set("A") + one_set("B", 'theme = "pips"\nlang = "es"')
    catalogue = read_catalogue(write(tmp_path / "c.toml", text))
    assert [one.options["lang"] for one in catalogue.sets] == ["de", "es"]


# -- the site ------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def example_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("example") / "site"
    report = build_site(EXAMPLE, out)
    assert report.made == report.sets == 3
    return out


@pytest.mark.slow
def test_the_example_page_has_a_card_per_set_with_its_links(example_site):
    html = (example_site / "index.html").read_text(encoding="utf-8")
    tags = parsed(html)
    cards = [attrs for tag, attrs in tags if tag == "li" and attrs.get("class") == "card"]
    assert len(cards) == len(read_catalogue(EXAMPLE).sets) == 3
    for tag, attrs in tags:
        for name in ("href", "src", "srcset"):
            target = attrs.get(name)
            if target and not target.startswith("#"):
                assert not re.match(r"^[a-z]+:|^//", target), target  # nothing from another site
                assert (example_site / target).is_file(), target
        if tag == "img":
            assert attrs["loading"] == "lazy" and attrs["alt"]
            with Image.open(example_site / attrs["src"]) as image:
                assert image.size == (int(attrs["width"]), int(attrs["height"]))
    assert "<script" not in html
    csp = next(attrs["content"] for tag, attrs in tags if tag == "meta"
               and attrs.get("http-equiv") == "Content-Security-Policy")
    assert "default-src 'none'" in csp and "script-src" not in csp
    for words in ("Voir l’aperçu", "Télécharger", "Ouvrir pour imprimer", "Comment jouer\u00a0?",
                  "Dominos – illustrés", "Classe des Lutins"):
        assert words in unescape(html)
    prints = [attrs for tag, attrs in tags if tag == "a" and attrs.get("target") == "_blank"]
    downloads = [attrs for tag, attrs in tags if tag == "a" and "download" in attrs]
    assert len(prints) == len(downloads) == 3
    assert [a["href"] for a in prints] == [a["href"] for a in downloads] == [
        "sets/double-six.pdf", "sets/fruits.pdf", "sets/classe.pdf"]


@pytest.mark.slow
def test_the_page_speaks_the_catalogues_language(tmp_path):
    out = tmp_path / "site"
    build_site(write(tmp_path / "c.toml", '[site]\nlang = "de"\n' + one_set("Punkte")), out)
    html = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in html
    for words in ("Vorschau ansehen", "Herunterladen", "Zum Drucken öffnen", "Dominos zum Ausdrucken"):
        assert words in html
    assert "Télécharger" not in html and "Wie spielt man?" in unescape(html)


@pytest.mark.slow
def test_the_webp_is_kept_only_where_smaller_than_the_png(example_site):
    marker = json.loads((example_site / MARKER).read_text(encoding="utf-8"))
    for entry in marker["sets"].values():
        for picture in filter(None, (entry["sheet"], entry["rules"])):
            png = (example_site / picture["png"]).stat().st_size
            if picture["webp"]:
                assert (example_site / picture["webp"]).stat().st_size < png
            else:
                assert not (example_site / picture["png"]).with_suffix(".webp").exists()


@pytest.mark.slow
def test_the_pdfs_are_the_command_lines_bytes(example_site, run_cli, tmp_path):
    for one in read_catalogue(EXAMPLE).sets:
        args = []
        for key, value in one.options.items():
            flag = "--" + key.replace("_", "-")
            if value is True:
                args.append(flag)
            else:
                args += [flag, str(value)]
        out = tmp_path / f"{one.slug}.pdf"
        result = run_cli(*args, "--out", out, "--quiet")
        assert result.exit_code == 0, result.output
        assert out.read_bytes() == (example_site / "sets" / f"{one.slug}.pdf").read_bytes(), one.name


@pytest.mark.slow
def test_the_previews_show_the_sheet_and_the_rules_page(example_site):
    with Image.open(example_site / "sets" / "double-six-sheet.png") as sheet:
        assert sheet.width > sheet.height  # the double-six sheet is landscape
        assert sheet.convert("L").getextrema()[0] < 60
    with Image.open(example_site / "sets" / "double-six-rules.png") as rules:
        assert rules.height > rules.width


# -- incremental, reproducible, all or none ---------------------------------------------------------------
@pytest.mark.slow
def test_same_catalogue_same_bytes_and_nothing_made_again(tmp_path, counted):
    catalogue = write(tmp_path / "c.toml", one_set("Points") + one_set("Fruits", 'theme = "fruits"'))
    first, second = tmp_path / "one", tmp_path / "two"
    build_site(catalogue, first)
    build_site(catalogue, second)
    assert tree(first) == tree(second)
    assert counted == ["Points", "Fruits", "Points", "Fruits"]
    before = {path: os.stat(first / path).st_ino for path in tree(first)}
    report = build_site(catalogue, first)
    assert (report.made, report.kept) == (0, 2) and len(counted) == 4
    assert tree(first) == tree(second)
    assert {path: os.stat(first / path).st_ino for path in tree(first) if path.startswith("sets/")} == {
        path: inode for path, inode in before.items() if path.startswith("sets/")}


@pytest.mark.slow
def test_only_the_set_that_changed_is_made_again(tmp_path, counted):
    catalogue = write(tmp_path / "c.toml", one_set("Points") + one_set("Fruits", 'theme = "fruits"'))
    out = tmp_path / "site"
    build_site(catalogue, out)
    points = (out / "sets" / "points.pdf").stat()
    write(catalogue, one_set("Points") + one_set("Fruits", 'theme = "fruits"\nlabels = true'))
    report = build_site(catalogue, out)
    assert (report.made, report.kept) == (1, 1)
    assert counted == ["Points", "Fruits", "Fruits"]
    assert (out / "sets" / "points.pdf").stat().st_ino == points.st_ino
    # a new description changes the page, not the set
    write(catalogue, one_set("Points").replace("Un jeu.", "Le jeu classique.")
          + one_set("Fruits", 'theme = "fruits"\nlabels = true'))
    assert build_site(catalogue, out).made == 0
    assert "Le jeu classique." in (out / "index.html").read_text(encoding="utf-8")
    # a set dropped from the catalogue: its files go, the others stay
    fruits = [path for path in tree(out) if path.startswith("sets/fruits")]
    write(catalogue, one_set("Points"))
    report = build_site(catalogue, out)
    assert report.removed == len(fruits) >= 3
    assert sorted(p.name for p in (out / "sets").iterdir() if p.suffix != ".webp") == [
        "points-rules.png", "points-sheet.png", "points.pdf"]


@pytest.mark.slow
def test_a_failed_build_leaves_the_previous_site_as_it_was(tmp_path, counted):
    catalogue = write(tmp_path / "c.toml", one_set("Points") + one_set("Fruits", 'theme = "fruits"'))
    out = tmp_path / "site"
    build_site(catalogue, out)
    before = tree(out)
    # the second set now fails while it is made (after the first was made again)
    write(catalogue, one_set("Points", 'theme = "pips"\nmax = 5')
          + one_set("Fruits", 'theme = "fruits"\nmax = 9'))
    with pytest.raises(CatalogueError) as caught:
        build_site(catalogue, out)
    assert 'set 2 "Fruits"' in str(caught.value) and "max" in str(caught.value)
    assert counted[-2:] == ["Points", "Fruits"]
    assert tree(out) == before  # no temporary left, nothing replaced


def test_a_folder_with_files_of_its_own_is_refused_and_kept(tmp_path):
    out = tmp_path / "site"
    write(out / "notes.txt", "mine")
    catalogue = write(tmp_path / "c.toml", one_set())
    with pytest.raises(site_build.DominoError, match="did not write"):
        build_site(catalogue, out)
    assert tree(out) == {"notes.txt": b"mine"}


@pytest.mark.slow
def test_files_added_beside_the_site_are_kept_and_changed_ones_never_replaced(tmp_path):
    catalogue = write(tmp_path / "c.toml", one_set("Points") + one_set("Fruits", 'theme = "fruits"'))
    out = tmp_path / "site"
    build_site(catalogue, out)
    write(out / "CNAME", "dominos.ecole.example\n")
    write(catalogue, one_set("Points"))
    build_site(catalogue, out)
    assert (out / "CNAME").read_text() == "dominos.ecole.example\n"
    # a file of the tool changed by hand: never replaced nor removed
    pdf = out / "sets" / "points.pdf"
    pdf.write_bytes(b"edited by hand")
    write(catalogue, one_set("Points", 'theme = "pips"\nmax = 5'))
    with pytest.raises(site_build.DominoError, match=r"points\.pdf was not written by domino-print"):
        build_site(catalogue, out)
    assert pdf.read_bytes() == b"edited by hand"


@pytest.mark.slow
def test_the_command_line_prints_one_line(tmp_path, run_cli):
    catalogue = write(tmp_path / "c.toml", one_set("Points"))
    result = run_cli("site", catalogue, "--out", tmp_path / "site")
    assert result.exit_code == 0
    assert result.output.strip().endswith("index.html: 1 set (1 made)")
    result = run_cli("site", catalogue, "--out", tmp_path / "site")
    assert result.output.strip().endswith("index.html: 1 set (0 made, 1 unchanged)")
    write(catalogue, one_set("Points", 'theme = "pips"\nwhat = 1'))
    result = run_cli("site", catalogue, "--out", tmp_path / "other")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    assert 'set 1 "Points": unknown option \'what\'' in result.output
    assert not (tmp_path / "other").exists()


def test_the_example_catalogue_builds_with_make_demo():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "domino-print site examples/catalogue.toml --out output/site" in makefile
    names = [one.name for one in read_catalogue(EXAMPLE).sets]
    assert names[:2] == ["Dominos – double six", "Dominos – illustrés"] and len(names) == 3


def test_the_site_reaches_the_core_only_through_the_api_and_the_option_table():
    """As the studio should (tests/test_layers.py): the API, the option table, the texts, and the
    atomic writing every surface shares (output.files), the safe reading of a file the user named
    (regular_files, a bottom module); never ReportLab, the sets or the themes."""
    from test_layers import EXTERNAL, GRAPH, PACKAGE, _in

    allowed = {f"{PACKAGE}.api", f"{PACKAGE}.output", f"{PACKAGE}.output.files", f"{PACKAGE}.regular_files",
               PACKAGE}
    modules = [module for module in GRAPH if _in("site", module)]
    assert len(modules) >= 4
    for module in modules:
        inside = {t for t in GRAPH[module] if _in("site", t) or _in("options", t) or _in("texts", t)}
        outside = GRAPH[module] - allowed - inside
        assert not outside, f"{module} imports {sorted(outside)}"
        assert "reportlab" not in EXTERNAL[module] and "click" not in EXTERNAL[module], module


@pytest.mark.slow
@pytest.mark.parametrize("name", ["../../victim.txt", "/etc/passwd", "sets/../../victim.txt", "notes.txt"])
def test_a_marker_naming_files_outside_the_site_is_refused(tmp_path, name):
    catalogue = write(tmp_path / "c.toml", one_set())
    out = tmp_path / "site"
    build_site(catalogue, out)
    victim = write(tmp_path / "victim.txt", "keep me")
    marker = json.loads((out / MARKER).read_text(encoding="utf-8"))
    marker["files"][name] = hashlib.sha256(victim.read_bytes()).hexdigest()
    (out / MARKER).write_text(json.dumps(marker), encoding="utf-8")
    with pytest.raises(site_build.DominoError, match="not a file domino-print writes"):
        build_site(write(catalogue, one_set("Autre")), out)
    assert victim.read_text() == "keep me"


@pytest.mark.slow
def test_names_and_descriptions_are_text_on_the_page_never_markup(tmp_path):
    text = ('[site]\ntitle = "<img src=x onerror=alert(1)>"\nintro = "a & b"\n'
            '[[set]]\nname = "<script>alert(1)</script>"\ndescription = "\\" onmouseover=\\"x"\n'
            '[set.options]\ntheme = "pips"\n')
    out = tmp_path / "site"
    build_site(write(tmp_path / "c.toml", text), out)
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "<script" not in html and "<img src=x" not in html and '" onmouseover' not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "a &amp; b" in html
    # Inside an attribute too (the links' labels name the set), the very text, quotes included.
    labels = [unescape(label) for label in re.findall(r'aria-label="([^"]*)"', html)]
    assert labels and all("<script>alert(1)</script>" in label for label in labels)
    assert '" onmouseover="x' in unescape(html)


@pytest.mark.slow
def test_a_second_build_of_the_same_site_waits_its_turn(tmp_path):
    import fcntl

    catalogue = write(tmp_path / "c.toml", one_set())
    out = tmp_path / "site"
    out.mkdir()
    holder = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)  # as a build that is running holds it
        with pytest.raises(site_build.DominoError, match="another domino-print site is writing"):
            build_site(catalogue, out)
    finally:
        os.close(holder)
    assert build_site(catalogue, out).made == 1


@pytest.mark.slow
def test_a_list_beside_the_catalogue_with_the_site_inside_its_folder_is_not_made_again(tmp_path, counted):
    """The site is left out of the fingerprint of the list's folder: writing it changes no set."""
    shutil.copy(ROOT / "examples" / "tables-de-multiplication.csv", tmp_path / "tables.csv")
    catalogue = write(tmp_path / "c.toml", one_set("Tables", 'theme = "tables.csv"'))
    out = tmp_path / "site"
    build_site(catalogue, out)
    assert build_site(catalogue, out).made == 0
    with (tmp_path / "tables.csv").open("a", encoding="utf-8") as stream:  # the list changes: made again
        stream.write("11 × 11;121\n")
    assert build_site(catalogue, out).made == 1
    assert counted == ["Tables", "Tables"]


# -- issue 28: a killed rebuild's leftovers, and two builds at once ------------------------------

@pytest.mark.slow
def test_a_killed_rebuild_leaves_nothing_the_next_build_keeps_or_publishes(tmp_path):
    catalogue = write(tmp_path / "c.toml", one_set())
    out = tmp_path / "site"
    build_site(catalogue, out)
    before = tree(out)
    pdf = next(name for name in before if name.endswith(".pdf"))
    leftovers = [out / ".index.html.abcdefgh.tmp", out / ".index.html.0a1b2c3d.old",
                 out / (str(Path(pdf).parent) + "/." + Path(pdf).name + ".zz_9zz_9.tmp")]
    for path in leftovers:
        path.write_bytes(b"half a file")
    aside = out / f".site.css.{'1f' * 4}.old"
    os.replace(out / "site.css", aside)  # killed between the two renames: the old version is put back
    build_site(catalogue, out)
    assert tree(out) == before
    assert not any(path.exists() for path in leftovers) and not aside.exists()


@pytest.mark.slow
def test_a_killed_first_build_is_built_again_not_taken_for_strangers_files(tmp_path):
    catalogue = write(tmp_path / "c.toml", one_set())
    out = tmp_path / "site"
    out.mkdir()
    (out / ".index.html.abcdefgh.tmp").write_bytes(b"half")
    assert build_site(catalogue, out).made == 1


def test_the_second_of_two_builds_says_another_is_writing_even_before_the_first_wrote_its_marker(tmp_path):
    import fcntl

    catalogue = write(tmp_path / "c.toml", one_set())
    out = tmp_path / "site"
    out.mkdir()
    (out / ".index.html.abcdefgh.tmp").write_bytes(b"being written")  # the first build's temporary
    holder = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        with pytest.raises(site_build.DominoError, match="another domino-print site is writing"):
            build_site(catalogue, out)
    finally:
        os.close(holder)
