# domino-print: every target sets up its own virtual environment when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast golden lint bench art clean chromium print-tools screenshots plate-pictures goal-pictures docs

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
	$(BIN)/domino-print --theme pips --rules doubles --out output/dominos-doubles.pdf
	$(BIN)/domino-print --theme fruits --ink noir --label "CM1" --backs --out output/dominos-fruits-noir.pdf
	$(BIN)/domino-print --theme nombres --faces chiffre,points --out output/dominos-nombres.pdf
	$(BIN)/domino-print --theme lettres --structure boucle --values A-Z --out output/boucle-lettres.pdf
	$(BIN)/domino-print --theme nombres --faces addition,cadre --range 0-10 --seed 3 --out output/dominos-additions.pdf
	$(BIN)/domino-print --theme nombres --faces multiplication,chiffre --tables 2,5,10 --structure boucle --out output/boucle-multiplications.pdf
	$(BIN)/domino-print --theme heures --faces horloge,mots --step 15 --seed 4 --out output/dominos-heures.pdf
	$(BIN)/domino-print --theme fractions --faces disque,pourcentage --lang en --out output/dominos-fractions.pdf
	$(BIN)/domino-print --theme monnaie --structure boucle --out output/boucle-monnaie.pdf
	$(BIN)/domino-print --theme nombres --niveaux 3 --backs --out output/dominos-niveaux.pdf
	$(BIN)/domino-print --theme examples/tables-de-multiplication.csv --style jai-quia --out output/boucle-tables.pdf
	$(BIN)/domino-print --theme fruits --backs fold --label "Classe des Lutins" --out output/dominos-fold.pdf
	$(BIN)/domino-print --theme chiffres --lang de --label "Lớp 3A · Klasa 2b · Τάξη Β · Класс 2Б" --out output/dominos-schriften.pdf
	$(BIN)/domino-print --theme pips --marks full --gap 3 --out output/dominos-guides.pdf
	$(BIN)/domino-print --theme fruits --cut svg --corner 2 --gap 2 --out output/dominos-cut.pdf
	$(BIN)/domino-print --theme fruits --backs --label "Classe des Lutins" --pdf-x --out output/dominos-pdf-x.pdf
	$(BIN)/domino-print --theme pips --cut svg --laser --gap 2 --out output/dominos-laser.pdf
	$(BIN)/domino-print --theme fruits --registration silhouette --cut svg --no-rules --out output/dominos-silhouette.pdf
	$(BIN)/domino-print --theme pips-couleur --registration cricut --cut svg --no-rules --out output/dominos-cricut.pdf
	$(BIN)/domino-print --theme pips-couleur --only 4-2,6-6,0-3 --sets 3 --set 2 --label "Classe des Lutins" --backs --out output/dominos-reprint.pdf
	$(BIN)/domino-print --theme pips --scale 100.6,99.8 --out output/dominos-scale.pdf
	$(BIN)/domino-print --theme fruits --rules tout-petits --max 3 --tile-size large --out output/dominos-tout-petits.pdf
	$(BIN)/domino-print --theme pips --rules fives --score-sheet --lang en --out output/dominos-fives.pdf
	$(BIN)/domino-print --theme pips --max 9 --rules chicken --lang es --out output/dominos-chicken.pdf
	$(BIN)/domino-print --theme chiffres --max 12 --rules train --players 6 --lang de --out output/dominos-train.pdf
	$(BIN)/domino-print site examples/catalogue.toml --out output/site

# Both suites run on two workers (pytest-xdist), a test file to a worker.
XDIST := -n 2 --dist loadfile

# The test targets write bytecode even where the environment says not to (PYTHONDONTWRITEBYTECODE=1
# turns off every .pyc and pytest's cache of rewritten test modules: collecting the suite then
# takes 6.5 s instead of 2.5 s on a 2-core machine). The __pycache__ folders are git-ignored.
test test-fast golden screenshots: export PYTHONDONTWRITEBYTECODE =

# make test: lint and types first, then the whole suite.
test: $(STAMP) lint chromium print-tools
	$(BIN)/python -m pytest -q $(XDIST)

