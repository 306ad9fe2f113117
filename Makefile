# Quickstart targets: `make play` (install and start a game) and `make test` (install and run every check).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play serve test lint typecheck unit shuffle test-dev-only bench fitted browser-deps clean compiled compiled-python test-compiled differential screenshots

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed-play: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev,peers,web,research,cluster]'
	touch $@ $(VENV)/.installed-play $(VENV)/.installed-web

$(VENV)/.installed-web: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[web]'
	touch $@

play: $(VENV)/.installed-play
	$(BIN)/ginrummy play $(ARGS)

# Play in the browser: installs the `web` extra and starts `ginrummy serve`.
serve: $(VENV)/.installed-web
	$(BIN)/ginrummy serve $(ARGS)

# The browser tests drive Debian's Chromium (/usr/bin/chromium); install it when missing
# and apt is usable. Without it the browser tests skip and say why.
browser-deps:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium) >/dev/null \
	      || echo "browser-deps: could not install chromium; browser tests will skip"; \
	  else echo "browser-deps: no /usr/bin/chromium and apt-get is not usable (not root?); browser tests will skip"; fi; \
	fi

# The README's pictures of the full-screen table (docs/terminal/*.svg), drawn again from seeded
# games by docs/terminal/make_screenshots.py; the browser's (docs/web/*.png) by its tests, which write
# them there only when GINRUMMY_SCREENSHOTS is set (else to a temporary folder: tests/helpers/shots.py).
screenshots: $(VENV)/.installed-dev browser-deps
	$(BIN)/python docs/terminal/make_screenshots.py
	GINRUMMY_SCREENSHOTS=1 $(BIN)/pytest -n auto tests/web/test_browser.py tests/web/test_browser_end.py \
	  tests/web/test_browser_multi.py tests/web/test_browser_review.py tests/web/test_every_preset.py tests/web/test_table.py

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests bench examples conftest.py
	$(BIN)/ruff format --check src tests bench examples conftest.py

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

# The tests run in one worker per core (pytest-xdist); plain `pytest` runs them in one process.
unit: $(VENV)/.installed-dev browser-deps
	$(BIN)/pytest -n auto

test: lint typecheck unit

# The tests in an order drawn from a new seed (pytest-randomly, off in `make test`), with `random`
# reseeded from it before each test; `make shuffle SEED=N` repeats a run's order.
shuffle: $(VENV)/.installed-dev browser-deps
	@seed=$(SEED); seed=$${seed:-$$($(PYTHON) -c 'import random; print(random.randrange(10**9))')}; \
	echo "shuffled by seed $$seed: make shuffle SEED=$$seed repeats this order"; \
	echo $(BIN)/pytest -n auto -p randomly --randomly-seed=$$seed $(ARGS); \
	$(BIN)/pytest -n auto -p randomly --randomly-seed=$$seed $(ARGS)

