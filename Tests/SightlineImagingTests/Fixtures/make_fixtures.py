"""Regenerates the derived image fixtures of SightlineImagingTests from the committed photos.

Run once from the repository root with the project's virtual environment:
    .venv/bin/python Tests/SightlineImagingTests/Fixtures/make_fixtures.py
Pillow writes the ordinary files; the 16-bit and interlaced PNGs are written by the small PNG
writer below because Pillow cannot write 16-bit RGB or Adam7-interlaced PNGs.
Every output is deterministic, so rerunning reproduces the committed bytes.
"""
import struct
import zlib
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent

TOMATO_PHOTO = HERE / "photo-grocery-tomato-001.jpg"
GLASS_PHOTO = HERE / "photo-trashnet-glass21.jpg"

ADAM7_PASSES = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png_chunk(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def write_png(path: Path, width: int, height: int, color_type: int, bit_depth: int,
              rows: list[list[int]], interlaced: bool = False) -> None:
    """rows: per row, the flat list of samples (channel-interleaved) at the given bit depth."""
    channels = {0: 1, 2: 3}[color_type]
    sample_bytes = bit_depth // 8

    def encode_row(samples: list[int]) -> bytes:
        return b"\x00" + b"".join(v.to_bytes(sample_bytes, "big") for v in samples)

    raw = bytearray()
    if interlaced:
        for x0, y0, dx, dy in ADAM7_PASSES:
            for y in range(y0, height, dy):
                samples = []
                for x in range(x0, width, dx):
                    samples.extend(rows[y][x * channels:(x + 1) * channels])
                if samples:
                    raw += encode_row(samples)
    else:
        for row in rows:
            raw += encode_row(row)
    header = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 1 if interlaced else 0)
    data = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    path.write_bytes(data + png_chunk(b"IEND", b""))


def little_endian_orientation_exif(orientation: int) -> bytes:
    """A minimal little-endian ("II") TIFF structure: IFD0 with one Orientation (0x0112) entry."""
    header = b"II*\x00" + struct.pack("<I", 8)
    entry = struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0)
    return header + struct.pack("<H", 1) + entry + struct.pack("<I", 0)


def main() -> None:
    tomato = Image.open(TOMATO_PHOTO).convert("RGB")
    portrait = Image.open(GLASS_PHOTO).convert("RGB")
    crop = portrait.crop((80, 120, 144, 168))  # 64 x 48

    # Bad and edge-case inputs.
    tomato_bytes = TOMATO_PHOTO.read_bytes()
    (HERE / "truncated.jpg").write_bytes(tomato_bytes[: len(tomato_bytes) * 6 // 10])
    (HERE / "empty.jpg").write_bytes(b"")
    (HERE / "not-an-image.jpg").write_text("This is a text file that was given a .jpg name by mistake.\n")
    Image.new("RGB", (1, 1), (12, 200, 99)).save(HERE / "one-pixel.png")

    # JPEG colour spaces.
    tomato.convert("L").save(HERE / "grayscale.jpg", quality=90)
    tomato.resize((160, 160), Image.Resampling.BILINEAR).convert("CMYK").save(HERE / "cmyk.jpg", quality=90)

    # EXIF orientation 6 ("rotate 90 clockwise to view"): the portrait photo's pixels are stored
    # rotated 90 degrees counter-clockwise, so an upright decode matches the photo itself.
    exif = Image.Exif()
    exif[0x0112] = 6
    portrait.transpose(Image.Transpose.ROTATE_90).save(HERE / "rotated-exif6.jpg", quality=92, exif=exif.tobytes())

    # PNG variants of one small crop: 8-bit, 16-bit RGB, 16-bit gray, interlaced.
    crop.save(HERE / "crop-rgb8.png")
    width, height = crop.size
    samples = crop.tobytes()
    rgb_rows = [list(samples[y * width * 3:(y + 1) * width * 3]) for y in range(height)]
    write_png(HERE / "crop-rgb16.png", width, height, 2, 16, [[v * 257 for v in row] for row in rgb_rows])
    write_png(HERE / "crop-gray16.png", width, height, 0, 16, [[v * 257 for v in row[1::3]] for row in rgb_rows])
    write_png(HERE / "crop-rgb8-interlaced.png", width, height, 2, 8, rgb_rows, interlaced=True)

    # Palette PNG whose tRNS chunk gives the entries alphas from 0 (transparent) to 255.
    palette_image = crop.quantize(colors=16, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    palette_image.save(HERE / "palette-transparent.png", transparency=bytes(i * 17 for i in range(16)))

    # Orientation in PNG eXIf and WebP EXIF chunks (little-endian TIFF; the JPEG above is big-endian).
    crop.transpose(Image.Transpose.ROTATE_270).save(HERE / "crop-exif8.png", exif=little_endian_orientation_exif(8))
    crop.transpose(Image.Transpose.ROTATE_180).save(HERE / "crop-exif3.webp", lossless=True,
                                                    exif=little_endian_orientation_exif(3))

    # WebP: a lossy photo and a lossless image with an alpha gradient.
    tomato.save(HERE / "photo-tomato.webp", quality=80, method=4)
    alpha = Image.linear_gradient("L").resize((width, height))
    with_alpha = crop.copy()
    with_alpha.putalpha(alpha)
    with_alpha.save(HERE / "alpha.webp", lossless=True)


if __name__ == "__main__":
    main()
