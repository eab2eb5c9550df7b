#!/usr/bin/env python3
"""OpenVINO reference for `sightline-lab bench`: the second runtime Sightline is timed against.

OpenVINO runs the same .onnx file on the CPU in its default inference precision for this
machine (FP32 where the CPU lacks bfloat16 instructions; bfloat16 on CPUs with AVX512_BF16 or
AMX), with one stream of `--threads` threads and the latency hint. It is only ever a reference:
Sightline never depends on it to compute an answer.

Modes, with the same requests and answers as ort_bench.py's:
  serve     --model PATH --threads T
            Prints {"ready": true, "openvino": VERSION, "precision": "f32"|"bf16"|…, "device"},
            then answers {"mode": "engine", …} and {"mode": "pipeline", …} requests until stdin
            ends (see ort_bench.py), the pipeline being the same Python + Pillow (draft) steps.
  classify  --model PATH --threads T [--top K] FILES_OR_DIRS...
            One JSON line per image, as ort_bench.py classify prints them.
"""

import argparse
import os
import sys
from types import SimpleNamespace

import openvino

import ort_bench


class OpenVINOSession:
    """An OpenVINO CPU model behind the part of onnxruntime.InferenceSession's interface that
    the reference loops use (get_inputs, run). The model is compiled once per input shape it is
    run on (a batch of 1, 8, 32, …), each compiled model with its own infer request."""

    def __init__(self, model_path, threads):
        self.core = openvino.Core()
        self.model = self.core.read_model(str(model_path))
        self.configuration = {
            "INFERENCE_NUM_THREADS": threads,
            "NUM_STREAMS": 1,
            "PERFORMANCE_HINT": "LATENCY",
        }
        port = self.model.inputs[0]
        declared = [dimension.get_length() if dimension.is_static else "batch" for dimension in port.get_partial_shape()]
        self.inputs = [SimpleNamespace(name=port.get_any_name(), shape=declared)]
        self.compiled = {}
        # What OpenVINO chose for this CPU when nothing is asked for.
        probe = [1 if isinstance(size, str) else size for size in declared]
        self.precision = self._request(tuple(probe))[0].get_property("INFERENCE_PRECISION_HINT").get_type_name()

    def get_inputs(self):
        return self.inputs

    def run(self, output_names, feed):
        if output_names is not None:
            raise ValueError("the OpenVINO reference returns every output; pass None")
        (tensor,) = feed.values()
        compiled, request = self._request(tuple(tensor.shape))
        results = request.infer({0: tensor}, share_inputs=True)
        return [results[output] for output in compiled.outputs]

    def _request(self, shape):
        if shape not in self.compiled:
            self.model.reshape({self.model.inputs[0]: openvino.PartialShape(list(shape))})
            compiled = self.core.compile_model(self.model, "CPU", self.configuration)
            self.compiled[shape] = (compiled, compiled.create_infer_request())
        return self.compiled[shape]


def parse_arguments(arguments):
    parser = argparse.ArgumentParser(description="OpenVINO reference measurements for Sightline (JSON on stdout).")
    modes = parser.add_subparsers(dest="mode", required=True)
    for name, help_text in (("serve", "answer timing requests (JSON lines on stdin) on one model"),
                            ("classify", "top-K per image as JSON lines")):
        mode = modes.add_parser(name, help=help_text)
        mode.add_argument("--model", required=True, help="the .onnx file")
        mode.add_argument("--threads", type=int, default=os.cpu_count(), help="inference threads (default: all cores)")
    classify = modes.choices["classify"]
    classify.add_argument("paths", nargs="+", help="image files or directories (walked recursively)")
    classify.add_argument("--top", type=int, default=5)
    classify.add_argument("--shorter-side", type=int, help="resize target before the crop (default: crop + 32)")
    classify.add_argument("--no-draft", action="store_true", help="decode JPEGs at full size instead of libjpeg's reduced scale")
    return parser.parse_args(arguments)


def main(arguments):
    options = parse_arguments(arguments)
    session = OpenVINOSession(options.model, options.threads)
    if options.mode == "classify":
        return ort_bench.run_classify(options, session)
    greeting = {"ready": True, "openvino": openvino.__version__.split("-")[0], "precision": session.precision,
                "device": session.core.get_property("CPU", "FULL_DEVICE_NAME")}
    return ort_bench.serve_session(session, greeting)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
