# Sightline: set-up, build, models, the sample run, tests and benchmarks.
# Every target can be run again: finished steps are skipped.
#
#   make run    install what is missing, build, install the models, classify Samples/
#   make test   install what is missing, install the models, run the test suite
#   make bench  build in release mode and compare the engine with ONNX Runtime

SHELL := /bin/bash

# Debian packages: the image libraries Sightline links against, FreeType and the DejaVu fonts
# for the text on annotated images, SQLite's headers for the store (GRDB), pkg-config to find
# them, and Python's venv module for the virtual environment of the set-up and reference
# scripts.
APT_PACKAGES := libturbojpeg0-dev libpng-dev libwebp-dev libfreetype-dev libsqlite3-dev fonts-dejavu-core pkg-config python3 python3-venv

VENV := .venv
VENV_STAMP := $(VENV)/.requirements-installed
RELEASE_SIGHTLINE := .build/release/sightline
DEBUG_SIGHTLINE := .build/debug/sightline

.DEFAULT_GOAL := run
.PHONY: setup apt-packages venv build models run test bench

setup: apt-packages venv

# Installs the missing Debian packages with apt-get: directly as root, otherwise through sudo.
apt-packages:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}' "$$package" 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" -eq 0 ]; then sudo=""; \
	elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; \
	else \
		echo "error: these Debian packages are missing:$$missing" >&2; \
		echo "       Installing them needs root, and sudo is not available. As root, run:" >&2; \
		echo "       apt-get update && apt-get install -y$$missing" >&2; \
		exit 1; \
	fi; \
	echo "Installing Debian packages:$$missing"; \
	if ! { $$sudo apt-get update && $$sudo apt-get install -y $$missing; }; then \
		echo "error: apt-get could not install:$$missing" >&2; \
		echo "       Install them by hand (as root: apt-get install -y$$missing) and run make again." >&2; \
		exit 1; \
	fi

venv: $(VENV_STAMP)

# The virtual environment is created once; its packages are reinstalled when
# scripts/requirements.txt changes.
$(VENV_STAMP): scripts/requirements.txt | apt-packages
	@test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	$(VENV)/bin/python -m pip install --disable-pip-version-check --quiet -r scripts/requirements.txt
	@touch $@

build: setup
	swift build -c release

models: build
	$(RELEASE_SIGHTLINE) models install

run: models
	$(RELEASE_SIGHTLINE) classify Samples

# The tests need the models installed; a debug build of the CLI installs them, and
# `swift test` then reuses that build. The suites are XCTest; Swift Testing's runner is
# switched off so that the run ends on XCTest's count rather than an empty "0 tests" line.
test: setup
	swift build --product sightline
	$(DEBUG_SIGHTLINE) models install
	$(VENV)/bin/python -m unittest discover -s scripts/tests
	swift test --disable-swift-testing

bench: models
	$(RELEASE_SIGHTLINE) bench
