"""Regenerates the SightlineVisionTests fixtures from the committed sample photo.

Run from the repository root with the project's virtual environment:
    .venv/bin/python Tests/SightlineVisionTests/Fixtures/make_fixtures.py

Both files are lossless PNGs holding the same pixels: `carton-upright.png` as they are, and
`carton-rotated-exif6.png` stored rotated 90 degrees counter-clockwise with EXIF orientation 6
("rotate 90 degrees clockwise to view"), the way a phone held upright saves a photo. Decoding
the second with its orientation applied must give exactly the first, so a classifier must
return identical results for both.
"""
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
SAMPLE = HERE.parents[2] / "Samples" / "cardboard-box.jpg"
EXIF_ORIENTATION = 0x0112


def main() -> None:
    upright = Image.open(SAMPLE).convert("RGB")
    upright.save(HERE / "carton-upright.png", optimize=True)
    exif = Image.Exif()
    exif[EXIF_ORIENTATION] = 6
    upright.transpose(Image.Transpose.ROTATE_90).save(HERE / "carton-rotated-exif6.png", optimize=True, exif=exif.tobytes())


if __name__ == "__main__":
    main()
