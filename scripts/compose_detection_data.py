#!/usr/bin/env python3
"""Composes the YOLO-format detection datasets that WasteGuard's and Kitchen's detectors are
trained on (`sightline train-detector`), from the photos in ../shared/datasets (read only).

Two datasets are written under --output, each with data.yaml, train/ and valid/ (images/ and
labels/, label lines `class cx cy w h` normalised 0-1), summary.json (counts per class and per
source, what was dropped and why, the mappings chosen) and sources.tsv (which source photos
every written photo was made from):

- waste/: litter-detection's real boxes mapped onto WasteGuard's class labels (photos with
  misc/rod/tire boxes dropped, litter's own train/valid split kept), plus composed scenes in
  the manner of "Cut, Paste and Learn" (Dwibedi et al., 2017): organic-waste photos (and
  ECUSTFD's food photos, their own food boxed) as backgrounds, with foreign objects pasted
  in — cut out of TrashNet's and the battery photos by separating the white board or product
  background, or rectangular crops of litter boxes — and organic objects (ECUSTFD foods cut off
  their plates, crops of grocery-vegetables photos); some scenes hold only organic objects and
  some plain organic-waste photos have no boxes at all (negatives).
- kitchen/: ingredients-detection's real boxes with its classes named as the Kitchen app's
  ingredient vocabulary names them (Sources/SightlineApps/Resources/kitchen/ingredients.tsv),
  plus composed scenes of ECUSTFD foods and grocery-vegetables crops on kitchen-counter
  backgrounds taken from the empty parts of ingredients-detection's photos.

organic_waste photos that show foreign matter (a plastic bag, a bowl …; looked at by eye,
FOREIGN_MATTER_BACKGROUNDS) or stand on white (product shots of one fruit) are not backgrounds.
Composed validation scenes are made only of source photos (TrashNet photo, battery photo,
ECUSTFD food item, block of consecutive grocery photos, organic-waste photo, litter photo)
that no training photo uses. The output depends only on the inputs and --seed.
Needs numpy and Pillow (the repository's .venv).

    .venv/bin/python scripts/compose_detection_data.py --output .build/detection-data
    .venv/bin/python scripts/compose_detection_data.py --output DIR --only kitchen --seed 3
"""
import argparse
import hashlib
import json
import math
import multiprocessing
import os
import re
import shutil
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
from PIL import Image, ImageFilter

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT_DATASETS = REPOSITORY.parent / "shared" / "datasets"
VOCABULARY = REPOSITORY / "Sources" / "SightlineApps" / "Resources" / "kitchen" / "ingredients.tsv"
IMAGE_EXTENSIONS = {".jpg", ".jpeg", ".png", ".webp"}
VALID_FRACTION = 0.2
MAX_SIDE = 512
JPEG_QUALITY = 90
SCENE_SHORT_SIDE = 320

# WasteGuard's class labels (Resources/waste/classes.tsv plus the material and organic classes
# the detector adds), in data.yaml order; only those that get boxes are written.
WASTE_CLASSES = ["face mask", "can", "glass", "plastic bag", "battery", "apple", "orange", "egg",
                 "plastic", "paper", "metal", "electronics", "fruit", "vegetable", "bread"]
LITTER_MAP = {"Mask": "face mask", "can": "can", "gbottle": "glass", "pbag": "plastic bag",
              "pbottle": "plastic", "plastic": "plastic", "glove": "plastic", "net": "plastic",
              "sunglasses": "plastic", "metal": "metal", "cellphone": "electronics", "electronics": "electronics"}
LITTER_DROP = {"misc", "rod", "tire"}
TRASHNET_MAP = {"glass": "glass", "metal": "metal", "plastic": "plastic", "paper": "paper", "cardboard": "paper"}
ECUSTFD_WASTE_MAP = {"apple": "apple", "orange": "orange", "egg": "egg", "bread": "bread", "bun": "bread",
                     "tomato": "vegetable", "banana": "fruit", "grape": "fruit", "lemon": "fruit", "litchi": "fruit",
                     "mango": "fruit", "peach": "fruit", "pear": "fruit", "plum": "fruit", "qiwi": "fruit"}

# ECUSTFD photographs each food item from the top ("apple009T(3)") and the side ("…S(1)"); only
# the top views are cut out: seen from the side the food and the plate's edge run into each other.
ECUSTFD_NAME = re.compile(r"^([a-z_]+?)(\d+)([STst])\((\d+)\)$")
GROCERY_NAME = re.compile(r"^(train|val)__([^_]+(?:-[^_]+)*)__.*?_(\d+)$")
GROCERY_BLOCK = 10
# organic_waste photos that show foreign matter (looked at by eye): as backgrounds it would be
# foreign matter without a box.
FOREIGN_MATTER_BACKGROUNDS = {
    "org_134": "plastic bag", "org_181": "plastic bag and glove", "org_39": "plastic bag", "org_16": "bin liner",
    "org_209": "bin liner", "org_48": "plastic caddy", "org_58": "metal pot", "org_184": "ceramic bowl",
    "org_202": "ceramic bowl", "org_60": "ceramic bowl", "org_199": "bowl", "org_208": "plate", "org_93": "plate",
    "org_22": "plastic bag",
}
COPY_SUFFIX = re.compile(r" \(\d+\)$")


class InputError(Exception):
    """A missing or unusable input; the message says which and what to do."""


# Small image-processing helpers (numpy + Pillow) -------------------------------------------


def stable_int(*parts):
    return int.from_bytes(hashlib.sha256("/".join(map(str, parts)).encode()).digest()[:8], "little")


def rng_for(*parts):
    return np.random.default_rng(stable_int(*parts))


def load_rgb(path):
    """The photo as an RGB uint8 array, or None when it does not decode."""
    try:
        with Image.open(path) as image:
            image.load()
            return np.asarray(image.convert("RGB"))
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


def components(mask):
    """4-connected components of a boolean mask: (labels with 0 = background, areas by label)."""
    height, width = mask.shape
    padded = np.zeros((height, width + 2), np.int8)
    padded[:, 1:-1] = mask
    steps = np.diff(padded, axis=1)
    run_rows, run_starts = np.nonzero(steps == 1)
    _, run_ends = np.nonzero(steps == -1)
    parent = list(range(len(run_rows)))

    def root(node):
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    row_first = np.searchsorted(run_rows, np.arange(height + 1)).tolist()
    starts, ends = run_starts.tolist(), run_ends.tolist()
    for row in range(1, height):
        above, above_end = row_first[row - 1], row_first[row]
        here, here_end = row_first[row], row_first[row + 1]
        while above < above_end and here < here_end:
            if starts[above] < ends[here] and starts[here] < ends[above]:
                a, b = root(above), root(here)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            if ends[above] < ends[here]:
                above += 1
            else:
                here += 1
    labels = np.zeros((height, width), np.int32)
    numbers, run_labels = {}, []
    for run, row in enumerate(run_rows.tolist()):
        label = numbers.setdefault(root(run), len(numbers) + 1)
        run_labels.append(label)
        labels[row, starts[run]:ends[run]] = label
    areas = np.zeros(len(numbers) + 1, np.int64)
    if run_labels:
        np.add.at(areas, np.array(run_labels), run_ends - run_starts)
    return labels, areas


def _spread(mask, radius, axis, combine):
    out = mask.copy()
    for step in range(1, min(radius, mask.shape[axis] - 1) + 1):
        ahead = [slice(None)] * 2
        behind = [slice(None)] * 2
        ahead[axis], behind[axis] = slice(step, None), slice(None, -step)
        combine(out[tuple(ahead)], mask[tuple(behind)], out=out[tuple(ahead)])
        combine(out[tuple(behind)], mask[tuple(ahead)], out=out[tuple(behind)])
    return out


def dilate(mask, size):
    radius = size // 2
    return _spread(_spread(mask, radius, 0, np.logical_or), radius, 1, np.logical_or)


def erode(mask, size):
    """Erosion by a size×size square; outside the photo counts as the nearest edge pixel."""
    radius = size // 2
    if radius == 0:
        return mask.copy()
    padded = np.pad(mask, radius, mode="edge")
    return _spread(_spread(padded, radius, 0, np.logical_and), radius, 1, np.logical_and)[radius:-radius, radius:-radius]


def opening(mask, size):
    return dilate(erode(mask, size), size)


def closing(mask, size):
    padded = np.pad(mask, size)
    return erode(dilate(padded, size), size)[size:-size, size:-size]


def fill_holes(mask):
    labels, _ = components(~mask)
    outside = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    return mask | ((labels > 0) & ~np.isin(labels, outside))


def odd(value):
    value = max(3, int(round(value)))
    return value if value % 2 else value + 1


def border_strip(height, width, thickness):
    strip = np.zeros((height, width), bool)
    strip[:thickness] = strip[-thickness:] = True
    strip[:, :thickness] = strip[:, -thickness:] = True
    return strip


