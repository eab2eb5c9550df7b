#!/usr/bin/env python3
"""The scikit-learn reference for `sightline train` and `sightline evaluate`.

Subcommands (each prints one JSON object on stdout):

  split OUT (--dataset DIR | --class NAME=DIR[,DIR...] ...) [--only a,b] [--merge NAME=a,b]
        [--rest NAME] [--test 0.2] [--seed 0] [--max-per-class N]
      Makes OUT/train/<class>/ and OUT/test/<class>/ of symbolic links to the photos: per
      class a seeded random `--test` fraction is held out. Classes are the sub-folders of
      --dataset (narrowed by --only, combined by --merge, everything else into --rest), or
      given explicitly with --class. --max-per-class first keeps a seeded sample per class.

  train TRAIN_DIR TEST_DIR [--model ONNX] [--C 1.0] [--threads 2]
      The reference result: ONNX Runtime "features" of every photo (prepared as Sightline
      does: JPEG draft decoding, shorter side 256, centre crop 224, (x - 127) / 128), then
      scikit-learn's LogisticRegression(C) on TRAIN_DIR, scored on TEST_DIR: accuracy and
      top-3 accuracy.

  fit FEATURES.npy LABELS.npy --l2 L [--class-weights W0,W1,...]
      scikit-learn's LogisticRegression on a feature matrix, with the penalty of Sightline's
      trainer: mean cross-entropy + L/2 |W|^2 is C = 1 / (L n) (2 / (L n) for two classes,
      whose single weight vector is returned as two rows). With class weights the mean is
      weighted and n is the sum of the rows' weights. Prints the weights, biases and
      objective value.

  metrics OUTCOMES.json
      scikit-learn's classification metrics for {"truth": [...], "predicted": [...]} (class
      indices): labels (the union, sorted), per-class precision/recall/F1/support with
      zero_division=0, macro averages, accuracy and the confusion matrix.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

IMAGE_EXTENSIONS = {".jpg", ".jpeg", ".png", ".webp"}


def photos_in(folder):
    return sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in IMAGE_EXTENSIONS and p.is_file())


def class_folders(dataset):
    return {d.name: [d] for d in sorted(Path(dataset).iterdir()) if d.is_dir() and photos_in(d)}


def run_split(options):
    if options.dataset:
        available = class_folders(options.dataset)
        classes = {}
        if options.only:
            available = {name: available[name] for name in options.only.split(",")}
        for merge in options.merge or []:
            name, members = merge.split("=", 1)
            classes[name] = [folder for member in members.split(",") for folder in available.pop(member)]
        if options.rest:
            classes[options.rest] = [folder for folders in available.values() for folder in folders]
        else:
            classes.update(available)
    else:
        classes = {}
        for entry in options.class_ or []:
            name, folders = entry.split("=", 1)
            classes[name] = [Path(folder) for folder in folders.split(",")]
    if not classes:
        raise SystemExit("error: give --dataset or --class")
    out = Path(options.out)
    counts = {}
    for index, (name, folders) in enumerate(sorted(classes.items())):
        photos = [photo for folder in folders for photo in photos_in(folder)]
        rng = np.random.default_rng([options.seed, index])
        order = rng.permutation(len(photos))
        if options.max_per_class:
            order = order[: options.max_per_class]
        held_out = max(1, round(len(order) * options.test))
        for part, positions in (("test", order[:held_out]), ("train", order[held_out:])):
            target = out / part / name
            target.mkdir(parents=True, exist_ok=True)
            for position in sorted(positions):
                photo = photos[position]
                link = target / f"{photo.parent.name}__{photo.name}"
                if not link.exists():
                    link.symlink_to(photo.resolve())
        counts[name] = {"train": len(order) - held_out, "test": held_out}
    return {"out": str(out), "classes": counts}


def labelled_photos(directory):
    labels = sorted(d.name for d in Path(directory).iterdir() if d.is_dir() and photos_in(d))
    return labels, [(photo, index) for index, label in enumerate(labels) for photo in photos_in(Path(directory) / label)]


def extract_features(session, photos, batch=16):
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from imagenet_preprocessing import image_tensor

    tensors, kept = [], []
    for photo, label in photos:
        try:
            tensors.append(image_tensor(photo, 256, 224, draft=True))
            kept.append(label)
        except Exception as error:  # Pillow raises many types for unreadable files
            print(f"skipped {photo}: {error}", file=sys.stderr)
    features = [session.run(["features"], {"input": np.concatenate(tensors[i : i + batch])})[0]
                for i in range(0, len(tensors), batch)]
    return np.concatenate(features), np.array(kept)


def run_train(options):
    import onnxruntime as ort
    from sklearn.linear_model import LogisticRegression

    session_options = ort.SessionOptions()
    session_options.intra_op_num_threads = options.threads
    session = ort.InferenceSession(options.model, session_options, providers=["CPUExecutionProvider"])
    start = time.time()
    labels, train_photos = labelled_photos(options.train_dir)
    test_labels, test_photos = labelled_photos(options.test_dir)
    if test_labels != labels:
        raise SystemExit(f"error: the test classes {test_labels} differ from the training classes {labels}")
    train_x, train_y = extract_features(session, train_photos)
    test_x, test_y = extract_features(session, test_photos)
    feature_seconds = time.time() - start
    model = LogisticRegression(C=options.C, max_iter=5000).fit(train_x, train_y)
    probabilities = model.predict_proba(test_x)
    ranking = np.argsort(-probabilities, axis=1)
    return {
        "accuracy": float(np.mean(ranking[:, 0] == test_y)),
        "top3_accuracy": float(np.mean([truth in row[:3] for truth, row in zip(test_y, ranking)])),
        "labels": labels,
        "train_photos": int(len(train_y)),
        "test_photos": int(len(test_y)),
        "C": options.C,
        "feature_seconds": round(feature_seconds, 2),
        "seconds": round(time.time() - start, 2),
    }


def run_fit(options):
    from sklearn.linear_model import LogisticRegression

    features = np.load(options.features).astype(np.float64)
    labels = np.load(options.labels).astype(np.int64)
    rows = len(labels)
    class_weights = [float(w) for w in options.class_weights.split(",")] if options.class_weights else None
    row_weights = np.array([class_weights[label] for label in labels]) if class_weights else np.ones(rows)
    total_weight = row_weights.sum()
    binary = len(np.unique(labels)) == 2
    # Two classes: scikit-learn fits one vector w (= row 1 − row 0 of Sightline's weights); the
    # equivalent two-row solution is (−w/2, w/2), whose penalty L/2·|W|² is L/4·|w|², i.e. C = 2/(L n).
    model = LogisticRegression(C=(2.0 if binary else 1.0) / (options.l2 * total_weight), tol=1e-10, max_iter=100000,
                               class_weight=dict(enumerate(class_weights)) if class_weights else None)
    model.fit(features, labels)
    coef, intercept = model.coef_, model.intercept_
    if binary:
        coef, intercept = np.vstack([-coef / 2, coef / 2]), np.concatenate([-intercept / 2, intercept / 2])
    logits = features @ coef.T + intercept
    logits -= logits.max(axis=1, keepdims=True)
    log_probabilities = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    objective = (-np.sum(row_weights * log_probabilities[np.arange(rows), labels]) / total_weight
                 + options.l2 / 2 * np.sum(coef ** 2))
    return {"coef": coef.tolist(), "intercept": intercept.tolist(), "objective": float(objective)}


def run_metrics(options):
    from sklearn.metrics import accuracy_score, confusion_matrix, precision_recall_fscore_support

    outcomes = json.loads(Path(options.outcomes).read_text())
    truth, predicted = outcomes["truth"], outcomes["predicted"]
    labels = sorted(set(truth) | set(predicted))
    precision, recall, f1, support = precision_recall_fscore_support(truth, predicted, labels=labels, zero_division=0)
    macro = precision_recall_fscore_support(truth, predicted, labels=labels, average="macro", zero_division=0)
    return {
        "labels": labels,
        "precision": precision.tolist(), "recall": recall.tolist(), "f1": f1.tolist(), "support": support.tolist(),
        "macro_precision": macro[0], "macro_recall": macro[1], "macro_f1": macro[2],
        "accuracy": accuracy_score(truth, predicted),
        "confusion": confusion_matrix(truth, predicted, labels=labels).tolist(),
    }


def parse_arguments(arguments):
    parser = argparse.ArgumentParser(description="scikit-learn reference for sightline train / evaluate (JSON on stdout).")
    modes = parser.add_subparsers(dest="mode", required=True)

    split = modes.add_parser("split", help="seeded per-class train/test folders of symbolic links")
    split.add_argument("out")
    split.add_argument("--dataset", help="folder with one sub-folder per class")
    split.add_argument("--class", dest="class_", action="append", help="NAME=DIR[,DIR...]: a class made of these folders")
    split.add_argument("--only", help="comma-separated classes of --dataset to keep")
    split.add_argument("--merge", action="append", help="NAME=a,b: one class made of --dataset classes a and b")
    split.add_argument("--rest", help="put every class not --merge'd into this one")
    split.add_argument("--test", type=float, default=0.2, help="fraction of each class held out (default 0.2)")
    split.add_argument("--seed", type=int, default=0)
    split.add_argument("--max-per-class", type=int, help="keep at most this many photos per class (seeded sample)")

    train = modes.add_parser("train", help="ONNX Runtime features + scikit-learn logistic regression")
    train.add_argument("train_dir")
    train.add_argument("test_dir")
    train.add_argument("--model", default=str(Path(os.environ.get("SIGHTLINE_HOME") or Path.home() / ".local/share/sightline")
                                              / "models/lite0/model.onnx"))
    train.add_argument("--C", type=float, default=1.0, help="inverse regularisation strength (scikit-learn's default 1.0)")
    train.add_argument("--threads", type=int, default=os.cpu_count())

    fit = modes.add_parser("fit", help="logistic regression on a saved feature matrix")
    fit.add_argument("features")
    fit.add_argument("labels")
    fit.add_argument("--l2", type=float, required=True)
    fit.add_argument("--class-weights", help="one weight per class index, comma-separated")

    metrics = modes.add_parser("metrics", help="classification metrics of saved outcomes")
    metrics.add_argument("outcomes")
    return parser.parse_args(arguments)


def main(arguments):
    options = parse_arguments(arguments)
    runner = {"split": run_split, "train": run_train, "fit": run_fit, "metrics": run_metrics}[options.mode]
    print(json.dumps(runner(options)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
