#!/usr/bin/env python3
"""Writes the small YOLO-shaped ONNX models the Swift object-detector tests run (ObjectDetectorTests).

Every model outputs a fixed table of candidate boxes in YOLOv5/v7 layout [1, boxes, 5 + classes]
or YOLOv8 layout [1, 4 + classes, boxes]. Each output value is either a constant or one sample
of the input image, picked with Gather from [constants..., flattened input...]:

    out = Gather(Concat([CONSTANTS, Reshape(images, [1, -1])], axis=1), INDICES, axis=1)

so the tests know every box exactly and can see what the letterbox fed the model. Boxes are
centre x, centre y, width, height in pixels of the 64x64 input; three classes:

    box  x   y   w   h   objectness       class scores        confidence (obj x best class)
    0    20  30  10  20  0.9              0.9  0.1  0         0.81  apple
    1    21  30  10  20  0.8              0.9  0    0         0.72  apple  (IoU 0.82 with box 0)
    2    21  30  10  20  0.8              0    0.9  0         0.72  banana (same place, other class)
    3    45  45  10  10  0.5              0    0    0.7       0.35  below 0.4
    4    45  15   8   8  0.3              1    0    0         0.30  objectness below 0.4
    5    50  50  12  12  red of (0, 0)    0    0    1         the top-left input sample
    6    26  30  10  20  1.0              0.5  0    0         0.50  apple  (IoU 0.25 with box 0)
    7    32  10   6   6  green of (32,32) 0    1    0         the centre input sample (fixed-size models)
    8-9  zeros

The YOLOv8 models hold objectness x class score as their class scores (no objectness column),
so both layouts yield the same detections.

Models written:
    yolov5.onnx           v5 layout, input [1,3,64,64]; second output `raw` [1,1,1,10,8] like the
                          per-scale heads of older exports; metadata names as a Python dict
                          (with a quote in "chef's knife"), task, stride, imgsz
    yolov8.onnx           v8 layout, input [1,3,64,64], metadata names
    yolov8-dynamic.onnx   v8 layout, input [1,3,height,width], no names, imgsz "[96, 128]";
                          box 7 reads the top-left sample too (the centre moves with the size)
    yolov8-segment.onnx   yolov8.onnx with metadata task "segment"

Usage: make_yolo_models.py OUT_DIR
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

NAMES = {0: "apple", 1: "banana", 2: "chef's knife"}
SIDE = 64
TOP_LEFT_RED = ("sample", 0, 0, 0)        # channel, y, x
CENTRE_GREEN = ("sample", 1, 32, 32)

# x, y, w, h, objectness, class scores
BOXES = [
    (20, 30, 10, 20, 0.9, (0.9, 0.1, 0.0)),
    (21, 30, 10, 20, 0.8, (0.9, 0.0, 0.0)),
    (21, 30, 10, 20, 0.8, (0.0, 0.9, 0.0)),
    (45, 45, 10, 10, 0.5, (0.0, 0.0, 0.7)),
    (45, 15, 8, 8, 0.3, (1.0, 0.0, 0.0)),
    (50, 50, 12, 12, TOP_LEFT_RED, (0.0, 0.0, 1.0)),
    (26, 30, 10, 20, 1.0, (0.5, 0.0, 0.0)),
    (32, 10, 6, 6, CENTRE_GREEN, (0.0, 1.0, 0.0)),
    (0, 0, 0, 0, 0.0, (0.0, 0.0, 0.0)),
    (0, 0, 0, 0, 0.0, (0.0, 0.0, 0.0)),
]


def cells(layout, dynamic):
    """The output table as rows of cells (constants or input samples) in the v5 row order."""
    rows = []
    for x, y, w, h, objectness, scores in BOXES:
        if dynamic and objectness == CENTRE_GREEN:
            objectness = TOP_LEFT_RED
        if layout == "v5":
            rows.append([x, y, w, h, objectness, *scores])
        elif isinstance(objectness, tuple):
            # A sampled objectness: the class that scores 1 takes the sample.
            rows.append([x, y, w, h, *[objectness if s == 1.0 else 0.0 for s in scores]])
        else:
            rows.append([x, y, w, h, *[objectness * s for s in scores]])
    return rows


def gather_model(layout, dynamic=False, metadata=None, extra_raw_output=False):
    rows = cells(layout, dynamic)
    constants = []
    indices = []
    for row in rows:
        index_row = []
        for cell in row:
            if isinstance(cell, tuple):
                _, channel, y, x = cell
                index_row.append(("input", channel * SIDE * SIDE + y * SIDE + x))
            else:
                index_row.append(("constant", len(constants)))
                constants.append(float(cell))
        indices.append(index_row)
    offset = len(constants)
    index_array = np.array([[i if kind == "constant" else offset + i for kind, i in row] for row in indices], dtype=np.int64)
    if layout == "v8":
        index_array = index_array.T.copy()
    height, width = ("height", "width") if dynamic else (SIDE, SIDE)

    initializers = [
        helper.make_tensor("constants", TensorProto.FLOAT, [1, len(constants)], np.array(constants, dtype=np.float32).tobytes(), raw=True),
        helper.make_tensor("flat_shape", TensorProto.INT64, [2], [1, -1]),
        helper.make_tensor("indices", TensorProto.INT64, list(index_array.shape), index_array.flatten().tolist()),
    ]
    nodes = [
        helper.make_node("Reshape", ["images", "flat_shape"], ["flat"], name="flatten"),
        helper.make_node("Concat", ["constants", "flat"], ["table"], name="table", axis=1),
        helper.make_node("Gather", ["table", "indices"], ["output0"], name="pick", axis=1),
    ]
    outputs = [helper.make_tensor_value_info("output0", TensorProto.FLOAT, [1, *index_array.shape])]
    if extra_raw_output:
        initializers.append(helper.make_tensor("raw_shape", TensorProto.INT64, [5], [1, 1, 1, *index_array.shape]))
        nodes.append(helper.make_node("Reshape", ["output0", "raw_shape"], ["raw"], name="raw"))
        outputs.append(helper.make_tensor_value_info("raw", TensorProto.FLOAT, [1, 1, 1, *index_array.shape]))
    inputs = [helper.make_tensor_value_info("images", TensorProto.FLOAT, [1, 3, height, width])]
    graph = helper.make_graph(nodes, "yolo_" + layout, inputs, outputs, initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="sightline-tests")
    model.ir_version = 8
    if metadata:
        helper.set_model_props(model, metadata)
    onnx.checker.check_model(model)
    return model


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    names = repr(NAMES)  # "{0: 'apple', 1: 'banana', 2: \"chef's knife\"}", as Ultralytics writes it
    common = {"description": "Sightline test model", "stride": "32", "imgsz": "[64, 64]", "names": names}
    models = {
        "yolov5.onnx": gather_model("v5", metadata={**common, "task": "detect"}, extra_raw_output=True),
        "yolov8.onnx": gather_model("v8", metadata={**common, "task": "detect"}),
        "yolov8-dynamic.onnx": gather_model("v8", dynamic=True, metadata={"imgsz": "[96, 128]", "task": "detect"}),
        "yolov8-segment.onnx": gather_model("v8", metadata={**common, "task": "segment"}),
    }
    for name, model in models.items():
        onnx.save(model, os.path.join(out, name))


if __name__ == "__main__":
    main()