def _surface_terms(x, y):
    return [np.ones_like(x * y), x, y, x * x, x * y, y * y]


def fit_surface(image, sample):
    """Per-channel quadratic surface fitted (robustly) to the colours under `sample`: a board's
    or a table's colour with its uneven lighting. Returns the 6×3 coefficients over coordinates
    scaled to -1…1."""
    height, width, _ = image.shape
    ys, xs = np.nonzero(sample)
    step = max(1, len(ys) // 4000)
    ys, xs = ys[::step], xs[::step]
    terms = np.stack(_surface_terms(xs / max(width - 1, 1) * 2 - 1, ys / max(height - 1, 1) * 2 - 1), 1)
    values = image[ys, xs].astype(np.float64)
    keep = np.ones(len(values), bool)
    for _ in range(3):
        kept = terms[keep]
        coefficients = np.linalg.solve(kept.T @ kept + 1e-6 * np.eye(6), kept.T @ values[keep])
        residuals = np.linalg.norm(values - terms @ coefficients, axis=1)
        keep = residuals < max(3 * np.median(residuals[keep]), 6)
    return coefficients.astype(np.float32)


def render_surface(coefficients, height, width):
    x = np.arange(width, dtype=np.float32)[None, :] / max(width - 1, 1) * 2 - 1
    y = np.arange(height, dtype=np.float32)[:, None] / max(height - 1, 1) * 2 - 1
    xy = x * y
    channels = []
    for c in coefficients.T:
        along_x = c[0] + c[1] * x + c[3] * x * x
        along_y = c[2] * y + c[5] * y * y
        channels.append(along_x + along_y + c[4] * xy)
    return np.stack(channels, 2)


def distance_from(image, background):
    """How far each pixel is from the expected background colour: chroma counts fully,
    darkening half, and a shadow (the background uniformly darkened, without texture) little."""
    pixels = [image[..., channel].astype(np.float32) for channel in range(3)]
    expected = [background[..., channel] for channel in range(3)]
    differences = [p - e for p, e in zip(pixels, expected)]
    luma = (differences[0] + differences[1] + differences[2]) / 3
    chroma = sum((d - luma) ** 2 for d in differences)
    distance = np.sqrt(chroma * 1.5 + np.where(luma < 0, luma * 0.5, luma) ** 2)
    ratios = [p / np.maximum(e, 1) for p, e in zip(pixels, expected)]
    mean_ratio = (ratios[0] + ratios[1] + ratios[2]) / 3
    spread = np.maximum(np.maximum(np.abs(ratios[0] - mean_ratio), np.abs(ratios[1] - mean_ratio)),
                        np.abs(ratios[2] - mean_ratio))
    brightness = (pixels[0] + pixels[1] + pixels[2]) / 3
    gradient = np.zeros_like(brightness)
    gradient[:, 1:] += np.abs(np.diff(brightness, axis=1))
    gradient[1:, :] += np.abs(np.diff(brightness, axis=0))
    texture = np.asarray(Image.fromarray(np.clip(gradient * 8, 0, 255).astype(np.uint8)).filter(ImageFilter.BoxBlur(3)),
                         np.float32) / 8
    shadow = (mean_ratio > 0.45) & (mean_ratio < 0.97) & (spread < 0.06) & (texture < 4)
    return np.where(shadow, distance * 0.3, distance)


def otsu_threshold(values, low, high):
    histogram, edges = np.histogram(values, bins=128, range=(0, 128))
    p = histogram / max(histogram.sum(), 1)
    weight = np.cumsum(p)
    mean = np.cumsum(p * edges[:-1])
    with np.errstate(divide="ignore", invalid="ignore"):
        between = (mean[-1] * weight - mean) ** 2 / (weight * (1 - weight))
    if not np.isfinite(between).any():
        return float(high)
    return float(np.clip(edges[np.nanargmax(between)], low, high))


def shape_of(mask):
    """Solidity (area / box area) and raggedness (outline length / a disc's of the same area)."""
    ys, xs = np.nonzero(mask)
    area = len(ys)
    solidity = area / ((ys.max() - ys.min() + 1) * (xs.max() - xs.min() + 1))
    outline = (mask & ~erode(mask, 3)).sum()
    return solidity, outline / (2 * math.sqrt(math.pi * area))


# Cut-outs -----------------------------------------------------------------------------------


@dataclass
class Cutout:
    """An object ready to paste: its pixels, its alpha (0-1) and its label."""

    rgb: np.ndarray
    alpha: np.ndarray
    label: str
    source: str  # e.g. "trashnet cut-out"
    origin: tuple  # (dataset, relative path, group)
    masked: bool = True  # False for rectangular crops (no rotation by small angles)
    # For a food cut off its plate: its mask in the whole photo, to box it in place there.
    placement: np.ndarray = None


def board_mask(image):
    """The object lying on a plain board (TrashNet's white poster board, a product photo's white
    background): (mask, None) or (None, why it was rejected).

    The board's colour is a quadratic surface fitted to the photo's border; pixels far from it
    (hysteresis: weak pixels connected to strong ones) after opening and closing form
    components, of which the largest holding strong pixels is the object; holes are filled."""
    height, width, _ = image.shape
    short = min(height, width)
    border = border_strip(height, width, max(2, short // 25))
    board = render_surface(fit_surface(image, border), height, width)
    board_colour = np.median(board[border], axis=0)
    if (board_colour.max() - board_colour.min()) > 0.3 * board_colour.max() or board_colour.mean() < 70:
        return None, "no white or grey board around the object"
    distance = distance_from(image, board)
    noise = np.percentile(distance[border], 75)
    weak_threshold = float(np.clip(noise * 2.5, 12, 24))
    strong_threshold = max(otsu_threshold(distance, 20, 45), weak_threshold + 8)
    if (distance[border] < weak_threshold).mean() < 0.85:
        return None, "the border is not plain board (object cut by the frame or a busy background)"
    weak = closing(opening(distance > weak_threshold, 3), odd(short / 40))
    labels, areas = components(weak)
    strong = np.bincount(labels[distance > strong_threshold], minlength=len(areas))
    strong[0] = 0
    score = np.where(strong >= 0.02 * areas, areas, 0)
    score[0] = 0
    if score.max() == 0:
        return None, "nothing stands out from the board"
    mask = fill_holes(labels == int(np.argmax(score)))
    return check_mask(mask, min_area=0.03, max_area=0.6)


def check_mask(mask, min_area, max_area, max_edge=0.05, min_solidity=0.5, max_ragged=2.2):
    area = mask.mean()
    if area < min_area:
        return None, "mask is tiny"
    if area > max_area:
        return None, "mask fills the frame"
    edge = np.concatenate([mask[0], mask[-1], mask[:, 0], mask[:, -1]]).mean()
    if edge > max_edge:
        return None, "object cut by the frame"
    solidity, ragged = shape_of(mask)
    if solidity < min_solidity or ragged > max_ragged:
        return None, "mask is ragged (object and background not told apart)"
    return mask, None


def plate_mask(image):
    """The food on a plate seen from above (ECUSTFD's top views): (mask, None) or (None, why).

    The dish (plate and food) is the largest region unlike the table (a surface fitted to the
    photo's border); the plate's colour is the dish's median colour; the food is the largest
    region of the dish that differs from it in chroma (or is much darker) and keeps clear of
    the dish's edge."""
    height, width, _ = image.shape
    short = min(height, width)
    border = border_strip(height, width, max(2, short // 25))
    distance = distance_from(image, render_surface(fit_surface(image, border), height, width))
    weak_threshold = float(np.clip(np.percentile(distance[border], 75) * 2.5, 12, 30))
    labels, areas = components(closing(opening(distance > weak_threshold, 3), odd(short / 40)))
    if len(areas) <= 1:
        return None, "no plate found"
    dish = fill_holes(labels == int(np.argmax(areas[1:]) + 1))
    rim = dish & ~erode(dish, odd(short / 30))
    pixels = image.astype(np.float32)
    plate = np.median(pixels[dish], axis=0)
    luma = pixels.mean(2)
    chroma_distance = np.sqrt((((pixels - luma[..., None]) - (plate - plate.mean())) ** 2).sum(2) * 1.5)
    darker = plate.mean() - luma
    plate_distance = np.where(luma < 0.4 * plate.mean(), np.maximum(chroma_distance, darker), chroma_distance)
    threshold = float(np.clip(np.percentile(plate_distance[rim], 50) * 3, 15, 40))
    food = closing(opening(dish & ~rim & (plate_distance > threshold), 3), odd(short / 40))
    labels, areas = components(food)
    if len(areas) <= 1:
        return None, "no food found on the plate"
    near_edge = dilate(~dish, odd(short / 15))
    touching = np.bincount(labels[near_edge], minlength=len(areas)) / np.maximum(areas, 1)
    score = np.where(touching < 0.1, areas, 0)
    score[0] = 0
    if score.max() == 0:
        return None, "the food runs into the plate's edge"
    mask = fill_holes(labels == int(np.argmax(score)))
    return check_mask(mask, min_area=0.02, max_area=0.35, max_edge=0.0, min_solidity=0.55, max_ragged=1.8)


def cutout_from_mask(image, mask, label, source, origin):
    """The mask's bounding region with a feathered alpha: eroded by a pixel, then blurred, so
    no board colour is pasted and the edge is soft."""
    ys, xs = np.nonzero(mask)
    top, bottom = max(ys.min() - 3, 0), min(ys.max() + 4, mask.shape[0])
    left, right = max(xs.min() - 3, 0), min(xs.max() + 4, mask.shape[1])
    core = erode(mask, 3)[top:bottom, left:right]
    alpha = Image.fromarray(core.astype(np.uint8) * 255).filter(ImageFilter.GaussianBlur(0.8))
    return Cutout(image[top:bottom, left:right].copy(), np.asarray(alpha, np.float32) / 255, label, source, origin)


def rectangle_cutout(image, box, label, source, origin, feather=2):
    """A rectangular crop (x0, y0, x1, y1 in pixels, exclusive) with its edges ramped over
    `feather` pixels."""
    x0, y0, x1, y1 = box
    crop = image[y0:y1, x0:x1].copy()
    height, width = crop.shape[:2]
    ramp_y = np.minimum(np.arange(height), np.arange(height)[::-1]) + 0.5
    ramp_x = np.minimum(np.arange(width), np.arange(width)[::-1]) + 0.5
    alpha = np.clip(np.minimum(ramp_y[:, None], ramp_x[None, :]) / feather, 0, 1).astype(np.float32)
    return Cutout(crop, alpha, label, source, origin, masked=False)


def _cut_out_task(task):
    """One source photo → (Cutout or None, rejection reason or None); run in worker processes."""
    kind, path, label, source, origin = task
    image = load_rgb(path)
    if image is None:
        return None, "does not decode as an image"
    mask, why = board_mask(image) if kind == "board" else plate_mask(image)
    if mask is None:
        return None, why
    cutout = cutout_from_mask(image, mask, label, source, origin)
    if kind == "plate":
        cutout.placement = mask  # the photo can also be a background with its food boxed in place
    return cutout, None


# Sources and splits -------------------------------------------------------------------------


@dataclass
class Photo:
    path: Path
    dataset: str
    relative: str  # path inside the dataset
    group: str  # photos of one group go to the same side of the split
    label: str = None
    meta: dict = field(default_factory=dict)


def image_files(folder):
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")
                  and p.suffix.lower() in IMAGE_EXTENSIONS)


def require(path, why):
    if not path.exists():
        raise InputError(f"{path} is missing: {why}")
    return path


def split_groups(photos, seed, dataset):
    """{group: 'train' | 'valid'}: a seeded shuffle of the dataset's groups, VALID_FRACTION of
    them (at least one, never all) valid — per label, so every class has both sides."""
    side = {}
    by_label = defaultdict(set)
    for photo in photos:
        by_label[photo.label].add(photo.group)
    for label in sorted(by_label, key=str):
        groups = sorted(by_label[label])
        order = rng_for(seed, "split", dataset, label).permutation(len(groups))
        count = min(max(round(len(groups) * VALID_FRACTION), 1), len(groups) - 1) if len(groups) > 1 else 0
        for rank, index in enumerate(order):
            side.setdefault(groups[index], "valid" if rank < count else "train")
    return side


def trashnet_photos(datasets):
    root = require(datasets / "trashnet", "the waste scenes' glass, metal, plastic and paper are cut out of TrashNet's photos")
    photos = []
    for folder, label in TRASHNET_MAP.items():
        for path in image_files(require(root / folder, f"TrashNet's {folder} photos are cut out as '{label}'")):
            photos.append(Photo(path, "trashnet", f"{folder}/{path.name}", f"{folder}/{path.stem}", label))
    return photos


def battery_photos(datasets):
    root = require(datasets / "batteries", "the waste scenes' batteries are cut out of these photos")
    photos = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        for path in sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")):
            # "11 (2).jpg" is another copy of "11.jpg": one group.
            group = folder.name + "/" + COPY_SUFFIX.sub("", path.stem)
            photos.append(Photo(path, "batteries", f"{folder.name}/{path.name}", group, "battery"))
    return photos


def ecustfd_photos(datasets, dropped):
    """Top views of the foods ECUSTFD has; label = the folder name (mapped later)."""
    root = require(datasets / "foods-ecustfd", "ECUSTFD's food photos give the organic objects and some backgrounds")
    photos = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        for path in image_files(folder):
            match = ECUSTFD_NAME.match(path.stem)
            if not match:
                dropped.add("foods-ecustfd", f"{folder.name}: file name is not class+item+view", path.name)
                continue
            if match.group(3).upper() == "S":
                dropped.add("foods-ecustfd", f"{folder.name}: side view (plate edge and food run together)", path.name)
                continue
            photos.append(Photo(path, "foods-ecustfd", f"{folder.name}/{path.name}",
                                f"{folder.name}/{match.group(1)}{match.group(2)}", folder.name))
    return photos


def grocery_photos(datasets, dropped):
    """grocery-vegetables photos, grouped in blocks of consecutive photos of one kind (the
    dataset photographs the same shelves in series)."""
    root = require(datasets / "grocery-vegetables", "its photos give the vegetable objects")
    photos = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        for path in image_files(folder):
            match = GROCERY_NAME.match(path.stem)
            if not match:
                dropped.add("grocery-vegetables", "file name is not split__Kind__Kind_NNN", path.name)
                continue
            block = int(match.group(3)) // GROCERY_BLOCK
            photos.append(Photo(path, "grocery-vegetables", f"{folder.name}/{path.name}",
                                f"{match.group(2)}/{match.group(1)}/{block}", folder.name))
    return photos


def organic_waste_photos(datasets):
    folder = require(datasets / "waste-materials" / "organic_waste", "its photos are the waste scenes' backgrounds")
    return [Photo(path, "waste-materials", f"organic_waste/{path.name}", path.stem, "background") for path in image_files(folder)]


def read_names(yaml_path):
    text = require(yaml_path, "a YOLO dataset needs data.yaml with its class names").read_text(encoding="utf-8")
    match = re.search(r"^names:\s*\[(.*?)\]", text, re.MULTILINE | re.DOTALL)
    if not match:
        raise InputError(f"{yaml_path} has no `names: [...]` list")
    return [name.strip().strip("'\"") for name in match.group(1).split(",") if name.strip()]


def read_yolo_labels(path, class_count):
    """[(class, cx, cy, w, h)] clipped to the photo, or raises ValueError saying what is wrong."""
    boxes = []
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    for number, line in enumerate(text.splitlines(), 1):
        fields = line.split()
        if not fields:
            continue
        if len(fields) != 5:
            raise ValueError(f"line {number} has {len(fields)} fields, not 5")
        try:
            cls = int(fields[0])
            cx, cy, w, h = map(float, fields[1:])
        except ValueError:
            raise ValueError(f"line {number} is not `class cx cy w h`") from None
        if not 0 <= cls < class_count:
            raise ValueError(f"line {number}: class {cls} is not one of the {class_count} in data.yaml")
        if not all(map(math.isfinite, (cx, cy, w, h))):
            raise ValueError(f"line {number} has a non-finite number")
        x0, y0 = max(cx - w / 2, 0.0), max(cy - h / 2, 0.0)
        x1, y1 = min(cx + w / 2, 1.0), min(cy + h / 2, 1.0)
        if x1 <= x0 or y1 <= y0:
            raise ValueError(f"line {number}: the box lies outside the photo")
        boxes.append((cls, x0, y0, x1, y1))
    return boxes


def yolo_photos(datasets, name, why):
    """[(split, Photo with meta['boxes'] = [(class name, x0, y0, x1, y1) normalised])], and the
    photos whose labels could not be read as [(path, reason)]."""
    root = require(datasets / name, why)
    names = read_names(root / "data.yaml")
    photos, unreadable = [], []
    for split in ("train", "valid"):
        images = require(root / split / "images", f"{name} needs {split}/images and {split}/labels")
        require(root / split / "labels", f"{name} needs {split}/images and {split}/labels")
        for path in image_files(images):
            try:
                boxes = read_yolo_labels(root / split / "labels" / f"{path.stem}.txt", len(names))
            except ValueError as error:
                unreadable.append((f"{split}/images/{path.name}", str(error)))
                continue
            base = litter_base(path.stem) if name == "litter-detection" else path.stem.split(".rf.")[0]
            photos.append((split, Photo(path, name, f"{split}/images/{path.name}", base, None,
                                        {"boxes": [(names[c], x0, y0, x1, y1) for c, x0, y0, x1, y1 in boxes]})))
    return photos, unreadable


def litter_base(stem):
    """The photo a Roboflow file was made from: 'uwg_g-245__flipv_jpeg_jpg.rf.6b2…' → 'uwg_g-245'."""
    base = stem.split(".rf.")[0]
    base = re.sub(r"__?flip[hv]", "", base)
    return re.sub(r"(_(jpg|jpeg|png))+$", "", base)


def kitchen_vocabulary():
    """Canonical ingredient names and synonym → name, as the Kitchen app normalises them."""
    names, synonyms = set(), {}
    lines = require(VOCABULARY, "the Kitchen labels are its canonical names").read_text(encoding="utf-8").splitlines()
    for line in lines[1:]:
        name, _, synonym_field = line.split("\t")
        names.add(name)
        for synonym in filter(None, synonym_field.split("|")):
            synonyms[synonym] = name
    return names, synonyms


def kitchen_name(word, names, synonyms):
    word = word.replace("_", " ").lower()
    return word if word in names else synonyms.get(word)


# Bookkeeping --------------------------------------------------------------------------------


class Dropped:
    """What was left out and why: {(source, reason): [examples]}."""

    def __init__(self):
        self.entries = defaultdict(list)

    def add(self, source, reason, example):
        self.entries[(source, reason)].append(example)

    def as_list(self):
        return [{"source": source, "reason": reason, "count": len(examples), "examples": sorted(examples)[:5]}
                for (source, reason), examples in sorted(self.entries.items())]


@dataclass
class Written:
    split: str
    name: str
    kind: str
    boxes: list  # [(label, source, x0, y0, x1, y1) in pixels]
    size: tuple
    origins: list  # [(dataset, relative path, group)]


class DatasetWriter:
    """Writes one YOLO dataset into NAME.partial and moves it into place when finished."""

    def __init__(self, output, name):
        self.final = output / name
        self.folder = output / f"{name}.partial"
        for folder in (self.final, self.folder):
            if folder.exists() and not (folder / "summary.json").exists() and any(folder.iterdir()):
                raise InputError(f"{folder} exists and was not written by this script (no summary.json); "
                                 "move it away or choose another --output")
        if self.folder.exists():
            shutil.rmtree(self.folder)
        for split in ("train", "valid"):
            (self.folder / split / "images").mkdir(parents=True)
            (self.folder / split / "labels").mkdir(parents=True)
        self.written = []

    def write(self, split, name, image, boxes, kind, origins):
        """`image` an RGB array; `boxes` [(label, source, x0, y0, x1, y1)] in its pixels."""
        height, width = image.shape[:2]
        picture = Image.fromarray(image)
        scale = min(1.0, MAX_SIDE / max(width, height))
        if scale < 1.0:
            width, height = max(1, round(width * scale)), max(1, round(height * scale))
            picture = picture.resize((width, height), Image.LANCZOS)
            boxes = [(label, source, x0 * scale, y0 * scale, x1 * scale, y1 * scale)
                     for label, source, x0, y0, x1, y1 in boxes]
        picture.save(self.folder / split / "images" / f"{name}.jpg", quality=JPEG_QUALITY)
        self.written.append(Written(split, name, kind, boxes, (width, height), origins))

    def finish(self, classes, summary):
        index = {label: number for number, label in enumerate(classes)}
        for item in self.written:
            width, height = item.size
            lines = []
            for label, _, x0, y0, x1, y1 in item.boxes:
                x0, x1 = min(max(x0, 0), width), min(max(x1, 0), width)
                y0, y1 = min(max(y0, 0), height), min(max(y1, 0), height)
                lines.append(f"{index[label]} {(x0 + x1) / 2 / width:.6f} {(y0 + y1) / 2 / height:.6f} "
                             f"{(x1 - x0) / width:.6f} {(y1 - y0) / height:.6f}")
            (self.folder / item.split / "labels" / f"{item.name}.txt").write_text(
                "".join(line + "\n" for line in lines), encoding="utf-8")
        names = ", ".join("'" + label.replace("'", "''") + "'" for label in classes)
        (self.folder / "data.yaml").write_text(
            f"# written by scripts/compose_detection_data.py (seed {summary['seed']}); see summary.json\n"
            f"path: .\ntrain: train/images\nval: valid/images\nnc: {len(classes)}\nnames: [{names}]\n", encoding="utf-8")
        rows = ["split\timage\tkind\tdataset\tsource\tgroup"]
        for item in self.written:
            for dataset, relative, group in item.origins:
                rows.append(f"{item.split}\t{item.split}/images/{item.name}.jpg\t{item.kind}\t{dataset}\t{relative}\t{group}")
        (self.folder / "sources.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        (self.folder / "summary.json").write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        if self.final.exists():
            shutil.rmtree(self.final)
        self.folder.rename(self.final)


def counts_summary(written, classes):
    splits = {}
    for split in ("train", "valid"):
        items = [item for item in written if item.split == split]
        boxes = Counter(label for item in items for label, *_ in item.boxes)
        by_source = defaultdict(Counter)
        for item in items:
            for label, source, *_ in item.boxes:
                by_source[source][label] += 1
        splits[split] = {
            "images": len(items),
            "images_without_boxes": sum(1 for item in items if not item.boxes),
            "images_by_kind": dict(sorted(Counter(item.kind for item in items).items())),
            "boxes": sum(boxes.values()),
            "boxes_by_class": {label: boxes[label] for label in classes},
            "boxes_by_source": {source: dict(sorted(counts.items())) for source, counts in sorted(by_source.items())},
        }
    return splits


def print_summary(summary):
    print(f"== {summary['dataset']}: {len(summary['classes'])} classes, seed {summary['seed']}")
    train, valid = summary["splits"]["train"], summary["splits"]["valid"]
    print(f"   photos: train {train['images']} ({train['images_without_boxes']} without boxes), "
          f"valid {valid['images']} ({valid['images_without_boxes']} without boxes)")
    for kind in sorted(set(train["images_by_kind"]) | set(valid["images_by_kind"])):
        print(f"     {kind:<40} train {train['images_by_kind'].get(kind, 0):>5}  valid {valid['images_by_kind'].get(kind, 0):>5}")
    print(f"   {'class':<14}{'train':>7}{'valid':>7}   train boxes by source")
    for label in summary["classes"]:
        sources = ", ".join(f"{source} {counts[label]}" for source, counts in train["boxes_by_source"].items()
                            if counts.get(label))
        print(f"   {label:<14}{train['boxes_by_class'][label]:>7}{valid['boxes_by_class'][label]:>7}   {sources}")
    print("   dropped or not used:")
    for entry in summary["dropped"]:
        print(f"     {entry['source']}: {entry['reason']}: {entry['count']}")
    for note in summary["notes"]:
        print(f"   note: {note}")


# Composition --------------------------------------------------------------------------------


def transformed(cutout, rng, long_side, jitter=True, max_upscale=2.0):
    """The cut-out scaled so its object's longer side is `long_side` (but enlarged at most
    `max_upscale` times: a small crop blown up is only blur), maybe flipped, turned by 90° steps
    or (masked objects) a small angle, its brightness jittered: (rgb, alpha) arrays."""
    rgb = Image.fromarray(cutout.rgb)
    alpha = Image.fromarray(np.clip(cutout.alpha * 255 + 0.5, 0, 255).astype(np.uint8))
    turn = rng.random()
    if turn < 0.4:
        method = (Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180, Image.Transpose.ROTATE_270)[rng.integers(3)]
        rgb, alpha = rgb.transpose(method), alpha.transpose(method)
    elif turn < 0.75 and cutout.masked:
        angle = float(rng.uniform(-15, 15))
        rgb = rgb.rotate(angle, Image.BILINEAR, expand=True)
        alpha = alpha.rotate(angle, Image.BILINEAR, expand=True)
    if rng.random() < 0.5:
        rgb, alpha = rgb.transpose(Image.Transpose.FLIP_LEFT_RIGHT), alpha.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    box = alpha.point(lambda value: 255 if value >= 128 else 0).getbbox()
    if box is None:
        return None
    width, height = box[2] - box[0], box[3] - box[1]
    scale = min(long_side / max(width, height), max_upscale)
    margin = 2
    crop = (max(box[0] - margin, 0), max(box[1] - margin, 0), min(box[2] + margin, rgb.width), min(box[3] + margin, rgb.height))
    rgb, alpha = rgb.crop(crop), alpha.crop(crop)
    size = (max(1, round(rgb.width * scale)), max(1, round(rgb.height * scale)))
    rgb = np.asarray(rgb.resize(size, Image.LANCZOS if scale < 1 else Image.BILINEAR), np.float32)
    alpha = np.asarray(alpha.resize(size, Image.BILINEAR), np.float32) / 255
    if jitter:
        rgb = np.clip(rgb * rng.uniform(0.8, 1.2), 0, 255)
    return rgb, alpha


def iou(first, second):
    """Intersection over union of two (x0, y0, x1, y1) boxes; 0 for boxes without area."""
    width = min(first[2], second[2]) - max(first[0], second[0])
    height = min(first[3], second[3]) - max(first[1], second[1])
    if width <= 0 or height <= 0:
        return 0.0
    inter = width * height
    union = (first[2] - first[0]) * (first[3] - first[1]) + (second[2] - second[0]) * (second[3] - second[1]) - inter
    return inter / union if union > 0 else 0.0


def overlap_ok(box, others, max_iou=0.1, max_cover=0.25):
    x0, y0, x1, y1 = box
    for ox0, oy0, ox1, oy1 in others:
        inter = max(0, min(x1, ox1) - max(x0, ox0)) * max(0, min(y1, oy1) - max(y0, oy0))
        area, other_area = (x1 - x0) * (y1 - y0), (ox1 - ox0) * (oy1 - oy0)
        if inter / (area + other_area - inter) > max_iou or inter / max(min(area, other_area), 1) > max_cover:
            return False
    return True


class Scene:
    """A background with objects pasted on it; each object's box is the tight box of the part
    of its alpha (≥ 0.5) that later objects leave visible."""

    def __init__(self, background):
        self.pixels = background.astype(np.float32)
        self.objects = []  # (label, source, origin, full-frame alpha)

    @property
    def size(self):
        return self.pixels.shape[1], self.pixels.shape[0]

    def add_in_place(self, label, source, origin, mask):
        self.objects.append((label, source, origin, mask.astype(np.float32)))

    def boxes_so_far(self):
        return [box for box in (tight_box(alpha >= 0.5) for *_, alpha in self.objects) if box]

    def paste(self, cutout, rng, fraction, attempts=25):
        """Pastes `cutout` with its longer side `fraction` of the scene's short side at a random
        free place; returns whether it found one."""
        width, height = self.size
        made = transformed(cutout, rng, max(8, fraction * min(width, height)))
        if made is None:
            return False
        rgb, alpha = made
        h, w = alpha.shape
        if w >= width or h >= height:
            return False
        occupied = self.boxes_so_far()
        object_box = tight_box(alpha >= 0.5)
        for _ in range(attempts):
            x, y = int(rng.integers(0, width - w + 1)), int(rng.integers(0, height - h + 1))
            box = (x + object_box[0], y + object_box[1], x + object_box[2], y + object_box[3])
            if overlap_ok(box, occupied):
                region = self.pixels[y:y + h, x:x + w]
                region *= 1 - alpha[..., None]
                region += rgb * alpha[..., None]
                full = np.zeros((height, width), np.float32)
                full[y:y + h, x:x + w] = alpha
                self.objects.append((cutout.label, cutout.source, cutout.origin, full))
                return True
        return False

    def result(self):
        """(RGB uint8 image, [(label, source, x0, y0, x1, y1)], [origins])."""
        boxes, origins = [], []
        cover = np.zeros(self.pixels.shape[:2], np.float32)
        for label, source, origin, alpha in reversed(self.objects):
            visible = alpha * (1 - cover)
            cover = cover + alpha * (1 - cover)
            box = tight_box(visible >= 0.5)
            if box and (visible >= 0.5).sum() >= 0.5 * (alpha >= 0.5).sum():
                boxes.append((label, source) + box)
            origins.append(origin)
        return np.clip(self.pixels + 0.5, 0, 255).astype(np.uint8), boxes[::-1], origins[::-1]


def tight_box(mask):
    """(x0, y0, x1, y1), exclusive, of a boolean mask; None when empty."""
    rows, columns = np.nonzero(mask.any(1))[0], np.nonzero(mask.any(0))[0]
    if len(rows) == 0:
        return None
    return int(columns[0]), int(rows[0]), int(columns[-1]) + 1, int(rows[-1]) + 1


def scene_background(image, rng, short_side=SCENE_SHORT_SIDE, max_aspect=1.6, masks=()):
    """A random crop (75-100 % of each side, aspect at most max_aspect), maybe mirrored, scaled
    to `short_side`; `masks` are carried along (for objects already in the photo)."""
    height, width = image.shape[:2]
    crop_w = int(width * rng.uniform(0.75, 1.0))
    crop_h = int(height * rng.uniform(0.75, 1.0))
    crop_w, crop_h = min(crop_w, int(crop_h * max_aspect)), min(crop_h, int(crop_w * max_aspect))
    x, y = int(rng.integers(0, width - crop_w + 1)), int(rng.integers(0, height - crop_h + 1))
    scale = short_side / min(crop_w, crop_h)
    size = (round(crop_w * scale), round(crop_h * scale))
    flip = rng.random() < 0.5
    picture = Image.fromarray(image[y:y + crop_h, x:x + crop_w]).resize(size, Image.BILINEAR)
    carried = [Image.fromarray(mask[y:y + crop_h, x:x + crop_w].astype(np.uint8) * 255).resize(size, Image.BILINEAR)
               for mask in masks]
    if flip:
        picture = picture.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        carried = [mask.transpose(Image.Transpose.FLIP_LEFT_RIGHT) for mask in carried]
    return np.asarray(picture), [np.asarray(mask) >= 128 for mask in carried]


class Pools:
    """Objects to paste, by split, label and source. A label is drawn with equal chances, less
    for one with fewer than `full_at` training objects (so a handful of crops is not pasted
    hundreds of times) — the training pool's weights serve the validation scenes too, so both
    have the same mix of classes; then a source (equal chances, less below 10 objects), then an
    object."""

    def __init__(self, full_at):
        self.full_at = full_at
        self.items = {"train": {}, "valid": {}}

    def add(self, split, label, source, item):
        self.items[split].setdefault(label, {}).setdefault(source, []).append(item)

    def size(self, split, label):
        return sum(len(items) for items in self.items[split].get(label, {}).values())

    def draw(self, rng, split):
        """(label, item), or None when the split's pools are empty."""
        labels = sorted(label for label in self.items[split] if self.size(split, label))
        if not labels:
            return None
        weights = np.array([min(1.0, max(self.size("train", label), 1) / self.full_at) for label in labels])
        label = labels[int(rng.choice(len(labels), p=weights / weights.sum()))]
        sources = sorted(source for source, items in self.items[split][label].items() if items)
        source_weights = np.array([min(1.0, len(self.items[split][label][source]) / 10) for source in sources])
        source = sources[int(rng.choice(len(sources), p=source_weights / source_weights.sum()))]
        return label, pick(rng, self.items[split][label][source])

    def counts(self):
        return {split: {label: {source: len(items) for source, items in sorted(by_source.items())}
                        for label, by_source in sorted(labels.items())} for split, labels in self.items.items()}


def pick(rng, items):
    return items[int(rng.integers(len(items)))]


def how_many(rng, counts_and_chances):
    counts, chances = zip(*counts_and_chances)
    return counts[int(rng.choice(len(counts), p=np.array(chances) / sum(chances)))]


# Shared preparation -------------------------------------------------------------------------


def make_cutouts(tasks, jobs):
    if jobs > 1 and len(tasks) > 32:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            return pool.map(_cut_out_task, tasks, chunksize=8)
    return [_cut_out_task(task) for task in tasks]


def sample_per_folder(photos, cap, seed, dataset, dropped):
    """At most `cap` photos of each folder, a seeded sample (the rest are not cut out)."""
    by_folder = defaultdict(list)
    for photo in photos:
        by_folder[photo.relative.split("/")[0]].append(photo)
    kept = []
    for folder in sorted(by_folder):
        items = by_folder[folder]
        chosen = range(len(items))
        if len(items) > cap:
            chosen = sorted(rng_for(seed, "sample", dataset, folder).permutation(len(items))[:cap].tolist())
            for index in sorted(set(range(len(items))) - set(chosen)):
                dropped.add(dataset, f"{folder}: not sampled (at most {cap} photos a folder are cut out)",
                            items[index].relative)
        kept += [items[index] for index in chosen]
    return kept


CUTOUT_CACHE = {}  # (kind, path) -> (Cutout, why): the two datasets share ECUSTFD's cut-outs


def cut_out_all(photos, kind, source_name, label_of, jobs, dropped):
    """Cut-outs for photos (mapped by label_of; None = not used): {photo.relative: Cutout}."""
    tasks, chosen = [], []
    for photo in photos:
        label = label_of(photo)
        if label is None:
            continue
        tasks.append((kind, photo.path, label, source_name, (photo.dataset, photo.relative, photo.group)))
        chosen.append(photo)
    missing = [task for task in tasks if (kind, task[1]) not in CUTOUT_CACHE]
    for task, made in zip(missing, make_cutouts(missing, jobs)):
        CUTOUT_CACHE[(kind, task[1])] = made
    results = {}
    for photo, task in zip(chosen, tasks):
        cutout, why = CUTOUT_CACHE[(kind, task[1])]
        if cutout is not None:
            cutout = replace(cutout, label=task[2], source=source_name)
        if cutout is None:
            dropped.add(photo.dataset, f"{photo.label}: cut-out rejected: {why}", photo.relative)
        else:
            results[photo.relative] = cutout
    return results


def grocery_crop(photo, rng):
    """A square-ish crop from the middle part of a grocery photo (its vegetables fill the frame)."""
    image = load_rgb(photo.path)
    if image is None:
        return None
    height, width = image.shape[:2]
    side = int(min(height, width) * rng.uniform(0.45, 0.7))
    cw, ch = side, int(side * rng.uniform(0.75, 1.33))
    ch = min(ch, height)
    cx = width / 2 + rng.uniform(-0.15, 0.15) * width
    cy = height / 2 + rng.uniform(-0.15, 0.15) * height
    x0 = int(np.clip(cx - cw / 2, 0, width - cw))
    y0 = int(np.clip(cy - ch / 2, 0, height - ch))
    return image, (x0, y0, x0 + cw, y0 + ch)


def litter_crops(litter, dropped, min_side=20):
    """{split: {label: [(Photo, pixel box)]}} of the mapped boxes of the litter photos given."""
    pools = {"train": defaultdict(list), "valid": defaultdict(list)}
    for split, photo in litter:
        with Image.open(photo.path) as image:
            width, height = image.size
        for name, x0, y0, x1, y1 in photo.meta["boxes"]:
            box = (round(x0 * width), round(y0 * height), round(x1 * width), round(y1 * height))
            if min(box[2] - box[0], box[3] - box[1]) < min_side:
                dropped.add("litter-detection", f"{name}: box too small to crop (< {min_side} px)", photo.relative)
                continue
            pools[split][LITTER_MAP[name]].append((photo, box))
    return pools


# WasteGuard ---------------------------------------------------------------------------------


def litter_kept(datasets, dropped):
    """litter-detection photos whose boxes all map onto WasteGuard's classes: [(split, Photo)]."""
    photos, unreadable = yolo_photos(datasets, "litter-detection", "the waste set's real boxes come from it")
    for relative, reason in unreadable:
        dropped.add("litter-detection", f"label file unreadable ({reason})", relative)
    kept = []
    for split, photo in photos:
        names = {name for name, *_ in photo.meta["boxes"]}
        unknown = names - set(LITTER_MAP) - LITTER_DROP
        if unknown:
            raise InputError(f"litter-detection has classes this script does not map: {', '.join(sorted(unknown))}")
        bad = sorted(names & LITTER_DROP)
        if bad:
            dropped.add("litter-detection", f"photo has {'/'.join(bad)} boxes (no WasteGuard class)", photo.relative)
            continue
        kept.append((split, photo))
    return kept


def build_waste(datasets, output, seed, train_scenes, valid_scenes, trashnet_per_folder, jobs):
    dropped = Dropped()
    notes = []
    litter = litter_kept(datasets, dropped)
    trash_root = datasets / "trashnet"
    if (trash_root / "trash").is_dir():
        for path in image_files(trash_root / "trash"):
            dropped.add("trashnet", "trash: mixed rubbish, no single WasteGuard class", f"trash/{path.name}")
    trashnet = sample_per_folder(trashnet_photos(datasets), trashnet_per_folder, seed, "trashnet", dropped)
    batteries = battery_photos(datasets)
    foods = ecustfd_photos(datasets, dropped)
    groceries = grocery_photos(datasets, dropped)
    backgrounds = organic_waste_photos(datasets)

    for photo in foods:
        if photo.label not in ECUSTFD_WASTE_MAP:
            dropped.add("foods-ecustfd", f"{photo.label}: pastry, not a WasteGuard class", photo.relative)
    foods = [photo for photo in foods if photo.label in ECUSTFD_WASTE_MAP]

    # The split: by group, per dataset (and label); litter keeps its own.
    sides = {}
    for dataset, photos in (("trashnet", trashnet), ("batteries", batteries), ("foods-ecustfd", foods),
                            ("grocery-vegetables", groceries), ("waste-materials", backgrounds)):
        for group, side in split_groups(photos, seed, dataset).items():
            sides[(dataset, group)] = side
    litter_train_groups = {photo.group for split, photo in litter if split == "train"}
    straddling = sorted({photo.group for split, photo in litter if split == "valid"} & litter_train_groups)
    if straddling:
        notes.append(f"litter-detection's own split is kept for its photos, but {len(straddling)} of its source photos "
                     "have flipped copies on both sides (e.g. " + ", ".join(straddling[:3]) + "): validation figures on "
                     "them are optimistic. Composed validation scenes use crops only of litter validation photos "
                     "without a training copy.")

    started = time.monotonic()
    cut = {}
    cut.update(cut_out_all(trashnet, "board", "trashnet cut-out", lambda p: p.label, jobs, dropped))
    cut.update(cut_out_all(batteries, "board", "batteries cut-out", lambda p: p.label, jobs, dropped))
    food_cuts = cut_out_all(foods, "plate", "foods-ecustfd cut-out", lambda p: ECUSTFD_WASTE_MAP[p.label], jobs, dropped)
    print(f"   waste: cut-outs made in {time.monotonic() - started:.1f} s", flush=True)

    def side_of(photo):
        return sides[(photo.dataset, photo.group)]

    foreign, organic = Pools(full_at=30), Pools(full_at=15)
    for photo in trashnet + batteries:
        if photo.relative in cut:
            cutout = cut[photo.relative]
            foreign.add(side_of(photo), cutout.label, cutout.source, cutout)
    plate_backgrounds = {"train": [], "valid": []}
    for photo in foods:
        if photo.relative in food_cuts:
            cutout = food_cuts[photo.relative]
            organic.add(side_of(photo), cutout.label, cutout.source, cutout)
            plate_backgrounds[side_of(photo)].append((photo, cutout))
    crops = litter_crops([(split, photo) for split, photo in litter
                          if split == "train" or photo.group not in litter_train_groups], dropped)
    for split in ("train", "valid"):
        for label, items in sorted(crops[split].items()):
            for photo, box in items:
                foreign.add(split, label, "litter-detection crop", ("litter", photo, box))
    for photo in groceries:
        organic.add(side_of(photo), "vegetable", "grocery-vegetables crop", ("grocery", photo, None))
    organic_backgrounds = {"train": [], "valid": []}
    for photo in backgrounds:
        if photo.path.stem in FOREIGN_MATTER_BACKGROUNDS:
            dropped.add("waste-materials", "organic_waste background shows foreign matter (looked at by eye: "
                        f"{FOREIGN_MATTER_BACKGROUNDS[photo.path.stem]})", photo.relative)
            continue
        image = load_rgb(photo.path)
        if image is None:
            dropped.add("waste-materials", "does not decode as an image", photo.relative)
            continue
        border = image[border_strip(*image.shape[:2], max(2, min(image.shape[:2]) // 25))]
        if (border.min(1) > 225).mean() > 0.6:
            dropped.add("waste-materials", "organic_waste background on white (mostly product shots of one fruit or "
                        "vegetable, which would have no box)", photo.relative)
            continue
        organic_backgrounds[side_of(photo)].append((photo, image))
    for photo in groceries:
        dropped.add("grocery-vegetables", "not used as a background: its vegetables would be unboxed while crops of "
                    "the same photos are boxed as 'vegetable'", photo.relative)

    writer = DatasetWriter(output, "waste")
    for split, photo in litter:
        image = load_rgb(photo.path)
        if image is None:
            dropped.add("litter-detection", "does not decode as an image", photo.relative)
            continue
        height, width = image.shape[:2]
        boxes = [(LITTER_MAP[name], "litter-detection box", x0 * width, y0 * height, x1 * width, y1 * height)
                 for name, x0, y0, x1, y1 in photo.meta["boxes"]]
        writer.write(split, f"litter__{photo.path.stem}", image, boxes, "litter-detection photo",
                     [(photo.dataset, photo.relative, photo.group)])

    started = time.monotonic()
    for split, count in (("train", train_scenes), ("valid", valid_scenes)):
        if count and not organic_backgrounds[split]:
            raise InputError(f"no organic-waste backgrounds for the {split} scenes")
        for number in range(count):
            rng = rng_for(seed, "waste", split, number)
            roll = rng.random()
            kind = ("composed negative (no boxes)" if roll < 0.1 else
                    "composed, organic only" if roll < 0.3 else "composed, foreign objects")
            scene, origins = waste_scene(kind, rng, split, organic_backgrounds[split], plate_backgrounds[split],
                                         foreign, organic)
            image, boxes, pasted = scene.result()
            writer.write(split, f"scene_{number:05d}", image, boxes, kind, origins + pasted)
    print(f"   waste: {train_scenes + valid_scenes} scenes composed in {time.monotonic() - started:.1f} s", flush=True)

    notes += [
        "Composed scenes (Cut, Paste and Learn): every pasted object's box is the tight box of its alpha mask "
        "(≥ 0.5) left visible by later objects; objects overlap little (IoU ≤ 0.1).",
        "TrashNet and battery objects are cut out by separating the board or white background (a quadratic colour "
        "surface fitted to the photo's border, hysteresis thresholds, shadows damped, largest component, holes "
        "filled); cut-outs that are tiny, fill the frame, touch it or are ragged are rejected (see dropped).",
        "ECUSTFD foods are cut off their plates in the top views only; a photo whose food was cut out also serves as "
        "a background with its own food boxed in place.",
        "grocery-vegetables objects are rectangular crops of shelves of vegetables (one 'vegetable' box per crop).",
        "organic_waste backgrounds contain fruit, vegetables, bread and egg shells of their own that have no boxes; "
        "the organic classes' boxes are therefore incomplete in those scenes.",
        "Split by source: TrashNet photo, battery photo (copies named 'N (2)' with 'N'), ECUSTFD food item, block of "
        f"{GROCERY_BLOCK} consecutive grocery photos of a kind, organic-waste photo; {round(VALID_FRACTION * 100)} % of "
        "each class's groups are validation.",
    ]
    classes = [label for label in WASTE_CLASSES if any(box[0] == label for item in writer.written for box in item.boxes)]
    summary = {
        "dataset": "waste", "seed": seed, "generated_by": "scripts/compose_detection_data.py",
        "classes": classes,
        "classes_without_boxes": [label for label in WASTE_CLASSES if label not in classes],
        "splits": counts_summary(writer.written, classes),
        "mappings": {
            "litter-detection": {**LITTER_MAP, **{name: "photo dropped" for name in sorted(LITTER_DROP)}},
            "trashnet": {**TRASHNET_MAP, "trash": "not used"},
            "batteries": "battery",
            "foods-ecustfd": {**ECUSTFD_WASTE_MAP, **{name: "not used" for name in
                                                     ("doughnut", "fired_dough_twist", "mooncake", "sachima")}},
            "grocery-vegetables": "vegetable (rectangular crops)",
            "waste-materials/organic_waste": "backgrounds (no boxes)",
        },
        "scene_parameters": {
            "short_side": SCENE_SHORT_SIDE, "foreign_objects": "1-3",
            "object_size": "10-45 % of the short side (a small source enlarged at most 2×)",
            "trashnet_photos_per_folder": trashnet_per_folder, "train_scenes": train_scenes, "valid_scenes": valid_scenes},
        "sources_by_side": side_counts(sides),
        "objects_to_paste": {"foreign": foreign.counts(), "organic": organic.counts()},
        "dropped": dropped.as_list(),
        "notes": notes,
    }
    writer.finish(classes, summary)
    return summary


def side_counts(sides):
    counts = defaultdict(Counter)
    for (dataset, _), side in sides.items():
        counts[dataset][side] += 1
    return {dataset: dict(counts[dataset]) for dataset in sorted(counts)}


def waste_scene(kind, rng, split, backgrounds, plate_backgrounds, foreign, organic):
    origins = []
    if kind != "composed negative (no boxes)" and plate_backgrounds and rng.random() < 0.15:
        photo, cutout = pick(rng, plate_backgrounds)
        image = load_rgb(photo.path)
        background, (moved,) = scene_background(image, rng, masks=[cutout.placement])
        scene = Scene(background)
        if moved.any():
            scene.add_in_place(cutout.label, "foods-ecustfd food in place", (photo.dataset, photo.relative, photo.group), moved)
        else:
            origins.append((photo.dataset, photo.relative, photo.group))
    else:
        photo, image = pick(rng, backgrounds)
        background, _ = scene_background(image, rng)
        scene = Scene(background)
        origins.append((photo.dataset, photo.relative, photo.group))
    if kind == "composed negative (no boxes)":
        return scene, origins
    if kind == "composed, foreign objects":
        plan = [("foreign", how_many(rng, [(1, 0.45), (2, 0.35), (3, 0.2)])),
                ("organic", how_many(rng, [(0, 0.5), (1, 0.3), (2, 0.2)]))]
    else:
        plan = [("organic", how_many(rng, [(1, 0.5), (2, 0.3), (3, 0.2)]))]
    for family, count in plan:
        pools = foreign if family == "foreign" else organic
        for _ in range(count):
            drawn = pools.draw(rng, split)
            if drawn is None:
                break
            cutout = materialise_labelled(drawn[1], drawn[0], rng)
            if cutout is not None:
                scene.paste(cutout, rng, float(rng.uniform(0.10, 0.45)))
    return scene, origins


def materialise_labelled(item, label, rng):
    if isinstance(item, Cutout):
        return item
    kind, photo, box = item
    if kind == "litter":
        return rectangle_cutout(load_rgb(photo.path), box, label, "litter-detection crop",
                                (photo.dataset, photo.relative, photo.group))
    made = grocery_crop(photo, rng)
    if made is None:
        return None
    image, crop = made
    return rectangle_cutout(image, crop, label, "grocery-vegetables crop", (photo.dataset, photo.relative, photo.group), feather=4)


# Kitchen ------------------------------------------------------------------------------------


def largest_free_rectangle(occupied):
    """(row0, col0, row1, col1), exclusive, of the largest rectangle of False cells, preferring
    shapes not thinner than 1:1.6; None when every cell is occupied."""
    rows, columns = occupied.shape
    heights = np.zeros(columns, int)
    best_score, best = 0, None
    for row in range(rows):
        heights = np.where(occupied[row], 0, heights + 1)
        stack = []
        for column in range(columns + 1):
            height = heights[column] if column < columns else 0
            start = column
            while stack and stack[-1][1] >= height:
                begin, tall = stack.pop()
                wide = column - begin
                score = min(wide, 1.6 * tall) * min(tall, 1.6 * wide)
                if score > best_score:
                    best_score, best = score, (row - tall + 1, begin, row + 1, column)
                start = begin
            stack.append((start, height))
    return best


FREE_REGIONS = {}  # ingredients-detection photo → (its largest box-free region, its shorter side)


def counter_background(photo, rng, size=SCENE_SHORT_SIDE, cell=8):
    """A kitchen-counter background from an ingredients-detection photo: its largest region
    without boxes, scaled to size×size when it is big enough, else a plain counter in that
    region's median colour with soft light falling across it and a little grain."""
    if photo.relative not in FREE_REGIONS:
        image = load_rgb(photo.path)
        height, width = image.shape[:2]
        grid = np.zeros((math.ceil(height / cell), math.ceil(width / cell)), bool)
        for _, x0, y0, x1, y1 in photo.meta["boxes"]:
            grid[max(int(y0 * height) // cell - 1, 0):math.ceil(y1 * height / cell) + 1,
                 max(int(x0 * width) // cell - 1, 0):math.ceil(x1 * width / cell) + 1] = True
        free = largest_free_rectangle(grid)
        region = None
        if free is not None:
            r0, c0, r1, c1 = free
            region = image[r0 * cell:min(r1 * cell, height), c0 * cell:min(c1 * cell, width)].copy()
        FREE_REGIONS[photo.relative] = (region, min(height, width))
    region, photo_short = FREE_REGIONS[photo.relative]
    if region is None or min(region.shape[:2]) < 16:
        return None
    short, long = sorted(region.shape[:2])
    if short >= 0.3 * photo_short and long <= 2.5 * short and rng.random() < 0.7:
        picture = Image.fromarray(region).resize((size, size), Image.BILINEAR)
        if rng.random() < 0.5:
            picture = picture.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        return np.asarray(picture), "composed on a box-free region of a photo"
    colour = np.median(region.reshape(-1, 3), axis=0).astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (np.cos(angle) * np.linspace(-1, 1, size)[None, :] + np.sin(angle) * np.linspace(-1, 1, size)[:, None]) / 2
    light = 1 + float(rng.uniform(0, 0.12)) * ramp.astype(np.float32)
    grain = rng.normal(0, 2.5, (size, size, 1)).astype(np.float32)
    return np.clip(colour * light[..., None] + grain, 0, 255).astype(np.uint8), "composed on a plain counter"


def build_kitchen(datasets, output, seed, train_scenes, valid_scenes, jobs):
    dropped = Dropped()
    notes = []
    names, synonyms = kitchen_vocabulary()
    ingredients, unreadable = yolo_photos(datasets, "ingredients-detection", "the kitchen set's real boxes come from it")
    for relative, reason in unreadable:
        dropped.add("ingredients-detection", f"label file unreadable ({reason})", relative)
    detection_names = read_names(datasets / "ingredients-detection" / "data.yaml")
    detection_map = {}
    for name in detection_names:
        mapped = kitchen_name(name, names, synonyms)
        if mapped is None:
            raise InputError(f"ingredients-detection's class '{name}' is not in the Kitchen vocabulary ({VOCABULARY}); "
                             "add it (or a synonym) there")
        detection_map[name] = mapped
    real_classes = set(detection_map.values())

    foods = ecustfd_photos(datasets, dropped)
    groceries = grocery_photos(datasets, dropped)
    food_map, grocery_map = {}, {}
    for photo in foods:
        mapped = kitchen_name(photo.label, names, synonyms)
        if mapped is None:
            dropped.add("foods-ecustfd", f"{photo.label}: not an ingredient in the Kitchen vocabulary", photo.relative)
        food_map[photo.label] = mapped
    for photo in groceries:
        mapped = kitchen_name(photo.label, names, synonyms)
        if mapped is None:
            dropped.add("grocery-vegetables", f"{photo.label}: not an ingredient in the Kitchen vocabulary", photo.relative)
        elif mapped in real_classes:
            dropped.add("grocery-vegetables", f"{photo.label}: not pasted — ingredients-detection boxes each {mapped} "
                        "on its own, a crop of a shelf holds many", photo.relative)
            mapped = None
        grocery_map[photo.label] = mapped
    foods = [photo for photo in foods if food_map[photo.label]]
    groceries = [photo for photo in groceries if grocery_map[photo.label]]
    sides = {}
    for dataset, photos in (("foods-ecustfd", foods), ("grocery-vegetables", groceries)):
        for group, side in split_groups(photos, seed, dataset).items():
            sides[(dataset, group)] = side

    started = time.monotonic()
    food_cuts = cut_out_all(foods, "plate", "foods-ecustfd cut-out", lambda p: food_map[p.label], jobs, dropped)
    print(f"   kitchen: cut-outs made in {time.monotonic() - started:.1f} s", flush=True)
    pools = Pools(full_at=8)
    for photo in foods:
        if photo.relative in food_cuts:
            pools.add(sides[(photo.dataset, photo.group)], food_map[photo.label], "foods-ecustfd cut-out",
                      food_cuts[photo.relative])
    for photo in groceries:
        pools.add(sides[(photo.dataset, photo.group)], grocery_map[photo.label], "grocery-vegetables crop",
                  ("grocery", photo, None))
    counters = {"train": [photo for split, photo in ingredients if split == "train"],
                "valid": [photo for split, photo in ingredients if split == "valid"]}

    writer = DatasetWriter(output, "kitchen")
    for split, photo in ingredients:
        image = load_rgb(photo.path)
        if image is None:
            dropped.add("ingredients-detection", "does not decode as an image", photo.relative)
            continue
        height, width = image.shape[:2]
        boxes = [(detection_map[name], "ingredients-detection box", x0 * width, y0 * height, x1 * width, y1 * height)
                 for name, x0, y0, x1, y1 in photo.meta["boxes"]]
        writer.write(split, f"ingredients__{photo.path.stem}", image, boxes, "ingredients-detection photo",
                     [(photo.dataset, photo.relative, photo.group)])

    started = time.monotonic()
    for split, count in (("train", train_scenes), ("valid", valid_scenes)):
        for number in range(count):
            rng = rng_for(seed, "kitchen", split, number)
            background = None
            for _ in range(10):
                photo = pick(rng, counters[split])
                background = counter_background(photo, rng)
                if background is not None:
                    break
            if background is None:
                raise InputError(f"no ingredients-detection photo of {split} has room for a counter background")
            pixels, kind = background
            scene = Scene(pixels)
            for _ in range(how_many(rng, [(2, 0.35), (3, 0.4), (4, 0.25)])):
                drawn = pools.draw(rng, split)
                if drawn is None:
                    break
                cutout = materialise_labelled(drawn[1], drawn[0], rng)
                if cutout is not None:
                    scene.paste(cutout, rng, float(rng.uniform(0.15, 0.40)))
            image, boxes, pasted = scene.result()
            writer.write(split, f"scene_{number:05d}", image, boxes, kind,
                         [(photo.dataset, photo.relative, photo.group)] + pasted)
    print(f"   kitchen: {train_scenes + valid_scenes} scenes composed in {time.monotonic() - started:.1f} s", flush=True)

    real_order = []
    for name in detection_names:
        if detection_map[name] not in real_order:
            real_order.append(detection_map[name])
    boxed = {box[0] for item in writer.written for box in item.boxes}
    classes = [label for label in real_order if label in boxed] + sorted(boxed - set(real_order))
    renamed = {name: mapped for name, mapped in detection_map.items() if name != mapped}
    notes += [
        "ingredients-detection's own train/valid split is kept; its classes are named with the Kitchen vocabulary's "
        "canonical names: " + ", ".join(f"{name} → {mapped}" for name, mapped in renamed.items()) + " (the others "
        "are canonical names already).",
        "Composed scenes: 2-4 objects (ECUSTFD foods cut off their plates, top views only; rectangular crops of "
        "grocery-vegetables shelves, one box per crop) on counter backgrounds: the largest box-free region of an "
        "ingredients-detection photo of the same split, or a plain surface in its colours.",
        "grocery-vegetables kinds that ingredients-detection boxes one item at a time (carrot, potato, sweet potato, "
        "tomato, courgette) are not pasted as shelf crops, so those classes keep one box per item.",
        "Split by source for the composed scenes: ECUSTFD food item, block of "
        f"{GROCERY_BLOCK} consecutive grocery photos of a kind.",
    ]
    summary = {
        "dataset": "kitchen", "seed": seed, "generated_by": "scripts/compose_detection_data.py",
        "classes": classes,
        "splits": counts_summary(writer.written, classes),
        "mappings": {
            "ingredients-detection": detection_map,
            "foods-ecustfd": {name: mapped or "not used" for name, mapped in sorted(food_map.items())},
            "grocery-vegetables": {name: mapped or "not used" for name, mapped in sorted(grocery_map.items())},
            "vocabulary": str(VOCABULARY.relative_to(REPOSITORY)),
        },
        "scene_parameters": {
            "size": SCENE_SHORT_SIDE, "objects": "2-4",
            "object_size": "15-40 % of the side (a small source enlarged at most 2×)",
            "train_scenes": train_scenes, "valid_scenes": valid_scenes},
        "sources_by_side": side_counts(sides),
        "objects_to_paste": pools.counts(),
        "dropped": dropped.as_list(),
        "notes": notes,
    }
    writer.finish(classes, summary)
    return summary


# Command line -------------------------------------------------------------------------------


def main(arguments):
    parser = argparse.ArgumentParser(description="Compose the YOLO detection datasets for WasteGuard (waste/) and "
                                                 "Kitchen (kitchen/) from ../shared/datasets.")
    parser.add_argument("--datasets", type=Path, default=DEFAULT_DATASETS, help="the shared datasets (read only)")
    parser.add_argument("--output", type=Path, required=True, help="folder to write waste/ and kitchen/ into")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", choices=("waste", "kitchen"), help="write only one of the two datasets")
    parser.add_argument("--waste-scenes", type=int, default=750, help="composed training scenes of the waste set")
    parser.add_argument("--waste-valid-scenes", type=int, default=150)
    parser.add_argument("--kitchen-scenes", type=int, default=400, help="composed training scenes of the kitchen set")
    parser.add_argument("--kitchen-valid-scenes", type=int, default=100)
    parser.add_argument("--trashnet-photos-per-folder", type=int, default=250,
                        help="TrashNet photos cut out per folder (a seeded sample; cutting out takes time)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="processes for the cut-outs")
    options = parser.parse_args(arguments)

    started = time.monotonic()
    try:
        datasets = options.datasets.resolve()
        if not datasets.is_dir():
            raise InputError(f"{options.datasets} is not a folder: pass --datasets with the shared datasets "
                             "(../shared/datasets next to the repository)")
        output = options.output.resolve()
        for protected in (datasets, DEFAULT_DATASETS.parent.resolve()):
            if output == protected or protected in output.parents:
                raise InputError(f"--output {output} is inside {protected}, which is read only")
        output.mkdir(parents=True, exist_ok=True)
        summaries = []
        if options.only in (None, "waste"):
            summaries.append(build_waste(datasets, output, options.seed, options.waste_scenes,
                                         options.waste_valid_scenes, options.trashnet_photos_per_folder, options.jobs))
        if options.only in (None, "kitchen"):
            summaries.append(build_kitchen(datasets, output, options.seed, options.kitchen_scenes,
                                           options.kitchen_valid_scenes, options.jobs))
    except (InputError, OSError) as error:
        print(f"compose_detection_data: error: {error}", file=sys.stderr)
        return 1
    for summary in summaries:
        print_summary(summary)
    print(f"Wrote {', '.join(str(output / s['dataset']) for s in summaries)} in {time.monotonic() - started:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
