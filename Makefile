# Umpire — the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev
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

bench: $(STAMP_DEV)
	$(PY) -m bench

clean:
	rm -rf $(VENV) umpire-out bench/results.json
