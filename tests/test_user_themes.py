"""User themes: a folder of pictures or a theme.toml, read, validated and rendered."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from domino_print.errors import OptionError
from domino_print.output.files import write_atomically
from domino_print.sets.tiles import double_set
from domino_print.themes.loader import load_theme
from domino_print.themes.model import ThemeError
from domino_print.themes.user import (
    UserTheme,
    label_for,
    list_images,
    load_user_theme,
    natural_key,
    write_starter_theme,
)
from tests.fixtures_images import (
    SEVEN,
    colour_folder,
    face_boxes,
    image_xobjects,
    nearest,
    page_pixels,
    render_theme,
    run,
    sample,
    solid,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def load_checked(path: Path, *, labels: bool = False):
    """Load a user theme and check every picture and text, as a set using all of them would."""
    theme = load_user_theme(path)
    theme.check_use(theme.max_value, lang="en", labels=labels)
    return theme


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# -- listing a folder --------------------------------------------------------------------------


def test_natural_case_insensitive_order():
    names = ["img10.png", "IMG2.png", "img1.png", "Img3.jpg", "b.png", "a10b.png", "a9b.png"]
    assert sorted(names, key=natural_key) == [
        "a9b.png", "a10b.png", "b.png", "img1.png", "IMG2.png", "Img3.jpg", "img10.png",
    ]


def test_listing_leaves_out_hidden_other_files_and_folders(tmp_path):
    for name in ("img10.png", "img2.PNG", "img1.jpg"):
        solid(tmp_path / name, "#FF0000")
    solid(tmp_path / ".hidden.png", "#FF0000")
    solid(tmp_path / "._img1.jpg", "#FF0000")
    write(tmp_path / "notes.txt", "hello")
    write(tmp_path / "Thumbs.db", "x")
    (tmp_path / "sub.png").mkdir()
    pictures, others = list_images(tmp_path)
    assert [p.name for p in pictures] == ["img1.jpg", "img2.PNG", "img10.png"]
    assert others == ["notes.txt"]  # Thumbs.db: Windows' own, left out without a word


def test_folder_theme_values_follow_the_sorted_names(tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    for index, name in enumerate(["img10.png", "img2.png", "img1.png"]):
        solid(folder / name, SEVEN[index])
    theme = load_theme(str(folder))
    assert isinstance(theme, UserTheme)
    assert [p.name for p in theme.images] == ["img1.png", "img2.png", "img10.png"]
    assert all(p.is_absolute() for p in theme.images)
    assert theme.max_value == 2
    assert theme.name == "photos"
    assert theme.kind == "pictures"
    assert theme.builtin is False
    assert theme.fit == "contain"
    assert theme.background == "#FFFFFF"
    assert theme.label(0, "fr") == "img1"


@pytest.mark.parametrize(
    ("name", "label"),
    [("01-maman.jpg", "maman"), ("petit_chat.png", "petit chat"), ("2024.png", ""),
     ("03 Papi.JPG", "Papi"), ("chien-loup.png", "chien-loup")],
)
def test_labels_from_file_names(name, label):
    assert label_for(Path(name)) == label


def test_ten_pictures_allow_double_nine(tmp_path):
    folder = colour_folder(tmp_path / "ten", [f"#{i * 25:02X}{255 - i * 25:02X}80" for i in range(10)])
    theme = load_theme(str(folder))
    assert theme.max_value == 9
    theme.check_top(9)
    out = tmp_path / "ten.pdf"
    result = render_theme(folder, out)  # no --max: the pictures decide the set
    assert result.exit_code == 0, result.output
    assert "55 dominoes (double-nine)" in result.stdout
    assert len(image_xobjects(out)) == 10
    fewer = render_theme(folder, tmp_path / "six.pdf", "--max", "6")
    assert "28 dominoes (double-six)" in fewer.stdout


# -- rendering a folder of seven --------------------------------------------------------------


@pytest.fixture(scope="module")
def seven_pdf(tmp_path_factory):
    root = tmp_path_factory.mktemp("seven")
    folder = colour_folder(root / "photos")
    out = root / "seven.pdf"
    result = render_theme(folder, out)
    assert result.exit_code == 0, result.output
    return out


def test_seven_pictures_make_every_pair_once(seven_pdf):
    layout, pages = face_boxes(28)
    pairs = []
    for index, faces in enumerate(pages):
        image = page_pixels(seven_pdf, index)
        for first, second in faces:
            values = [nearest(sample(image, layout, x + s / 2, y + s / 2), SEVEN)
                      for x, y, s in (first, second)]
            pairs.append(tuple(values))
    assert len(pairs) == 28
    assert all(a <= b for a, b in pairs)  # the first half shows the lower value, as in double_set
    assert sorted(pairs) == sorted((t.a, t.b) for t in double_set(6))


def test_each_picture_is_embedded_once(seven_pdf):
    images = image_xobjects(seven_pdf)
    assert len(images) == 7


def test_default_set_uses_every_picture(tmp_path):
    """Five pictures and no --max: a double-four from all five."""
    folder = colour_folder(tmp_path / "five", SEVEN[:5])
    out = tmp_path / "five.pdf"
    result = render_theme(folder, out)
    assert result.exit_code == 0, result.output
    assert "15 dominoes (double-four)" in result.stdout


# -- too few pictures and other folder mistakes -----------------------------------------------


def test_too_few_pictures_says_how_many(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    colour_folder(tmp_path / "photos", SEVEN[:5])
    out = tmp_path / "out.pdf"
    result = run("--theme", "photos/", "--max", "6", "--out", out, "--no-rules")
    assert result.exit_code == 2
    assert (
        "photos/: double-six needs 7 images (values 0 to 6) but the folder has 5; "
        "add 2 images or use --max 4"
    ) in result.stderr
    assert not out.exists()


def test_too_few_pictures_in_a_theme_file(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    toml = write(folder / "theme.toml", 'images = ["img2.png", "img1.png"]\n')
    theme = load_user_theme(toml)
    with pytest.raises(OptionError) as caught:
        theme.check_top(2)
    assert str(caught.value) == (
        f"{toml}: double-two needs 3 images (values 0 to 2) but the theme lists 2; "
        "add 1 image or use --max 1"
    )


def test_missing_theme_path_is_an_option_error(tmp_path):
    out = tmp_path / "out.pdf"
    result = run("--theme", tmp_path / "nowhere", "--out", out)
    assert result.exit_code == 2
    assert f"--theme {tmp_path / 'nowhere'}: no such folder or file" in result.stderr
    assert not out.exists()


def test_single_picture_file_as_theme_is_an_option_error(tmp_path):
    picture = solid(tmp_path / "cat.png", "#FF0000")
    result = run("--theme", picture, "--out", tmp_path / "out.pdf")
    assert result.exit_code == 2
    assert "give the folder that holds the pictures" in result.stderr


def test_empty_folder(tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    out = tmp_path / "out.pdf"
    result = run("--theme", folder, "--out", out)
    assert result.exit_code == 1
    expected = (f"{folder}/: no pictures found; add PNG, JPEG, HEIC, AVIF, WebP, GIF, TIFF, BMP, PSD, TGA, "
                "ICO, JPEG 2000, QOI, PPM or SVG files")
    assert expected in result.stderr
    assert "Traceback" not in result.output
    assert not out.exists()


def test_folder_of_other_files_names_one_left_out(tmp_path):
    folder = tmp_path / "iphone"
    folder.mkdir()
    write(folder / "IMG_0001.MOV", "a video")  # HEIC is a picture now (issue 17): a video is not
    with pytest.raises(ThemeError, match=r"no pictures found.*1 other file left out, e\.g\. IMG_0001\.MOV"):
        load_user_theme(folder)


def test_non_image_with_image_suffix_is_named(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:3])
    write(folder / "img2.png", "this is text, not a PNG")
    out = tmp_path / "out.pdf"
    result = run("--theme", folder, "--out", out, "--no-rules")
    assert result.exit_code == 1
    assert "img2.png: not a picture that can be read" in result.stderr
    assert not out.exists()


def test_same_picture_twice_in_a_folder(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:3])
    (folder / "img9.png").write_bytes((folder / "img2.png").read_bytes())
    with pytest.raises(ThemeError, match=r"img9\.png is the same picture as img2\.png \(values 1 and 3\)"):
        load_checked(folder)


# -- theme.toml ---------------------------------------------------------------------------------


def test_theme_file_sets_order_labels_title_fit_background(tmp_path):
    folder = colour_folder(tmp_path / "famille", SEVEN[:3])
    write(folder / "theme.toml", """\
