# Umpire — the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev
STAMP_BENCH := $(VENV)/.installed-bench
# crash trials in `make reliability`: each kills the bot process and checks what survived
UMPIRE_CRASH_TRIALS ?= 50

.PHONY: run test reliability lint typecheck bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# the sight-line kernel is compiled when the package is installed
KERNEL := setup.py rules/geometry/_sightlines.c

$(STAMP_RUN): pyproject.toml $(KERNEL) | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(STAMP_DEV): pyproject.toml $(KERNEL) | $(PY)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@ $(STAMP_RUN)

run: $(STAMP_RUN)
	$(PY) -m bot

test: $(STAMP_DEV)
	$(PY) -m ruff check bot rules renderers tests bench
	$(PY) -m ruff format --check bot rules renderers tests bench
	$(PY) -m mypy
	$(VENV)/bin/lint-imports --no-logo
	$(PY) -m pytest -n auto

reliability: $(STAMP_DEV)
	UMPIRE_CRASH_TRIALS=$(UMPIRE_CRASH_TRIALS) $(PY) -m pytest -m "reliability or fault_scenario or concurrency or damaged_files" \
		tests/reliability tests/fuzz tests/service tests/discord tests/wire

lint: $(STAMP_DEV)
	$(PY) -m ruff check --fix bot rules renderers tests bench
	$(PY) -m ruff format bot rules renderers tests bench

typecheck: $(STAMP_DEV)
	$(PY) -m mypy

# the bench extra (d20, to compare /roll with) is for `make bench` alone; without a
# package index the bench runs anyway and says the comparison was skipped
$(STAMP_BENCH): pyproject.toml | $(STAMP_DEV)
	$(PY) -m pip install --quiet -e '.[dev,bench]' && touch $@ \
		|| echo "could not install the bench extra (d20): the comparison with d20 is skipped"

bench: $(STAMP_DEV)
	-@$(MAKE) --no-print-directory $(STAMP_BENCH)
	$(PY) -m bench

clean:
	rm -rf $(VENV) umpire-out bench/results.json
