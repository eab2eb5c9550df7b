"""Tests for scripts/compose_detection_data.py, on small synthetic inputs built in a temporary
folder (the shared datasets are not needed).

Run with: .venv/bin/python -m unittest discover -s scripts/tests
- the board cut-out finds a coloured object on a light board, and the plate cut-out a food on a
  plate, to within a few pixels; objects cut by the frame are rejected;
- a pasted object's box is where its pixels landed, and an object partly covered by a later
  one keeps only its visible part;
- a whole run writes valid YOLO datasets: label lines within 0-1, class names mapped (litter's
  pbottle → plastic, a photo with a misc box dropped, ingredients' courgette, sweet_potato and
  cured_goat_cheese → the Kitchen vocabulary's names), composed validation scenes made only of
  sources no training photo uses, and the same output for the same seed;
- a missing input folder, or an --output inside the datasets, is refused with a clear message.
"""

import contextlib
import hashlib
import io
import json
import re
import sys
import tempfile
import unittest
from pathlib import Path

import numpy as np
from PIL import Image

SCRIPTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SCRIPTS))

import compose_detection_data as compose  # noqa: E402

LITTER_NAMES = ["Mask", "can", "cellphone", "electronics", "gbottle", "glove", "metal", "misc", "net", "pbag",
                "pbottle", "plastic", "rod", "sunglasses", "tire"]
INGREDIENT_NAMES = ["almond_milk", "avocado", "banana", "carrot", "courgette", "cured_goat_cheese", "egg", "milk",
                    "oat_milk", "oats", "olive_oil", "potato", "quinoa", "rice", "salmon", "spaghetti", "sweet_potato",
                    "tomato"]


def board_photo(rng, box, colour, size=(320, 240), board=(205, 200, 190), ellipse=True):
    """A light board with a gentle gradient and noise, and a solid object filling `box`
    (x0, y0, x1, y1, exclusive) — an ellipse or a rectangle."""
    width, height = size
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    image = np.array(board, np.float32)[None, None, :] * (1 - 0.08 * x / width)[..., None]
    image = image + rng.normal(0, 2, image.shape)
    x0, y0, x1, y1 = box
    if ellipse:
        inside = ((x + 0.5 - (x0 + x1) / 2) / ((x1 - x0) / 2)) ** 2 + ((y + 0.5 - (y0 + y1) / 2) / ((y1 - y0) / 2)) ** 2 <= 1
    else:
        inside = (x >= x0) & (x < x1) & (y >= y0) & (y < y1)
    image[inside] = np.array(colour, np.float32) + rng.normal(0, 3, (inside.sum(), 3))
    return np.clip(image, 0, 255).astype(np.uint8)


def plate_photo(rng, food_box, food_colour, size=(320, 240)):
    """A wooden table, a white plate in the middle and a round food on it."""
    width, height = size
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    image = np.array((150, 100, 60), np.float32) + rng.normal(0, 4, (height, width, 3))
    plate = (x - width / 2) ** 2 + (y - height / 2) ** 2 <= 100 ** 2
    image[plate] = np.array((225, 225, 220), np.float32) + rng.normal(0, 2, (plate.sum(), 3))
    x0, y0, x1, y1 = food_box
    food = ((x + 0.5 - (x0 + x1) / 2) / ((x1 - x0) / 2)) ** 2 + ((y + 0.5 - (y0 + y1) / 2) / ((y1 - y0) / 2)) ** 2 <= 1
    image[food] = np.array(food_colour, np.float32) + rng.normal(0, 3, (food.sum(), 3))
    return np.clip(image, 0, 255).astype(np.uint8)


