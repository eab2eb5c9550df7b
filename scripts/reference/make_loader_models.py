#!/usr/bin/env python3
"""Writes the small ONNX models the Swift ONNX loader tests read (ModelLoaderTests).

Each model is built with the `onnx` package exactly as an exporter would write it, so the
tests exercise real protobuf encodings (packed and unpacked fields, raw_data and typed value
fields, external data). The values are simple formulas the Swift tests recompute:

    W      float32 [2, 3, 3, 3]   k * 0.25 - 3 for k = 0..53
    B      float32 [2]            [0.5, -1.5]
    shape  int64   [2]            [1, -1]
    codes  int32   [5]            [-2^31, -1, 0, 7, 2^31 - 1]   (read back widened to int64)
    scales float64 [3]            [0.5, -1.25, 3.0]             (read back narrowed to float32)

Usage: make_loader_models.py OUT_DIR
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

WEIGHTS = (np.arange(54, dtype=np.float32) * 0.25 - 3).reshape(2, 3, 3, 3)
BIAS = np.array([0.5, -1.5], dtype=np.float32)
SHAPE = np.array([1, -1], dtype=np.int64)
CODES = np.array([-(2**31), -1, 0, 7, 2**31 - 1], dtype=np.int32)
SCALES = np.array([0.5, -1.25, 3.0], dtype=np.float64)


def tensor(name, data_type, array, raw):
    """A TensorProto holding `array` in raw_data (raw=True) or in its typed value field."""
    values = array.astype("<" + array.dtype.str[1:]).tobytes() if raw else array.flatten().tolist()
    return helper.make_tensor(name, data_type, array.shape, values, raw=raw)


def conv_model(raw, opset=13, weights_as_inputs=False):
    """x [1,3,5,5] -> Conv(W, B) -> Relu -> Reshape(shape) -> y [1,18], plus two more initialisers."""
    initializers = [
        tensor("W", TensorProto.FLOAT, WEIGHTS, raw),
        tensor("B", TensorProto.FLOAT, BIAS, raw),
        tensor("shape", TensorProto.INT64, SHAPE, raw),
        tensor("codes", TensorProto.INT32, CODES, raw),
        tensor("scales", TensorProto.DOUBLE, SCALES, raw),
    ]
    nodes = [
        helper.make_node("Conv", ["x", "W", "B"], ["conv"], name="conv", kernel_shape=[3, 3]),
        helper.make_node("Relu", ["conv"], ["relu"], name="relu"),
        helper.make_node("Reshape", ["relu", "shape"], ["y"], name="flatten"),
    ]
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3, 5, 5])]
    if weights_as_inputs:
        inputs += [helper.make_tensor_value_info(t.name, t.data_type, list(t.dims)) for t in initializers]
    outputs = [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 18])]
    graph = helper.make_graph(nodes, "conv_graph", inputs, outputs, initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                              producer_name="sightline-tests")
    helper.set_model_props(model, {"labels": "face,background", "licence": "MIT"})
    return model


def single_node_model(nodes, inputs, outputs, initializers=(), opsets=(("", 13),)):
    graph = helper.make_graph(nodes, "graph", inputs, outputs, list(initializers))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid(d, v) for d, v in opsets])


def value(name, elem_type=TensorProto.FLOAT, shape=(1, 4)):
    return helper.make_tensor_value_info(name, elem_type, list(shape))


def float_tensor_with(name, dims, raw_data=None, float_data=None):
    """A FLOAT TensorProto whose data may disagree with its dims (the encoder does not check)."""
    proto = TensorProto(name=name, data_type=TensorProto.FLOAT, dims=dims)
    if raw_data is not None:
        proto.raw_data = raw_data
    if float_data is not None:
        proto.float_data.extend(float_data)
    return proto


def add_model_with(initializer):
    """y = x + <initializer>, for models that differ only in one initialiser."""
    node = helper.make_node("Add", ["x", initializer.name], ["y"], name="add")
    return single_node_model([node], [value("x", shape=[2, 3])], [value("y", shape=[2, 3])], [initializer])


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)

    def save(model, name, **options):
        onnx.save_model(model, os.path.join(out_dir, name), **options)

    save(conv_model(raw=False), "conv_typed.onnx")
    save(conv_model(raw=True), "conv_raw.onnx")
    save(conv_model(raw=True, weights_as_inputs=True), "weights_as_inputs.onnx")
    for opset in (10, 11, 17, 18):
        save(conv_model(raw=True, opset=opset), f"opset{opset}.onnx")
    save(conv_model(raw=True), "external_data.onnx", save_as_external_data=True,
         all_tensors_to_one_file=True, location="external_weights.bin", size_threshold=0)

    relu = helper.make_node("Relu", ["x"], ["y"], name="relu")
    save(single_node_model([relu], [value("x")], [value("y")], opsets=[("", 13), ("ai.onnx.ml", 3)]),
         "unused_domain.onnx")
    custom = helper.make_node("FancyOp", ["x"], ["y"], name="fancy", domain="com.example")
    save(single_node_model([custom], [value("x")], [value("y")], opsets=[("", 13), ("com.example", 1)]),
         "custom_domain.onnx")

    half = helper.make_tensor("half_weights", TensorProto.FLOAT16, [2, 3],
                              [1.0] * 6)
    save(add_model_with(half), "float16_used.onnx")
    bias = tensor("bias", TensorProto.FLOAT, np.ones((2, 3), dtype=np.float32), raw=True)
    unused_half = helper.make_tensor("unused_half", TensorProto.FLOAT16, [2], [0.0, 0.0])
    model = add_model_with(bias)
    model.graph.initializer.append(unused_half)
    save(model, "float16_unused.onnx")

    save(add_model_with(float_tensor_with("bias", [2, 3], raw_data=b"\0" * 20)), "raw_size_mismatch.onnx")
    save(add_model_with(float_tensor_with("bias", [2, 3], float_data=[1, 2, 3, 4, 5])), "typed_size_mismatch.onnx")
    save(add_model_with(float_tensor_with("bias", [-2, 3], raw_data=b"")), "negative_dims.onnx")
    save(add_model_with(float_tensor_with("bias", [2**40, 2**40], raw_data=b"")), "huge_dims.onnx")

    # Cycle: a = Relu(b), b = Sigmoid(a). Unsorted: the same chain as the conv model, listed backwards.
    cycle = [helper.make_node("Relu", ["b"], ["a"], name="first"),
             helper.make_node("Sigmoid", ["a"], ["b"], name="second"),
             helper.make_node("Add", ["x", "a"], ["y"], name="sum")]
    save(single_node_model(cycle, [value("x")], [value("y")]), "cycle.onnx")
    backwards = [helper.make_node("Sigmoid", ["h"], ["y"], name="last"),
                 helper.make_node("Relu", ["x"], ["h"], name="first")]
    save(single_node_model(backwards, [value("x")], [value("y")]), "unsorted.onnx")
    missing = helper.make_node("Add", ["x", "ghost"], ["y"], name="add")
    save(single_node_model([missing], [value("x")], [value("y")]), "missing_input.onnx")
    twice = [helper.make_node("Relu", ["x"], ["y"], name="relu"),
             helper.make_node("Sigmoid", ["x"], ["y"], name="sigmoid")]
    save(single_node_model(twice, [value("x")], [value("y")]), "duplicate_output.onnx")

    branch = helper.make_graph([helper.make_node("Identity", ["x"], ["z"])], "branch", [], [value("z")])
    conditional = helper.make_node("If", ["cond"], ["y"], name="choose", then_branch=branch, else_branch=branch)
    save(single_node_model([conditional], [value("cond", TensorProto.BOOL, []), value("x")], [value("y")]),
         "subgraph.onnx")

    # Unnamed nodes carrying one attribute of every kind the engine keeps.
    constant_value = tensor("", TensorProto.FLOAT, np.array([[1.5, -2], [0, 4]], dtype=np.float32), raw=True)
    weights_attribute = tensor("attribute_weights", TensorProto.INT32, np.array([3, -4], dtype=np.int32), raw=False)
    attributed = helper.make_node("Identity", ["x"], ["y"], alpha=0.5, count=3, mode="nearest",
                                  scales=[1.0, 2.5], pads=[0, 1, -1], names=["a", "b"], weights=weights_attribute)
    constant = helper.make_node("Constant", [], ["c"], value=constant_value)
    save(single_node_model([attributed, constant], [value("x")], [value("y"), value("c", shape=[2, 2])]),
         "attributes.onnx")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
