# domino-print: every target sets up its own virtual environment when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast golden lint bench art clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/domino-print --theme pips --out output/dominos-pips.pdf
	$(BIN)/domino-print --theme fruits --out output/dominos-fruits.pdf
	$(BIN)/domino-print --theme pips-couleur --out output/dominos-pips-couleur.pdf
	$(BIN)/domino-print --theme chiffres --max 9 --rules points --out output/dominos-chiffres.pdf
	$(BIN)/domino-print --theme fruits --labels --lang en --out output/dominos-fruits-en.pdf
	$(BIN)/domino-print --theme pips-couleur --sets 3 --label "Classe des Lutins" --backs --out output/dominos-classe.pdf

test: $(STAMP)
	$(BIN)/python -m pytest -q

# Everything but the tests marked slow (subprocess, wheel, pixel-heavy, browser): under 15 s.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow"

# Rewrite tests/golden/*.png from the current code, after an intended visual change: look, then commit.
golden: $(STAMP)
	$(BIN)/python -m pytest -q tests/test_golden.py --update-golden

lint: $(STAMP)
	$(BIN)/ruff check domino_print tests bench

# Times whole commands against their baselines (wall and CPU time, with the start-up guard) and
# rewrites bench/RESULTS.md; fails when a scenario is over its limits.
bench: $(STAMP)
	$(BIN)/python -m bench.run --write

art: $(STAMP)
	$(BIN)/python -m domino_print.pictures.art assets

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
