"""Pillow reference for turning a photo into an EfficientNet-Lite input tensor.

The steps, in order (the Swift image pipeline follows the same recipe):
1. open; for JPEG optionally `draft("RGB", (shorter_side, shorter_side))` so libjpeg decodes at
   the largest 1/2, 1/4 or 1/8 scale that still leaves both sides >= shorter_side;
2. apply the EXIF orientation, convert to RGB;
3. resize so the shorter side is `shorter_side` with Pillow's antialiased BILINEAR filter; the
   longer side becomes round(longer * shorter_side / shorter);
4. centre crop `crop` x `crop` at offset round((resized - crop) / 2) on each axis;
5. (x - mean) / std on 0..255 values, float32, NCHW.
Here round is Python's (halves go to the even neighbour), as in torchvision and in Sightline's
ImagePreprocessing and ImageRect.centered.
"""

import numpy as np
from PIL import Image, ImageOps

EFFICIENTNET_LITE_MEAN = 127.0
EFFICIENTNET_LITE_STD = 128.0


def load_rgb(path, draft_size=None):
    """Opens `path` as an upright RGB Pillow image, decoding JPEGs at reduced scale when `draft_size` is given."""
    image = Image.open(path)
    if draft_size is not None and image.format == "JPEG":
        image.draft("RGB", (draft_size, draft_size))
    image = ImageOps.exif_transpose(image)
    return image.convert("RGB")


def resize_shorter_side_and_centre_crop(image, shorter_side, crop):
    """Resizes so the shorter side is `shorter_side` (BILINEAR, antialiased) and cuts the centre `crop` square."""
    width, height = image.size
    if width <= height:
        new_width, new_height = shorter_side, round(height * shorter_side / width)
    else:
        new_width, new_height = round(width * shorter_side / height), shorter_side
    resized = image.resize((new_width, new_height), Image.Resampling.BILINEAR)
    left = round((new_width - crop) / 2)
    top = round((new_height - crop) / 2)
    return resized.crop((left, top, left + crop, top + crop))


def to_normalised_nchw(image, mean=EFFICIENTNET_LITE_MEAN, std=EFFICIENTNET_LITE_STD):
    """Turns an RGB Pillow image into a float32 [1, 3, H, W] array of (x - mean) / std."""
    pixels = np.asarray(image, dtype=np.float32)
    return ((pixels - mean) / std).transpose(2, 0, 1)[np.newaxis].copy()


def image_tensor(path, shorter_side, crop, draft=False):
    """The whole recipe: a photo path to a [1, 3, crop, crop] float32 tensor."""
    image = load_rgb(path, shorter_side if draft else None)
    return to_normalised_nchw(resize_shorter_side_and_centre_crop(image, shorter_side, crop))
