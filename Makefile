# Umpire — the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev
# the bench extra (d20, to compare /roll with) goes here, apart from .venv: only
# `make bench` puts it on its path, so tests and the bot never see it
BENCH_PACKAGES := .bench-packages
STAMP_BENCH := $(BENCH_PACKAGES)/.installed
BENCH_EXTRA = $(PY) -c "import tomllib; print(' '.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['bench']))"
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

# without a package index the bench runs anyway and says the comparison was skipped
$(STAMP_BENCH): pyproject.toml | $(STAMP_DEV)
	rm -rf $(BENCH_PACKAGES) $(BENCH_PACKAGES).new
	$(PY) -m pip install --quiet --target $(BENCH_PACKAGES).new $$($(BENCH_EXTRA)) \
		&& mv $(BENCH_PACKAGES).new $(BENCH_PACKAGES) && touch $@ \
		|| { rm -rf $(BENCH_PACKAGES).new; \
		echo "could not install the bench extra (d20): the comparison with d20 is skipped"; }

# d20 installed into .venv by an earlier `make bench` is taken out again
bench: $(STAMP_DEV)
	@if [ -f $(VENV)/.installed-bench ]; then \
		$(PY) -m pip uninstall --quiet --yes d20; rm -f $(VENV)/.installed-bench; fi
	-@$(MAKE) --no-print-directory $(STAMP_BENCH)
	PYTHONPATH=$(BENCH_PACKAGES) $(PY) -m bench

clean:
	rm -rf $(VENV) $(BENCH_PACKAGES) umpire-out bench/results.json
