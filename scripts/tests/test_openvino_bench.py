"""Tests for scripts/reference/openvino_bench.py: OpenVINO, the bench's second reference, ranks
the repository's sample photos as ONNX Runtime does (the same .onnx file, the same Pillow
pipeline), says which precision it chose, and answers the serve protocol's requests."""

import contextlib
import io
import json
import os
import sys
import unittest
from pathlib import Path
from unittest import mock

import numpy as np

SCRIPTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SCRIPTS / "reference"))

import openvino_bench  # noqa: E402
import ort_bench  # noqa: E402

SAMPLES = SCRIPTS.parent / "Samples"
INSTALLED_LITE0 = Path(os.environ.get("SIGHTLINE_HOME", Path.home() / ".local/share/sightline")) / "models/lite0/model.onnx"


def cpu_has_bfloat16():
    flags = next((line.split(":", 1)[1].split() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("flags")), [])
    return "avx512_bf16" in flags or "amx_bf16" in flags


def printed_lines(function, *arguments):
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        status = function(*arguments)
    return status, [json.loads(line) for line in output.getvalue().splitlines()]


@unittest.skipUnless(INSTALLED_LITE0.exists(), "needs the installed lite0 model (make models)")
class OpenVINOReferenceTests(unittest.TestCase):
    def test_classify_ranks_the_samples_as_onnx_runtime_does(self):
        photos = sorted(str(path) for path in SAMPLES.glob("*.jpg"))
        self.assertGreaterEqual(len(photos), 5)
        arguments = ["classify", "--model", str(INSTALLED_LITE0), "--threads", "1", "--top", "5", *photos]
        status, openvino_lines = printed_lines(openvino_bench.main, arguments)
        self.assertEqual(status, 0)
        _, onnxruntime_lines = printed_lines(ort_bench.main, arguments)
        self.assertEqual([line["file"] for line in openvino_lines], photos)
        for ours, theirs in zip(openvino_lines, onnxruntime_lines):
            ranked = [result["index"] for result in ours["results"]]
            expected = [result["index"] for result in theirs["results"]]
            if cpu_has_bfloat16():
                self.assertEqual(ranked[0], expected[0], ours["file"])
            else:
                # Both in FP32: the same ranking and the same confidences but for rounding.
                self.assertEqual(ranked, expected, ours["file"])
                np.testing.assert_allclose([r["confidence"] for r in ours["results"]],
                                           [r["confidence"] for r in theirs["results"]], atol=1e-4)

    def test_serve_greets_with_version_and_precision_then_answers_each_request(self):
        requests = [{"mode": "engine", "batch": 3, "runs": 2, "warmup": 1},
                    {"mode": "pipeline", "stage": "whole", "image": str(SAMPLES / "cabbage.jpg"), "runs": 1},
                    {"mode": "sideways", "runs": 1}]
        stdin = io.StringIO("".join(json.dumps(request) + "\n" for request in requests))
        with mock.patch.object(sys, "stdin", stdin):
            status, lines = printed_lines(openvino_bench.main, ["serve", "--model", str(INSTALLED_LITE0), "--threads", "1"])
        self.assertEqual(status, 0)
        greeting, engine, pipeline, bad = lines
        self.assertTrue(greeting["ready"])
        self.assertRegex(greeting["openvino"], r"^\d{4}\.\d+")
        self.assertEqual(greeting["precision"], "bf16" if cpu_has_bfloat16() else "f32")
        self.assertEqual(len(engine["ms"]), 2)
        self.assertEqual(len(pipeline["top5"]), 5)
        self.assertIn("sideways", bad["error"])

    def test_only_every_output_at_once(self):
        session = openvino_bench.OpenVINOSession(INSTALLED_LITE0, 1)
        self.assertEqual(session.get_inputs()[0].shape, ["batch", 3, 224, 224])
        tensor = np.zeros((2, 3, 224, 224), dtype=np.float32)
        outputs = session.run(None, {session.get_inputs()[0].name: tensor})
        self.assertEqual(len(outputs), len(session.model.outputs))
        self.assertEqual(outputs[0].shape, (2, 1000))
        with self.assertRaisesRegex(ValueError, "every output"):
            session.run(["logits"], {session.get_inputs()[0].name: tensor})


if __name__ == "__main__":
    unittest.main()
