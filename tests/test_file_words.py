"""Labels from file names: a camera's or a messaging app's name gives none (issue 34, item 4).

The names below are the ones real devices and apps write (checked against photos from each:
iPhone, Android, Google Pixel, Samsung, Sony, Nikon, Fujifilm, Panasonic/Olympus, Casio, HTC,
GoPro, DJI, WhatsApp on Android and desktop in four languages, Signal, Telegram, and the
screenshots of macOS, Windows and Android in fr/en/es/de). The table is written here, by
hand, not from the code under test."""

from __future__ import annotations

from pathlib import Path

import pytest

from domino_print import api_internal
from domino_print.studio.uploads import label_from_name
from domino_print.themes.user import label_for

CAMERA_NAMES = [
    "IMG_1234.JPG", "IMG_1234.HEIC", "IMG_1234 (1).jpg", "IMG_E1234.JPG", "image0.jpeg",
    "IMG_20260714_153012.jpg", "IMG_20260714_153012_HDR.jpg", "MVIMG_20260714_153012.jpg",
    "PXL_20260714_153012345.jpg", "PXL_20260714_153012345.MP.jpg",
    "PXL_20260714_153012345.PORTRAIT.jpg", "20260714_153012.jpg", "1000012345.jpg",
    "DSC01234.JPG", "DSC_1234.JPG", "_DSC1234.NEF", "DSCN1234.JPG", "DSCF1234.JPG",
    "DSC_1234-2.jpg", "P1010001.JPG", "P7140001.JPG", "CIMG0001.JPG", "SAM_0001.JPG",
    "IMAG0001.jpg", "GOPR0001.JPG", "GH010001.JPG", "DJI_0001.JPG",
    "WhatsApp Image 2026-07-14 at 15.30.12.jpeg", "WhatsApp Image 2026-07-14 at 15.30.12 (1).jpeg",
    "WhatsApp Image 2026-07-14 à 15.30.12.jpeg", "WhatsApp Bild 2026-07-14 um 15.30.12.jpeg",
    "IMG-20260714-WA0003.jpg", "signal-2026-07-14-153012.jpg", "photo_2026-07-14_15-30-12.jpg",
    "Capture d’écran 2026-07-14 à 15.30.12.png", "Screenshot 2026-07-14 at 15.30.12.png",
    "Captura de pantalla 2026-07-14 a las 15.30.12.png",
    "Bildschirmfoto 2026-07-14 um 15.30.12.png", "Screenshot_20260714-153012.png",
]

KEPT = [  # a word the user left in a camera's name is kept
    ("IMG_20260714_153012_vacances_bretagne.jpg", "vacances bretagne"),
    ("IMG_1234 mamie.jpg", "mamie"),
    ("Mamie IMG_1234.jpg", "Mamie"),
    ("Noël 2025.jpg", "Noël"),
    ("DSC01234 Léo à la plage.JPG", "Léo à la plage"),
]

PLAIN = [  # names a person gave: their words, as before
    ("maman.jpg", "maman"), ("01-maman.jpg", "maman"), ("petit_chat.png", "petit chat"),
    ("03 Papi.JPG", "Papi"), ("chien-loup.png", "chien-loup"), ("chat 2.jpg", "chat 2"),
    ("img1.png", "img1"), ("photo de maman.jpg", "photo de maman"), ("A380.png", "A380"),
    ("image du chat.png", "image du chat"),
]


@pytest.mark.parametrize("name", CAMERA_NAMES)
def test_a_camera_name_gives_no_label(name):
    assert label_for(Path(name)) == ""
    assert label_from_name(name) == ""
    assert api_internal.label_from_file_name(Path(name).stem) == ""


@pytest.mark.parametrize(("name", "label"), KEPT + PLAIN)
def test_a_word_in_the_name_is_kept(name, label):
    assert label_for(Path(name)) == label
    assert label_from_name(name) == label


def test_the_issue_example_is_no_longer_cut():
    """Was "IMG 20260714 153012 vacances bretagne pl" (cut at 40 characters)."""
    assert label_from_name("IMG_20260714_153012_vacances_bretagne_plage.jpg") == "vacances bretagne plage"


def test_a_folder_of_camera_names_prints_the_numbers(tmp_path):
    """On the command line a picture with no word prints its value with --labels, as a theme.toml
    with fewer labels does: never the camera's counter."""
    from PIL import Image

    from domino_print.themes.loader import load_theme

    for index, name in enumerate(["IMG_0001.JPG", "IMG_0002.JPG", "maman.png"]):
        Image.new("RGB", (64, 64), (40 * index, 90, 160)).save(tmp_path / name)
    theme = load_theme(str(tmp_path))
    assert [theme.label(value, "fr") for value in range(3)] == ["0", "1", "maman"]
