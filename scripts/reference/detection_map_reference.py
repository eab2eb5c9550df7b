#!/usr/bin/env python3
"""The reference for Sightline's detection metrics: pycocotools' COCOeval on YOLO label files.

Given a folder of YOLO label files (`class cx cy w h` per line, fractions of the photo) — real
ones such as ../shared/datasets/coco128/labels, or seeded synthetic ones it writes first with
--synthesize N (the tests use those, so they need no third-party label files) — it makes
seeded "predictions" from the labels themselves — every box jittered in place and size, some
missed, some given the wrong class, some detected twice, plus false alarms — writes them as
JSON for the Swift test to score, and prints what pycocotools makes of them:

    {"map50": …, "map50_95": …,
     "per_class": {"<class>": {"ap50": …, "ap50_95": …, "precision": …, "recall": …}, …},
     "photos": …, "labels": …, "predictions": …}

Per-class precision and recall count predictions scoring above --operating-confidence that
COCOeval matched at IoU 0.5. Boxes are given to pycocotools in units of 1/1000 of the photo
(IoU does not depend on the scale), one COCO image per label file in sorted name order.

The predictions file:
    {"photos": [{"file": "000000000009.txt",
                 "objects": [{"class": 45, "confidence": 0.93, "x": …, "y": …, "width": …, "height": …}]}]}
with boxes as fractions of the photo, origin top-left.

Usage: detection_map_reference.py LABELS_DIR PREDICTIONS_OUT [--seed S] [--operating-confidence C] [--synthesize N]
"""

import argparse
import contextlib
import json
import os
import sys

import numpy as np
from pycocotools.coco import COCO
from pycocotools.cocoeval import COCOeval

SCALE = 1000.0
CLASS_COUNT = 80


