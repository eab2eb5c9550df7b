"""Tests for the torch-free checkpoint reader and the EfficientNet-Lite to ONNX converter.

Run with: .venv/bin/python -m unittest discover -s scripts/tests
- a legacy checkpoint is written by hand (through stand-in `torch` modules) with a transposed,
  offset tensor, and must read back exactly;
- a small random network with the real EfficientNet-Lite stage structure is converted and run
  in ONNX Runtime, and compared with an independent numpy forward pass (TF "same" padding,
  BatchNorm, ReLU6, residuals) at an odd input size where the padding is asymmetric;
- when Lite0 is installed, its accuracy on the shared ImageNet sample must stay at the measured
  level.
"""

import collections
import io
import os
import pickle
import struct
import sys
import tempfile
import types
import unittest
from pathlib import Path

import numpy as np

SCRIPTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SCRIPTS))
sys.path.insert(0, str(SCRIPTS / "reference"))

import onnxruntime  # noqa: E402

from convert_efficientnet_lite import build_model, infer_blocks, same_padding  # noqa: E402
from torch_legacy_checkpoint import CheckpointError, read_state_dict  # noqa: E402


class StandInTorch:
    """Installs fake `torch` / `torch._utils` modules so pickle can name torch's globals."""

    def __enter__(self):
        self.saved = {name: sys.modules.get(name) for name in ("torch", "torch._utils")}
        torch = types.ModuleType("torch")
        utils = types.ModuleType("torch._utils")

        def _rebuild_tensor_v2(*arguments):
            raise AssertionError("only used for pickling")

        _rebuild_tensor_v2.__module__ = "torch._utils"
        _rebuild_tensor_v2.__qualname__ = "_rebuild_tensor_v2"
        utils._rebuild_tensor_v2 = _rebuild_tensor_v2
        storage_class = type("FloatStorage", (), {"__module__": "torch"})
        long_storage_class = type("LongStorage", (), {"__module__": "torch"})
        torch.FloatStorage, torch.LongStorage, torch._utils = storage_class, long_storage_class, utils
        sys.modules["torch"], sys.modules["torch._utils"] = torch, utils
        return torch

    def __exit__(self, *exception):
        for name, module in self.saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def write_legacy_checkpoint(path, tensors):
    """Writes {name: (storage elements, offset, size, stride, dtype)} in torch's legacy format."""
    with StandInTorch() as torch:
        storage_classes = {np.dtype("<f4"): torch.FloatStorage, np.dtype("<i8"): torch.LongStorage}

        class Storage:
            def __init__(self, key, elements):
                self.key, self.elements = key, elements

        class Tensor:
            def __init__(self, storage, offset, size, stride):
                self.storage, self.offset, self.size, self.stride = storage, offset, size, stride

            def __reduce__(self):
                return (sys.modules["torch._utils"]._rebuild_tensor_v2,
                        (self.storage, self.offset, self.size, self.stride, False, collections.OrderedDict()))

        class LegacyPickler(pickle.Pickler):
            def persistent_id(self, obj):
                if isinstance(obj, Storage):
                    return ("storage", storage_classes[obj.elements.dtype], obj.key, "cpu", obj.elements.size)
                return None

        state = collections.OrderedDict()
        storages = []
        for number, (name, (elements, offset, size, stride)) in enumerate(tensors.items()):
            storage = Storage(str(1000 + number), elements)
            storages.append(storage)
            state[name] = Tensor(storage, offset, size, stride)

        stream = io.BytesIO()
        for header in (0x1950A86A20F9469CFC6C, 1001, {"protocol_version": 1001, "little_endian": True}):
            pickle.dump(header, stream, protocol=2)
        LegacyPickler(stream, protocol=2).dump(state)
        pickle.dump([storage.key for storage in storages], stream, protocol=2)
        for storage in storages:
            stream.write(struct.pack("<q", storage.elements.size))
            stream.write(storage.elements.tobytes())
        Path(path).write_bytes(stream.getvalue())


