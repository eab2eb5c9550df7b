"""Regenerates the `litter/` detection fixture: a small YOLO-format dataset (data.yaml, train/ and
valid/ with images/ and labels/) from the shared litter-detection set (Roboflow 'ocean_waste'
export of itzashwita/BRUCEBOT, CC BY 4.0): the first photos in name order that show a face mask,
a glass bottle or a glove and no rarer class, shrunk to at most 160 pixels and re-encoded as JPEG
quality 85 (YOLO boxes are fractions of the photo, so the label files are copied unchanged).
The detector trainer's end-to-end tests train on it.

Run from the repository root with the project's virtual environment:
    .venv/bin/python Tests/SightlineVisionTests/Fixtures/litter/make_litter.py
"""
import shutil
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parents[4] / "shared" / "datasets" / "litter-detection"
# Mask, gbottle, glove in the source's class order (see its data.yaml).
KEPT_CLASSES = {0, 4, 5}
PHOTOS = {"train": 18, "valid": 6}


def classes_in(label_file: Path) -> set:
    return {int(line.split()[0]) for line in label_file.read_text().splitlines() if line.strip()}


def main() -> None:
    shutil.copy(SOURCE / "data.yaml", HERE / "data.yaml")
    for split, count in PHOTOS.items():
        images, labels = HERE / split / "images", HERE / split / "labels"
        for folder in (images, labels):
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
        chosen = 0
        for label_file in sorted((SOURCE / split / "labels").glob("*.txt")):
            found = classes_in(label_file)
            if not found or not found <= KEPT_CLASSES:
                continue
            photo = next((SOURCE / split / "images").glob(label_file.stem + ".*"))
            image = Image.open(photo).convert("RGB")
            image.thumbnail((160, 160), Image.Resampling.LANCZOS)
            name = f"{split}-{chosen + 1:02d}"
            image.save(images / f"{name}.jpg", quality=85)
            shutil.copy(label_file, labels / f"{name}.txt")
            chosen += 1
            if chosen == count:
                break


if __name__ == "__main__":
    main()
