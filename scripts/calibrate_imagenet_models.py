#!/usr/bin/env python3
"""Records a confidence threshold in the installed ImageNet classifiers' manifests (set-up step).

The Object Recognizer states its top class only at or above the threshold calibrated for its
model; below it, it says "Not sure — maybe …". The apps' heads get theirs from `sightline train`
(their validation photos); the ImageNet backbones are calibrated here, on
../shared/datasets/imagenet-sample (one photo for each even class index): the photos are staged
as one folder of symbolic links per class, named by the class label, and
`sightline models calibrate MODEL DIR` chooses the threshold (for 95 % right answers, see
TARGET_PRECISION) and writes it to the manifest.

A model whose manifest already has a `confidence` section is left alone, so the step costs
nothing on a second run; `install_models.py` rewrites a manifest without it when it reinstalls
a model, and the next run calibrates that model again. Standard library only.

    python3 scripts/calibrate_imagenet_models.py --sightline .build/release/sightline --datasets ../shared/datasets
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
CATEGORIES = REPOSITORY / "Sources" / "SightlineApps" / "Resources" / "recognizer" / "imagenet-categories.tsv"
MODELS = ["lite0", "lite1", "lite2"]
SAMPLE = "imagenet-sample"
# The sample's photos are ImageNet's own, likely from its training set, so the models are surer
# of them than of a user's photos (Lite0 is right on 85 % of them, about 75 % on ImageNet's
# validation set): a stricter target than `sightline train`'s 90 % makes up for that.
TARGET_PRECISION = "0.95"
IMAGE_EXTENSIONS = {".jpg", ".jpeg", ".png", ".webp"}


def default_home():
    configured = os.environ.get("SIGHTLINE_HOME")
    return Path(configured) if configured else Path.home() / ".local" / "share" / "sightline"


def class_labels():
    """The model's label of every ImageNet class index, from the recognizer's category table."""
    with CATEGORIES.open(encoding="utf-8") as table:
        rows = list(csv.DictReader(table, delimiter="\t"))
    return {int(row["index"]): row["label"] for row in rows}


def stage(sample, folder):
    """One folder per labelled class with links to its photos (those in the class's <wnid>/
    folder, whatever their extension); returns the number of photos."""
    labels = class_labels()
    count = 0
    with (sample / "labels.csv").open(encoding="utf-8") as listing:
        for row in csv.DictReader(listing):
            source = sample / row["wnid"]
            photos = sorted(path for path in source.iterdir() if path.suffix.lower() in IMAGE_EXTENSIONS) if source.is_dir() else []
            if not photos:
                continue
            destination = folder / labels[int(row["class_index"])]
            destination.mkdir(exist_ok=True)
            for photo in photos:
                (destination / photo.name).symlink_to(photo)
                count += 1
    return count


def needs_calibration(manifest_path):
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return manifest.get("task") == "classification" and "confidence" not in manifest


def main(arguments):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sightline", required=True, help="the release sightline binary")
    parser.add_argument("--datasets", required=True, type=Path, help="the shared datasets folder")
    parser.add_argument("--home", type=Path, help="data directory (default: $SIGHTLINE_HOME or ~/.local/share/sightline)")
    options = parser.parse_args(arguments)
    home = (options.home or default_home()).expanduser()
    pending = [name for name in MODELS if needs_calibration(home / "models" / name / "manifest.json")]
    if not pending:
        return 0
    sample = (options.datasets / SAMPLE).resolve()
    if not (sample / "labels.csv").is_file():
        print(f"error: {sample}/labels.csv is missing: the ImageNet models are calibrated on it at set-up", file=sys.stderr)
        return 1
    environment = dict(os.environ, SIGHTLINE_HOME=str(home))
    with tempfile.TemporaryDirectory(prefix="sightline-calibration-") as scratch:
        folder = Path(scratch)
        photos = stage(sample, folder)
        for name in pending:
            print(f"Calibrating {name} on {photos} photos of {SAMPLE}", flush=True)
            source = f"{SAMPLE}: {photos} ImageNet photos, one for each even class index"
            result = subprocess.run([options.sightline, "models", "calibrate", name, str(folder), "--source", source,
                                     "--target-precision", TARGET_PRECISION], env=environment)
            if result.returncode != 0:
                return result.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