class LegacyCheckpointReaderTests(unittest.TestCase):
    def test_honours_strides_and_storage_offset(self):
        storage = np.arange(7, dtype="<f4")  # the 2x3 tensor [[1, 3, 5], [2, 4, 6]] stored column by column after one spare element
        counter = np.array([5], dtype="<i8")
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "tiny.pth"
            write_legacy_checkpoint(path, {"weight": (storage, 1, (2, 3), (1, 2)), "count": (counter, 0, (), ())})
            state = read_state_dict(path)
        self.assertEqual(list(state), ["weight", "count"])
        np.testing.assert_array_equal(state["weight"], np.array([[1, 3, 5], [2, 4, 6]], dtype=np.float32))
        self.assertTrue(state["weight"].flags["C_CONTIGUOUS"])
        self.assertEqual(state["count"].dtype, np.int64)
        self.assertEqual(int(state["count"]), 5)

    def test_refuses_foreign_globals(self):
        stream = io.BytesIO()
        for header in (0x1950A86A20F9469CFC6C, 1001, {"little_endian": True}):
            pickle.dump(header, stream, protocol=2)
        pickle.dump(os.getcwd, stream, protocol=2)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "evil.pth"
            path.write_bytes(stream.getvalue())
            with self.assertRaisesRegex(CheckpointError, "posix.getcwd"):
                read_state_dict(path)

    def test_rejects_files_without_the_magic_number(self):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "other.pth"
            path.write_bytes(pickle.dumps(42, protocol=2))
            with self.assertRaisesRegex(CheckpointError, "magic number"):
                read_state_dict(path)


class SamePaddingTests(unittest.TestCase):
    def test_extra_pixel_goes_to_the_end(self):
        self.assertEqual(same_padding(224, 3, 2), (0, 1, 112))
        self.assertEqual(same_padding(112, 5, 2), (1, 2, 56))
        self.assertEqual(same_padding(14, 5, 1), (2, 2, 14))
        self.assertEqual(same_padding(15, 3, 2), (1, 1, 8))
        self.assertEqual(same_padding(7, 1, 1), (0, 0, 7))


# Stage structure of EfficientNet-Lite with tiny widths: (input, expanded, output, kernel) per block.
TINY_BLOCKS = [
    (4, 4, 2, 3),
    (2, 12, 3, 3),
    (3, 18, 4, 5),
    (4, 24, 5, 3), (5, 30, 5, 3),
    (5, 30, 6, 5),
    (6, 36, 7, 5), (7, 42, 7, 5),
    (7, 42, 8, 3),
]


def tiny_state_dict(seed=0):
    rng = np.random.default_rng(seed)
    state = collections.OrderedDict()

    def conv(name, out_channels, in_channels, kernel):
        state[f"{name}.weight"] = rng.normal(0, 0.5, (out_channels, in_channels, kernel, kernel)).astype(np.float32)

    def batch_norm(name, channels):
        state[f"{name}.weight"] = rng.uniform(0.5, 1.5, channels).astype(np.float32)
        state[f"{name}.bias"] = rng.normal(0, 0.2, channels).astype(np.float32)
        state[f"{name}.running_mean"] = rng.normal(0, 0.2, channels).astype(np.float32)
        state[f"{name}.running_var"] = rng.uniform(0.001, 2.0, channels).astype(np.float32)
        state[f"{name}.num_batches_tracked"] = np.array(0, dtype=np.int64)

    conv("_conv_stem", 4, 3, 3)
    batch_norm("_bn0", 4)
    for index, (inputs, expanded, outputs, kernel) in enumerate(TINY_BLOCKS):
        prefix = f"_blocks.{index}"
        if expanded != inputs:
            conv(f"{prefix}._expand_conv", expanded, inputs, 1)
            batch_norm(f"{prefix}._bn0", expanded)
        conv(f"{prefix}._depthwise_conv", expanded, 1, kernel)
        batch_norm(f"{prefix}._bn1", expanded)
        conv(f"{prefix}._project_conv", outputs, expanded, 1)
        batch_norm(f"{prefix}._bn2", outputs)
    conv("_conv_head", 16, 8, 1)
    batch_norm("_bn1", 16)
    state["_fc.weight"] = rng.normal(0, 0.5, (10, 16)).astype(np.float32)
    state["_fc.bias"] = rng.normal(0, 0.5, 10).astype(np.float32)
    return state