def save(image, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(image).save(path, quality=95)


def write_yolo(root, names, photos):
    """photos: {(split, stem): [(class name, cx, cy, w, h)]} on 320×320 table photos."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "data.yaml").write_text(f"path: .\ntrain: train/images\nval: valid/images\nnc: {len(names)}\n"
                                    f"names: {names!r}\n", encoding="utf-8")
    rng = np.random.default_rng(5)
    for (split, stem), boxes in photos.items():
        image = np.clip(np.array((200, 198, 192), np.float32) + rng.normal(0, 3, (320, 320, 3)), 0, 255)
        for number, (_, cx, cy, w, h) in enumerate(boxes):
            x0, y0 = int((cx - w / 2) * 320), int((cy - h / 2) * 320)
            image[y0:int((cy + h / 2) * 320), x0:int((cx + w / 2) * 320)] = (40 + 50 * number, 120, 60)
        save(image.astype(np.uint8), root / split / "images" / f"{stem}.jpg")
        (root / split / "labels").mkdir(parents=True, exist_ok=True)
        (root / split / "labels" / f"{stem}.txt").write_text(
            "\n".join(f"{names.index(name)} {cx} {cy} {w} {h}" for name, cx, cy, w, h in boxes), encoding="utf-8")


def make_datasets(root):
    """A miniature ../shared/datasets with every folder the script reads."""
    rng = np.random.default_rng(1)
    colours = {"glass": (40, 120, 60), "metal": (120, 120, 140), "plastic": (30, 80, 200), "paper": (200, 60, 40),
               "cardboard": (150, 110, 70)}
    for folder, colour in colours.items():
        for number in range(3):
            x0, y0 = 60 + 30 * number, 50 + 20 * number
            save(board_photo(rng, (x0, y0, x0 + 110, y0 + 80), colour), root / "trashnet" / folder / f"{folder}{number + 1}.jpg")
    save(board_photo(rng, (100, 80, 200, 160), (90, 90, 90)), root / "trashnet" / "trash" / "trash1.jpg")
    for number in range(3):
        save(board_photo(rng, (120, 40 + 10 * number, 170, 200), (200, 150, 30), board=(255, 255, 255), ellipse=False),
             root / "batteries" / "Brand" / f"{number + 1}.jpg")
    (root / "batteries" / "Brand" / "4.jpg").write_bytes(b"<html>not a photo</html>")
    for number in range(5):
        noise = rng.integers(0, 255, (25, 35, 3), dtype=np.uint8)
        background = np.asarray(Image.fromarray(noise).resize((280, 200), Image.BILINEAR))
        save(background, root / "waste-materials" / "organic_waste" / f"org_{number + 1}.jpg")
    foods = {"apple": (200, 30, 30), "egg": (180, 120, 70), "doughnut": (160, 100, 40)}
    for food, colour in foods.items():
        for item in range(1, 4):
            x0, y0 = 130 + 5 * item, 90
            save(plate_photo(rng, (x0, y0, x0 + 55, y0 + 60), colour),
                 root / "foods-ecustfd" / food / f"{food}{item:03d}T(1).jpg")
        save(plate_photo(rng, (140, 90, 190, 150), colour), root / "foods-ecustfd" / food / f"{food}001S(1).jpg")
    for folder, kind in (("tomato", "Beef-Tomato"), ("onion", "Yellow-Onion")):
        for number in (1, 2, 11, 12):
            pile = Image.fromarray(rng.integers(60, 220, (10, 10, 3), dtype=np.uint8)).resize((300, 300), Image.NEAREST)
            save(np.asarray(pile), root / "grocery-vegetables" / folder / f"train__{kind}__{kind}_{number:03d}.jpg")
    write_yolo(root / "litter-detection", LITTER_NAMES, {
        ("train", "a_jpg.rf.1"): [("pbottle", 0.3, 0.4, 0.2, 0.3), ("can", 0.7, 0.7, 0.15, 0.2)],
        ("train", "b_jpg.rf.2"): [("Mask", 0.5, 0.5, 0.3, 0.25)],
        ("train", "c_jpg.rf.3"): [("misc", 0.5, 0.5, 0.2, 0.2), ("can", 0.2, 0.2, 0.1, 0.1)],
        ("valid", "d_jpg.rf.4"): [("gbottle", 0.4, 0.5, 0.2, 0.4)],
        ("valid", "e_jpg.rf.5"): [("pbag", 0.6, 0.4, 0.3, 0.3)],
    })
    write_yolo(root / "ingredients-detection", INGREDIENT_NAMES, {
        ("train", "k1_jpg.rf.1"): [("courgette", 0.15, 0.15, 0.2, 0.1), ("sweet_potato", 0.15, 0.4, 0.15, 0.1)],
        ("train", "k2_jpg.rf.2"): [("cured_goat_cheese", 0.85, 0.85, 0.2, 0.2)],
        ("valid", "k3_jpg.rf.3"): [("egg", 0.1, 0.9, 0.1, 0.1)],
    })


def run(arguments):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = compose.main([str(argument) for argument in arguments])
    return code, out.getvalue(), err.getvalue()


def tree_digest(folder):
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


class CutOutTests(unittest.TestCase):
    def test_board_cut_out_finds_the_object(self):
        rng = np.random.default_rng(2)
        for box, colour, ellipse in (((90, 70, 210, 160), (40, 110, 200), True),
                                     ((40, 100, 150, 150), (180, 40, 40), False),
                                     ((150, 30, 250, 200), (60, 60, 60), True)):
            mask, why = compose.board_mask(board_photo(rng, box, colour, ellipse=ellipse))
            self.assertIsNone(why)
            found = compose.tight_box(mask)
            for got, want in zip(found, box):
                self.assertLessEqual(abs(got - want), 3, f"{found} vs {box}")

    def test_object_cut_by_the_frame_or_filling_it_is_rejected(self):
        rng = np.random.default_rng(3)
        mask, why = compose.board_mask(board_photo(rng, (200, 60, 330, 180), (40, 110, 200), ellipse=False))
        self.assertIsNone(mask)
        self.assertIn("frame", why)
        mask, why = compose.board_mask(board_photo(rng, (20, 15, 300, 225), (40, 110, 200), ellipse=False))
        self.assertIsNone(mask)

    def test_plate_cut_out_finds_the_food_not_the_plate(self):
        rng = np.random.default_rng(4)
        box = (130, 85, 190, 150)
        mask, why = compose.plate_mask(plate_photo(rng, box, (200, 30, 30)))
        self.assertIsNone(why)
        for got, want in zip(compose.tight_box(mask), box):
            self.assertLessEqual(abs(got - want), 3)


class PasteTests(unittest.TestCase):
    def disc(self, radius, colour):
        size = 2 * radius + 8
        y, x = np.mgrid[0:size, 0:size]
        inside = (x + 0.5 - size / 2) ** 2 + (y + 0.5 - size / 2) ** 2 <= radius ** 2
        rgb = np.zeros((size, size, 3), np.uint8)
        rgb[inside] = colour
        return compose.Cutout(rgb, inside.astype(np.float32), "glass", "test cut-out", ("test", "disc", "disc"))

    def test_pasted_box_is_where_the_object_landed(self):
        background = np.full((240, 320, 3), 128, np.uint8)
        for seed in range(8):
            scene = compose.Scene(background)
            rng = np.random.default_rng(seed)
            self.assertTrue(scene.paste(self.disc(30, (250, 20, 20)), rng, 0.3))
            image, boxes, origins = scene.result()
            self.assertEqual(len(boxes), 1)
            label, source, *box = boxes[0]
            self.assertEqual((label, source, origins), ("glass", "test cut-out", [("test", "disc", "disc")]))
            changed = np.abs(image.astype(int) - 128).max(2) > 60
            for got, want in zip(box, compose.tight_box(changed)):
                self.assertLessEqual(abs(got - want), 2, f"seed {seed}: {box} vs {compose.tight_box(changed)}")
            self.assertAlmostEqual(max(box[2] - box[0], box[3] - box[1]), 0.3 * 240, delta=3)

    def test_a_covered_object_keeps_only_its_visible_part(self):
        scene = compose.Scene(np.zeros((100, 100, 3), np.uint8))
        first = np.zeros((100, 100), bool)
        first[20:60, 10:70] = True
        second = np.zeros((100, 100), bool)
        second[10:70, 50:90] = True
        scene.add_in_place("apple", "a", ("d", "1", "1"), first)
        scene.add_in_place("can", "b", ("d", "2", "2"), second)
        _, boxes, _ = scene.result()
        self.assertEqual(boxes, [("apple", "a", 10, 20, 50, 60), ("can", "b", 50, 10, 90, 70)])

    def test_pastes_do_not_pile_up(self):
        scene = compose.Scene(np.full((240, 320, 3), 100, np.uint8))
        rng = np.random.default_rng(0)
        for _ in range(6):
            scene.paste(self.disc(30, (20, 200, 20)), rng, 0.3)
        boxes = [found[2:] for found in scene.result()[1]]
        self.assertGreaterEqual(len(boxes), 3)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                inter = max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))
                union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
                self.assertLessEqual(inter / union, 0.1 + 1e-6)


class WholeRunTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.temporary = tempfile.TemporaryDirectory()
        root = Path(cls.temporary.name)
        cls.datasets = root / "datasets"
        make_datasets(cls.datasets)
        cls.options = ["--datasets", cls.datasets, "--waste-scenes", 14, "--waste-valid-scenes", 5,
                       "--kitchen-scenes", 6, "--kitchen-valid-scenes", 3, "--jobs", 1]
        cls.first, cls.second, cls.other = root / "out1", root / "out2", root / "out3"
        cls.results = [run(cls.options + ["--output", folder, "--seed", seed])
                       for folder, seed in ((cls.first, 5), (cls.second, 5), (cls.other, 6))]

    @classmethod
    def tearDownClass(cls):
        cls.temporary.cleanup()

    def test_runs_succeed(self):
        for code, out, err in self.results:
            self.assertEqual(code, 0, err)
            self.assertIn("== waste", out)
            self.assertIn("== kitchen", out)

    def names(self, dataset):
        text = (self.first / dataset / "data.yaml").read_text(encoding="utf-8")
        return [name.strip().strip("'") for name in re.search(r"^names: \[(.*)\]$", text, re.M).group(1).split(", ")]

    def labels(self, dataset, split, stem):
        names = self.names(dataset)
        lines = (self.first / dataset / split / "labels" / f"{stem}.txt").read_text(encoding="utf-8").splitlines()
        return sorted(names[int(line.split()[0])] for line in lines)

    def test_label_files_are_valid_yolo_lines(self):
        for dataset in ("waste", "kitchen"):
            count = len(self.names(dataset))
            for split in ("train", "valid"):
                images = sorted(p.stem for p in (self.first / dataset / split / "images").iterdir())
                labels = sorted(p.stem for p in (self.first / dataset / split / "labels").iterdir())
                self.assertEqual(images, labels)
                self.assertTrue(images)
                for stem in images:
                    with Image.open(self.first / dataset / split / "images" / f"{stem}.jpg") as image:
                        self.assertLessEqual(max(image.size), compose.MAX_SIDE)
                    for line in (self.first / dataset / split / "labels" / f"{stem}.txt").read_text().splitlines():
                        fields = line.split()
                        self.assertEqual(len(fields), 5, line)
                        self.assertTrue(0 <= int(fields[0]) < count, line)
                        cx, cy, w, h = map(float, fields[1:])
                        self.assertTrue(w > 0 and h > 0, line)
                        for low, high in ((cx - w / 2, cx + w / 2), (cy - h / 2, cy + h / 2)):
                            self.assertGreaterEqual(low, -1e-6, line)
                            self.assertLessEqual(high, 1 + 1e-6, line)

    def test_waste_classes_are_mapped_and_unusable_photos_dropped(self):
        names = self.names("waste")
        self.assertEqual(names, [name for name in compose.WASTE_CLASSES if name in names])
        self.assertEqual(self.labels("waste", "train", "litter__a_jpg.rf.1"), ["can", "plastic"])
        self.assertEqual(self.labels("waste", "train", "litter__b_jpg.rf.2"), ["face mask"])
        self.assertEqual(self.labels("waste", "valid", "litter__d_jpg.rf.4"), ["glass"])
        self.assertFalse((self.first / "waste" / "train" / "images" / "litter__c_jpg.rf.3.jpg").exists())
        summary = json.loads((self.first / "waste" / "summary.json").read_text(encoding="utf-8"))
        reasons = {(entry["source"], entry["reason"]): entry["count"] for entry in summary["dropped"]}
        self.assertEqual(reasons[("litter-detection", "photo has misc boxes (no WasteGuard class)")], 1)
        self.assertEqual(reasons[("batteries", "battery: cut-out rejected: does not decode as an image")], 1)
        self.assertEqual(reasons[("trashnet", "trash: mixed rubbish, no single WasteGuard class")], 1)
        self.assertIn(("foods-ecustfd", "doughnut: pastry, not a WasteGuard class"), reasons)
        self.assertIn(("foods-ecustfd", "apple: side view (plate edge and food run together)"), reasons)
        pools = summary["objects_to_paste"]
        self.assertEqual(pools["foreign"]["train"]["battery"], {"batteries cut-out": 2})
        for label in ("glass", "metal", "plastic", "paper"):
            # 3 photos a folder, 1 valid; paper is paper + cardboard: 6 photos, 1 valid
            self.assertEqual(pools["foreign"]["train"][label]["trashnet cut-out"], 2 if label != "paper" else 5)
        self.assertEqual(pools["foreign"]["train"]["plastic"]["litter-detection crop"], 1)  # pbottle
        self.assertEqual(pools["foreign"]["train"]["can"], {"litter-detection crop": 1})
        self.assertEqual(pools["organic"]["train"]["apple"], {"foods-ecustfd cut-out": 2})
        # 2 kinds × 2 blocks of 2 photos, one block of each kind valid
        self.assertEqual(pools["organic"]["train"]["vegetable"], {"grocery-vegetables crop": 4})
        self.assertNotIn("doughnut", pools["organic"]["train"])
        totals = summary["splits"]["train"]["boxes_by_class"]
        self.assertEqual(sum(totals.values()), summary["splits"]["train"]["boxes"])

    def test_kitchen_classes_use_the_vocabulary_names(self):
        names = self.names("kitchen")
        for name in ("courgette", "sweet potato", "goat cheese", "egg", "apple", "onion"):
            self.assertIn(name, names)
        for name in names:
            self.assertNotIn("_", name)
        self.assertEqual(self.labels("kitchen", "train", "ingredients__k1_jpg.rf.1"), ["courgette", "sweet potato"])
        self.assertEqual(self.labels("kitchen", "train", "ingredients__k2_jpg.rf.2"), ["goat cheese"])
        self.assertNotIn("tomato", names)  # grocery tomatoes are not pasted: ingredients-detection boxes them one by one
        self.assertNotIn("doughnut", names)

    def test_composed_validation_scenes_use_no_training_source(self):
        for dataset in ("waste", "kitchen"):
            rows = [line.split("\t") for line in
                    (self.first / dataset / "sources.tsv").read_text(encoding="utf-8").splitlines()[1:]]
            training = {(row[3], row[5]) for row in rows if row[0] == "train"}
            composed_valid = {(row[3], row[5]) for row in rows if row[0] == "valid" and row[2].startswith("composed")}
            self.assertTrue(composed_valid)
            shared = {source for source in composed_valid & training if source[0] != "ingredients-detection"}
            self.assertEqual(shared, set(), dataset)

    def test_same_seed_same_output_other_seed_other_scenes(self):
        first, second, other = tree_digest(self.first), tree_digest(self.second), tree_digest(self.other)
        self.assertEqual(first, second)
        scenes = [name for name in first if "/images/scene_" in name]
        self.assertTrue(scenes)
        self.assertNotEqual([first[name] for name in scenes], [other.get(name) for name in scenes])


class RefusalTests(unittest.TestCase):
    def test_missing_input_folder_is_named(self):
        with tempfile.TemporaryDirectory() as folder:
            datasets = Path(folder) / "datasets"
            (datasets / "litter-detection").mkdir(parents=True)
            code, _, err = run(["--datasets", datasets, "--output", Path(folder) / "out", "--only", "waste"])
            self.assertEqual(code, 1)
            self.assertIn("litter-detection", err)
            self.assertIn("missing", err)
            code, _, err = run(["--datasets", Path(folder) / "nowhere", "--output", Path(folder) / "out"])
            self.assertEqual(code, 1)
            self.assertIn("nowhere", err)

    def test_output_inside_the_datasets_is_refused(self):
        with tempfile.TemporaryDirectory() as folder:
            datasets = Path(folder) / "datasets"
            datasets.mkdir()
            code, _, err = run(["--datasets", datasets, "--output", datasets / "composed"])
            self.assertEqual(code, 1)
            self.assertIn("read only", err)
            self.assertFalse((datasets / "composed").exists())

    def test_a_foreign_folder_is_not_replaced(self):
        with tempfile.TemporaryDirectory() as folder:
            make_datasets(Path(folder) / "datasets")
            (Path(folder) / "out" / "kitchen").mkdir(parents=True)
            (Path(folder) / "out" / "kitchen" / "notes.txt").write_text("mine")
            code, _, err = run(["--datasets", Path(folder) / "datasets", "--output", Path(folder) / "out",
                                "--only", "kitchen", "--kitchen-scenes", 1, "--kitchen-valid-scenes", 1, "--jobs", 1])
            self.assertEqual(code, 1)
            self.assertIn("not written by this script", err)
            self.assertEqual((Path(folder) / "out" / "kitchen" / "notes.txt").read_text(), "mine")


if __name__ == "__main__":
    unittest.main()
