#!/usr/bin/env python3
"""Checks that an ONNX file Sightline wrote behaves exactly like the file it came from.

Runs ONNX Runtime (CPU, one thread, every graph optimisation off, so both files execute the
same kernels in the same order) on ORIGINAL and on WRITTEN with the same seeded random inputs
— float32 inputs drawn from a standard normal, symbolic dimensions set to --batch — and runs
onnx's full model checker on WRITTEN. Prints one JSON object:

    {"checker": "ok" | "<error>",
     "outputs": {name: {"shape": [...], "identical": bool, "max_abs_difference": float}}}

Usage: compare_onnx_runs.py ORIGINAL WRITTEN [--batch N] [--seed S]
"""

import argparse
import json
import sys

import numpy as np
import onnx
import onnxruntime as ort


def make_session(path):
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    return ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])


def random_inputs(session, batch, seed):
    rng = np.random.default_rng(seed)
    inputs = {}
    for declared in session.get_inputs():
        if declared.type != "tensor(float)":
            raise SystemExit(f"error: input '{declared.name}' is {declared.type}; only float inputs are generated")
        shape = [size if isinstance(size, int) else batch for size in declared.shape]
        inputs[declared.name] = rng.standard_normal(shape).astype(np.float32)
    return inputs


def main(arguments):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("original")
    parser.add_argument("written")
    parser.add_argument("--batch", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args(arguments)

    try:
        onnx.checker.check_model(onnx.load(options.written), full_check=True)
        checker = "ok"
    except Exception as error:  # the checker raises several unrelated exception types
        checker = f"{type(error).__name__}: {error}"

    original = make_session(options.original)
    written = make_session(options.written)
    inputs = random_inputs(original, options.batch, options.seed)
    names = [output.name for output in original.get_outputs()]
    expected = original.run(names, inputs)
    actual = written.run(names, inputs)
    outputs = {}
    for name, left, right in zip(names, expected, actual):
        same_shape = left.shape == right.shape
        difference = float(np.max(np.abs(left - right))) if same_shape and left.size else 0.0
        outputs[name] = {"shape": list(right.shape),
                         "identical": bool(same_shape and np.array_equal(left, right)),
                         "max_abs_difference": difference if same_shape else None}
    print(json.dumps({"checker": checker, "outputs": outputs}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