name = "famille"
images = ["img3.png", "img1.png", "img2.png"]
fit = "cover"
background = "#00ff00"
age = 3

[title]
fr = "Ma famille"
en = "My family"

[labels]
fr = ["papi", "maman", "papa"]
en = ["grandpa", "mum", "dad"]
""")
    theme = load_theme(str(folder))
    assert [p.name for p in theme.images] == ["img3.png", "img1.png", "img2.png"]
    assert theme.title_in("en") == "My family"
    assert theme.label(0, "en") == "grandpa"
    assert theme.fit == "cover"
    assert theme.background == "#00FF00"
    assert theme.age == "3"
    out = tmp_path / "famille.pdf"
    result = render_theme(folder, out, "--labels", "--lang", "en")
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(out))
    assert "My family" in reader.metadata.title
    text = reader.pages[0].extract_text()
    for word in ("grandpa", "mum", "dad"):
        assert word in text


def test_theme_file_passed_directly_lists_its_folder(tmp_path):
    folder = colour_folder(tmp_path / "pics", SEVEN[:4])
    toml = write(tmp_path / "pics" / "mine.toml", 'title = "Mine"\n')
    theme = load_theme(str(toml))
    assert [p.name for p in theme.images] == ["img1.png", "img2.png", "img3.png", "img4.png"]
    assert theme.title_in("fr") == "Mine"
    assert theme.name == "pics"
    assert theme.source == f"{folder}/"


def test_images_are_relative_to_the_theme_file(tmp_path):
    colour_folder(tmp_path / "sets" / "art", SEVEN[:2])
    toml = write(tmp_path / "sets" / "t.toml", 'images = ["art/img2.png", "art/img1.png"]\n')
    theme = load_user_theme(toml)
    assert [p.name for p in theme.images] == ["img2.png", "img1.png"]
    outside = write(tmp_path / "sets" / "art" / "t.toml", 'images = ["../../x/img2.png", "img1.png"]\n')
    with pytest.raises(ThemeError, match="is outside the folder"):  # issue 17: never a file outside
        load_user_theme(outside)


def test_toml_syntax_error_names_the_line(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    write(folder / "theme.toml", 'title = "ok"\nfit = cover\n')
    out = tmp_path / "out.pdf"
    result = run("--theme", folder, "--out", out)
    assert result.exit_code == 1
    assert "theme.toml: TOML syntax error" in result.stderr
    assert "line 2" in result.stderr
    assert not out.exists()


def test_unknown_key(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    write(folder / "theme.toml", 'colour = "#FF0000"\n')
    result = run("--theme", folder, "--out", tmp_path / "out.pdf")
    assert result.exit_code == 1
    assert "theme.toml: unknown key 'colour'" in result.stderr


def test_same_file_listed_twice(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:3])
    write(folder / "theme.toml", 'images = ["img1.png", "img2.png", "./img1.png"]\n')
    out = tmp_path / "out.pdf"
    result = run("--theme", folder, "--out", out)
    assert result.exit_code == 1
    assert "values 0 and 2 both use img1.png; each value needs its own picture" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('images = ["img1.png", "gone.png"]\n', "images: gone.png not found in"),
        ('images = ["img1.png", "img2.mov"]\n', "images: img2.mov is not a picture file"),
        ("images = []\n", "images must be a list of file names"),
        ('fit = "stretch"\n', "fit must be \"contain\" or \"cover\", not 'stretch'"),
        ('background = "red"\n', "background must be a colour like"),
        ('labels = ["one"]\n', "labels.fr has 1 label for 2 values"),
        ('name = "a/b"\n', "name must be a short text without slashes"),
        ("title = 3\n", "title must be a text"),
    ],
)
def test_bad_theme_file_values(tmp_path, text, message):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    write(folder / "theme.toml", text)
    with pytest.raises(ThemeError) as caught:
        load_user_theme(folder)
    assert message in str(caught.value)
    assert str(folder / "theme.toml") in str(caught.value)


# -- the starter theme file ------------------------------------------------------------------


def test_starter_theme_lists_the_pictures_and_loads_back(tmp_path):
    folder = tmp_path / "classe"
    folder.mkdir()
    for index, name in enumerate(["10-lea.png", "2_tom.jpg", "1-ines.png", 'quote".png']):
        solid(folder / name, SEVEN[index])
    write(folder / "readme.txt", "x")
    written = write_starter_theme(folder, write_atomically)
    assert written == folder / "theme.toml"
    text = written.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert data["images"] == ["1-ines.png", "2_tom.jpg", "10-lea.png", 'quote".png']
    assert data["labels"]["fr"] == ["ines", "tom", "lea", 'quote"']
    assert data["fit"] == "contain"
    assert data["background"] == "#FFFFFF"
    assert data["title"] == "classe"
    assert "# [title]" in text  # the per-language title is offered, commented out
    theme = load_user_theme(folder)
    assert [p.name for p in theme.images] == data["images"]
    assert theme.label(2, "en") == "lea"


def test_starter_theme_never_overwrites(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    existing = write(folder / "theme.toml", "# mine\n")
    with pytest.raises(ThemeError, match=r"theme\.toml already exists; edit it, or delete it"):
        write_starter_theme(folder, write_atomically)
    assert existing.read_text() == "# mine\n"


def test_starter_theme_needs_pictures(tmp_path):
    with pytest.raises(ThemeError, match="no pictures found"):
        write_starter_theme(tmp_path, write_atomically)
    assert not (tmp_path / "theme.toml").exists()


def test_starter_theme_missing_folder(tmp_path):
    with pytest.raises(ThemeError, match="no such folder"):
        write_starter_theme(tmp_path / "nope", write_atomically)


def test_gif_first_frame_is_used(tmp_path):
    folder = tmp_path / "gif"
    folder.mkdir()
    frames = [Image.new("RGB", (40, 40), c) for c in ((255, 0, 0), (0, 0, 255))]
    frames[0].save(folder / "a.gif", save_all=True, append_images=frames[1:], duration=100)
    solid(folder / "b.png", "#00FF00")
    out = tmp_path / "gif.pdf"
    result = render_theme(folder, out)
    assert result.exit_code == 0, result.output
    layout, pages = face_boxes(3)
    image = page_pixels(out)
    x, y, s = pages[0][0][0]  # tile 0-0: the GIF twice
    red, _, blue = sample(image, layout, x + s / 2, y + s / 2)
    assert red > 200 and blue < 60


def test_pictures_are_checked_before_drawing(tmp_path):
    """A bad picture is reported by the check of the pictures a set uses, before any drawing starts."""
    from tests.fixtures_images import huge_png_header

    folder = colour_folder(tmp_path / "photos", SEVEN[:3])
    write(folder / "img2.png", "text")
    with pytest.raises(ThemeError, match=r"img2\.png: not a picture that can be read"):
        load_checked(folder)
    (folder / "img2.png").unlink()
    huge_png_header(folder / "img2.png", 20_000, 20_000)
    with pytest.raises(ThemeError, match=r"img2\.png: .* megapixels, over every limit"):
        load_checked(folder)
    (folder / "img2.png").unlink()
    write(folder / "img2.svg", '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>')
    with pytest.raises(ThemeError, match=r"img2\.svg: SVG files with a DOCTYPE or entities are refused"):
        load_checked(folder)


def test_theme_new_command(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN)
    first = run("theme", "new", folder)
    assert first.exit_code == 0
    assert first.stdout.startswith(f"{folder / 'theme.toml'}: 7 pictures listed")
    assert load_theme(str(folder / "theme.toml")).max_value == 6
    again = run("theme", "new", folder)
    assert again.exit_code == 1 and "already exists" in again.stderr
    missing = run("theme", "new", tmp_path / "nowhere")
    assert missing.exit_code == 2 and len(missing.stderr.strip().splitlines()) == 1


def test_more_pictures_than_the_largest_set_default_to_double_eighteen(tmp_path):
    folder = colour_folder(tmp_path / "many", [f"#{i * 10:02X}{250 - i * 10:02X}40" for i in range(21)])
    result = render_theme(folder, tmp_path / "many.pdf")
    assert result.exit_code == 0, result.output
    assert "190 dominoes (double-eighteen)" in result.stdout


# -- hostile and careless names, non-regular files, lazy checks (issue 9) ----------------------


def one_error_line(result, code: int = 1) -> str:
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino-print: error: "), result.stderr
    return lines[0]


def test_folder_named_with_a_stray_byte_is_refused_as_a_title_then_theme_new_fixes_it(tmp_path):
    folder = colour_folder(Path(os.fsdecode(bytes(tmp_path) + b"/ph\xffotos")), SEVEN)
    out = tmp_path / "out.pdf"
    line = one_error_line(run("--theme", folder, "--out", out, "--no-rules"))
    assert "ph\\xffotos/: the folder's name (the sheet's title) is not valid UTF-8 text (the byte 0xFF)" \
        in line
    assert "domino-print theme new" in line
    assert not out.exists()
    made = run("theme", "new", folder)
    assert made.exit_code == 0, made.output
    text = (folder / "theme.toml").read_text(encoding="utf-8")
    assert 'title = "My pictures"' in text and "# The folder's name cannot be the title" in text
    done = run("--theme", folder, "--out", out, "--no-rules")
    assert done.exit_code == 0, done.output
    assert PdfReader(out).metadata.title.endswith("My pictures")


def test_picture_named_with_a_stray_byte_draws_but_is_no_label_and_no_toml_entry(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:6])
    solid(Path(os.fsdecode(bytes(folder) + b"/img7-caf\xe9.png")), SEVEN[6])
    out = tmp_path / "out.pdf"
    assert run("--theme", folder, "--out", out, "--no-rules").exit_code == 0
    out.unlink()
    line = one_error_line(run("--theme", folder, "--out", out, "--no-rules", "--labels"))
    assert "img7-caf\\xe9.png: the file name (its label with --labels) is not valid UTF-8 text" in line
    assert not out.exists()
    line = one_error_line(run("theme", "new", folder))
    assert "img7-caf\\xe9.png: the file name is not valid UTF-8 text, so theme.toml cannot list it" in line
    assert sorted(os.listdir(folder))[0] == "img1.png"  # nothing written: no theme.toml, no temporary
    assert not [n for n in os.listdir(folder) if not n.startswith("img")]


HOSTILE_NAMES = ['a"b.png', "back\\slash.png", "bell\x07.png", "del\x7f.png", "tab\tx.png",
                 "new\nline.png", "rlo\u202egnp.png", "zero\u200bwidth.png", "ü-ß-é.png"]


def test_theme_new_writes_names_with_controls_quotes_and_bidi_that_read_back(tmp_path):
    folder = tmp_path / "classe"
    folder.mkdir()
    for index, name in enumerate(HOSTILE_NAMES):
        solid(folder / name, f"#{index * 25:02X}40{255 - index * 25:02X}")
    assert run("theme", "new", folder).exit_code == 0
    text = (folder / "theme.toml").read_text(encoding="utf-8")
    assert "\u202e" not in text and "\x07" not in text and "\x7f" not in text  # escaped, visible
    data = tomllib.loads(text)
    assert sorted(data["images"]) == sorted(HOSTILE_NAMES)
    theme = load_checked(folder / "theme.toml", labels=True)  # every derived label is printable
    assert [p.name for p in theme.images] == data["images"]
    assert theme.label(data["images"].index("rlo\u202egnp.png"), "fr") == "rlo gnp"
    out = tmp_path / "out.pdf"
    assert run("--theme", folder, "--out", out, "--labels", "--max", "8").exit_code == 0


def test_toml_string_escapes_what_toml_forbids():
    from domino_print.themes.user import toml_string

    values = ["", "plain", 'q"', "\\", "\x00\x01\x1f\x7f\x80\x9f", "\u202e\u2066\ufeff", "\U0001f600", "é"]
    for value in values:
        assert tomllib.loads(f"x = {toml_string(value)}")["x"] == value
    with pytest.raises(ValueError, match="not valid UTF-8"):
        toml_string("caf\udce9")


def test_theme_new_is_atomic_and_never_replaces_even_a_dangling_link(tmp_path, monkeypatch):
    folder = colour_folder(tmp_path / "photos", SEVEN[:3])
    before = sorted(os.listdir(folder))

    def full_disk(_fd):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", full_disk)
        line = one_error_line(run("theme", "new", folder))
    assert "No space left on device" in line
    assert sorted(os.listdir(folder)) == before  # no 0-byte theme.toml, no temporary file
    (folder / "theme.toml").symlink_to(tmp_path / "nowhere.toml")
    line = one_error_line(run("theme", "new", folder))
    assert "theme.toml already exists" in line
    assert not (tmp_path / "nowhere.toml").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs need a POSIX system")
def test_fifos_never_hang(tmp_path):
    """A FIFO as the theme file, as theme.toml, as a listed picture, or among the pictures."""
    fifo_toml = tmp_path / "theme-fifo.toml"
    os.mkfifo(fifo_toml)
    line = one_error_line(run("--theme", fifo_toml, "--out", tmp_path / "a.pdf"))
    assert "is not a regular file" in line
    folder = colour_folder(tmp_path / "photos", SEVEN)
    os.mkfifo(folder / "img0.png")  # left out of the folder, like a subfolder
    theme = load_checked(folder)
    assert "img0.png" not in [p.name for p in theme.images] and theme.max_value == 6
    write(folder / "theme.toml", 'images = ["img1.png", "img0.png"]\n')
    line = one_error_line(run("--theme", folder, "--out", tmp_path / "a.pdf", "--no-rules"))
    assert "images: img0.png is not a regular file" in line
    (folder / "theme.toml").unlink()
    os.mkfifo(folder / "theme.toml")
    line = one_error_line(run("--theme", folder, "--out", tmp_path / "a.pdf"))
    assert "theme.toml: the theme file is not a regular file" in line
    assert not (tmp_path / "a.pdf").exists()


@pytest.mark.parametrize("text", [
    "x = " + "[" * 100_000 + "]" * 100_000 + "\n",  # tomllib recursed into a traceback
    "title = {" + "a = {" * 3000 + "}" * 3001 + "\n",
])
def test_a_deeply_nested_theme_file_is_one_line(tmp_path, text):
    folder = colour_folder(tmp_path / "photos", SEVEN)
    write(folder / "theme.toml", text)
    line = one_error_line(run("--theme", folder, "--out", tmp_path / "a.pdf"))
    assert "theme.toml: TOML syntax error: arrays or tables nested too deeply" in line
    assert not (tmp_path / "a.pdf").exists()


def test_a_huge_theme_file_is_refused_without_reading_it_all(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN)
    write(folder / "theme.toml", 'title = "a"\n#' + "x" * 2_000_000 + "\n")
    line = one_error_line(run("--theme", folder, "--out", tmp_path / "a.pdf"))
    assert "theme.toml: the theme file is over the 1 MB limit" in line
    assert not (tmp_path / "a.pdf").exists()


def test_a_folder_named_theme_toml_is_refused_in_words(tmp_path):
    """os.fdopen refuses a folder itself: the message was '3: Is a directory'."""
    folder = colour_folder(tmp_path / "photos", SEVEN)
    (folder / "theme.toml").mkdir()
    line = one_error_line(run("--theme", folder, "--out", tmp_path / "a.pdf"))
    assert "theme.toml: the theme file is not a regular file" in line
    assert not (tmp_path / "a.pdf").exists()


@pytest.mark.parametrize(
    ("toml", "extra", "message"),
    [
        ('title = "Chats\u202e"\n', (), "theme.toml: title contains control characters (U+202E); use plain"),
        ('title = "\u732b"\n', (), "theme.toml: title has characters the font (Fira Sans) cannot print"),
        ('name = "x\\u0007"\n', (), "theme.toml: name contains control characters (U+0007)"),
        ('title = "' + "t" * 61 + '"\n', (), "theme.toml: title is 61 characters long; use at most 60"),
        ('labels = ["a", "b\\u0001"]\n', ("--labels",), "theme.toml: label 1 'b\\x01' contains control"),
        ('labels = ["a", " "]\n', ("--labels",), "theme.toml: label 1 ' ' is empty"),
    ],
)
def test_texts_from_a_theme_file_get_the_label_check(tmp_path, toml, extra, message):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    write(folder / "theme.toml", toml)
    out = tmp_path / "out.pdf"
    line = one_error_line(run("--theme", folder, "--out", out, "--no-rules", "--max", "1", *extra))
    assert message in line
    assert not out.exists()


def test_labels_are_checked_only_when_printed(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    write(folder / "theme.toml", 'labels = ["a", "\u732b"]\n')
    out = tmp_path / "out.pdf"
    assert run("--theme", folder, "--out", out, "--no-rules", "--max", "1").exit_code == 0


def test_default_output_name_is_safe_whatever_the_theme_name(tmp_path, monkeypatch):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    write(folder / "theme.toml", 'name = "Les \\"chats\\" : été? * <1>"\n')
    monkeypatch.chdir(tmp_path)
    result = run("--theme", folder, "--no-rules", "--max", "1")
    assert result.exit_code == 0, result.output
    assert os.listdir(tmp_path / "output") == ["dominos-Les-chats-été-1.pdf"]
    # a name is not drawn (only the title is): characters no font has are fine in it, but not a slash
    write(folder / "theme.toml", 'name = "\u732b / \u0416"\ntitle = "Chats"\n')
    result = run("--theme", folder, "--no-rules", "--max", "1")
    assert one_error_line(result)  # a slash is still refused in a name
    write(folder / "theme.toml", 'name = "\u732b \u0416"\ntitle = "Chats"\n')
    result = run("--theme", folder, "--no-rules", "--max", "1")
    assert result.exit_code == 0, result.output
    assert "dominos-\u732b-\u0416.pdf" in os.listdir(tmp_path / "output")
    write(folder / "theme.toml", 'name = "\u732b"\n')  # the name is the title: printed, so refused
    line = one_error_line(run("--theme", folder, "--no-rules", "--max", "1"))
    assert "theme.toml: name (the title when none is given) has characters the font" in line


def test_a_set_reads_only_the_pictures_it_uses(tmp_path, monkeypatch):
    """--max 3 on a folder of 20 pictures opens 4 of them; a broken unused one does not matter."""
    import PIL.Image

    folder = colour_folder(tmp_path / "many", [f"#{i * 12:02X}{250 - i * 12:02X}40" for i in range(20)])
    write(folder / "img15.png", "not a picture")
    opened = []
    real_open = PIL.Image.open

    def spy(path, *args, **kwargs):
        opened.append(Path(getattr(path, "name", path)).name)  # a path, or a file opened by us
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(PIL.Image, "open", spy)
    result = render_theme(folder, tmp_path / "out.pdf", "--max", "3")
    assert result.exit_code == 0, result.output
    assert set(opened) == {"img1.png", "img2.png", "img3.png", "img4.png"}


def test_error_lines_show_hostile_names_escaped(tmp_path):
    """A file name holding a terminal escape sequence or a newline reaches the error line escaped."""
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    write(folder / "img3\x1b[2J\nx.png", "not a picture")
    line = one_error_line(run("--theme", folder, "--out", tmp_path / "out.pdf", "--no-rules"))
    assert "img3\\x1b[2J x.png: not a picture that can be read" in line
    assert "\x1b" not in line


def test_svg_pictures_the_set_does_not_use_are_never_parsed(tmp_path, monkeypatch):
    """A folder of 20 SVGs with --max 3 parses 4 of them: a huge or broken SVG further on costs nothing."""
    import domino_print.faces.artwork as face_pictures
    import domino_print.pictures.raster as raster

    folder = tmp_path / "art"
    folder.mkdir()
    for index in range(20):
        write(folder / f"art{index:02d}.svg",
              f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
              f'<circle cx="5" cy="5" r="{1 + index % 4}" fill="#{index * 12:02X}4080"/></svg>')
    write(folder / "art12.svg", "<svg broken")
    parsed = []
    real_load = raster.load_svg

    def spy(path):
        parsed.append(path.name)
        return real_load(path)

    monkeypatch.setattr(raster, "load_svg", spy)
    monkeypatch.setattr(face_pictures, "load_svg", spy)
    result = render_theme(folder, tmp_path / "out.pdf", "--max", "3")
    assert result.exit_code == 0, result.output
    assert set(parsed) == {"art00.svg", "art01.svg", "art02.svg", "art03.svg"}
    default = render_theme(folder, tmp_path / "all.pdf")  # every picture used: the broken one is named
    assert default.exit_code == 1 and "art12.svg: not a readable SVG file" in default.stderr


@pytest.mark.parametrize("ref", ["", "  "])
def test_an_empty_theme_is_refused_not_taken_as_the_current_folder(tmp_path, monkeypatch, ref):
    """``--theme ""`` made a set from the pictures of the current folder (Path("") is ".")."""
    colour_folder(tmp_path, SEVEN)
    monkeypatch.chdir(tmp_path)
    result = run("--theme", ref, "--out", tmp_path / "a.pdf")
    assert "--theme is empty" in one_error_line(result, 2)
    assert not (tmp_path / "a.pdf").exists()
