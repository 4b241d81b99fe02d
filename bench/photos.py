"""The photo benchmark: seven 12-megapixel phone-sized JPEGs made into a double-six sheet.

``generate_photos`` makes seven 4000 x 3000 JPEG "photos" (blurred colour
blobs, gradients and fine sensor-like noise, quality 92: about 4-5 MB each)
in ``bench/.work/photos/`` once; later runs reuse them. ``PHOTO_SCENARIO``
times ``domino-print --theme bench/.work/photos`` against decoding the seven
files once at full size with Pillow: the whole command must be faster than
that decode (JPEG draft mode decodes at 1/8 scale), the PDF at most 500 KB and
the peak memory at most 150 MB.

    python -m bench.run photos
"""

from __future__ import annotations

from pathlib import Path

from bench.run import PYTHON, WORK, Scenario

PHOTOS = WORK / "photos"
COUNT = 7
SIZE = (4000, 3000)
QUALITY = 92
_DONE = ".complete"


def make_photo(index: int, size: tuple[int, int] = SIZE):
    """One photo-like RGB image: each channel mixes blobs, a gradient and fine noise."""
    from PIL import Image, ImageChops, ImageFilter, ImageOps

    width, height = size
    channels = []
    for channel in range(3):
        blobs = Image.effect_noise((max(1, width // 40), max(1, height // 40)), 90)
        blobs = ImageOps.autocontrast(blobs.filter(ImageFilter.GaussianBlur(2.5)), cutoff=1)
        gradient = Image.radial_gradient("L") if (index + channel) % 2 else Image.linear_gradient("L")
        gradient = gradient.rotate(51 * index + 97 * channel)
        middle = Image.effect_noise((max(1, width // 4), max(1, height // 4)), 30)
        mixed = Image.blend(blobs.resize(size, Image.BICUBIC), gradient.resize(size, Image.BICUBIC), 0.35)
        mixed = Image.blend(mixed, middle.resize(size, Image.BICUBIC), 0.2)
        fine = Image.effect_noise(size, 9)
        channels.append(ImageChops.add(mixed, fine, scale=1.0, offset=-128))
    return Image.merge("RGB", channels)


def photo_paths() -> list[Path]:
    return [PHOTOS / f"photo-{i + 1}.jpg" for i in range(COUNT)]


def generate_photos() -> list[Path]:
    """Make the seven photos once (about 20 s); later calls return the cached files."""
    paths = photo_paths()
    if (PHOTOS / _DONE).exists() and all(p.exists() for p in paths):
        return paths
    PHOTOS.mkdir(parents=True, exist_ok=True)
    for index, path in enumerate(paths):
        print(f"bench: generating {path.relative_to(WORK.parent.parent)} ...", flush=True)
        make_photo(index).save(path, "JPEG", quality=QUALITY)
    (PHOTOS / _DONE).touch()
    return paths


HEIC_PHOTOS = WORK / "photos-heic"


def generate_heic_photos() -> list[Path]:
    """The same seven photos as an iPhone saves them: HEIC (HEVC, quality 80) with a 320 px
    thumbnail embedded, made once (x265 takes a while); later calls return the cached files."""
    paths = [HEIC_PHOTOS / f"IMG_{i + 1:04d}.HEIC" for i in range(COUNT)]
    if (HEIC_PHOTOS / _DONE).exists() and all(p.exists() for p in paths):
        return paths
    import pillow_heif
    from PIL import Image

    HEIC_PHOTOS.mkdir(parents=True, exist_ok=True)
    for source, path in zip(generate_photos(), paths, strict=True):
        print(f"bench: generating {path.relative_to(WORK.parent.parent)} ...", flush=True)
        with Image.open(source) as image:
            pillow_heif.from_pillow(image).save(path, quality=80, thumbnails=[320],
                                                enc_params={"preset": "ultrafast"})
    (HEIC_PHOTOS / _DONE).touch()
    return paths


_DECODE = (
    "import glob; from PIL import Image; "
    "[Image.open(p).load() for p in sorted(glob.glob('bench/.work/photos/*.jpg'))]"
)

PHOTO_SCENARIO = Scenario(
    name="7 photos 12 MP",
    args=["--theme", "bench/.work/photos", "--out", "bench/.work/photos.pdf"],
    max_ratio=1.0,
    max_kb=500,
    max_mb_memory=150,
    baseline=[PYTHON, "-c", _DECODE],
    baseline_name="decode the 7 photos once (Pillow)",
    setup=generate_photos,
)
