# Quickstart targets: `make play` (install and start a game) and `make test` (install and run every check).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play serve test lint typecheck unit bench browser-deps clean

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
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

# The tests run in one worker per core (pytest-xdist); plain `pytest` runs them in one process.
unit: $(VENV)/.installed-dev browser-deps
	$(BIN)/pytest -n auto

test: lint typecheck unit

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/bench_engines.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
