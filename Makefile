# domino-print: every target sets up its own virtual environment when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench art clean

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

lint: $(STAMP)
	$(BIN)/ruff check domino_print tests bench

bench: $(STAMP)
	$(BIN)/python -m bench.run

art: $(STAMP)
	$(BIN)/python -m domino_print.pictures.art assets

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
