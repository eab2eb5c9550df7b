"""Regenerates the `vegetables/` training fixture: 4 photos each of carrots, potatoes and tomatoes
from the shared grocery-vegetables set (GroceryStoreDataset, MIT), shrunk to at most 160 pixels
and re-encoded as JPEG quality 85, so the trainer's end-to-end tests run on real photos.

Run from the repository root with the project's virtual environment:
    .venv/bin/python Tests/SightlineVisionTests/Fixtures/vegetables/make_vegetables.py
"""
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parents[4] / "shared" / "datasets" / "grocery-vegetables"
LABELS = ["carrot", "potato", "tomato"]
PER_CLASS = 4
# Every 7th photo in name order, so the four come from different shelves and days.
STEP = 7


def main() -> None:
    for label in LABELS:
        folder = SOURCE / label
        chosen = sorted(p.name for p in folder.iterdir())[::STEP][:PER_CLASS]
        (HERE / label).mkdir(exist_ok=True)
        for index, name in enumerate(chosen):
            image = Image.open(folder / name).convert("RGB")
            image.thumbnail((160, 160), Image.Resampling.LANCZOS)
            image.save(HERE / label / f"{label}-{index + 1}.jpg", quality=85)


if __name__ == "__main__":
    main()
