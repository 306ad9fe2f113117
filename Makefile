# Quickstart targets: `make play` (install and start a game) and `make test` (install and run every check).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play serve test lint typecheck unit shuffle test-dev-only bench fitted browser-deps clean

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

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/bench_engines.py

# Rebuild the expert's fitted data and print it to paste: its knock rule (agents/fitted.py,
# KNOCK_WEIGHTS_QUADRATIC: the knock chances of 1,600 self-play and 1,200 strong v strong hands
# played both ways, then fitted) and the points of won hands its game-win table is made from
# (agents/gamewin.py, HAND_POINTS). About an hour on 2 cores; bench/README.md, section Strength.
FIT_DIR ?= /tmp/ginrummy-fit
fitted: $(VENV)/.installed-dev
	mkdir -p $(FIT_DIR)
	$(BIN)/python bench/decision_data.py --kind knock --hands 1600 --seed 8 --players rules --jobs 2 --out $(FIT_DIR)/knock_rules.jsonl
	$(BIN)/python bench/decision_data.py --kind knock --hands 1200 --seed 9 --players strong --jobs 2 --out $(FIT_DIR)/knock_strong.jsonl
	$(BIN)/python bench/fit_rule.py knock --products $(FIT_DIR)/knock_rules.jsonl $(FIT_DIR)/knock_strong.jsonl
	$(BIN)/python bench/hand_points.py --games 200 --seed 11 --jobs 2

clean:
	rm -rf $(VENV) $(DEV_VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
