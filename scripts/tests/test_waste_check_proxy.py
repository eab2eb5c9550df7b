"""Tests for scripts/waste_check_proxy.py: how it reads which photos the waste detector was
trained on, and how it scores the CLI's answers — a photo is flagged by a reported object or a
non-organic verdict, and an object counts as boxed only at IoU ≥ 0.3 with its truth box.

Run with: .venv/bin/python -m unittest discover -s scripts/tests
"""

import sys
import tempfile
import unittest
from pathlib import Path

import numpy as np

SCRIPTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SCRIPTS))

import waste_check_proxy as proxy  # noqa: E402


def record(objects=(), organic=True):
    return {"objects": [{"box": {"x": x, "y": y, "width": w, "height": h}} for x, y, w, h in objects],
            "verdict": {"organic": organic}}


class ScoringTests(unittest.TestCase):
    def test_a_photo_is_flagged_by_an_object_or_a_non_organic_verdict(self):
        self.assertFalse(proxy.flagged(record()))
        self.assertTrue(proxy.flagged(record(objects=[(0, 0, 5, 5)])))
        self.assertTrue(proxy.flagged(record(organic=False)))
        self.assertFalse(proxy.flagged({"objects": [], "verdict": None}), "no heads: only objects flag")

    def test_an_object_is_boxed_only_at_iou_of_at_least_0_3(self):
        truth = (10, 10, 30, 30)
        self.assertTrue(proxy.boxed(record(objects=[(10, 10, 20, 20)]), truth))
        self.assertTrue(proxy.boxed(record(objects=[(100, 100, 5, 5), (12, 12, 20, 20)]), truth), "any reported box")
        self.assertFalse(proxy.boxed(record(objects=[(10, 10, 8, 8)]), truth), "IoU 0.16")
        self.assertFalse(proxy.boxed(record(objects=[(40, 40, 20, 20)]), truth), "disjoint")
        self.assertFalse(proxy.boxed(record(organic=False), truth), "a verdict flags but boxes nothing")
        self.assertAlmostEqual(proxy.iou((0, 0, 10, 10), (5, 0, 15, 10)), 50 / 150)

    def test_a_photo_on_white_is_told_from_one_in_a_bin(self):
        white = np.full((100, 120, 3), 245, np.uint8)
        white[30:70, 40:80] = (200, 60, 20)
        heap = np.random.default_rng(1).integers(0, 255, (100, 120, 3)).astype(np.uint8)
        self.assertTrue(proxy.on_white(white))
        self.assertFalse(proxy.on_white(heap))


class SourcesTests(unittest.TestCase):
    def test_training_and_any_use_are_read_from_sources_tsv(self):
        with tempfile.TemporaryDirectory() as folder:
            data = Path(folder)
            (data / "sources.tsv").write_text(
                "split\timage\tkind\tdataset\tsource\tgroup\n"
                "train\ttrain/images/a.jpg\tscene\ttrashnet\tglass/glass1.jpg\tglass/glass1\n"
                "valid\tvalid/images/b.jpg\tscene\twaste-materials\torganic_waste/org_3.jpg\torg_3\n", encoding="utf-8")
            used = proxy.read_sources(data)
        self.assertEqual(used["train"], {("trashnet", "glass/glass1.jpg")})
        self.assertEqual(used["any"], {("trashnet", "glass/glass1.jpg"), ("waste-materials", "organic_waste/org_3.jpg")})


if __name__ == "__main__":
    unittest.main()
