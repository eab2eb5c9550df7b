#!/usr/bin/env python3
"""Generates the ONNX operator test cases and their ONNX Runtime reference outputs.

For every case this writes a tiny ONNX model (one operator, or a short chain of operators
when the case is about how operators combine or about the engine's fusion passes), its
inputs as `.npy` files drawn from a numpy generator seeded by the case name (so adding a
case never changes the others), and the outputs ONNX Runtime computes for them on the CPU
with every graph optimisation disabled (the reference is the plain operator, not a fused
rewrite). `OUT_DIR/cases.json` lists them:

    {"cases": [{"name", "family", "opset", "model", "tolerance",
                "inputs": {graph input -> .npy}, "outputs": {graph output -> .npy}}],
     "error_cases": [{"name", "family", "model", "node", "op", "attribute"}]}

`family` groups cases by the operator under test (one Swift test method per family).
`error_cases` are models the engine must refuse when a session is created: an operator it
does not implement, or an attribute value it does not support. ONNX Runtime is not run on
them. `attribute` is null for an unsupported operator.

Usage:
    make_operator_cases.py OUT_DIR
"""

import json
import sys
import zlib
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper

DEFAULT_OPSET = 13
# IR version 8 is accepted together with every opset from 11 to 17.
IR_VERSION = 8
# Relative tolerance the Swift test applies: |actual - expected| <= tolerance * max(1, |expected|).
DEFAULT_TOLERANCE = 1e-4
INT64_MAX = np.iinfo(np.int64).max
INT64_MIN = np.iinfo(np.int64).min

ONNX_TYPE_OF_DTYPE = {
    np.dtype(np.float32): TensorProto.FLOAT,
    np.dtype(np.int64): TensorProto.INT64,
    np.dtype(np.int32): TensorProto.INT32,
}


class CaseBuilder:
    """Collects the nodes, inputs, initialisers and outputs of one case's model."""

    def __init__(self, suite, name, family, opset):
        self.suite = suite
        self.name = name
        self.family = family
        self.opset = opset
        self.rng = np.random.default_rng(zlib.crc32(name.encode()))
        self.nodes = []
        self.inputs = {}
        self.initializers = {}
        self.outputs = []
        self.symbolic_batch = False

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, traceback):
        if exc_type is None:
            self.suite.write_case(self)
        return False

    # Random data, deterministic per case.
    def randn(self, *shape, scale=1.0):
        return (self.rng.standard_normal(shape) * scale).astype(np.float32)

    def uniform(self, low, high, *shape):
        return self.rng.uniform(low, high, shape).astype(np.float32)

    def weights(self, *shape):
        """Convolution / dense weights scaled by 1/sqrt(fan-in) so outputs stay near unit size."""
        fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else 1
        return self.randn(*shape, scale=1.0 / np.sqrt(fan_in))

    # Graph construction.
    def input(self, name, array):
        self.inputs[name] = np.asarray(array)
        return name

    def init(self, name, array):
        self.initializers[name] = np.asarray(array)
        return name

    def node(self, op, inputs, outputs, node_name=None, **attributes):
        name = node_name or f"{op.lower()}_{len(self.nodes)}"
        self.nodes.append(helper.make_node(op, inputs, outputs, name=name, **attributes))

    def output(self, name, elem_type=TensorProto.FLOAT):
        self.outputs.append((name, elem_type))


class CaseSuite:
    def __init__(self, out_dir):
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.cases = []
        self.error_cases = []
        self.names = set()

    def case(self, name, family, opset=DEFAULT_OPSET):
        if name in self.names:
            raise ValueError(f"duplicate case name {name}")
        self.names.add(name)
        return CaseBuilder(self, name, family, opset)

    def build_model(self, builder, output_shapes):
        """The case's model; `output_shapes` maps output names to shapes (None: unknown)."""
        graph_inputs = []
        for name, array in builder.inputs.items():
            shape = list(array.shape)
            if builder.symbolic_batch and shape:
                shape[0] = "batch"
            graph_inputs.append(
                helper.make_tensor_value_info(name, ONNX_TYPE_OF_DTYPE[array.dtype], shape))
        graph_outputs = []
        for name, elem_type in builder.outputs:
            output = helper.make_tensor_value_info(name, elem_type, output_shapes.get(name))
            graph_outputs.append(output)
        initializers = [numpy_helper.from_array(array, name)
                        for name, array in builder.initializers.items()]
        graph = helper.make_graph(builder.nodes, builder.name, graph_inputs, graph_outputs,
                                  initializer=initializers)
        model = helper.make_model(graph, producer_name="sightline-operator-cases",
                                  opset_imports=[helper.make_opsetid("", builder.opset)])
        model.ir_version = IR_VERSION
        return model

    def write_case(self, builder):
        # ONNX Runtime runs the model with output shapes left open; the saved model then
        # declares the shapes it produced, as an exporter would.
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
        options.intra_op_num_threads = 1
        open_model = self.build_model(builder, output_shapes={})
        session = ort.InferenceSession(open_model.SerializeToString(), options,
                                       providers=["CPUExecutionProvider"])
        output_names = [name for name, _ in builder.outputs]
        results = session.run(output_names, dict(builder.inputs))

        output_shapes = {name: list(np.shape(array)) for name, array in zip(output_names, results)}
        model = self.build_model(builder, output_shapes)
        onnx.checker.check_model(model, full_check=True)
        model_file = f"{builder.name}.onnx"
        onnx.save(model, self.out_dir / model_file)

        input_files = {}
        for index, (name, array) in enumerate(builder.inputs.items()):
            input_files[name] = self.save_array(f"{builder.name}.input{index}.npy", array)
        output_files = {}
        for index, (name, array) in enumerate(zip(output_names, results)):
            array = np.asarray(array)
            if array.dtype not in (np.float32, np.int64):
                raise TypeError(f"{builder.name}: output {name} has dtype {array.dtype}")
            if array.dtype == np.float32 and not np.all(np.isfinite(array)):
                raise ValueError(f"{builder.name}: output {name} is not finite")
            output_files[name] = self.save_array(f"{builder.name}.output{index}.npy", array)

        self.cases.append({
            "name": builder.name,
            "family": builder.family,
            "opset": builder.opset,
            "model": model_file,
            "tolerance": DEFAULT_TOLERANCE,
            "inputs": input_files,
            "outputs": output_files,
        })

    def save_array(self, file_name, array):
        np.save(self.out_dir / file_name, np.asarray(array, order="C"))
        return file_name

    def error_case(self, name, family, nodes, inputs, outputs, initializers, node, op,
                   attribute=None, opset=DEFAULT_OPSET):
        """Writes a model the engine must refuse; ONNX Runtime is not consulted."""
        if name in self.names:
            raise ValueError(f"duplicate case name {name}")
        self.names.add(name)
        graph = helper.make_graph(nodes, name, inputs, outputs, initializer=initializers)
        model = helper.make_model(graph, producer_name="sightline-operator-cases",
                                  opset_imports=[helper.make_opsetid("", opset)])
        model.ir_version = IR_VERSION
        model_file = f"{name}.onnx"
        onnx.save(model, self.out_dir / model_file)
        self.error_cases.append({"name": name, "family": family, "model": model_file,
                                 "node": node, "op": op, "attribute": attribute})

    def write_index(self):
        with open(self.out_dir / "cases.json", "w") as index:
            json.dump({"cases": self.cases, "error_cases": self.error_cases}, index, indent=1)


# ---------------------------------------------------------------------------------------------
# Conv


