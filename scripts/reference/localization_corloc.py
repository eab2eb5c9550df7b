"""How well `sightline localize` boxes objects: CorLoc on YOLO-format detection folders.

For every photo and every labelled class that has an ImageNet counterpart, the first box
`sightline localize --class <ImageNet label>` returns counts as correct when its IoU with one of
the ground-truth boxes of that class, or with the box around all of them, is at least 0.5
(CorLoc, the usual figure for weakly supervised localisation). Prints one line per threshold.

Usage:
    localization_corloc.py --sightline .build/release/sightline [--thresholds 0.2,0.3,0.4,0.5] [--limit 80]
"""
import argparse
import glob
import json
import os
import subprocess
from pathlib import Path

DATASETS = Path(__file__).resolve().parents[3] / "shared" / "datasets"

# (folder, detection class index → ImageNet label as the lite models name it)
SETS = [
    ("coco128", {46: "banana", 49: "orange", 50: "broccoli", 53: "pizza", 52: "hot dog", 77: "teddy bear",
                 63: "laptop", 68: "microwave", 72: "refrigerator", 74: "analog clock", 75: "vase", 25: "umbrella",
                 22: "zebra", 20: "African elephant", 66: "computer keyboard", 64: "computer mouse",
                 9: "traffic light", 39: "water bottle"}),
    ("ingredients-detection/valid", {2: "banana", 4: "zucchini"}),
    ("ingredients-detection/train", {2: "banana", 4: "zucchini"}),
]


def iou(a, b):
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return 0.0
    intersection = width * height
    return intersection / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - intersection)


def cases(limit):
    found = []
    for folder, mapping in SETS:
        root = DATASETS / folder
        for label_file in sorted(glob.glob(str(root / "labels" / "*.txt"))):
            stem = Path(label_file).stem
            images = glob.glob(str(root / "images" / f"{stem}.*"))
            if not images:
                continue
            boxes = {}
            for line in Path(label_file).read_text().splitlines():
                parts = line.split()
                if len(parts) == 5 and int(parts[0]) in mapping:
                    boxes.setdefault(int(parts[0]), []).append(tuple(map(float, parts[1:])))
            found += [(images[0], mapping[index], normalised) for index, normalised in boxes.items()]
    return found[:limit]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sightline", required=True)
    parser.add_argument("--thresholds", default="0.2,0.3,0.4,0.5,0.6")
    parser.add_argument("--limit", type=int, default=80)
    options = parser.parse_args()
    selected = cases(options.limit)
    print(f"{len(selected)} photo/class pairs")
    for threshold in options.thresholds.split(","):
        hits = 0
        for path, label, normalised in selected:
            result = subprocess.run([options.sightline, "localize", "--json", "--class", label, "--threshold", threshold, path],
                                    capture_output=True, text=True, check=True)
            answer = json.loads(result.stdout)
            width, height = answer["width"], answer["height"]
            truth = [((x - w / 2) * width, (y - h / 2) * height, (x + w / 2) * width, (y + h / 2) * height)
                     for x, y, w, h in normalised]
            around_all = (min(t[0] for t in truth), min(t[1] for t in truth), max(t[2] for t in truth), max(t[3] for t in truth))
            regions = answer["classes"][0]["regions"]
            if regions:
                first = regions[0]
                box = (first["x"], first["y"], first["x"] + first["width"], first["y"] + first["height"])
                hits += max(iou(box, t) for t in truth + [around_all]) >= 0.5
        print(f"threshold {threshold}: CorLoc {hits}/{len(selected)} = {hits / len(selected):.3f}", flush=True)


if __name__ == "__main__":
    main()
