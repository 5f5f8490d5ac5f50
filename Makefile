# Handheld card console: one Makefile for set-up, simulator, tests, build and flash.
# `make sim` and `make test` create .venv and install everything they need on first use.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
STUBS  := typings/.installed
ARGS   ?=
PORT   ?=

.PHONY: all sim test lint assets build flash firmware bench arena clean distclean venv
.PHONY: vpico memcheck rig rig-install ladder

all: test

$(STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade --quiet pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

# MicroPython rp2 stubs live in their own folder so pyright uses them instead of CPython's typeshed.
$(STUBS): $(STAMP)
	rm -rf typings
	$(PY) -m pip install --quiet --no-deps --target typings micropython-rp2-rpi-pico-stubs micropython-stdlib-stubs
	touch $@

venv: $(STAMP)

assets: $(STAMP)
	$(PY) -m tools.assets

# RUNTIME=micropython: the same window on the virtual Pico (build, flash, real MicroPython).
RUNTIME ?= cpython
sim: $(STAMP) assets
	$(PY) -m $(if $(filter micropython,$(RUNTIME)),tools.vpico --flash,sim) $(ARGS)

# A virtual Pico (MicroPython unix port, Pico heap) on a pty: prints the PORT to flash.
vpico: $(STAMP) assets
	$(PY) -m tools.vpico $(ARGS)

# Smallest heap for boot-to-menu and each game (bisection on the virtual Pico).
memcheck: build
	$(PY) -m tools.memcheck $(ARGS)

# The emulated Pico (tools/rig): rp2040js from npm into tools/rig/node_modules (lockfile pinned).
# Without npm it says so; the rig's checks then skip, except under CI=true, where this fails.
RIG_STAMP := tools/rig/node_modules/.installed
$(RIG_STAMP): tools/rig/package.json tools/rig/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		cd tools/rig && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed; \
	elif [ "$$CI" = true ]; then \
		echo "rig: npm not found (CI needs it for tests/test_rig.py)"; exit 1; \
	else \
		echo "rig: npm not found: the emulated-Pico checks will skip"; \
	fi

rig-install: $(RIG_STAMP)

# The stock MicroPython UF2 on an emulated RP2040 running the build (RIG_FIRMWARE, RIG_BOOTROM).
rig: $(STAMP) $(RIG_STAMP) build
	$(PY) -m tools.rig.run $(ARGS)

lint: $(STAMP) $(STUBS)
	$(VENV)/bin/ruff check firmware sim tools tests
	$(VENV)/bin/pyright -p pyrightconfig.json

test: $(STAMP) $(STUBS) $(RIG_STAMP) assets lint
	$(PY) -m pytest -q $(ARGS)

build: $(STAMP) assets
	$(PY) -m tools.build

flash: build
	$(PY) -m tools.flash $(if $(PORT),--port $(PORT),)

firmware: build
	$(PY) -m tools.firmware $(if $(MICROPY_DIR),--micropy-dir $(MICROPY_DIR),)

# MICROPY_DIR=<MicroPython tree> (make firmware first) or FROZEN_FIRMWARE=<its UF2> adds the
# section "frozen" (tools/bench_frozen.py); without either it says so and skips.
bench: $(STAMP) $(RIG_STAMP) assets
	$(PY) -m tools.bench $(ARGS)

arena: $(STAMP) assets
	$(PY) -m tools.arena $(ARGS)

# The AI levels of every game on one rating scale (docs/LADDER.md); GAME=<id> for one game,
# JOBS=2 to play on two cores, GAMES=<games a match> (1000).
ladder: $(STAMP) assets
	$(PY) -m tools.arena --ladder --game $(or $(GAME),all) --games $(or $(GAMES),1000) \
		--seed 1 --jobs $(or $(JOBS),1) --doc docs/LADDER.md

clean:
	rm -rf build firmware/gen .pytest_cache

distclean: clean
	rm -rf $(VENV) typings tools/rig/node_modules