# The studio's browser tests drive Debian's chromium (Playwright's own browser download is not
# used): installed here when missing and run as root; otherwise those tests skip and say why.
CHROMIUM := /usr/bin/chromium
chromium:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's chromium for the browser tests (apt-get)"; \
	    apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
	    || echo "warning: could not install chromium; the browser tests will say why"; \
	  else echo "note: no $(CHROMIUM) and not root: the browser tests will be skipped"; fi; }

# The prepress tests read the PDFs with Debian's Ghostscript (ink coverage, page rotation) and
# qpdf (structure check), and validate --pdf-a files with Apache PDFBox's preflight (PDF/A-1b,
# Debian's libpdfbox2-java, on Java with the javax.activation and JAXB jars it needs): installed
# here when missing and run as root; otherwise those tests skip and say why. The 3D tests slice the
# 3MF files with Debian's PrusaSlicer (its command line), installed here too.
PREFLIGHT_JARS := /usr/share/java/preflight.jar /usr/share/java/javax.activation.jar /usr/share/java/jaxb-api.jar
print-tools:
	@command -v gs >/dev/null && command -v qpdf >/dev/null && command -v java >/dev/null \
	  && command -v prusa-slicer >/dev/null \
	  && ls $(PREFLIGHT_JARS) >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Ghostscript, qpdf, PDFBox preflight and PrusaSlicer for the prepress and 3D tests (apt-get)"; \
	    apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ghostscript qpdf default-jre-headless \
	      libpdfbox2-java libactivation-java libjaxb-api-java prusa-slicer >/dev/null \
	    || echo "warning: could not install the prepress tools; the prepress tests will say why"; \
	  else echo "note: no gs, qpdf or PDFBox preflight and not root: the prepress tests will be skipped"; fi; }

# The studio's and the site's screenshots in docs/ (for the README), taken by their browser tests.
screenshots: $(STAMP) chromium
	DOMINO_PRINT_SCREENSHOTS=1 $(BIN)/python -m pytest -q tests/test_studio_browser.py tests/test_site_browser.py

# Everything but the tests marked slow (subprocess, wheel, pixel-heavy, browser, and any test over
# about 0.05 s on a quiet 2-core machine): under 20 s there.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow" $(XDIST)

# Rewrite tests/golden/*.png from the current code, after an intended visual change: look, then commit.
golden: $(STAMP)
	$(BIN)/python -m pytest -q tests/test_golden.py tests/test_theme_golden.py --update-golden

lint: $(STAMP)
	$(BIN)/ruff check domino_print tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

# Times whole commands against their baselines (wall and CPU time, with the start-up guard) and
# rewrites bench/RESULTS.md; fails when a scenario is over its limits.
bench: $(STAMP) chromium
	$(BIN)/python -m bench.run --write
	$(BIN)/python -m bench.studio --write
	$(BIN)/python -m bench.upload_memory
	$(BIN)/python -m bench.hostile_memory
	$(BIN)/python -m bench.site --write
	$(BIN)/python -m bench.studio_lists --write
	$(BIN)/python -m bench.studio_school --write

# docs/usage.md from the option table (tests/test_docs.py fails while it is stale).
docs: $(STAMP)
	$(BIN)/python -m domino_print.usage_doc docs/usage.md

# The pictures of 3D plates in docs/touch.md and the README (api.plate_picture): look at them.
plate-pictures: $(STAMP)
	$(BIN)/python -c "from domino_print.api import plate_picture as p; \
	open('docs/plate-pips-couleur.png', 'wb').write(p({'theme': 'pips-couleur'})); \
	open('docs/plate-chiffres-braille.png', 'wb').write(p({'theme': 'chiffres', 'braille': True}, width_px=900)); \
	open('docs/plate-fruits.png', 'wb').write(p({'theme': 'fruits'}, width_px=900))"

# The studio's first screen: each goal's picture, drawn by the renderer, shipped in the package
# (studio/static/goals/; tests/test_goal_pictures.py fails while one is stale): look at them.
goal-pictures: $(STAMP)
	$(BIN)/python -m domino_print.studio.goal_pictures

art: $(STAMP)
	$(BIN)/python -m domino_print.pictures.art assets

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
