#!/usr/bin/env python3
"""Measures an ImageNet classifier's top-1/top-5 accuracy with ONNX Runtime and Pillow.

The folder holds photos laid out as `<wnid>/<file>`; each wnid is mapped to its class index
through Data/imagenet-classes.tsv. Photos are preprocessed by imagenet_preprocessing.py
(resize shorter side, centre crop, (x - 127) / 128). This is the reference figure the Swift
`sightline-lab evaluate-imagenet` is compared with.

Usage:
    evaluate_imagenet.py --model lite0.onnx [--shorter-side 256] [--threads 2] DIR
The shorter side defaults to the crop + 32 (TensorFlow's crop padding): 256 / 272 / 292 for Lite0 / 1 / 2.
Prints a human summary on stderr and one JSON object on stdout.
"""

import argparse
import csv
import json
import sys
from pathlib import Path

import numpy as np

from imagenet_preprocessing import image_tensor
from ort_bench import make_session

REPOSITORY = Path(__file__).resolve().parents[2]
CLASS_TABLE = REPOSITORY / "Data" / "imagenet-classes.tsv"
IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp"}
BATCH_SIZE = 25


def class_index_by_wnid(path=CLASS_TABLE):
    with open(path, newline="", encoding="utf-8") as stream:
        return {row["wnid"]: int(row["index"]) for row in csv.DictReader(stream, delimiter="\t")}


def labelled_photos(directory, index_by_wnid):
    """(path, class index) for every photo under `directory`/<wnid>/, sorted by path."""
    photos = []
    for path in sorted(Path(directory).glob("*/*")):
        if path.suffix.lower() in IMAGE_SUFFIXES and path.parent.name in index_by_wnid:
            photos.append((path, index_by_wnid[path.parent.name]))
    return photos


def evaluate(session, photos, shorter_side, crop):
    """Returns (top-1 hits, top-5 hits) over `photos`."""
    input_name = session.get_inputs()[0].name
    top1 = top5 = 0
    for start in range(0, len(photos), BATCH_SIZE):
        batch = photos[start:start + BATCH_SIZE]
        tensor = np.concatenate([image_tensor(path, shorter_side, crop) for path, _ in batch])
        logits = session.run(["logits"], {input_name: tensor})[0]
        best = np.argsort(-logits, axis=1)[:, :5]
        for (_, truth), ranking in zip(batch, best):
            top1 += int(ranking[0] == truth)
            top5 += int(truth in ranking)
    return top1, top5


def main(arguments):
    parser = argparse.ArgumentParser(description="Top-1/top-5 accuracy of an ImageNet ONNX classifier with ONNX Runtime.")
    parser.add_argument("directory", help="photos laid out as <wnid>/<file>")
    parser.add_argument("--model", required=True, help="ONNX file with input [batch, 3, S, S] and output 'logits'")
    parser.add_argument("--shorter-side", type=int, help="resize the shorter side to this before the centre crop (default: crop + 32)")
    parser.add_argument("--threads", type=int, default=2)
    options = parser.parse_args(arguments)

    session = make_session(options.model, options.threads)
    crop = session.get_inputs()[0].shape[-1]
    shorter_side = options.shorter_side or crop + 32
    photos = labelled_photos(options.directory, class_index_by_wnid())
    if not photos:
        print(f"error: no photos laid out as <wnid>/<file> under {options.directory}", file=sys.stderr)
        return 1
    top1, top5 = evaluate(session, photos, shorter_side, crop)
    count = len(photos)
    print(f"{count} photos: top-1 {100 * top1 / count:.1f} %, top-5 {100 * top5 / count:.1f} % "
          f"(shorter side {shorter_side}, crop {crop})", file=sys.stderr)
    print(json.dumps({"photos": count, "top1": top1 / count, "top5": top5 / count,
                      "shorter_side": shorter_side, "crop": crop}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