def add_conv_cases(suite):
    def conv(name, x_shape, w_shape, bias=True, opset=DEFAULT_OPSET, **attributes):
        with suite.case(name, "Conv", opset) as c:
            c.input("x", c.randn(*x_shape))
            c.init("w", c.weights(*w_shape))
            inputs = ["x", "w"]
            if bias:
                inputs.append(c.init("b", c.randn(w_shape[0], scale=0.5)))
            c.node("Conv", inputs, ["y"], **attributes)
            c.output("y")

    conv("conv_3x3_pad1", [1, 3, 8, 8], [8, 3, 3, 3], pads=[1, 1, 1, 1])
    conv("conv_3x3_no_bias", [1, 3, 8, 8], [8, 3, 3, 3], bias=False, pads=[1, 1, 1, 1])
    conv("conv_3x3_no_pads", [1, 4, 9, 9], [5, 4, 3, 3])
    conv("conv_3x3_kernel_shape_given", [1, 3, 6, 6], [4, 3, 3, 3], kernel_shape=[3, 3],
         pads=[1, 1, 1, 1])
    conv("conv_1x1", [1, 17, 6, 6], [40, 17, 1, 1])
    conv("conv_1x1_no_bias", [1, 40, 5, 7], [17, 40, 1, 1], bias=False)
    conv("conv_1x1_stride2", [1, 8, 9, 9], [12, 8, 1, 1], strides=[2, 2])
    conv("conv_1x1_wide", [1, 64, 16, 16], [96, 64, 1, 1])
    # 1x1 convolutions to 2 and 4 channels over planes of over 8192 pixels (MTCNN P-Net's
    # heads), read in place with software prefetches; the second ends in a partial tile.
    conv("conv_1x1_long_plane_4_channels", [1, 32, 64, 160], [4, 32, 1, 1])
    conv("conv_1x1_long_plane_2_channels_partial_tile", [1, 32, 63, 163], [2, 32, 1, 1])
    conv("conv_3x3_wide", [1, 40, 14, 14], [40, 40, 3, 3], pads=[1, 1, 1, 1])
    conv("conv_5x5_stride2", [1, 4, 11, 11], [6, 4, 5, 5], strides=[2, 2], pads=[2, 2, 2, 2])
    conv("conv_7x7_stem", [1, 3, 32, 32], [16, 3, 7, 7], strides=[2, 2], pads=[3, 3, 3, 3])
    conv("conv_asymmetric_pads_same_style", [1, 3, 9, 9], [8, 3, 3, 3], strides=[2, 2],
         pads=[0, 0, 1, 1])
    conv("conv_asymmetric_pads_mixed", [1, 3, 7, 8], [5, 3, 3, 3], pads=[1, 2, 0, 3])
    conv("conv_dilation2", [1, 3, 10, 10], [4, 3, 3, 3], dilations=[2, 2], pads=[2, 2, 2, 2])
    conv("conv_dilation_rectangular", [1, 2, 9, 12], [3, 2, 3, 2], dilations=[1, 3],
         pads=[1, 0, 1, 2])
    conv("conv_nonsquare_input_kernel_stride", [1, 3, 7, 12], [4, 3, 3, 5], strides=[1, 2],
         pads=[1, 2, 1, 2])
    conv("conv_batch2", [2, 3, 8, 8], [6, 3, 3, 3], pads=[1, 1, 1, 1])
    # Batches of small images, multiplied several images at a time: R-Net's second layer
    # (three images to a product, the last product short) and grouped weights.
    conv("conv_batch_rnet_layer2", [7, 28, 11, 11], [48, 28, 3, 3])
    conv("conv_batch_groups2_small_images", [5, 4, 9, 9], [6, 2, 3, 3], group=2, strides=[2, 2],
         pads=[1, 0, 1, 1])
    # Batches of eight or more small images, run eight at a time with one image per vector
    # lane: a last group of three images, an odd pixel count (81) and 48 channels in 8 panels;
    # strides, dilation and asymmetric padding with a panel of 5 channels; no bias.
    conv("conv_lanes_rnet_layer2_batch11", [11, 28, 11, 11], [48, 28, 3, 3])
    conv("conv_lanes_stride_dilation_pads_batch9", [9, 3, 10, 9], [5, 3, 3, 3], strides=[2, 1],
         dilations=[1, 2], pads=[1, 2, 0, 1])
    conv("conv_lanes_no_bias_batch16", [16, 4, 5, 5], [7, 4, 2, 2], bias=False)
    conv("conv_groups2", [1, 4, 7, 7], [6, 2, 3, 3], group=2, pads=[1, 1, 1, 1])
    conv("conv_groups4_1x1", [1, 8, 5, 5], [12, 2, 1, 1], group=4)
    conv("conv_depthwise_3x3", [1, 40, 9, 9], [40, 1, 3, 3], group=40, pads=[1, 1, 1, 1])
    # Strides with input columns no window reaches: the depthwise kernel must not copy them
    # past its padded rows.
    conv("conv_depthwise_stride3_unused_columns", [1, 5, 11, 11], [5, 1, 3, 3], group=5, strides=[3, 3])
    conv("conv_depthwise_stride2_unused_column", [1, 6, 10, 9], [6, 1, 3, 3], group=6, strides=[2, 2],
         pads=[1, 0, 0, 0])
    conv("conv_depthwise_3x3_no_bias_stride2", [1, 17, 10, 10], [17, 1, 3, 3], bias=False,
         group=17, strides=[2, 2], pads=[0, 0, 1, 1])
    conv("conv_depthwise_5x5_stride2_asymmetric", [1, 16, 12, 12], [16, 1, 5, 5], group=16,
         strides=[2, 2], pads=[1, 1, 2, 2])
    conv("conv_depthwise_3x3_batch2", [2, 3, 6, 5], [3, 1, 3, 3], group=3, pads=[1, 1, 1, 1])
    # Rows shorter than a vector in whole blocks of 8 channels (7x7 planes): each row is
    # interleaved from loads that run past its end, except the very last row of the tensor.
    conv("conv_depthwise_7x7_planes", [1, 16, 7, 7], [16, 1, 3, 3], group=16, pads=[1, 1, 1, 1])
    conv("conv_depthwise_5x5_stride2_narrow", [2, 8, 6, 6], [8, 1, 5, 5], group=8, strides=[2, 2],
         pads=[2, 2, 2, 2])
    # Rows ending 3 and 4 pixels into a group of eight: the kernel computes those last
    # groups four pixels wide.
    conv("conv_depthwise_row_tails_3_4", [1, 8, 5, 11], [8, 1, 3, 3], group=8, pads=[1, 1, 1, 1])
    conv("conv_depthwise_row_tails_5x5_4", [1, 12, 7, 12], [12, 1, 5, 5], group=12, pads=[2, 2, 2, 2])
    conv("conv_depthwise_channel_multiplier2", [1, 3, 6, 6], [6, 1, 3, 3], group=3,
         pads=[1, 1, 1, 1])
    conv("conv_depthwise_dilation2", [1, 8, 9, 9], [8, 1, 3, 3], group=8, dilations=[2, 2],
         pads=[2, 2, 2, 2])
    conv("conv_auto_pad_same_upper_stride2", [1, 3, 8, 8], [4, 3, 3, 3], auto_pad="SAME_UPPER",
         strides=[2, 2])
    conv("conv_auto_pad_same_upper_odd", [1, 3, 7, 6], [4, 3, 4, 4], auto_pad="SAME_UPPER")
    conv("conv_auto_pad_same_lower_stride2", [1, 3, 8, 8], [4, 3, 3, 3], auto_pad="SAME_LOWER",
         strides=[2, 2])
    conv("conv_auto_pad_same_lower_even_kernel", [1, 3, 7, 7], [4, 3, 2, 2],
         auto_pad="SAME_LOWER")
    conv("conv_auto_pad_valid", [1, 3, 9, 8], [4, 3, 3, 3], auto_pad="VALID", strides=[2, 2])
    conv("conv_depthwise_auto_pad_same_upper", [1, 6, 9, 9], [6, 1, 3, 3], group=6,
         auto_pad="SAME_UPPER", strides=[2, 2])
    conv("conv_opset11", [1, 3, 6, 6], [4, 3, 3, 3], opset=11, pads=[1, 1, 1, 1])
    # Large enough that a multi-threaded engine splits the work between threads.
    conv("conv_large_3x3", [1, 32, 40, 40], [48, 32, 3, 3], pads=[1, 1, 1, 1])
    conv("conv_large_1x1_batch4", [4, 40, 28, 28], [72, 40, 1, 1])
    conv("conv_large_depthwise_stride2", [1, 96, 57, 57], [96, 1, 3, 3], group=96,
         strides=[2, 2], pads=[0, 0, 1, 1])
    conv("conv_opset17", [1, 3, 6, 6], [4, 3, 3, 3], opset=17, strides=[2, 2],
         pads=[1, 1, 1, 1])


# ---------------------------------------------------------------------------------------------
# Normalisation and activations


def add_batch_normalization_cases(suite):
    def batch_norm(name, x_shape, opset=DEFAULT_OPSET, **attributes):
        channels = x_shape[1]
        with suite.case(name, "BatchNormalization", opset) as c:
            c.input("x", c.randn(*x_shape))
            c.init("scale", c.uniform(0.5, 1.5, channels))
            c.init("bias", c.randn(channels, scale=0.5))
            c.init("mean", c.randn(channels, scale=0.3))
            c.init("var", c.uniform(0.2, 2.0, channels))
            c.node("BatchNormalization", ["x", "scale", "bias", "mean", "var"], ["y"],
                   **attributes)
            c.output("y")

    batch_norm("batchnorm_4d", [2, 5, 4, 3])
    batch_norm("batchnorm_epsilon_1e-3", [1, 17, 6, 6], epsilon=1e-3)
    batch_norm("batchnorm_2d_input", [4, 6])
    batch_norm("batchnorm_tiny_variance", [1, 3, 4, 4], epsilon=1e-2)
    batch_norm("batchnorm_opset11", [1, 4, 3, 3], opset=11)
    batch_norm("batchnorm_opset15", [1, 4, 3, 3], opset=15)


def add_activation_cases(suite):
    def unary(name, family, op, x, opset=DEFAULT_OPSET, **attributes):
        with suite.case(name, family, opset) as c:
            c.input("x", x(c))
            c.node(op, ["x"], ["y"], **attributes)
            c.output("y")

    unary("relu_4d", "Relu", "Relu", lambda c: c.randn(2, 3, 4, 5))
    unary("relu_1d", "Relu", "Relu", lambda c: c.randn(37))
    unary("relu_opset11", "Relu", "Relu", lambda c: c.randn(3, 4), opset=11)
    unary("relu_opset14", "Relu", "Relu", lambda c: c.randn(3, 4), opset=14)
    unary("relu_large", "Relu", "Relu", lambda c: c.randn(2, 64, 56, 56))

    unary("leakyrelu_default_alpha", "LeakyRelu", "LeakyRelu", lambda c: c.randn(2, 3, 4, 5))
    unary("leakyrelu_alpha_0.2", "LeakyRelu", "LeakyRelu", lambda c: c.randn(1, 8, 3, 3),
          alpha=0.2)
    unary("leakyrelu_opset16", "LeakyRelu", "LeakyRelu", lambda c: c.randn(5, 6), opset=16,
          alpha=0.1)

    unary("sigmoid_4d", "Sigmoid", "Sigmoid", lambda c: c.randn(2, 3, 4, 5, scale=3))
    unary("sigmoid_large", "Sigmoid", "Sigmoid", lambda c: c.randn(1, 64, 48, 48, scale=3))
    unary("sigmoid_saturating", "Sigmoid", "Sigmoid",
          lambda c: np.array([-100, -30, -10, -1, 0, 1, 10, 30, 100], dtype=np.float32))

    unary("tanh_4d", "Tanh", "Tanh", lambda c: c.randn(2, 3, 4, 5, scale=2))
    unary("tanh_saturating", "Tanh", "Tanh",
          lambda c: np.array([-100, -20, -5, -0.5, 0, 0.5, 5, 20, 100], dtype=np.float32))

    def prelu(name, x_shape, slope_shape, opset=DEFAULT_OPSET):
        with suite.case(name, "PRelu", opset) as c:
            c.input("x", c.randn(*x_shape))
            c.init("slope", c.uniform(0.05, 0.5, *slope_shape))
            c.node("PRelu", ["x", "slope"], ["y"])
            c.output("y")

    prelu("prelu_per_channel", [1, 10, 5, 5], [10, 1, 1])
    prelu("prelu_per_channel_batch2", [2, 28, 3, 4], [28, 1, 1])
    prelu("prelu_one_element_slope", [1, 3, 4, 4], [1])
    prelu("prelu_rank0_slope", [2, 5], [])
    prelu("prelu_2d_per_feature", [3, 16], [16])
    prelu("prelu_opset11", [1, 4, 3, 3], [4, 1, 1], opset=11)

    def clip(name, minimum, maximum, opset=DEFAULT_OPSET):
        with suite.case(name, "Clip", opset) as c:
            c.input("x", c.randn(2, 3, 4, 4, scale=4))
            inputs = ["x"]
            inputs.append(c.init("min", np.array(minimum, dtype=np.float32))
                          if minimum is not None else "")
            if maximum is not None:
                inputs.append(c.init("max", np.array(maximum, dtype=np.float32)))
            while inputs and inputs[-1] == "":
                inputs.pop()
            c.node("Clip", inputs, ["y"])
            c.output("y")

    clip("clip_relu6", 0.0, 6.0)
    clip("clip_both_negative_range", -1.5, 0.5)
    clip("clip_min_only", -1.0, None)
    clip("clip_max_only", None, 2.0)
    clip("clip_no_bounds", None, None)
    clip("clip_opset11_both", 0.0, 6.0, opset=11)
    clip("clip_opset11_min_only", 0.5, None, opset=11)

    with suite.case("clip_bounds_as_graph_inputs", "Clip") as c:
        c.input("x", c.randn(3, 7, scale=3))
        c.input("min", np.array(-1.0, dtype=np.float32))
        c.input("max", np.array(1.25, dtype=np.float32))
        c.node("Clip", ["x", "min", "max"], ["y"])
        c.output("y")


