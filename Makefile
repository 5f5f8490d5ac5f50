# Handheld card console: one Makefile for set-up, simulator, tests, build and flash.
# `make sim`, `make test` and `make test-all` create .venv and install everything they need on
# first use.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# Byte code compiled once into build/pycache: the firmware imports a game's modules again each
# time it is opened (core.modules), and without a cache CPython compiles them every time
# (tests/conftest.py does the same for pytest).
export PYTHONDONTWRITEBYTECODE :=
export PYTHONPYCACHEPREFIX := $(CURDIR)/build/pycache
STAMP  := $(VENV)/.installed
STUBS  := typings/.installed
ARGS   ?=
PORT   ?=

.PHONY: all sim test test-all lint assets build flash firmware bench arena ladder clean distclean
.PHONY: venv vpico memcheck rig rig-install robot web web-serve web-install browser-install

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

# The console in a web page (tools/web.py): MicroPython's WebAssembly port from npm into
# web/node_modules (lockfile pinned), make build's modules packed beside it in build/web/.
WEB_STAMP := web/node_modules/.installed
WEB_PORT  ?= 8000
$(WEB_STAMP): web/package.json web/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		cd web && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed; \
	elif [ "$$CI" = true ]; then \
		echo "web: npm not found (CI needs it for tests/test_web_browser.py)"; exit 1; \
	else \
		echo "web: npm not found: install Node.js 18+ and npm for make web (the browser tests skip)"; \
	fi

web-install: $(WEB_STAMP)

web: $(STAMP) $(WEB_STAMP) assets
	$(PY) -m tools.web

# Any static host serves build/web as it is; this is Python's.
web-serve: web
	@echo "Open http://127.0.0.1:$(WEB_PORT)/ (Ctrl+C stops)"
	$(PY) -m http.server $(WEB_PORT) --bind 127.0.0.1 --directory build/web

# The browser tests' Chromium (Playwright drives the system's; it downloads none): Debian's
# chromium when run as root with apt (CI on a fresh machine), else the one step to run.
browser-install:
	@if [ -n "$$CHROMIUM" ] || command -v chromium >/dev/null 2>&1 || \
		command -v chromium-browser >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	else \
		echo "web: no Chromium: the browser tests will skip; install it with: sudo apt-get install chromium"; \
	fi

lint: $(STAMP) $(STUBS)
	$(VENV)/bin/ruff check firmware sim tools tests
	$(VENV)/bin/pyright -p pyrightconfig.json

# `make test`: lint, then every test but the `slow` ones (soaks and benchmarks run as tests:
# pytest.ini), on TEST_JOBS workers (pytest-xdist; a test file stays on one worker, so its
# module fixtures are built once); with it the emulated chip's smoke test (tests/test_rig.py)
# and the robot player's short pass (a test not marked `slow`: it runs in the same pytest).
# `make test-all`: everything, the `slow` ones too (CI: .ci/run). docs/TESTING.md.
TEST_JOBS ?= 2
XDIST := $(if $(filter-out 0 1,$(TEST_JOBS)),-n $(TEST_JOBS) --dist loadfile,)
TEST_DEPS := $(STAMP) $(STUBS) $(RIG_STAMP) $(WEB_STAMP) browser-install assets lint

test: $(TEST_DEPS)
	$(PY) -m pytest -q -m "not slow" $(XDIST) $(ARGS)

test-all: $(TEST_DEPS)
	$(PY) -m pytest -q $(XDIST) $(ARGS)

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

# The robot player: whole games through the buttons (tools/robot). Long pass:
# make robot ARGS="--games 200 --seed 1"; narrow it with --game ID, --board, --lang.
robot: $(STAMP) assets
	$(PY) -m tools.robot $(ARGS)

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
	rm -rf $(VENV) typings tools/rig/node_modules web/node_modules
