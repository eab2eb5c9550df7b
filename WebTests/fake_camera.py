"""A video for Chromium's fake camera (`--use-file-for-fake-video-capture=FILE.y4m`), made of real
photos: each photo is letterboxed into the frame (nothing cropped, grey bars) and held for a
while; Chromium plays the file in a loop as if a camera were pointed at each photo in turn.

Y4M is a text header followed by raw frames. Each frame here is 4:2:0 planar YCbCr with
BT.601 studio-range values (Y 16–235, Cb/Cr 16–240), which is how Chromium reads it.
"""
import numpy
from PIL import Image

GREY = (128, 128, 128)


def letterboxed(path, width, height):
    """The photo scaled to fit width × height, centred on a grey frame."""
    with Image.open(path) as photo:
        photo = photo.convert("RGB")
        scale = min(width / photo.width, height / photo.height)
        fitted = photo.resize((round(photo.width * scale), round(photo.height * scale)), Image.LANCZOS)
    frame = Image.new("RGB", (width, height), GREY)
    frame.paste(fitted, ((width - fitted.width) // 2, (height - fitted.height) // 2))
    return frame


def yuv420(image):
    """One RGB image as the bytes of a 4:2:0 frame: the Y plane, then Cb and Cr at half size."""
    rgb = numpy.asarray(image, dtype=numpy.float64) / 255
    red, green, blue = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    luma = 16 + 219 * (0.299 * red + 0.587 * green + 0.114 * blue)
    blue_difference = 128 + 224 * (-0.168736 * red - 0.331264 * green + 0.5 * blue)
    red_difference = 128 + 224 * (0.5 * red - 0.418688 * green - 0.081312 * blue)

    def half(plane):
        rows, columns = plane.shape
        return plane.reshape(rows // 2, 2, columns // 2, 2).mean(axis=(1, 3))

    def to_bytes(plane):
        return numpy.clip(numpy.rint(plane), 0, 255).astype(numpy.uint8).tobytes()

    return to_bytes(luma) + to_bytes(half(blue_difference)) + to_bytes(half(red_difference))


def write_y4m(path, photos, width=320, height=240, frames_per_second=10, seconds_per_photo=2):
    """Writes a Y4M video showing each photo for `seconds_per_photo`, in order."""
    if width % 2 or height % 2:
        raise ValueError("4:2:0 frames need an even width and height")
    with open(path, "wb") as video:
        video.write(f"YUV4MPEG2 W{width} H{height} F{frames_per_second}:1 Ip A1:1 C420jpeg\n".encode("ascii"))
        for photo in photos:
            frame = b"FRAME\n" + yuv420(letterboxed(photo, width, height))
            for _ in range(frames_per_second * seconds_per_photo):
                video.write(frame)