# The checks with the dev extra alone (no web, research, peers or cluster extra), in a venv of their
# own: mypy passes, and the tests and doctests that need an extra skip and say which.
DEV_VENV ?= .venv-dev-only
$(DEV_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(DEV_VENV)
	$(DEV_VENV)/bin/python -m pip install -q --upgrade pip
	$(DEV_VENV)/bin/python -m pip install -q -e '.[dev]'
	touch $@

test-dev-only: $(DEV_VENV)/.installed
	$(DEV_VENV)/bin/mypy --cache-dir $(DEV_VENV)/.mypy_cache
	$(DEV_VENV)/bin/pytest -n auto

# The optional compiled build (setup.py, src/ginrummy/compiled.py): the core, the hand, the variants,
# the hand loop and the computer levels compiled with mypyc, installed (not editable) in a venv of its
# own; the pure-Python package in $(VENV) stays the reference. Rebuilt when a source file changes
# (about 2-4 minutes cold on 2 cores). Without a C compiler it warns and installs the pure package.
# It needs Python 3.12 or newer (setup.py says why): COMPILED_PYTHON is the first such interpreter
# found ($(PYTHON), python3.13, python3.12, then pyenv's), or set it.
COMPILED_VENV ?= .venv-compiled
COMPILED_PYTHON ?= $(shell for p in $(PYTHON) python3.13 python3.12 $$(ls -d $$HOME/.pyenv/versions/3.1[2-9]*/bin/python3 2>/dev/null); do \
	$$p -c 'import sys; assert sys.version_info >= (3, 12)' 2>/dev/null && echo $$p && break; done)
SOURCES := $(shell find src/ginrummy -name '*.py')
$(COMPILED_VENV)/.installed: pyproject.toml setup.py $(SOURCES)
	@test -n "$(COMPILED_PYTHON)" || { echo "the compiled build needs Python 3.12 or newer: none found (set COMPILED_PYTHON)"; exit 1; }
	test -x $(COMPILED_VENV)/bin/python || $(COMPILED_PYTHON) -m venv $(COMPILED_VENV)
	$(COMPILED_VENV)/bin/python -m pip install -q --upgrade pip 'setuptools>=77' wheel 'mypy>=1.10'
	GINRUMMY_COMPILE=1 $(COMPILED_VENV)/bin/python -m pip install -q --no-build-isolation '.[dev]'
	touch $@

compiled: $(COMPILED_VENV)/.installed
	$(COMPILED_VENV)/bin/ginrummy --version

# The interpreter the compiled build would use, or nothing (.ci/run skips that build without one).
compiled-python:
	@echo $(COMPILED_PYTHON)

# The compiled build's checks (CI's second build, .ci/run): it is the one installed, the tests of the
# compiled modules and of the public boundary (wrong kinds of argument refused with the package's
# errors), the golden matches and records on it, and the differential run against the pure source
# (0 differences). The doctests stay the pure build's (the compiled modules are not their files). The
# whole suite passes on the compiled build too (`$(COMPILED_VENV)/bin/pytest -n auto -o addopts=-q
# tests`, bench/README.md); CI runs this part of it to stay within its time.
COMPILED_TESTS ?= tests/test_compiled_build.py tests/test_golden.py tests/test_melds.py tests/test_layoff.py \
	tests/test_layoff_choices.py tests/test_variants.py tests/test_rules.py tests/test_records.py \
	tests/test_records_round_trip.py tests/test_agents.py tests/test_agents_levels.py tests/test_pickup.py \
	tests/test_cli_errors.py tests/test_api_boundary.py tests/test_api_fuzz.py tests/test_fuzz.py \
	tests/test_state.py tests/test_pickup_properties.py tests/test_seeds_shuffle.py

test-compiled: $(COMPILED_VENV)/.installed
	$(COMPILED_VENV)/bin/ginrummy --version | grep -q 'compiled: mypyc'
	$(COMPILED_VENV)/bin/pytest -n auto -o addopts='-q -p no:randomly' $(COMPILED_TESTS)
	$(COMPILED_VENV)/bin/python bench/differential_build.py --compare --compiled $(COMPILED_VENV)/bin/python

# Every preset and level, both builds: the full differential run (bench/differential_build.py).
differential: $(COMPILED_VENV)/.installed
	$(COMPILED_VENV)/bin/python bench/differential_build.py --compare --compiled $(COMPILED_VENV)/bin/python $(ARGS)

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/bench_engines.py

# Rebuild the expert's shipped fitted data, src/ginrummy/agents/fitted.json (read by
# agents/fitted_data.py): its knock rule (knock_quadratic: the knock chances of 1,600 self-play
# and 1,200 strong v strong hands played both ways, then fitted) and the points of won hands its
# game-win table is made from (hand_points; and hand_points_at_once, each side's won hands of the
# expert against simple). About two hours on 2 cores; bench/README.md, Strength.
FIT_DIR ?= /tmp/ginrummy-fit
fitted: $(VENV)/.installed-dev
	mkdir -p $(FIT_DIR)
	$(BIN)/python bench/decision_data.py --kind knock --hands 1600 --seed 8 --players rules --jobs 2 --out $(FIT_DIR)/knock_rules.jsonl
	$(BIN)/python bench/decision_data.py --kind knock --hands 1200 --seed 9 --players strong --jobs 2 --out $(FIT_DIR)/knock_strong.jsonl
	$(BIN)/python bench/fit_rule.py knock --products --write knock_quadratic $(FIT_DIR)/knock_rules.jsonl $(FIT_DIR)/knock_strong.jsonl
	$(BIN)/python bench/hand_points.py --games 200 --seed 11 --jobs 2 --write
	$(BIN)/python bench/hand_points.py --players expert simple --sides --games 200 --seed 12 --jobs 2 --write

clean:
	rm -rf $(VENV) $(DEV_VENV) $(COMPILED_VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