def read_labels(folder):
    photos = []
    for name in sorted(f for f in os.listdir(folder) if f.endswith(".txt")):
        boxes = []
        with open(os.path.join(folder, name)) as handle:
            for line in handle:
                fields = line.split()
                if not fields:
                    continue
                values = [float(v) for v in fields[1:]]
                if len(values) == 4:
                    cx, cy, w, h = values
                    boxes.append((int(fields[0]), cx - w / 2, cy - h / 2, w, h))
                else:
                    xs, ys = values[0::2], values[1::2]
                    boxes.append((int(fields[0]), min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        photos.append((name, boxes))
    return photos


def synthesize(folder, count, seed):
    """Writes `count` label files of COCO-like scenes: 1–15 objects each, a few frequent classes
    and many rare ones, box sides log-uniform between 2 % and 90 % of the photo."""
    rng = np.random.default_rng(seed + 1000)
    os.makedirs(folder, exist_ok=True)
    weights = 1.0 / np.arange(1, CLASS_COUNT + 1) ** 0.8
    weights /= weights.sum()
    for index in range(count):
        lines = []
        for _ in range(int(rng.integers(1, 16))):
            w, h = np.exp(rng.uniform(np.log(0.02), np.log(0.9), size=2))
            cx, cy = rng.uniform(w / 2, 1 - w / 2), rng.uniform(h / 2, 1 - h / 2)
            lines.append(f"{int(rng.choice(CLASS_COUNT, p=weights))} {cx:.6f} {cy:.6f} {w:.6f} {h:.6f}")
        with open(os.path.join(folder, f"{index:06d}.txt"), "w") as handle:
            handle.write("\n".join(lines) + "\n")


def clipped(x, y, w, h):
    left, top = max(0.0, x), max(0.0, y)
    right, bottom = min(1.0, x + w), min(1.0, y + h)
    return left, top, max(0.0, right - left), max(0.0, bottom - top)


def perturb(photos, seed):
    rng = np.random.default_rng(seed)
    predictions = []
    for name, boxes in photos:
        objects = []
        for cls, x, y, w, h in boxes:
            if rng.random() < 0.12:
                continue  # missed
            copies = 2 if rng.random() < 0.1 else 1
            for copy in range(copies):
                jitter = 0.06 if copy == 0 else 0.15
                cx = x + w / 2 + rng.normal(0, jitter) * w
                cy = y + h / 2 + rng.normal(0, jitter) * h
                nw = w * np.exp(rng.normal(0, jitter * 1.5))
                nh = h * np.exp(rng.normal(0, jitter * 1.5))
                label = cls if rng.random() > 0.05 else int(rng.integers(CLASS_COUNT))
                confidence = float(rng.uniform(0.25, 1.0) if copy == 0 else rng.uniform(0.05, 0.6))
                objects.append((label, confidence, *clipped(cx - nw / 2, cy - nh / 2, nw, nh)))
        for _ in range(int(rng.poisson(1.5))):
            w, h = rng.uniform(0.05, 0.5, size=2)
            x, y = rng.uniform(0, 1 - w), rng.uniform(0, 1 - h)
            objects.append((int(rng.integers(CLASS_COUNT)), float(rng.uniform(0.01, 0.7)), x, y, w, h))
        predictions.append((name, [o for o in objects if o[4] > 0 and o[5] > 0]))
    return predictions


def coco_evaluate(photos, predictions, operating_confidence):
    images = [{"id": index + 1, "width": SCALE, "height": SCALE} for index in range(len(photos))]
    annotations = []
    for index, (_, boxes) in enumerate(photos):
        for cls, x, y, w, h in boxes:
            annotations.append({"id": len(annotations) + 1, "image_id": index + 1, "category_id": cls + 1,
                                "bbox": [x * SCALE, y * SCALE, w * SCALE, h * SCALE], "area": w * h * SCALE * SCALE,
                                "iscrowd": 0})
    categories = [{"id": c + 1, "name": str(c)} for c in range(CLASS_COUNT)]
    results = []
    for index, (_, objects) in enumerate(predictions):
        for cls, confidence, x, y, w, h in objects:
            results.append({"image_id": index + 1, "category_id": cls + 1, "score": confidence,
                            "bbox": [x * SCALE, y * SCALE, w * SCALE, h * SCALE]})

    with contextlib.redirect_stdout(sys.stderr):
        ground_truth = COCO()
        ground_truth.dataset = {"images": images, "annotations": annotations, "categories": categories}
        ground_truth.createIndex()
        detections = ground_truth.loadRes(results)
        evaluation = COCOeval(ground_truth, detections, "bbox")
        evaluation.evaluate()
        evaluation.accumulate()
        evaluation.summarize()

    # precision[T, R, K, A, M]: area range 0 ("all"), maxDets index 2 (100).
    precision = evaluation.eval["precision"][:, :, :, 0, 2]
    per_class = {}
    for k, category in enumerate(evaluation.params.catIds):
        values = precision[:, :, k]
        if (values > -1).sum() == 0:
            continue
        per_class[str(category - 1)] = {"ap50": float(np.mean(values[0])), "ap50_95": float(np.mean(values))}

    # Precision and recall at the operating confidence, from COCOeval's matches at IoU 0.5.
    counts = {}
    for entry in evaluation.evalImgs:
        if entry is None or entry["aRng"] != evaluation.params.areaRng[0] or entry["maxDet"] != 100:
            continue
        key = str(entry["category_id"] - 1)
        scores = np.array(entry["dtScores"])
        matched = np.array(entry["dtMatches"][0]) > 0 if len(scores) else np.zeros(0, dtype=bool)
        above = scores > operating_confidence
        total = counts.setdefault(key, [0, 0, 0])
        total[0] += int(np.sum(matched & above))
        total[1] += int(np.sum(above))
        total[2] += len(entry["gtIds"])
    for key, (true_positives, detected, labelled) in counts.items():
        if key in per_class:
            per_class[key]["precision"] = true_positives / detected if detected else 0.0
            per_class[key]["recall"] = true_positives / labelled

    return {"map50": float(evaluation.stats[1]), "map50_95": float(evaluation.stats[0]), "per_class": per_class,
            "photos": len(photos), "labels": len(annotations), "predictions": len(results)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("labels")
    parser.add_argument("predictions_out")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--operating-confidence", type=float, default=0.4)
    parser.add_argument("--synthesize", type=int, metavar="N", help="first write N synthetic label files into LABELS_DIR")
    arguments = parser.parse_args()

    if arguments.synthesize:
        synthesize(arguments.labels, arguments.synthesize, arguments.seed)

    photos = read_labels(arguments.labels)
    predictions = perturb(photos, arguments.seed)
    with open(arguments.predictions_out, "w") as handle:
        json.dump({"photos": [{"file": name, "objects": [
            {"class": cls, "confidence": confidence, "x": x, "y": y, "width": w, "height": h}
            for cls, confidence, x, y, w, h in objects]} for name, objects in predictions]}, handle)
    print(json.dumps(coco_evaluate(photos, predictions, arguments.operating_confidence)))


if __name__ == "__main__":
    main()
