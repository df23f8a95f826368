# reelsmith — two commands: `make run` and `make test`. Both install what is missing first.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
SYSTEM_PACKAGES := chromium-headless-shell ffmpeg redis-server espeak-ng libespeak-ng1 fonts-dejavu-core
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: run test system venv migrate bootstrap lint gallery bench clean

run: system venv migrate bootstrap
	$(BIN)/reelsmith dev

test: system venv
	$(BIN)/pytest -q

system:
	@missing=""; for p in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing system packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing \
	  || { echo "chromium-headless-shell unavailable, trying chromium"; \
	       DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $${missing/chromium-headless-shell/chromium}; }; \
	fi

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

venv: $(VENV)/.installed

migrate: venv
	$(BIN)/reelsmith migrate

bootstrap: venv
	$(BIN)/reelsmith bootstrap

lint: venv
	$(BIN)/ruff check app worker tests bench
	$(BIN)/ruff format --check app worker tests bench

gallery: system venv
	$(PY) scripts/gallery.py

clean:
	rm -rf $(VENV) data media .pytest_cache
