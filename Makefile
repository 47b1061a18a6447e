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
# Games of ISMCTS against greedy bots in `make bench`, for each game (`make bench STRENGTH=40`; 0: skip).
STRENGTH ?= 0
# `make bench COMPILED=1`: the benchmarks on the compiled build too.
COMPILED ?= 0
# The compiled build (mypyc) lives in an environment of its own, built from a clean copy
# of the sources (the compiler writes its modules next to the ones it reads).
COMPILED_VENV := .venv-compiled
COMPILED_STAMP := $(COMPILED_VENV)/.installed
SOURCES := $(shell find src -name '*.py') pyproject.toml
# The rules and replay tests, run on the compiled build too (`make test-compiled`).
COMPILED_TESTS := tests/test_plain_records.py tests/test_fast_paths.py tests/test_engine_modes.py \
	tests/test_recorded_games.py tests/test_properties.py tests/test_every_game.py tests/test_games.py \
	tests/test_cavern_tavern.py tests/test_turn.py tests/test_spells.py tests/test_triggers.py \
	tests/test_chance.py tests/test_hostile_json.py tests/test_hostile_positions.py tests/test_one_dsl.py

.PHONY: demo serve test lint typecheck unit docs reference records compiled test-compiled bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(SERVE_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[server]'
	touch $@

# The example game of the author guide is a package of its own, installed beside the library
# (its entry point makes it an installed game) so that its tests run with the rest.
$(DEV_STAMP): pyproject.toml examples/tavern_crawl/pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev,numpy,openspiel,pettingzoo,dask,postgres,server]'
	$(PY) -m pip install --quiet --no-deps -e examples/tavern_crawl
	touch $(RUN_STAMP) $(SERVE_STAMP) $@

demo: $(RUN_STAMP)
	$(PY) -m taverna_rules.tools.demo --game $(GAME) --players 4 --seed 2026

serve: $(SERVE_STAMP)
	$(PY) -m taverna_rules.tools.cli serve --store $(STORE) --port $(PORT)

lint: $(DEV_STAMP)
	$(PY) -m ruff check src tests benchmarks docs examples
	$(PY) -m ruff format --check src tests benchmarks docs examples
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
	$(PY) src/taverna_rules/core/_record_code.py $$(grep -rlE "^ *# record( fields)?: written by" src)

test: lint typecheck unit docs

$(COMPILED_STAMP): $(SOURCES) | $(PY)
	rm -rf build/compiled-src build/wheels && mkdir -p build/compiled-src build/wheels
	tar --exclude='*.so' --exclude='__pycache__' -cf - pyproject.toml README.md src cards schemas \
		| tar -xf - -C build/compiled-src
	HATCH_BUILD_HOOK_ENABLE_MYPYC=1 $(PY) -m pip wheel --quiet --no-deps build/compiled-src -w build/wheels
	rm -rf $(COMPILED_VENV) && $(PYTHON) -m venv $(COMPILED_VENV)
	$(COMPILED_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(COMPILED_VENV)/bin/python -m pip install --quiet build/wheels/taverna_rules-*.whl \
		'pytest>=8' 'pytest-xdist>=3.5' 'hypothesis>=6.100' 'chess>=1.10'
	touch $@

# The compiled build: the same source, its hot modules compiled by mypyc (needs a C compiler).
compiled: $(COMPILED_STAMP)
	$(COMPILED_VENV)/bin/python -c "import taverna_rules as tr; assert tr.COMPILED; print('compiled build', tr.__version__)"

test-compiled: $(COMPILED_STAMP)
	$(COMPILED_VENV)/bin/python -c "import taverna_rules as tr; assert tr.COMPILED"
	$(COMPILED_VENV)/bin/python -m pytest -q -n auto -p no:cacheprovider $(COMPILED_TESTS)

ifeq ($(COMPILED),1)
bench: $(DEV_STAMP) $(COMPILED_STAMP)
	$(PY) -m benchmarks --strength $(STRENGTH)
	@echo "== the compiled build"
	$(COMPILED_VENV)/bin/python -m benchmarks --strength $(STRENGTH)
else
bench: $(DEV_STAMP)
	$(PY) -m benchmarks --strength $(STRENGTH)
endif

clean:
	rm -rf $(VENV) $(COMPILED_VENV) docs/_build build dist .pytest_cache .mypy_cache .ruff_cache
