# Every target creates .venv when it is missing and installs what it needs.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
SERVE_STAMP := $(VENV)/.installed-serve
# Where `make serve` keeps its games, and its port (`make serve PORT=8080`).
STORE ?= taverna-games.db
PORT ?= 8000
# The game of `make demo` (`make demo GAME=cavern_tavern`).
GAME ?= taverna
# Games of ISMCTS against greedy bots in `make bench` (`make bench STRENGTH=40`; 0: skip).
STRENGTH ?= 0

.PHONY: demo serve test lint typecheck unit docs reference records bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(SERVE_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[server]'
	touch $@

$(DEV_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev,numpy,openspiel,pettingzoo,dask,postgres,server]'
	touch $(RUN_STAMP) $(SERVE_STAMP) $@

demo: $(RUN_STAMP)
	$(PY) -m taverna_rules.tools.demo --game $(GAME) --players 4 --seed 2026

serve: $(SERVE_STAMP)
	$(PY) -m taverna_rules.tools.cli serve --store $(STORE) --port $(PORT)

lint: $(DEV_STAMP)
	$(PY) -m ruff check src tests benchmarks docs
	$(PY) -m ruff format --check src tests benchmarks docs
	$(VENV)/bin/lint-imports --no-cache

typecheck: $(DEV_STAMP)
	$(PY) -m mypy

unit: $(DEV_STAMP)
	$(PY) -m pytest -q -n auto

docs: $(DEV_STAMP)
	$(PY) -m sphinx -W --keep-going -q -b html docs docs/_build/html

# Each game's op reference in docs/reference/, written from its op table (commit the result).
reference: $(DEV_STAMP)
	$(PY) docs/_ext/op_reference.py

# The methods of the plain records, written out from each record's __init__ (commit them).
records: $(DEV_STAMP)
	$(PY) src/taverna_rules/core/_record_code.py $$(grep -rl "^ *# record: written by" src)

test: lint typecheck unit docs

bench: $(DEV_STAMP)
	$(PY) -m benchmarks --strength $(STRENGTH)

clean:
	rm -rf $(VENV) docs/_build build dist .pytest_cache .mypy_cache .ruff_cache
