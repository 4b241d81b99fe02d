"""``make_document`` from several threads: each document comes out with the bytes it has alone.

ReportLab's font subsetting is not thread-safe; the core (``api.RENDERING``) draws one document
at a time in a process, whatever surface calls it.
"""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from domino_print.api import make_document

JOBS = [
    {"theme": "pips"},
    {"theme": "fruits", "labels": True, "lang": "en"},
    {"theme": "chiffres", "max": 9, "rules": "points"},
    {"theme": "pips-couleur", "sets": 2, "label": "Classe des Lutins", "backs": True},
    {"theme": "nombres", "faces": "addition,cadre", "seed": 3},
    {"theme": "heures", "faces": "horloge,mots", "step": "15", "seed": 4, "lang": "de"},
    {"theme": "lettres", "structure": "boucle", "values": "A-J"},
    {"theme": "fractions", "faces": "disque,pourcentage", "lang": "es"},
]


@pytest.mark.slow
def test_eight_threads_each_get_the_bytes_they_get_alone():
    alone = [make_document(job).pdf for job in JOBS]
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns as often as they can
    try:
        with ThreadPoolExecutor(max_workers=len(JOBS)) as pool:
            for _ in range(3):
                together = list(pool.map(lambda job: make_document(job).pdf, JOBS))
                for job, mine, theirs in zip(JOBS, alone, together, strict=True):
                    assert theirs == mine, f"{job}: a document made beside others differs from its own"
    finally:
        sys.setswitchinterval(switch)