def reference_conv(x, weight, stride, groups):
    """Direct NCHW convolution with TensorFlow 'same' padding, in float64."""
    kernel = weight.shape[2]
    size = x.shape[2]
    output_size = -(-size // stride)
    total = max((output_size - 1) * stride + kernel - size, 0)
    x = np.pad(x, ((0, 0), (0, 0), (total // 2, total - total // 2), (total // 2, total - total // 2)))
    batch, channels = x.shape[:2]
    per_group_in, per_group_out = channels // groups, weight.shape[0] // groups
    result = np.zeros((batch, weight.shape[0], output_size, output_size))
    for group in range(groups):
        inputs = x[:, group * per_group_in:(group + 1) * per_group_in]
        kernels = weight[group * per_group_out:(group + 1) * per_group_out]
        for row in range(kernel):
            for column in range(kernel):
                patch = inputs[:, :, row:row + stride * output_size:stride, column:column + stride * output_size:stride]
                result[:, group * per_group_out:(group + 1) * per_group_out] += np.einsum("bchw,oc->bohw", patch, kernels[:, :, row, column])
    return result


def reference_forward(state, x):
    def bn(x, name):
        scale = state[f"{name}.weight"] / np.sqrt(state[f"{name}.running_var"].astype(np.float64) + 1e-3)
        shift = state[f"{name}.bias"] - state[f"{name}.running_mean"] * scale
        return x * scale[None, :, None, None] + shift[None, :, None, None]

    def relu6(x):
        return np.minimum(np.maximum(x, 0.0), 6.0)

    x = relu6(bn(reference_conv(x.astype(np.float64), state["_conv_stem.weight"], 2, 1), "_bn0"))
    stage_strides = iter([1, 2, 2, 2, 1, 2, 1])
    previous_output = None
    for index, (inputs, expanded, outputs, _) in enumerate(TINY_BLOCKS):
        prefix = f"_blocks.{index}"
        stride = next(stage_strides) if outputs != previous_output else 1
        previous_output = outputs
        block_input = x
        if expanded != inputs:
            x = relu6(bn(reference_conv(x, state[f"{prefix}._expand_conv.weight"], 1, 1), f"{prefix}._bn0"))
        x = relu6(bn(reference_conv(x, state[f"{prefix}._depthwise_conv.weight"], stride, expanded), f"{prefix}._bn1"))
        x = bn(reference_conv(x, state[f"{prefix}._project_conv.weight"], 1, 1), f"{prefix}._bn2")
        if stride == 1 and inputs == outputs:
            x = x + block_input
    feature_map = relu6(bn(reference_conv(x, state["_conv_head.weight"], 1, 1), "_bn1"))
    features = feature_map.mean(axis=(2, 3))
    return features @ state["_fc.weight"].T + state["_fc.bias"], features, feature_map


class ConverterTests(unittest.TestCase):
    def test_block_structure_is_read_from_shapes(self):
        blocks = infer_blocks(tiny_state_dict())
        self.assertEqual([b.stride for b in blocks], [1, 2, 2, 2, 1, 1, 2, 1, 1])
        self.assertEqual([b.has_residual for b in blocks], [False, False, False, False, True, False, False, True, False])
        self.assertEqual([b.kernel_size for b in blocks], [3, 3, 5, 3, 3, 5, 5, 5, 3])

    def test_rejects_a_kernel_size_the_stage_table_does_not_allow(self):
        state = tiny_state_dict()
        state["_blocks.2._depthwise_conv.weight"] = np.zeros((18, 1, 3, 3), dtype=np.float32)
        with self.assertRaisesRegex(Exception, "stage 3"):
            infer_blocks(state)

    def test_onnx_graph_matches_an_independent_numpy_forward_pass(self):
        state = tiny_state_dict()
        image_size = 37  # odd sizes make TF "same" padding asymmetric at every stride-2 layer
        model = build_model(state, image_size, {"source_package": "test", "licence": "test"})
        self.assertEqual(model.opset_import[0].version, 13)
        self.assertEqual(model.ir_version, 8)
        session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
        x = np.random.default_rng(1).uniform(-1, 1, (2, 3, image_size, image_size)).astype(np.float32)
        logits, features, feature_map = session.run(["logits", "features", "feature_map"], {"input": x})
        expected_logits, expected_features, expected_feature_map = reference_forward(state, x)
        np.testing.assert_allclose(feature_map, expected_feature_map, rtol=1e-4, atol=1e-4)
        np.testing.assert_allclose(features, expected_features, rtol=1e-4, atol=1e-4)
        np.testing.assert_allclose(logits, expected_logits, rtol=1e-4, atol=1e-4)


INSTALLED_LITE0 = Path(os.environ.get("SIGHTLINE_HOME", Path.home() / ".local/share/sightline")) / "models/lite0/model.onnx"
IMAGENET_SAMPLE = SCRIPTS.parent.parent / "shared/datasets/imagenet-sample"


@unittest.skipUnless(INSTALLED_LITE0.exists() and IMAGENET_SAMPLE.exists(), "needs the installed lite0 model and the ImageNet sample")
class InstalledLite0AccuracyTests(unittest.TestCase):
    def test_top1_on_the_imagenet_sample(self):
        from evaluate_imagenet import class_index_by_wnid, evaluate, labelled_photos
        from ort_bench import make_session

        photos = labelled_photos(IMAGENET_SAMPLE, class_index_by_wnid())
        top1, top5 = evaluate(make_session(INSTALLED_LITE0, os.cpu_count()), photos, 256, 224)
        # Measured: 421/500 top-1, 482/500 top-5; symmetric padding gives 389, ImageNet mean/std 371.
        self.assertGreaterEqual(top1 / len(photos), 0.83)
        self.assertGreaterEqual(top5 / len(photos), 0.95)


if __name__ == "__main__":
    unittest.main()
