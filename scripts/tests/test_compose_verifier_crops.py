"""Tests for scripts/compose_verifier_crops.py on a small YOLO dataset written here: the labelled
foreign objects become "foreign" crops, the labelled organic ones, the detector's false boxes and
background squares "not-foreign"; a detector box on a labelled foreign object is no false box; a
photo without a detections line or a bad label file is refused with its name; the output depends
only on the inputs and the seed.

Run with: .venv/bin/python -m unittest discover -s scripts/tests
"""

import json
import sys
import tempfile
import unittest
from pathlib import Path

import numpy as np
from PIL import Image

SCRIPTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SCRIPTS))

import compose_detection_data as compose  # noqa: E402
import compose_verifier_crops as crops  # noqa: E402

NAMES = ["can", "apple", "paper"]


def write_dataset(folder, photos):
    """photos: {name: (labels lines, size)} written as the train split of a YOLO dataset."""
    (folder / "train" / "images").mkdir(parents=True)
    (folder / "train" / "labels").mkdir(parents=True)
    (folder / "data.yaml").write_text(f"names: [{', '.join(NAMES)}]\n", encoding="utf-8")
    rng = np.random.default_rng(3)
    for name, (lines, (width, height)) in photos.items():
        pixels = rng.integers(0, 255, (height, width, 3)).astype(np.uint8)
        Image.fromarray(pixels).save(folder / "train" / "images" / f"{name}.jpg")
        (folder / "train" / "labels" / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def detection(label, x, y, width, height):
    return {"label": label, "confidence": 0.5, "x": x, "y": y, "width": width, "height": height}


class CropTests(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp())
        # bin: a can at (20, 20)–(60, 60) and an apple at (120, 120)–(160, 160) in a 200 × 200 photo.
        write_dataset(self.folder / "data", {"bin": (["0 0.2 0.2 0.2 0.2", "1 0.7 0.7 0.2 0.2"], (200, 200)),
                                              "heap": ([], (160, 120))})
        self.detections = {
            "bin.jpg": [("can", (22, 22, 58, 58)), ("paper", (100, 10, 140, 50)), ("apple", (120, 120, 160, 160))],
            "heap.jpg": [("paper", (10, 10, 50, 50))],
        }

    def compose(self, seed=7, output="crops"):
        counts = crops.compose_split(self.folder / "data", "train", self.detections, self.folder / output, seed)
        return counts, self.folder / output / "train"

    def test_each_kind_of_crop_goes_to_its_class(self):
        counts, split = self.compose()
        self.assertEqual(counts[("foreign", "labelled")], 1, "the can")
        self.assertEqual(counts[("not-foreign", "labelled")], 1, "the apple")
        self.assertEqual(counts[("not-foreign", "false box")], 2, "the paper boxes; the box on the can is no false box")
        self.assertGreaterEqual(counts[("not-foreign", "background")], 1, "a photo without foreign objects gives squares")
        self.assertEqual(len(list((split / "foreign").glob("*.jpg"))), 1)
        self.assertEqual(len(list((split / "not-foreign").glob("*.jpg"))), sum(
            count for (kind, _), count in counts.items() if kind == "not-foreign"))

    def test_a_crop_carries_the_margin_wasteguard_cuts_boxes_with(self):
        _, split = self.compose()
        [can] = list((split / "foreign").glob("*.jpg"))
        with Image.open(can) as image:
            self.assertEqual(image.size, (48, 48), "40 pixels and 10 % on each side")
        self.assertEqual(crops.with_margin((0, 0, 40, 40), 30, 100), (0, 0, 30, 44), "clipped to the photo")

    def test_background_squares_keep_away_from_foreign_objects(self):
        rng = compose.rng_for(1)
        can = (20, 20, 60, 60)
        for _ in range(50):
            for kind, reason, box in crops.crops_of_photo(Image.new("RGB", (200, 200)), [("can", can)], [], rng):
                if reason == "background":
                    self.assertEqual(crops.covered_share(box, can), 0)

    def test_same_seed_same_crops(self):
        def contents(split):
            return {path.relative_to(split): path.read_bytes() for path in sorted(split.rglob("*.jpg"))}
        _, first = self.compose(seed=5, output="a")
        _, second = self.compose(seed=5, output="b")
        self.assertEqual(contents(first), contents(second))

    def test_a_photo_without_detections_is_named(self):
        del self.detections["heap.jpg"]
        with self.assertRaises(compose.InputError) as raised:
            self.compose()
        self.assertIn("heap.jpg", str(raised.exception))

    def test_a_bad_label_file_is_named(self):
        (self.folder / "data" / "train" / "labels" / "heap.txt").write_text("7 0.5 0.5 0.1 0.1\n", encoding="utf-8")
        with self.assertRaises(compose.InputError) as raised:
            self.compose()
        self.assertIn("heap.txt", str(raised.exception))

    def test_detections_are_read_from_the_detect_commands_json_lines(self):
        path = self.folder / "detections.jsonl"
        path.write_text(json.dumps({"file": "/x/bin.jpg", "objects": [detection("can", 1, 2, 3, 4)]}) + "\n\n", encoding="utf-8")
        self.assertEqual(crops.read_detections(path), {"bin.jpg": [("can", (1, 2, 4, 6))]})
        path.write_text(json.dumps({"file": "/x/bad.jpg", "error": "not an image"}) + "\n", encoding="utf-8")
        with self.assertRaises(compose.InputError) as raised:
            crops.read_detections(path)
        self.assertIn("bad.jpg", str(raised.exception))


if __name__ == "__main__":
    unittest.main()