# ---------------------------------------------------------------------------------------------
# Element-wise binary operators with broadcasting


def add_binary_cases(suite):
    broadcasts = [
        ("same_shape", [2, 3, 4, 5], [2, 3, 4, 5]),
        ("scalar", [2, 3, 4, 5], []),
        ("scalar_left", [], [2, 3, 4]),
        ("one_element", [2, 3, 4], [1]),
        ("per_channel", [2, 6, 4, 5], [6, 1, 1]),
        ("per_channel_4d", [1, 6, 4, 5], [1, 6, 1, 1]),
        ("rank_mismatch_last_axis", [2, 3, 4], [4]),
        ("both_sided", [3, 1], [1, 4]),
        ("both_sided_4d", [2, 1, 4, 1], [1, 3, 1, 5]),
        ("left_broadcast", [1, 3, 1], [2, 3, 4]),
    ]
    for op in ["Add", "Sub", "Mul", "Div"]:
        for label, a_shape, b_shape in broadcasts:
            with suite.case(f"{op.lower()}_{label}", op) as c:
                c.input("a", c.randn(*a_shape))
                if op == "Div":
                    # Keep denominators away from zero: a sign times a magnitude in [0.5, 2].
                    signs = np.where(c.rng.random(b_shape) < 0.5, -1.0, 1.0)
                    c.input("b", (signs * c.uniform(0.5, 2.0, *b_shape)).astype(np.float32))
                else:
                    c.input("b", c.randn(*b_shape))
                c.node(op, ["a", "b"], ["y"])
                c.output("y")
        with suite.case(f"{op.lower()}_constant_operand", op) as c:
            c.input("a", c.randn(1, 4, 3, 3))
            c.init("b", c.uniform(0.5, 2.0, 4, 1, 1))
            c.node(op, ["a", "b"], ["y"])
            c.output("y")
    # Pow as YOLOv5 exports use it (a tensor squared, a constant exponent) and with broadcast
    # exponents; bases kept positive so fractional exponents stay real.
    for label, exponent in (("square", np.float32(2.0)), ("cube", np.float32(3.0)), ("square_root", np.float32(0.5))):
        with suite.case(f"pow_{label}", "Pow") as c:
            c.input("a", c.uniform(0.1, 3.0, 1, 3, 20, 20, 2))
            c.init("b", np.array(exponent, dtype=np.float32))
            c.node("Pow", ["a", "b"], ["y"])
            c.output("y")
    with suite.case("pow_broadcast_exponents", "Pow") as c:
        c.input("a", c.uniform(0.1, 3.0, 2, 3, 4))
        c.input("b", c.uniform(-2.0, 2.0, 3, 1))
        c.node("Pow", ["a", "b"], ["y"])
        c.output("y")
    with suite.case("add_large_per_channel", "Add") as c:
        c.input("a", c.randn(2, 64, 56, 56))
        c.input("b", c.randn(64, 1, 1))
        c.node("Add", ["a", "b"], ["y"])
        c.output("y")
    with suite.case("mul_large_same_shape", "Mul") as c:
        c.input("a", c.randn(1, 96, 60, 60))
        c.input("b", c.randn(1, 96, 60, 60))
        c.node("Mul", ["a", "b"], ["y"])
        c.output("y")
    with suite.case("add_opset11", "Add", 11) as c:
        c.input("a", c.randn(2, 3))
        c.input("b", c.randn(3))
        c.node("Add", ["a", "b"], ["y"])
        c.output("y")
    with suite.case("mul_opset14", "Mul", 14) as c:
        c.input("a", c.randn(2, 3))
        c.input("b", c.randn(2, 1))
        c.node("Mul", ["a", "b"], ["y"])
        c.output("y")


# ---------------------------------------------------------------------------------------------
# Pooling


