"""Pictures kept across renders (pictures.kept): the same PDF with the store warm or cold,
no photo decoded twice, a file changed in place drawn as it is now, memory bounded."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pytest
from PIL import Image

from domino_print.api import make_document
from domino_print.pictures import kept, raster


def _photo(path: Path, turn: int) -> Path:
    """A 1200 x 1000 JPEG, the same pixels for the same ``turn``."""
    channels = [Image.radial_gradient("L").rotate(40 * turn + 70 * c).resize((1200, 1000)) for c in range(3)]
    Image.merge("RGB", channels).save(path, quality=90)
    return path


@pytest.fixture
def photos(tmp_path) -> Path:
    folder = tmp_path / "photos"
    folder.mkdir()
    for turn in range(3):
        _photo(folder / f"p{turn}.jpg", turn)
    return folder


@pytest.fixture
def decodes(monkeypatch) -> list[Path]:
    """Every photo decoded from its file, by path."""
    seen: list[Path] = []
    original = raster.decode

    def counting(image, path, scale):
        seen.append(path)
        return original(image, path, scale)

    monkeypatch.setattr(raster, "decode", counting)
    kept.forget_all()
    yield seen
    kept.forget_all()


def _pdf(folder: Path, **options) -> bytes:
    return make_document({"theme": str(folder), "dpi": 300, **options}).pdf


@pytest.mark.slow
def test_the_download_is_the_same_with_the_store_warm_or_cold(photos, decodes):
    cold = _pdf(photos)
    assert sorted(decodes) == sorted(photos.glob("*.jpg"))
    decodes.clear()
    assert _pdf(photos) == cold  # warm: every face from the store
    assert decodes == []
    # Another margin gives the faces another size: resampled from the kept decodings, the same
    # bytes as a render that decodes the photos again.
    warm_margin = _pdf(photos, margin=11.5)
    assert decodes == []
    kept.forget_all()
    assert _pdf(photos, margin=11.5) == warm_margin
    assert decodes  # that one did decode: the comparison was with a cold store
    decodes.clear()
    assert _pdf(photos, ink="noir") == _cold(photos, ink="noir")  # grey faces are kept apart


def _cold(folder: Path, **options) -> bytes:
    kept.forget_all()
    return _pdf(folder, **options)


@pytest.mark.slow
def test_a_picture_changed_in_place_is_drawn_as_it_is_now(photos, decodes):
    first = _pdf(photos)
    _photo(photos / "p0.jpg", 5)  # the same name and size, other pixels
    now = _pdf(photos)
    assert now != first
    assert now == _cold(photos)


def _store_of(monkeypatch, most: int) -> None:
    """The process's store replaced by an empty one of ``most`` bytes (a quarter of it the largest kept)."""
    monkeypatch.setattr(kept, "_kept", kept._Recent(most, lambda face: face.weight(), largest=most // 4))


def test_the_store_is_bounded(monkeypatch):
    _store_of(monkeypatch, 10_000)
    for number in range(20):
        kept.keep(("key", number), kept.KeptFace(bytes(1_000), True, 0, 0, 1, 1))
    assert kept.kept_bytes() <= 10_000
    assert kept.recall(("key", 19)) is not None and kept.recall(("key", 0)) is None
    kept.keep(("big",), kept.KeptFace(bytes(5_000), True, 0, 0, 1, 1))  # over a quarter: not kept
    assert kept.recall(("big",)) is None
    kept.forget_all()
    assert kept.kept_bytes() == 0


def test_the_store_is_safe_from_threads(monkeypatch):
    _store_of(monkeypatch, 50_000)
    errors: list[BaseException] = []

    def work(start: int) -> None:
        try:
            for number in range(start, start + 500):
                kept.keep(("key", number % 97), kept.KeptFace(bytes(number % 700), True, 0, 0, 1, 1))
                kept.recall(("key", (number * 7) % 97))
        except BaseException as error:  # any error fails the test
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n * 1000,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert kept.kept_bytes() == sum(face.weight() for face in kept._kept.values()) <= 50_000
    kept.forget_all()


def test_a_picture_is_found_by_its_bytes_not_its_name(tmp_path):
    one, other = _photo(tmp_path / "a.jpg", 1), tmp_path / "b.jpg"
    other.write_bytes(one.read_bytes())
    settings = ("contain", 72)
    assert kept.face_key(one, settings) == kept.face_key(other, settings)
    _photo(other, 2)
    assert kept.face_key(one, settings) != kept.face_key(other, settings)
    assert kept.face_key(tmp_path / "missing.jpg", settings) is None


def test_compiled_art_found_once_is_never_shown_stale(tmp_path):
    from domino_print.pictures.art import art_path, load_compiled

    shipped = Path(__file__).resolve().parent.parent / "assets" / "fruits" / "pomme.svg"
    svg = tmp_path / "pomme.svg"
    svg.write_bytes(shipped.read_bytes())
    art_path(svg).write_bytes(art_path(shipped).read_bytes())
    found = load_compiled(svg)
    assert found is not None and load_compiled(svg) == found
    svg.write_bytes(shipped.read_bytes().replace(b"<svg", b"<svg data-edited='1'", 1))  # edited after
    assert load_compiled(svg) is None  # the operators no longer match it: it is converted as usual


@pytest.fixture
def encodes(monkeypatch) -> list[int]:
    """Every face picture resampled and encoded for the PDF (``FaceImage.embedded``), by its width."""
    seen: list[int] = []
    original = raster.FaceImage.embedded

    def counting(face):
        seen.append(face.image.width)
        return original(face)

    monkeypatch.setattr(raster.FaceImage, "embedded", counting)
    kept.forget_all()
    yield seen
    kept.forget_all()


def test_a_face_a_fraction_of_a_pixel_larger_is_not_encoded_again(tmp_path, encodes):
    photo = _photo(tmp_path / "p.jpg", 1)
    options = {"dpi": 300, "fit": "cover", "margin": 0.04}
    first = raster.prepare_embedded(photo, 80.0, **options)
    assert len(encodes) == 1 and first.photo and isinstance(first.data, bytes)
    nudged = raster.prepare_embedded(photo, 80.01, **options)  # 307 px wide either way (73.6 pt at 300 dpi)
    assert len(encodes) == 1  # the kept JPEG, placed for the larger face
    assert nudged.data == first.data and nudged.width == pytest.approx(80.01 * 0.92)
    kept.forget_all()
    assert raster.prepare_embedded(photo, 80.01, **options) == nudged  # the same as from a cold store
    assert len(encodes) == 2


def test_what_makes_a_face_s_pixels_makes_another_kept_picture(tmp_path, encodes):
    photo = _photo(tmp_path / "p.jpg", 1)
    options = {"dpi": 300, "fit": "cover", "margin": 0.04}
    first = raster.prepare_embedded(photo, 80.0, **options).data
    larger = raster.prepare_embedded(photo, 82.0, **options).data  # 314 px wide, not 307
    assert Image.open(io.BytesIO(larger)).size == (314, 314)
    assert Image.open(io.BytesIO(first)).size == (307, 307)
    elsewhere = raster.prepare_embedded(photo, 80.0, **options, position=(0.0, 0.5)).data
    grey = raster.prepare_embedded(photo, 80.0, **options, grey=True).data
    assert len({first, larger, elsewhere, grey}) == 4 and len(encodes) == 4
    see_through = tmp_path / "t.png"
    Image.new("RGBA", (400, 400), (255, 0, 0, 0)).save(see_through)
    white = raster.prepare_embedded(see_through, 80.0, dpi=300, background="#FFFFFF").data
    blue = raster.prepare_embedded(see_through, 80.0, dpi=300, background="#0000FF").data
    assert white.getpixel((0, 0)) == (255, 255, 255) and blue.getpixel((0, 0)) == (0, 0, 255)


@pytest.mark.slow
def test_a_nudged_margin_gives_the_same_download_warm_or_cold(photos, encodes):
    _pdf(photos, margin=10)
    warm = _pdf(photos, margin=10.01)
    assert warm == _cold(photos, margin=10.01)


def test_a_picture_s_header_is_read_once_while_its_file_stays_the_same(tmp_path, monkeypatch):
    reads: list[Path] = []
    original = raster._read_header
    monkeypatch.setattr(raster, "_read_header", lambda path: reads.append(path) or original(path))
    kept.forget_all()
    photo = _photo(tmp_path / "p.jpg", 1)
    assert raster.check_image(photo) == raster.ImageInfo("JPEG", 1200, 1000)
    raster.prepare_embedded(photo, 80.0, dpi=300)
    assert raster.check_image(photo) == raster.ImageInfo("JPEG", 1200, 1000)
    assert reads == [photo]  # the check, the decoding's choice and the check again: one read
    Image.new("RGB", (640, 480), "red").save(photo, quality=90)  # written in place: read again
    assert raster.check_image(photo) == raster.ImageInfo("JPEG", 640, 480)
    photo.write_bytes(b"not a picture at all")
    with pytest.raises(raster.PictureError):
        raster.check_image(photo)
    with pytest.raises(raster.PictureError):  # an error is never kept: said every time
        raster.check_image(photo)
    assert len(reads) == 4
    kept.forget_all()
