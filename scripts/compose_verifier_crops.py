#!/usr/bin/env python3
"""Cuts the photos WasteGuard's box verifier (`waste-verifier`) is trained on out of the waste
detection dataset and the waste detector's own boxes on it.

The verifier is a second opinion on each foreign-object box the waste detector reports: a
whole-image classifier (`sightline train`) that judges the box cut out of the photo, with the
margin WasteGuard cuts it with (ForeignMatterSearch.boxMargin). Its two classes, one folder each
per split under --output:

- foreign: every labelled foreign object (WasteGuard's non-organic classes) of the split;
- not-foreign: the detector's foreign boxes that cover no labelled foreign object (its false
  boxes: peelings, leaves, shadows it took for paper or metal — the hard negatives), every
  labelled organic object, and squares of the photos' background away from any foreign object.

--detections names `sightline detect --json` output for the split's photos (one JSON object per
line, boxes in pixels); the set-up runs the installed waste detector at a confidence below the
one WasteGuard uses, so that the boxes near the threshold are learnt. The output depends only on
the inputs and --seed. Needs numpy and Pillow (the repository's .venv).

    .venv/bin/python scripts/compose_verifier_crops.py --data WORK/data/waste --split train \
        --detections WORK/train-detections.jsonl --output WORK/verifier
"""
import argparse
import json
import shutil
import sys
from collections import Counter
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compose_detection_data as compose  # noqa: E402

FOREIGN = "foreign"
NOT_FOREIGN = "not-foreign"
# WasteGuard's organic detector classes (Resources/waste/classes.tsv); every other label is foreign.
ORGANIC_LABELS = {"apple", "orange", "egg", "fruit", "vegetable", "bread"}
BOX_MARGIN = 0.1
MIN_SIDE = 8
# A detector box is a false one when it overlaps no labelled foreign object by this IoU and covers
# at most this share of any.
FALSE_BOX_MAX_IOU = 0.1
FALSE_BOX_MAX_COVER = 0.3
BACKGROUND_SQUARES = 2
BACKGROUND_SIDE = (0.15, 0.5)
# Photos with foreign objects give background squares this often (photos without any always do).
BACKGROUND_CHANCE = 0.3
JPEG_QUALITY = 92


def covered_share(box, target):
    """How much of `target` `box` covers."""
    width = min(box[2], target[2]) - max(box[0], target[0])
    height = min(box[3], target[3]) - max(box[1], target[1])
    if width <= 0 or height <= 0:
        return 0.0
    return width * height / ((target[2] - target[0]) * (target[3] - target[1]))


def with_margin(box, width, height, margin=BOX_MARGIN):
    """The box widened by `margin` of its size on each side, as whole pixels inside the photo."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    return (max(0, int(x0 - margin * w)), max(0, int(y0 - margin * h)),
            min(width, int(x1 + margin * w + 0.999)), min(height, int(y1 + margin * h + 0.999)))


def labelled_boxes(label_file, names, width, height):
    """[(label, (x0, y0, x1, y1))] in pixels."""
    return [(names[cls], (x0 * width, y0 * height, x1 * width, y1 * height))
            for cls, x0, y0, x1, y1 in compose.read_yolo_labels(label_file, len(names))]


def large_enough(box):
    return box[2] - box[0] >= MIN_SIDE and box[3] - box[1] >= MIN_SIDE


def read_detections(path):
    """{photo file name: [(label, (x0, y0, x1, y1))]} from `sightline detect --json` lines."""
    found = {}
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        record = json.loads(line)
        if "error" in record:
            raise compose.InputError(f"{path} line {number}: the detector could not read {record.get('file')}: {record['error']}")
        found[Path(record["file"]).name] = [
            (item["label"], (item["x"], item["y"], item["x"] + item["width"], item["y"] + item["height"]))
            for item in record["objects"]]
    return found


def crops_of_photo(image, labelled, detected, rng):
    """[(class, reason, box)] for one photo."""
    height, width = image.height, image.width
    foreign = [box for label, box in labelled if label not in ORGANIC_LABELS]
    result = [(FOREIGN if label not in ORGANIC_LABELS else NOT_FOREIGN, "labelled", box)
              for label, box in labelled if large_enough(box)]
    for label, box in detected:
        if label in ORGANIC_LABELS or not large_enough(box):
            continue
        if all(compose.iou(box, target) < FALSE_BOX_MAX_IOU and covered_share(box, target) <= FALSE_BOX_MAX_COVER
               for target in foreign):
            result.append((NOT_FOREIGN, "false box", box))
    if not foreign or rng.random() < BACKGROUND_CHANCE:
        for _ in range(BACKGROUND_SQUARES):
            side = rng.uniform(*BACKGROUND_SIDE) * min(width, height)
            x, y = rng.uniform(0, width - side), rng.uniform(0, height - side)
            square = (x, y, x + side, y + side)
            if all(compose.iou(square, target) == 0 and covered_share(square, target) == 0 for target in foreign):
                result.append((NOT_FOREIGN, "background", square))
    return result


def compose_split(data, split, detections, output, seed):
    """Writes output/split/{foreign,not-foreign}/*.jpg; returns the counts by class and reason."""
    names = compose.read_names(data / "data.yaml")
    folder = output / split
    if folder.exists():
        shutil.rmtree(folder)
    for name in (FOREIGN, NOT_FOREIGN):
        (folder / name).mkdir(parents=True)
    counts = Counter()
    images = data / split / "images"
    for photo in sorted(compose.image_files(images)):
        try:
            with Image.open(photo) as opened:
                image = opened.convert("RGB")
        except (OSError, ValueError) as error:
            raise compose.InputError(f"{photo} does not decode: {error}") from None
        label_file = data / split / "labels" / f"{photo.stem}.txt"
        try:
            labelled = labelled_boxes(label_file, names, image.width, image.height)
        except ValueError as error:
            raise compose.InputError(f"{label_file}: {error}") from None
        if photo.name not in detections:
            raise compose.InputError(f"{photo.name} has no line in the detections: run the detector on {images}")
        rng = compose.rng_for(seed, "verifier", split, photo.name)
        for number, (kind, reason, box) in enumerate(crops_of_photo(image, labelled, detections[photo.name], rng)):
            image.crop(with_margin(box, image.width, image.height) if reason != "background" else tuple(map(int, box))).save(
                folder / kind / f"{photo.stem}_{number}.jpg", quality=JPEG_QUALITY)
            counts[(kind, reason)] += 1
    return counts


def main(arguments):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the composed waste detection dataset")
    parser.add_argument("--split", required=True, choices=["train", "valid"])
    parser.add_argument("--detections", type=Path, required=True, help="sightline detect --json output for the split's photos")
    parser.add_argument("--output", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args(arguments)
    try:
        counts = compose_split(options.data, options.split, read_detections(options.detections), options.output, options.seed)
    except compose.InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    summary = {f"{kind}/{reason}": count for (kind, reason), count in sorted(counts.items())}
    print(json.dumps({"split": options.split, "crops": summary}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