def add_pool_cases(suite):
    def pool(name, family, op, x, opset=DEFAULT_OPSET, **attributes):
        with suite.case(name, family, opset) as c:
            c.input("x", x(c))
            c.node(op, ["x"], ["y"], **attributes)
            c.output("y")

    for op, family in [("MaxPool", "MaxPool"), ("AveragePool", "AveragePool")]:
        prefix = "maxpool" if op == "MaxPool" else "averagepool"
        pool(f"{prefix}_2x2_stride2", family, op, lambda c: c.randn(1, 3, 8, 8),
             kernel_shape=[2, 2], strides=[2, 2])
        pool(f"{prefix}_3x3_stride1_pad1", family, op, lambda c: c.randn(2, 4, 6, 7),
             kernel_shape=[3, 3], strides=[1, 1], pads=[1, 1, 1, 1])
        pool(f"{prefix}_3x3_stride2_pad1", family, op, lambda c: c.randn(1, 5, 9, 9),
             kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
        pool(f"{prefix}_3x3_default_stride", family, op, lambda c: c.randn(1, 2, 6, 6),
             kernel_shape=[3, 3])
        pool(f"{prefix}_ceil_mode", family, op, lambda c: c.randn(1, 3, 7, 7),
             kernel_shape=[2, 2], strides=[2, 2], ceil_mode=1)
        pool(f"{prefix}_ceil_mode_3x3_stride2", family, op, lambda c: c.randn(1, 10, 12, 9),
             kernel_shape=[3, 3], strides=[2, 2], ceil_mode=1)
        pool(f"{prefix}_ceil_mode_with_pads", family, op, lambda c: c.randn(1, 2, 8, 8),
             kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1], ceil_mode=1)
        pool(f"{prefix}_auto_pad_same_upper", family, op, lambda c: c.randn(1, 3, 8, 7),
             kernel_shape=[3, 3], strides=[2, 2], auto_pad="SAME_UPPER")
        pool(f"{prefix}_asymmetric_pads", family, op, lambda c: c.randn(1, 3, 6, 6),
             kernel_shape=[3, 3], strides=[2, 2], pads=[0, 0, 1, 1])
        pool(f"{prefix}_rectangular_kernel", family, op, lambda c: c.randn(1, 2, 7, 9),
             kernel_shape=[2, 3], strides=[1, 2])
        pool(f"{prefix}_opset11", family, op, lambda c: c.randn(1, 2, 6, 6), opset=11,
             kernel_shape=[2, 2], strides=[2, 2])

    # Max pooling must pad with -infinity, never with zero: all inputs here are negative.
    pool("maxpool_pads_with_negative_inputs", "MaxPool", "MaxPool",
         lambda c: -np.abs(c.randn(1, 2, 5, 5)) - 1.0,
         kernel_shape=[3, 3], strides=[1, 1], pads=[1, 1, 1, 1])
    pool("maxpool_ceil_mode_negative_inputs", "MaxPool", "MaxPool",
         lambda c: -np.abs(c.randn(1, 2, 7, 7)) - 1.0,
         kernel_shape=[2, 2], strides=[2, 2], ceil_mode=1)
    pool("maxpool_opset12_auto_pad_same_lower", "MaxPool", "MaxPool",
         lambda c: c.randn(1, 2, 7, 7), opset=12,
         kernel_shape=[2, 2], strides=[2, 2], auto_pad="SAME_LOWER")

    for include in [0, 1]:
        pool(f"averagepool_3x3_pad1_count_include_pad{include}", "AveragePool", "AveragePool",
             lambda c: c.randn(1, 3, 5, 6), kernel_shape=[3, 3], strides=[1, 1],
             pads=[1, 1, 1, 1], count_include_pad=include)
        pool(f"averagepool_asymmetric_pads_count_include_pad{include}", "AveragePool",
             "AveragePool", lambda c: c.randn(1, 2, 7, 7), kernel_shape=[3, 3], strides=[2, 2],
             pads=[0, 1, 2, 1], count_include_pad=include)
        pool(f"averagepool_ceil_mode_count_include_pad{include}", "AveragePool",
             "AveragePool", lambda c: c.randn(1, 2, 7, 8), kernel_shape=[3, 3],
             strides=[2, 2], pads=[1, 1, 1, 1], ceil_mode=1, count_include_pad=include)
        pool(f"averagepool_auto_pad_same_upper_count_include_pad{include}", "AveragePool",
             "AveragePool", lambda c: c.randn(1, 2, 7, 7), kernel_shape=[3, 3],
             strides=[2, 2], auto_pad="SAME_UPPER", count_include_pad=include)

    pool("maxpool_large_3x3_stride2", "MaxPool", "MaxPool", lambda c: c.randn(2, 64, 56, 56),
         kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    # Rows of several eight-output vectors: whole ones inside the row and masked ones at its
    # edges, for each stride the vector kernels take; R-Net's first pooling (22x22, SAME_UPPER).
    pool("maxpool_rnet_22x22_same_upper", "MaxPool", "MaxPool", lambda c: c.randn(3, 4, 22, 22),
         kernel_shape=[3, 3], strides=[2, 2], auto_pad="SAME_UPPER")
    pool("maxpool_wide_rows_3x3_stride2_pad1", "MaxPool", "MaxPool", lambda c: c.randn(1, 2, 9, 53),
         kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    pool("maxpool_wide_rows_3x3_stride1_pad1", "MaxPool", "MaxPool", lambda c: c.randn(1, 2, 5, 37),
         kernel_shape=[3, 3], strides=[1, 1], pads=[1, 1, 1, 1])
    pool("maxpool_wide_rows_2x2_stride2", "MaxPool", "MaxPool", lambda c: c.randn(1, 3, 6, 41),
         kernel_shape=[2, 2], strides=[2, 2])
    pool("maxpool_wide_rows_5x4_stride2_ceil", "MaxPool", "MaxPool", lambda c: c.randn(1, 2, 11, 47),
         kernel_shape=[5, 4], strides=[2, 2], pads=[2, 1, 2, 2], ceil_mode=1)
    # Windows the vector kernels leave to the portable loops: dilated, stride 3, wider than 16.
    pool("maxpool_wide_rows_dilated", "MaxPool", "MaxPool", lambda c: c.randn(1, 2, 8, 30),
         kernel_shape=[2, 3], strides=[1, 2], dilations=[2, 2], pads=[1, 2, 1, 2])
    pool("maxpool_wide_rows_stride3", "MaxPool", "MaxPool", lambda c: c.randn(1, 2, 7, 40),
         kernel_shape=[3, 3], strides=[3, 3], pads=[1, 1, 1, 1])
    pool("maxpool_kernel_wider_than_16", "MaxPool", "MaxPool", lambda c: c.randn(1, 2, 4, 45),
         kernel_shape=[2, 18], strides=[1, 3], pads=[0, 4, 1, 4])
    pool("averagepool_large_3x3_stride1", "AveragePool", "AveragePool",
         lambda c: c.randn(2, 64, 40, 40), kernel_shape=[3, 3], strides=[1, 1],
         pads=[1, 1, 1, 1], count_include_pad=0)
    pool("globalaveragepool_large_channels", "GlobalAveragePool", "GlobalAveragePool",
         lambda c: c.randn(4, 1280, 7, 7))
    pool("globalaveragepool_7x7", "GlobalAveragePool", "GlobalAveragePool",
         lambda c: c.randn(1, 40, 7, 7))
    pool("globalaveragepool_batch2_rectangular", "GlobalAveragePool", "GlobalAveragePool",
         lambda c: c.randn(2, 3, 5, 4))
    pool("globalaveragepool_1x1", "GlobalAveragePool", "GlobalAveragePool",
         lambda c: c.randn(1, 8, 1, 1))
    pool("globalaveragepool_large_spatial", "GlobalAveragePool", "GlobalAveragePool",
         lambda c: c.randn(1, 3, 32, 31, scale=3) + 5.0)
    pool("globalaveragepool_opset11", "GlobalAveragePool", "GlobalAveragePool",
         lambda c: c.randn(1, 4, 3, 3), opset=11)


# ---------------------------------------------------------------------------------------------
# Gemm and MatMul


def add_gemm_cases(suite):
    def gemm(name, a_shape, b_shape, c_shape, b_constant=True, opset=DEFAULT_OPSET,
             **attributes):
        with suite.case(name, "Gemm", opset) as c:
            c.input("a", c.randn(*a_shape))
            if b_constant:
                c.init("b", c.weights(*b_shape))
            else:
                c.input("b", c.randn(*b_shape))
            inputs = ["a", "b"]
            if c_shape is not None:
                inputs.append(c.init("c", c.randn(*c_shape)))
            c.node("Gemm", inputs, ["y"], **attributes)
            c.output("y")

    gemm("gemm_bias_vector", [3, 4], [4, 5], [5])
    gemm("gemm_bias_matrix", [3, 4], [4, 5], [3, 5])
    gemm("gemm_bias_scalar", [3, 4], [4, 5], [])
    gemm("gemm_bias_column", [3, 4], [4, 5], [3, 1])
    gemm("gemm_bias_row_2d", [3, 4], [4, 5], [1, 5])
    gemm("gemm_no_bias", [3, 4], [4, 5], None)
    gemm("gemm_transA", [4, 3], [4, 5], [5], transA=1)
    gemm("gemm_transB", [3, 4], [5, 4], [5], transB=1)
    gemm("gemm_transA_transB", [4, 3], [5, 4], [3, 5], transA=1, transB=1)
    gemm("gemm_alpha_beta", [3, 4], [4, 5], [5], alpha=0.5, beta=2.0)
    gemm("gemm_alpha_no_bias", [3, 4], [5, 4], None, alpha=-1.5, transB=1)
    gemm("gemm_classifier_head", [2, 64], [10, 64], [10], transB=1)
    gemm("gemm_odd_sizes", [7, 33], [33, 19], [19])
    gemm("gemm_both_operands_inputs", [3, 6], [6, 2], [2], b_constant=False)
    gemm("gemm_large_classifier", [8, 640], [1000, 640], [1000], transB=1)
    # One image through a classifier: the matrix-vector path, with a depth that leaves one,
    # two and the scalar last step after its four-step loop, and rows that end mid-panel.
    gemm("gemm_vector_odd_depth", [1, 1283], [1001, 1283], [1001], transB=1)
    gemm("gemm_vector_short_depth", [1, 6], [13, 6], [13], transB=1)
    gemm("gemm_opset11", [2, 5], [3, 5], [3], opset=11, transB=1)


def add_matmul_cases(suite):
    def matmul(name, a_shape, b_shape, b_constant=False, opset=DEFAULT_OPSET):
        with suite.case(name, "MatMul", opset) as c:
            c.input("a", c.randn(*a_shape))
            if b_constant:
                c.init("b", c.weights(*b_shape))
            else:
                c.input("b", c.randn(*b_shape))
            c.node("MatMul", ["a", "b"], ["y"])
            c.output("y")

    matmul("matmul_2d", [3, 4], [4, 5])
    matmul("matmul_2d_constant_weights", [6, 8], [8, 3], b_constant=True)
    matmul("matmul_2d_odd_sizes", [65, 33], [33, 47])
    matmul("matmul_batched_3d", [2, 3, 4], [2, 4, 5])
    matmul("matmul_3d_by_2d", [2, 3, 4], [4, 5])
    matmul("matmul_2d_by_3d", [3, 4], [2, 4, 5])
    matmul("matmul_broadcast_batch_dims", [2, 1, 3, 4], [5, 4, 6])
    matmul("matmul_broadcast_both_batch_dims", [3, 1, 2, 4], [1, 2, 4, 3])
    matmul("matmul_vector_by_matrix", [4], [4, 5])
    matmul("matmul_matrix_by_vector", [3, 4], [4])
    matmul("matmul_3d_by_vector", [2, 3, 4], [4])
    matmul("matmul_vector_by_3d", [4], [2, 4, 5])
    matmul("matmul_vector_by_vector", [6], [6])
    matmul("matmul_large", [256, 300], [300, 200])
    matmul("matmul_large_batched", [8, 64, 96], [8, 96, 80])
    matmul("matmul_opset11", [2, 3], [3, 2], opset=11)


# ---------------------------------------------------------------------------------------------
# Shape manipulation


def add_flatten_cases(suite):
    for label, axis in [("axis0", 0), ("axis1", 1), ("axis2", 2), ("axis_minus1", -1),
                        ("axis_minus3", -3), ("axis_rank", 4)]:
        with suite.case(f"flatten_{label}", "Flatten") as c:
            c.input("x", c.randn(2, 3, 4, 5))
            c.node("Flatten", ["x"], ["y"], axis=axis)
            c.output("y")
    with suite.case("flatten_default_axis", "Flatten") as c:
        c.input("x", c.randn(2, 3, 2, 2))
        c.node("Flatten", ["x"], ["y"])
        c.output("y")
    with suite.case("flatten_opset11", "Flatten", 11) as c:
        c.input("x", c.randn(2, 3, 2))
        c.node("Flatten", ["x"], ["y"], axis=1)
        c.output("y")


def add_reshape_cases(suite):
    def reshape(name, x_shape, shape, shape_as_input=False, opset=DEFAULT_OPSET):
        with suite.case(name, "Reshape", opset) as c:
            c.input("x", c.randn(*x_shape))
            shape_array = np.array(shape, dtype=np.int64)
            if shape_as_input:
                c.input("shape", shape_array)
            else:
                c.init("shape", shape_array)
            c.node("Reshape", ["x", "shape"], ["y"])
            c.output("y")

    reshape("reshape_zero_and_minus_one", [2, 3, 4], [0, -1])
    reshape("reshape_minus_one_only", [2, 3, 4], [-1])
    reshape("reshape_zero_copies_dim", [2, 3, 4], [4, 0, 2])
    reshape("reshape_minus_one_middle", [2, 3, 4], [2, -1, 2])
    reshape("reshape_explicit", [2, 3, 4], [6, 4])
    reshape("reshape_add_unit_dims", [6], [1, 6, 1, 1])
    reshape("reshape_to_4d_from_2d", [2, 12], [2, 3, 2, 2])
    reshape("reshape_shape_as_graph_input", [3, 4, 5], [0, 20], shape_as_input=True)
    reshape("reshape_opset11", [2, 3, 4], [-1, 4], opset=11)
    reshape("reshape_opset14", [2, 3, 4], [0, 0, 2, 2], opset=14)


def add_transpose_cases(suite):
    def transpose(name, x_shape, perm=None):
        with suite.case(name, "Transpose") as c:
            c.input("x", c.randn(*x_shape))
            if perm is None:
                c.node("Transpose", ["x"], ["y"])
            else:
                c.node("Transpose", ["x"], ["y"], perm=perm)
            c.output("y")

    transpose("transpose_rank4_default_perm", [2, 3, 4, 5])
    transpose("transpose_rank4_nchw_to_nhwc", [2, 3, 4, 5], [0, 2, 3, 1])
    transpose("transpose_rank4_nhwc_to_nchw", [2, 4, 5, 3], [0, 3, 1, 2])
    transpose("transpose_rank4_swap_middle", [2, 3, 4, 5], [0, 2, 1, 3])
    transpose("transpose_rank3_default_perm", [2, 3, 4])
    transpose("transpose_rank3_explicit", [2, 3, 4], [1, 0, 2])
    transpose("transpose_rank3_rotate", [2, 3, 4], [2, 0, 1])
    transpose("transpose_rank2_default_perm", [5, 7])
    transpose("transpose_identity_perm", [2, 3, 4], [0, 1, 2])


def add_squeeze_unsqueeze_cases(suite):
    def squeeze(name, x_shape, axes, opset=DEFAULT_OPSET):
        with suite.case(name, "Squeeze", opset) as c:
            c.input("x", c.randn(*x_shape))
            if axes is None:
                c.node("Squeeze", ["x"], ["y"])
            elif opset >= 13:
                c.init("axes", np.array(axes, dtype=np.int64))
                c.node("Squeeze", ["x", "axes"], ["y"])
            else:
                c.node("Squeeze", ["x"], ["y"], axes=axes)
            c.output("y")

    squeeze("squeeze_axis1", [2, 1, 3, 4], [1])
    squeeze("squeeze_negative_axis", [2, 3, 1], [-1])
    squeeze("squeeze_two_axes", [1, 3, 1, 4], [0, 2])
    squeeze("squeeze_axes_omitted", [1, 3, 1, 4, 1], None)
    squeeze("squeeze_to_scalar", [1, 1], [0, 1])
    squeeze("squeeze_opset11_attribute", [1, 3, 1, 4], [0, 2], opset=11)
    squeeze("squeeze_opset11_negative_attribute", [2, 3, 1], [-1], opset=11)
    squeeze("squeeze_opset11_axes_omitted", [1, 3, 1], None, opset=11)

    def unsqueeze(name, x_shape, axes, opset=DEFAULT_OPSET):
        with suite.case(name, "Unsqueeze", opset) as c:
            c.input("x", c.randn(*x_shape))
            if opset >= 13:
                c.init("axes", np.array(axes, dtype=np.int64))
                c.node("Unsqueeze", ["x", "axes"], ["y"])
            else:
                c.node("Unsqueeze", ["x"], ["y"], axes=axes)
            c.output("y")

    unsqueeze("unsqueeze_axis0", [3, 4], [0])
    unsqueeze("unsqueeze_last", [3, 4], [2])
    unsqueeze("unsqueeze_negative_axis", [3, 4], [-1])
    unsqueeze("unsqueeze_two_axes", [3, 4], [0, 3])
    unsqueeze("unsqueeze_unsorted_axes", [3, 4], [3, 0])
    unsqueeze("unsqueeze_scalar", [], [0])
    unsqueeze("unsqueeze_opset11_attribute", [3, 4], [1], opset=11)
    unsqueeze("unsqueeze_opset11_two_axes", [3, 4], [0, -1], opset=11)


def add_concat_cases(suite):
    def concat(name, shapes, axis, constant_index=None):
        with suite.case(name, "Concat") as c:
            names = []
            for index, shape in enumerate(shapes):
                name_ = f"x{index}"
                if index == constant_index:
                    c.init(name_, c.randn(*shape))
                else:
                    c.input(name_, c.randn(*shape))
                names.append(name_)
            c.node("Concat", names, ["y"], axis=axis)
            c.output("y")

    concat("concat_axis1", [[1, 3, 4, 4], [1, 5, 4, 4]], 1)
    concat("concat_axis1_batch2", [[2, 2, 3, 3], [2, 4, 3, 3]], 1)
    concat("concat_axis0", [[2, 3], [4, 3]], 0)
    concat("concat_negative_axis", [[2, 3, 4], [2, 3, 2]], -1)
    concat("concat_three_inputs", [[1, 2, 3], [1, 4, 3], [1, 1, 3]], 1)
    concat("concat_three_inputs_last_axis", [[2, 2, 1], [2, 2, 3], [2, 2, 2]], 2)
    concat("concat_with_constant", [[1, 3, 2, 2], [1, 2, 2, 2]], 1, constant_index=1)
    concat("concat_1d", [[3], [5]], 0)
    with suite.case("concat_int64", "Concat") as c:
        c.input("x0", np.array([2, 3], dtype=np.int64))
        c.init("x1", np.array([-1], dtype=np.int64))
        c.node("Concat", ["x0", "x1"], ["y"], axis=0)
        c.output("y", TensorProto.INT64)
    with suite.case("concat_opset11", "Concat", 11) as c:
        c.input("x0", c.randn(2, 2))
        c.input("x1", c.randn(2, 3))
        c.node("Concat", ["x0", "x1"], ["y"], axis=1)
        c.output("y")


def add_split_cases(suite):
    def split(name, x_shape, axis, parts, sizes=None, opset=DEFAULT_OPSET):
        with suite.case(name, "Split", opset) as c:
            c.input("x", c.randn(*x_shape))
            outputs = [f"y{index}" for index in range(parts)]
            attributes = {} if axis is None else {"axis": axis}
            inputs = ["x"]
            if sizes is not None:
                if opset >= 13:
                    inputs.append(c.init("split", np.array(sizes, dtype=np.int64)))
                else:
                    attributes["split"] = sizes
            c.node("Split", inputs, outputs, **attributes)
            for output in outputs:
                c.output(output)

    split("split_equal_axis1", [1, 6, 3, 3], 1, 2)
    split("split_equal_three_ways", [2, 9], 1, 3)
    split("split_default_axis", [4, 3], None, 2)
    split("split_explicit_sizes", [2, 6, 4], 1, 3, sizes=[1, 3, 2])
    split("split_negative_axis_sizes", [2, 3, 7], -1, 2, sizes=[5, 2])
    split("split_opset11_attribute_sizes", [1, 4, 5, 5], 1, 2, sizes=[1, 3], opset=11)
    split("split_opset11_equal", [6, 2], 0, 3, opset=11)
    split("split_opset17_sizes", [3, 8], 1, 3, sizes=[2, 2, 4], opset=17)


def add_slice_cases(suite):
    def slice_(name, x_shape, starts, ends, axes=None, steps=None, opset=DEFAULT_OPSET):
        with suite.case(name, "Slice", opset) as c:
            c.input("x", c.randn(*x_shape))
            inputs = ["x", c.init("starts", np.array(starts, dtype=np.int64)),
                      c.init("ends", np.array(ends, dtype=np.int64))]
            if axes is not None:
                inputs.append(c.init("axes", np.array(axes, dtype=np.int64)))
            if steps is not None:
                if axes is None:
                    inputs.append("")
                inputs.append(c.init("steps", np.array(steps, dtype=np.int64)))
            c.node("Slice", inputs, ["y"])
            c.output("y")

    slice_("slice_single_axis", [5, 6, 7], [1], [4], axes=[1])
    slice_("slice_axes_omitted", [5, 6, 7], [0, 1, 2], [3, 5, 6])
    slice_("slice_step2", [5, 6, 7], [0], [7], axes=[2], steps=[2])
    slice_("slice_step3_uneven", [5, 6, 10], [1], [10], axes=[2], steps=[3])
    slice_("slice_negative_indices", [5, 6, 7], [-3], [-1], axes=[1])
    slice_("slice_negative_axis", [5, 6, 7], [2], [5], axes=[-1])
    slice_("slice_clamp_end_int64_max", [5, 6, 7], [2], [INT64_MAX], axes=[0])
    slice_("slice_clamp_out_of_range", [5, 6, 7], [-100], [1000], axes=[1])
    slice_("slice_reverse_whole_axis", [5, 6, 7], [-1], [INT64_MIN], axes=[1], steps=[-1])
    slice_("slice_negative_step2", [5, 6, 7], [6], [0], axes=[2], steps=[-2])
    slice_("slice_negative_step_clamped_start", [5, 6, 7], [100], [-100], axes=[0],
           steps=[-3])
    slice_("slice_multiple_axes_steps", [4, 6, 8, 5], [1, 0, -2], [4, 8, 0], axes=[1, 2, 3],
           steps=[2, 3, -1])
    slice_("slice_axes_unordered", [4, 6, 8], [1, 2], [5, 3], axes=[2, 0])
    slice_("slice_empty_result", [4, 6], [3], [3], axes=[1])
    slice_("slice_opset11", [5, 6], [1, -4], [4, 1000], axes=[0, 1], opset=11)
    slice_("slice_opset11_negative_step", [5, 6], [-1], [INT64_MIN], axes=[0], steps=[-1],
           opset=11)


def add_resize_cases(suite):
    def resize(name, x_shape, mode, scales=None, sizes=None, opset=DEFAULT_OPSET,
               roi_as_empty_tensor=False, **attributes):
        with suite.case(name, "Resize", opset) as c:
            c.input("x", c.randn(*x_shape))
            empty = np.zeros([0], dtype=np.float32)
            inputs = ["x"]
            if opset < 13 or roi_as_empty_tensor:
                inputs.append(c.init("roi", empty))
            else:
                inputs.append("")
            if scales is not None:
                inputs.append(c.init("scales", np.array(scales, dtype=np.float32)))
            elif opset < 13:
                inputs.append(c.init("scales", empty))
            else:
                inputs.append("")
            if sizes is not None:
                inputs.append(c.init("sizes", np.array(sizes, dtype=np.int64)))
            c.node("Resize", inputs, ["y"], mode=mode, **attributes)
            c.output("y")

    # Nearest.
    resize("resize_nearest_asymmetric_floor_upsample2", [1, 2, 4, 5], "nearest",
           scales=[1, 1, 2, 2], coordinate_transformation_mode="asymmetric",
           nearest_mode="floor")
    resize("resize_nearest_asymmetric_floor_downsample", [1, 2, 8, 10], "nearest",
           scales=[1, 1, 0.5, 0.5], coordinate_transformation_mode="asymmetric",
           nearest_mode="floor")
    resize("resize_nearest_asymmetric_floor_sizes", [1, 2, 4, 5], "nearest",
           sizes=[1, 2, 7, 9], coordinate_transformation_mode="asymmetric",
           nearest_mode="floor")
    resize("resize_nearest_half_pixel_round_prefer_floor", [1, 2, 4, 5], "nearest",
           scales=[1, 1, 2, 3], coordinate_transformation_mode="half_pixel",
           nearest_mode="round_prefer_floor")
    resize("resize_nearest_half_pixel_round_prefer_floor_fractional", [1, 3, 6, 7], "nearest",
           scales=[1, 1, 1.5, 0.7], coordinate_transformation_mode="half_pixel",
           nearest_mode="round_prefer_floor")
    resize("resize_nearest_default_attributes", [1, 1, 3, 4], "nearest", scales=[1, 1, 2, 2])
    resize("resize_nearest_half_pixel_floor_sizes", [2, 2, 5, 5], "nearest",
           sizes=[2, 2, 8, 3], coordinate_transformation_mode="half_pixel",
           nearest_mode="floor")
    resize("resize_nearest_asymmetric_round_prefer_floor", [1, 2, 5, 4], "nearest",
           scales=[1, 1, 1.6, 2.5], coordinate_transformation_mode="asymmetric",
           nearest_mode="round_prefer_floor")
    resize("resize_nearest_roi_empty_tensor", [1, 2, 3, 3], "nearest", scales=[1, 1, 2, 2],
           roi_as_empty_tensor=True, coordinate_transformation_mode="asymmetric",
           nearest_mode="floor")
    # Linear.
    for mode in ["half_pixel", "align_corners", "asymmetric", "pytorch_half_pixel"]:
        resize(f"resize_linear_{mode}_upsample2", [1, 2, 4, 5], "linear",
               scales=[1, 1, 2, 2], coordinate_transformation_mode=mode)
        resize(f"resize_linear_{mode}_sizes", [1, 3, 5, 6], "linear", sizes=[1, 3, 8, 4],
               coordinate_transformation_mode=mode)
    resize("resize_linear_half_pixel_downsample", [1, 2, 8, 9], "linear",
           scales=[1, 1, 0.5, 0.5], coordinate_transformation_mode="half_pixel")
    resize("resize_linear_half_pixel_fractional", [2, 2, 5, 7], "linear",
           scales=[1, 1, 1.3, 2.6], coordinate_transformation_mode="half_pixel")
    resize("resize_linear_pytorch_half_pixel_to_length1", [1, 2, 4, 5], "linear",
           sizes=[1, 2, 1, 7], coordinate_transformation_mode="pytorch_half_pixel")
    resize("resize_linear_large_half_pixel", [1, 32, 40, 40], "linear", scales=[1, 1, 2, 2],
           coordinate_transformation_mode="half_pixel")
    resize("resize_nearest_large_asymmetric", [1, 32, 40, 40], "nearest", scales=[1, 1, 2, 2],
           coordinate_transformation_mode="asymmetric", nearest_mode="floor")
    resize("resize_linear_default_attributes", [1, 2, 3, 3], "linear", scales=[1, 1, 2, 2])
    # Opset 11: roi and scales are required inputs; empty tensors when unused.
    resize("resize_opset11_nearest_asymmetric_floor_scales", [1, 2, 4, 5], "nearest", opset=11,
           scales=[1, 1, 2, 2], coordinate_transformation_mode="asymmetric",
           nearest_mode="floor")
    resize("resize_opset11_nearest_sizes", [1, 2, 4, 5], "nearest", opset=11,
           sizes=[1, 2, 6, 10], coordinate_transformation_mode="asymmetric",
           nearest_mode="floor")
    resize("resize_opset11_linear_half_pixel", [1, 2, 4, 5], "linear", opset=11,
           scales=[1, 1, 2, 2], coordinate_transformation_mode="half_pixel")
    resize("resize_opset11_linear_align_corners_sizes", [1, 2, 4, 5], "linear", opset=11,
           sizes=[1, 2, 7, 3], coordinate_transformation_mode="align_corners")


def add_softmax_cases(suite):
    def softmax(name, x, opset=DEFAULT_OPSET, **attributes):
        with suite.case(name, "Softmax", opset) as c:
            c.input("x", x(c))
            c.node("Softmax", ["x"], ["y"], **attributes)
            c.output("y")

    softmax("softmax_axis_minus1", lambda c: c.randn(2, 3, 4), axis=-1)
    softmax("softmax_axis1_4d", lambda c: c.randn(2, 5, 3, 3), axis=1)
    softmax("softmax_axis3_4d", lambda c: c.randn(1, 2, 3, 6), axis=3)
    softmax("softmax_axis0", lambda c: c.randn(4, 3), axis=0)
    softmax("softmax_default_axis_2d", lambda c: c.randn(4, 10))
    softmax("softmax_default_axis_3d", lambda c: c.randn(2, 3, 4))
    softmax("softmax_large_batch", lambda c: c.randn(64, 1000, scale=4), axis=-1)
    softmax("softmax_large_logits", lambda c: c.randn(2, 1000, scale=30), axis=-1)
    # Opset 11 flattens to 2D at `axis` (default 1) and normalises over everything after it.
    softmax("softmax_opset11_axis1_4d_flattens", lambda c: c.randn(2, 3, 2, 2), opset=11,
            axis=1)
    softmax("softmax_opset11_default_axis_3d", lambda c: c.randn(2, 3, 4), opset=11)
    softmax("softmax_opset11_axis2_4d", lambda c: c.randn(2, 3, 2, 4), opset=11, axis=2)
    softmax("softmax_opset11_axis_minus1", lambda c: c.randn(3, 7), opset=11, axis=-1)


def add_constant_cases(suite):
    with suite.case("constant_value_tensor_added", "Constant") as c:
        c.input("x", c.randn(2, 3))
        c.node("Constant", [], ["k"],
               value=numpy_helper.from_array(c.randn(2, 3), "k"))
        c.node("Add", ["x", "k"], ["y"])
        c.output("y")
    with suite.case("constant_value_tensor_as_output", "Constant") as c:
        c.input("x", c.randn(3))
        c.node("Constant", [], ["k"],
               value=numpy_helper.from_array(c.randn(2, 2), "k"))
        c.node("Relu", ["x"], ["y"])
        c.output("k")
        c.output("y")
    with suite.case("constant_value_float", "Constant") as c:
        c.input("x", c.randn(2, 3, 2))
        c.node("Constant", [], ["k"], value_float=2.5)
        c.node("Mul", ["x", "k"], ["y"])
        c.output("y")
    with suite.case("constant_value_floats", "Constant") as c:
        c.input("x", c.randn(2, 3))
        c.node("Constant", [], ["k"], value_floats=[1.0, -2.0, 0.5])
        c.node("Add", ["x", "k"], ["y"])
        c.output("y")
    with suite.case("constant_value_ints_as_reshape_shape", "Constant") as c:
        c.input("x", c.randn(2, 3, 4))
        c.node("Constant", [], ["shape"], value_ints=[3, -1])
        c.node("Reshape", ["x", "shape"], ["y"])
        c.output("shape", TensorProto.INT64)
        c.output("y")
    with suite.case("constant_value_int64_scalar_tensor", "Constant") as c:
        c.input("x", c.randn(4, 5))
        c.node("Constant", [], ["index"],
               value=numpy_helper.from_array(np.array(2, dtype=np.int64), "index"))
        c.node("Gather", ["x", "index"], ["y"], axis=1)
        c.output("y")
    with suite.case("constant_opset11_value_tensor", "Constant", 11) as c:
        c.input("x", c.randn(3, 2))
        c.node("Constant", [], ["k"], value=numpy_helper.from_array(c.randn(3, 2), "k"))
        c.node("Sub", ["x", "k"], ["y"])
        c.output("y")


def add_shape_cases(suite):
    def shape(name, x_shape, opset=DEFAULT_OPSET, **attributes):
        with suite.case(name, "Shape", opset) as c:
            c.input("x", c.randn(*x_shape))
            c.node("Shape", ["x"], ["y"], **attributes)
            c.output("y", TensorProto.INT64)

    shape("shape_4d", [2, 3, 4, 5])
    shape("shape_1d", [7])
    shape("shape_scalar", [])
    shape("shape_opset11", [3, 1, 2], opset=11)
    shape("shape_opset15_start1", [2, 3, 4, 5], opset=15, start=1)
    shape("shape_opset15_start1_end3", [2, 3, 4, 5], opset=15, start=1, end=3)
    shape("shape_opset15_negative_start", [2, 3, 4, 5], opset=15, start=-2)
    shape("shape_opset15_negative_end", [2, 3, 4, 5], opset=15, end=-1)
    shape("shape_opset15_clamped", [2, 3, 4], opset=15, start=-10, end=10)


def add_gather_cases(suite):
    def gather(name, data, indices, axis=None, indices_constant=False, output_type=None):
        with suite.case(name, "Gather") as c:
            c.input("data", data(c))
            if indices_constant:
                c.init("indices", indices)
            else:
                c.input("indices", indices)
            attributes = {} if axis is None else {"axis": axis}
            c.node("Gather", ["data", "indices"], ["y"], **attributes)
            c.output("y", output_type or TensorProto.FLOAT)

    gather("gather_axis0", lambda c: c.randn(5, 4), np.array([0, 3, 1], dtype=np.int64), axis=0)
    gather("gather_default_axis", lambda c: c.randn(5, 4), np.array([4, 4], dtype=np.int64))
    gather("gather_axis1_matrix_indices", lambda c: c.randn(3, 6, 2),
           np.array([[0, 5], [2, 2]], dtype=np.int64), axis=1)
    gather("gather_negative_indices", lambda c: c.randn(5, 4),
           np.array([-1, 0, -5], dtype=np.int64), axis=0)
    gather("gather_negative_axis", lambda c: c.randn(2, 3, 4),
           np.array([3, -2], dtype=np.int64), axis=-1)
    gather("gather_int32_indices", lambda c: c.randn(6, 3),
           np.array([5, 0, -2], dtype=np.int32), axis=0, indices_constant=True)
    gather("gather_int32_indices_axis1", lambda c: c.randn(2, 5, 3),
           np.array([[1, 4, 0]], dtype=np.int32), axis=1, indices_constant=True)
    gather("gather_int64_constant_indices", lambda c: c.randn(4, 3),
           np.array([2, 1], dtype=np.int64), axis=0, indices_constant=True)
    gather("gather_scalar_index_axis0", lambda c: c.randn(4, 3),
           np.array(2, dtype=np.int64), axis=0, indices_constant=True)
    gather("gather_scalar_index_axis1", lambda c: c.randn(2, 5, 3),
           np.array(-1, dtype=np.int64), axis=1, indices_constant=True)
    gather("gather_channels_4d", lambda c: c.randn(1, 6, 2, 2),
           np.array([5, 1, 3], dtype=np.int64), axis=1)
    gather("gather_int64_data", lambda c: np.array([7, -3, 11, 0], dtype=np.int64),
           np.array([3, 0], dtype=np.int64), axis=0, output_type=TensorProto.INT64)


# ---------------------------------------------------------------------------------------------
# Multi-operator chains


def add_shape_chain_cases(suite):
    # PyTorch's `x.view(x.size(0), -1)` as the exporter writes it.
    for opset in [11, 13]:
        with suite.case(f"chain_dynamic_flatten_opset{opset}", "ShapeChain", opset) as c:
            c.symbolic_batch = True
            c.input("x", c.randn(2, 3, 4, 4))
            c.node("Shape", ["x"], ["shape"], node_name="/Shape")
            c.init("zero", np.array(0, dtype=np.int64))
            c.node("Gather", ["shape", "zero"], ["batch"], node_name="/Gather", axis=0)
            if opset >= 13:
                c.init("axes0", np.array([0], dtype=np.int64))
                c.node("Unsqueeze", ["batch", "axes0"], ["batch_1d"], node_name="/Unsqueeze")
            else:
                c.node("Unsqueeze", ["batch"], ["batch_1d"], node_name="/Unsqueeze", axes=[0])
            c.init("minus_one", np.array([-1], dtype=np.int64))
            c.node("Concat", ["batch_1d", "minus_one"], ["new_shape"], node_name="/Concat",
                   axis=0)
            c.node("Reshape", ["x", "new_shape"], ["y"], node_name="/Reshape")
            c.output("y")
    # Reshape to (batch, channels, h*w) with both leading dims taken from Shape, then back.
    with suite.case("chain_shape_gather_two_dims", "ShapeChain") as c:
        c.symbolic_batch = True
        c.input("x", c.randn(2, 3, 4, 5))
        c.node("Shape", ["x"], ["shape"])
        c.init("index0", np.array(0, dtype=np.int64))
        c.init("index1", np.array(1, dtype=np.int64))
        c.node("Gather", ["shape", "index0"], ["n"], axis=0)
        c.node("Gather", ["shape", "index1"], ["ch"], axis=0)
        c.init("axes0", np.array([0], dtype=np.int64))
        c.node("Unsqueeze", ["n", "axes0"], ["n_1d"])
        c.node("Unsqueeze", ["ch", "axes0"], ["ch_1d"])
        c.init("minus_one", np.array([-1], dtype=np.int64))
        c.node("Concat", ["n_1d", "ch_1d", "minus_one"], ["new_shape"], axis=0)
        c.node("Reshape", ["x", "new_shape"], ["flat"])
        c.node("Softmax", ["flat"], ["y"], axis=-1)
        c.output("y")
        c.output("new_shape", TensorProto.INT64)
    # Shape slicing as newer exporters write it (Shape -> Slice -> Concat -> Reshape).
    with suite.case("chain_shape_slice_concat_reshape", "ShapeChain") as c:
        c.input("x", c.randn(2, 6, 3))
        c.node("Shape", ["x"], ["shape"])
        c.init("start", np.array([0], dtype=np.int64))
        c.init("end", np.array([1], dtype=np.int64))
        c.node("Slice", ["shape", "start", "end"], ["batch_1d"])
        c.init("rest", np.array([3, 6], dtype=np.int64))
        c.node("Concat", ["batch_1d", "rest"], ["new_shape"], axis=0)
        c.node("Reshape", ["x", "new_shape"], ["y"])
        c.output("y")


def add_fusion_chain_cases(suite):
    def batch_norm_parameters(c, prefix, channels):
        names = [f"{prefix}_scale", f"{prefix}_bias", f"{prefix}_mean", f"{prefix}_var"]
        c.init(names[0], c.uniform(0.5, 1.5, channels))
        c.init(names[1], c.randn(channels, scale=0.5))
        c.init(names[2], c.randn(channels, scale=0.3))
        c.init(names[3], c.uniform(0.2, 2.0, channels))
        return names

    def relu6_bounds(c):
        c.init("zero", np.array(0.0, dtype=np.float32))
        c.init("six", np.array(6.0, dtype=np.float32))

    with suite.case("chain_conv_bn_clip", "FusionChain") as c:
        c.input("x", c.randn(1, 3, 9, 9, scale=2))
        c.init("w", c.weights(8, 3, 3, 3))
        c.node("Conv", ["x", "w"], ["conv"], strides=[2, 2], pads=[0, 0, 1, 1])
        c.node("BatchNormalization", ["conv"] + batch_norm_parameters(c, "bn", 8), ["bn"],
               epsilon=1e-3)
        relu6_bounds(c)
        c.node("Clip", ["bn", "zero", "six"], ["y"])
        c.output("y")

    with suite.case("chain_conv_with_bias_bn_clip", "FusionChain") as c:
        c.input("x", c.randn(1, 4, 6, 6, scale=3))
        c.init("w", c.weights(6, 4, 3, 3))
        c.init("b", c.randn(6))
        c.node("Conv", ["x", "w", "b"], ["conv"], pads=[1, 1, 1, 1])
        c.node("BatchNormalization", ["conv"] + batch_norm_parameters(c, "bn", 6), ["bn"])
        relu6_bounds(c)
        c.node("Clip", ["bn", "zero", "six"], ["y"])
        c.output("y")

    with suite.case("chain_conv_bn_relu_add_residual", "FusionChain") as c:
        c.input("x", c.randn(1, 8, 6, 6))
        c.init("w", c.weights(8, 8, 3, 3))
        c.node("Conv", ["x", "w"], ["conv"], pads=[1, 1, 1, 1])
        c.node("BatchNormalization", ["conv"] + batch_norm_parameters(c, "bn", 8), ["bn"])
        c.node("Relu", ["bn"], ["relu"])
        c.node("Add", ["relu", "x"], ["y"])
        c.output("y")

    with suite.case("chain_depthwise_bn_clip", "FusionChain") as c:
        c.input("x", c.randn(1, 16, 8, 8, scale=2))
        c.init("w", c.weights(16, 1, 3, 3))
        c.node("Conv", ["x", "w"], ["conv"], group=16, pads=[1, 1, 1, 1])
        c.node("BatchNormalization", ["conv"] + batch_norm_parameters(c, "bn", 16), ["bn"],
               epsilon=1e-3)
        relu6_bounds(c)
        c.node("Clip", ["bn", "zero", "six"], ["y"])
        c.output("y")

    # Depthwise convolutions with each activation fused: 13 channels (a block of 8 and a
    # partial one) on rows of 10 output pixels, so every row ends part-way through a group
    # of eight and the last row of each band cannot store past its end.
    for op in ["Sigmoid", "LeakyRelu", "PRelu"]:
        with suite.case(f"chain_depthwise_{op.lower()}_row_tails", "FusionChain") as c:
            c.input("x", c.randn(1, 13, 9, 10, scale=2))
            c.init("w", c.weights(13, 1, 3, 3))
            c.init("b", c.randn(13))
            c.node("Conv", ["x", "w", "b"], ["conv"], group=13, pads=[1, 1, 1, 1])
            if op == "PRelu":
                c.init("slope", c.uniform(0.05, 0.5, 13, 1, 1))
                c.node("PRelu", ["conv", "slope"], ["y"])
            elif op == "LeakyRelu":
                c.node("LeakyRelu", ["conv"], ["y"], alpha=0.1)
            else:
                c.node(op, ["conv"], ["y"])
            c.output("y")

    # An EfficientNet-Lite inverted-residual block: expand, depthwise, project, skip.
    with suite.case("chain_inverted_residual_block", "FusionChain") as c:
        c.input("x", c.randn(1, 8, 7, 7))
        relu6_bounds(c)
        c.init("w_expand", c.weights(24, 8, 1, 1))
        c.node("Conv", ["x", "w_expand"], ["expand"])
        c.node("BatchNormalization", ["expand"] + batch_norm_parameters(c, "bn0", 24),
               ["bn0"], epsilon=1e-3)
        c.node("Clip", ["bn0", "zero", "six"], ["act0"])
        c.init("w_depthwise", c.weights(24, 1, 5, 5))
        c.node("Conv", ["act0", "w_depthwise"], ["depthwise"], group=24, pads=[2, 2, 2, 2])
        c.node("BatchNormalization", ["depthwise"] + batch_norm_parameters(c, "bn1", 24),
               ["bn1"], epsilon=1e-3)
        c.node("Clip", ["bn1", "zero", "six"], ["act1"])
        c.init("w_project", c.weights(8, 24, 1, 1))
        c.node("Conv", ["act1", "w_project"], ["project"])
        c.node("BatchNormalization", ["project"] + batch_norm_parameters(c, "bn2", 8),
               ["bn2"], epsilon=1e-3)
        c.node("Add", ["bn2", "x"], ["y"])
        c.output("y")

    # Inverted-residual blocks whose inner activations exceed 1 MB per image, so the engine
    # runs 3x3 ones on bands of rows: stride 2 on an even plane (Lite0's blocks.1), stride 1
    # with a residual over a batch, no expansion (blocks.0), and odd sizes whose last bands
    # reach past the bottom edge, with other activations fused. A 5x5 stride-2 block of that
    # size runs whole.
    def banded_block(name, x_shape, inner, out_ch, kernel, stride, pads, expand=True,
                     activations=("Clip", "Clip"), residual=False):
        with suite.case(name, "FusionChain") as c:
            c.input("x", c.randn(*x_shape))
            if "Clip" in activations:
                relu6_bounds(c)

            def activate(value, op, channels, label):
                if op == "Clip":
                    c.node("Clip", [value, "zero", "six"], [f"{label}_act"])
                elif op == "PRelu":
                    c.init(f"{label}_slope", c.uniform(0.05, 0.5, channels, 1, 1))
                    c.node("PRelu", [value, f"{label}_slope"], [f"{label}_act"])
                else:
                    c.node(op, [value], [f"{label}_act"])
                return f"{label}_act"

            last = "x"
            if expand:
                c.init("w_expand", c.weights(inner, x_shape[1], 1, 1))
                c.init("b_expand", c.randn(inner, scale=0.5))
                c.node("Conv", ["x", "w_expand", "b_expand"], ["expand"])
                last = activate("expand", activations[0], inner, "expand")
            c.init("w_depthwise", c.weights(inner, 1, kernel, kernel))
            c.node("Conv", [last, "w_depthwise"], ["depthwise"], group=inner,
                   strides=[stride, stride], pads=pads)
            c.node("BatchNormalization", ["depthwise"] + batch_norm_parameters(c, "bn", inner),
                   ["bn"], epsilon=1e-3)
            last = activate("bn", activations[1], inner, "depthwise")
            c.init("w_project", c.weights(out_ch, inner, 1, 1))
            c.init("b_project", c.randn(out_ch, scale=0.5))
            c.node("Conv", [last, "w_project", "b_project"], ["project" if residual else "y"])
            if residual:
                c.node("Add", ["project", "x"], ["y"])
            c.output("y")

    banded_block("chain_banded_block_stride2", [1, 16, 112, 112], 96, 24, 3, 2, [0, 0, 1, 1])
    banded_block("chain_banded_block_residual_batch2", [2, 24, 48, 48], 144, 24, 3, 1,
                 [1, 1, 1, 1], residual=True)
    banded_block("chain_banded_block_no_expansion", [1, 32, 96, 96], 32, 16, 3, 1, [1, 1, 1, 1],
                 expand=False)
    banded_block("chain_banded_block_odd_stride2", [1, 8, 75, 61], 72, 12, 3, 2, [1, 1, 1, 1],
                 activations=("LeakyRelu", "PRelu"))
    banded_block("chain_large_block_5x5_stride2", [1, 8, 75, 61], 72, 12, 5, 2, [2, 2, 2, 2],
                 activations=("Relu", "Sigmoid"))

    # The Conv output is also a graph output: fusing the activation in place would corrupt it.
    with suite.case("chain_large_conv_bn_clip", "FusionChain") as c:
        c.input("x", c.randn(1, 32, 40, 40, scale=2))
        c.init("w", c.weights(64, 32, 3, 3))
        c.node("Conv", ["x", "w"], ["conv"], strides=[2, 2], pads=[0, 0, 1, 1])
        c.node("BatchNormalization", ["conv"] + batch_norm_parameters(c, "bn", 64), ["bn"],
               epsilon=1e-3)
        relu6_bounds(c)
        c.node("Clip", ["bn", "zero", "six"], ["y"])
        c.output("y")

    with suite.case("chain_conv_output_also_graph_output", "FusionChain") as c:
        c.input("x", c.randn(1, 3, 6, 6))
        c.init("w", c.weights(4, 3, 3, 3))
        c.init("b", c.randn(4))
        c.node("Conv", ["x", "w", "b"], ["conv"], pads=[1, 1, 1, 1])
        c.node("Relu", ["conv"], ["y"])
        c.output("conv")
        c.output("y")

    # The Conv output feeds two consumers: neither may see the other's fused result.
    with suite.case("chain_conv_two_consumers", "FusionChain") as c:
        c.input("x", c.randn(1, 3, 6, 6))
        c.init("w", c.weights(4, 3, 3, 3))
        c.node("Conv", ["x", "w"], ["conv"], pads=[1, 1, 1, 1])
        c.node("Relu", ["conv"], ["relu"])
        c.node("Sigmoid", ["conv"], ["sigmoid"])
        c.node("Add", ["relu", "sigmoid"], ["y"])
        c.output("y")

    with suite.case("chain_conv_output_feeds_bn_and_graph", "FusionChain") as c:
        c.input("x", c.randn(1, 3, 5, 5))
        c.init("w", c.weights(4, 3, 3, 3))
        c.node("Conv", ["x", "w"], ["conv"], pads=[1, 1, 1, 1])
        c.node("BatchNormalization", ["conv"] + batch_norm_parameters(c, "bn", 4), ["y"])
        c.output("conv")
        c.output("y")

    for op, attributes in [("LeakyRelu", {"alpha": 0.1}), ("Sigmoid", {}), ("Tanh", {}),
                           ("Relu", {})]:
        with suite.case(f"chain_conv_{op.lower()}", "FusionChain") as c:
            c.input("x", c.randn(1, 3, 7, 7, scale=2))
            c.init("w", c.weights(5, 3, 3, 3))
            c.init("b", c.randn(5))
            c.node("Conv", ["x", "w", "b"], ["conv"], strides=[2, 2], pads=[1, 1, 1, 1])
            c.node(op, ["conv"], ["y"], **attributes)
            c.output("y")

    # 1x1 convolutions whose output channels and pixels end part-way through the GEMM's 6x16
    # tiles (the 1-4 column, narrow and masked edges), with depths read in place (<= 64, and
    # any depth when there are at most 24 output channels), packed in one block and in several
    # (> 256), each with a fused activation and, where the channels allow, a fused residual Add.
    for out_ch, in_ch, height, width, op, residual in [
            (5, 5, 7, 7, "Clip", True), (13, 13, 3, 6, "LeakyRelu", True),
            (16, 16, 14, 14, "Relu", True), (11, 300, 1, 19, "PRelu", False),
            (7, 40, 5, 5, "Sigmoid", False), (9, 70, 2, 7, None, False),
            (20, 600, 3, 5, "Clip", False), (8, 8, 1, 3, "PRelu", True),
            (24, 96, 4, 8, None, False), (18, 100, 5, 9, "Clip", False), (30, 300, 2, 20, "Relu", False)]:
        name = f"chain_conv1x1_tile_edges_m{out_ch}_k{in_ch}_n{height * width}"
        with suite.case(name, "FusionChain") as c:
            c.input("x", c.randn(1, in_ch, height, width))
            c.init("w", c.weights(out_ch, in_ch, 1, 1))
            c.init("b", c.randn(out_ch))
            c.node("Conv", ["x", "w", "b"], ["conv"])
            last = "conv"
            if residual:
                c.node("Add", ["conv", "x"], ["sum"])
                last = "sum"
            if op == "Clip":
                relu6_bounds(c)
                c.node("Clip", [last, "zero", "six"], ["y"])
            elif op == "PRelu":
                c.init("slope", c.uniform(0.05, 0.5, out_ch, 1, 1))
                c.node("PRelu", [last, "slope"], ["y"])
            elif op == "LeakyRelu":
                c.node("LeakyRelu", [last], ["y"], alpha=0.1)
            elif op is not None:
                c.node(op, [last], ["y"])
            else:
                c.node("Identity", [last], ["y"])
            c.output("y")

    # MTCNN's pattern: Conv followed by a per-channel PRelu, then MaxPool with ceil_mode.
    with suite.case("chain_conv_prelu_maxpool", "FusionChain") as c:
        c.input("x", c.randn(1, 3, 12, 12))
        c.init("w", c.weights(10, 3, 3, 3))
        c.init("b", c.randn(10))
        c.node("Conv", ["x", "w", "b"], ["conv"])
        c.init("slope", c.uniform(0.05, 0.5, 10, 1, 1))
        c.node("PRelu", ["conv", "slope"], ["prelu"])
        c.node("MaxPool", ["prelu"], ["y"], kernel_shape=[2, 2], strides=[2, 2], ceil_mode=1)
        c.output("y")

    # The same on a batch of crops (eight images per vector lane, the last group of two), and
    # a fused sigmoid, which the lanes kernel applies after its vector epilogue.
    with suite.case("chain_conv_prelu_maxpool_batch10", "FusionChain") as c:
        c.input("x", c.randn(10, 3, 24, 24))
        c.init("w", c.weights(28, 3, 3, 3))
        c.init("b", c.randn(28))
        c.node("Conv", ["x", "w", "b"], ["conv"])
        c.init("slope", c.uniform(0.05, 0.5, 28, 1, 1))
        c.node("PRelu", ["conv", "slope"], ["prelu"])
        c.node("MaxPool", ["prelu"], ["y"], kernel_shape=[3, 3], strides=[2, 2], ceil_mode=1)
        c.output("y")

    with suite.case("chain_conv_sigmoid_batch8", "FusionChain") as c:
        c.input("x", c.randn(8, 3, 7, 7, scale=2))
        c.init("w", c.weights(4, 3, 3, 3))
        c.init("b", c.randn(4))
        c.node("Conv", ["x", "w", "b"], ["conv"], pads=[1, 1, 1, 1])
        c.node("Sigmoid", ["conv"], ["y"])
        c.output("y")

    with suite.case("chain_conv_clip_min_only", "FusionChain") as c:
        c.input("x", c.randn(1, 3, 6, 6, scale=2))
        c.init("w", c.weights(4, 3, 3, 3))
        c.node("Conv", ["x", "w"], ["conv"], pads=[1, 1, 1, 1])
        c.init("low", np.array(-0.25, dtype=np.float32))
        c.node("Clip", ["conv", "low"], ["y"])
        c.output("y")

    with suite.case("chain_identities_dropped", "FusionChain") as c:
        c.input("x", c.randn(1, 3, 6, 6))
        c.node("Identity", ["x"], ["x_copy"])
        c.init("w", c.weights(4, 3, 3, 3))
        c.node("Conv", ["x_copy", "w"], ["conv"], pads=[1, 1, 1, 1])
        c.node("Identity", ["conv"], ["conv_copy"])
        c.node("Relu", ["conv_copy"], ["relu"])
        c.node("Identity", ["relu"], ["y"])
        c.output("y")

    # The classifier head of an image network: pool, flatten, dense, softmax.
    with suite.case("chain_classifier_head", "FusionChain") as c:
        c.input("x", c.randn(2, 16, 4, 4))
        c.node("GlobalAveragePool", ["x"], ["pooled"])
        c.node("Flatten", ["pooled"], ["flat"], axis=1)
        c.init("w", c.weights(10, 16))
        c.init("b", c.randn(10))
        c.node("Gemm", ["flat", "w", "b"], ["logits"], transB=1)
        c.node("Softmax", ["logits"], ["y"], axis=-1)
        c.output("logits")
        c.output("y")


# ---------------------------------------------------------------------------------------------
# Models the engine must refuse


def add_error_cases(suite):
    float_info = helper.make_tensor_value_info

    suite.error_case(
        "unsupported_operator_einsum", "UnsupportedOperator",
        nodes=[helper.make_node("Einsum", ["a", "b"], ["y"], name="mixing_einsum",
                                equation="ij,jk->ik")],
        inputs=[float_info("a", TensorProto.FLOAT, [2, 3]),
                float_info("b", TensorProto.FLOAT, [3, 4])],
        outputs=[float_info("y", TensorProto.FLOAT, None)],
        initializers=[], node="mixing_einsum", op="Einsum")

    hidden = 4
    rng = np.random.default_rng(zlib.crc32(b"unsupported_operator_lstm"))
    suite.error_case(
        "unsupported_operator_lstm", "UnsupportedOperator",
        nodes=[helper.make_node("LSTM", ["x", "w", "r"], ["y"], name="sequence_lstm",
                                hidden_size=hidden)],
        inputs=[float_info("x", TensorProto.FLOAT, [5, 1, 3])],
        outputs=[float_info("y", TensorProto.FLOAT, None)],
        initializers=[
            numpy_helper.from_array(rng.standard_normal([1, 4 * hidden, 3]).astype(np.float32),
                                    "w"),
            numpy_helper.from_array(
                rng.standard_normal([1, 4 * hidden, hidden]).astype(np.float32), "r")],
        node="sequence_lstm", op="LSTM")

    suite.error_case(
        "unsupported_attribute_resize_cubic", "UnsupportedAttribute",
        nodes=[helper.make_node("Resize", ["x", "", "scales"], ["y"], name="upsample_cubic",
                                mode="cubic")],
        inputs=[float_info("x", TensorProto.FLOAT, [1, 1, 4, 4])],
        outputs=[float_info("y", TensorProto.FLOAT, None)],
        initializers=[numpy_helper.from_array(np.array([1, 1, 2, 2], dtype=np.float32),
                                              "scales")],
        node="upsample_cubic", op="Resize", attribute="mode")

    rng = np.random.default_rng(zlib.crc32(b"unsupported_attribute_conv_auto_pad"))
    suite.error_case(
        "unsupported_attribute_conv_auto_pad", "UnsupportedAttribute",
        nodes=[helper.make_node("Conv", ["x", "w"], ["y"], name="conv_bad_padding",
                                auto_pad="FOO")],
        inputs=[float_info("x", TensorProto.FLOAT, [1, 2, 5, 5])],
        outputs=[float_info("y", TensorProto.FLOAT, None)],
        initializers=[numpy_helper.from_array(
            rng.standard_normal([3, 2, 3, 3]).astype(np.float32), "w")],
        node="conv_bad_padding", op="Conv", attribute="auto_pad")


def main(argv):
    if len(argv) != 2:
        print(f"usage: {Path(argv[0]).name} OUT_DIR", file=sys.stderr)
        return 2
    suite = CaseSuite(argv[1])
    add_conv_cases(suite)
    add_batch_normalization_cases(suite)
    add_activation_cases(suite)
    add_binary_cases(suite)
    add_pool_cases(suite)
    add_gemm_cases(suite)
    add_matmul_cases(suite)
    add_flatten_cases(suite)
    add_reshape_cases(suite)
    add_transpose_cases(suite)
    add_squeeze_unsqueeze_cases(suite)
    add_concat_cases(suite)
    add_split_cases(suite)
    add_slice_cases(suite)
    add_resize_cases(suite)
    add_softmax_cases(suite)
    add_constant_cases(suite)
    add_shape_cases(suite)
    add_gather_cases(suite)
    add_shape_chain_cases(suite)
    add_fusion_chain_cases(suite)
    add_error_cases(suite)
    suite.write_index()
    print(f"wrote {len(suite.cases)} cases and {len(suite.error_cases)} error cases "
          f"to {suite.out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
