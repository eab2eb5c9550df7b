"""A real `sightline serve` for the web tests: started on a free loopback port with its own
data directory (a fresh SQLite database; the installed models and content linked in), stopped
with SIGTERM.

    with SightlineServer() as server:
        urllib.request.urlopen(server.url + "healthz")

With `home=PATH` the server uses that data directory instead (created when missing, the models
and content linked in when it has none) and leaves it in place when it stops, so that several servers in a
row — or a server killed with `kill()` and started again — share one database. `environment`
adds or overrides variables of the server's environment (TMPDIR, for example). The server loads
models on first use (`--no-warm-up`) unless `warm_up=True`, so that a test's memory and timing
see only what its own requests load.
"""
import os
import pathlib
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
SERVING_LINE = re.compile(r"serving on (http://\S+?/)")


def memory_mib(pid):
    """{"VmRSS": MiB, "VmHWM": MiB} of a running process, from /proc/PID/status."""
    values = {}
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values


def installed_home():
    """The data directory the test run uses (where `make models` installed everything)."""
    home = os.environ.get("SIGHTLINE_HOME")
    return pathlib.Path(home) if home else pathlib.Path.home() / ".local" / "share" / "sightline"


def installed_models_directory():
    """The models directory of the data directory the test run uses."""
    return installed_home() / "models"


class SightlineServer:
    def __init__(self, binary=None, extra_arguments=(), home=None, environment=None, warm_up=False):
        self.binary = pathlib.Path(binary or os.environ.get("SIGHTLINE_BINARY", REPOSITORY / ".build" / "release" / "sightline"))
        self.extra_arguments = list(extra_arguments) + ([] if warm_up else ["--no-warm-up"])
        self.given_home = pathlib.Path(home) if home is not None else None
        self.environment = dict(environment or {})
        self.url = None
        self.process = None
        self.home = None

    def __enter__(self):
        if not self.binary.exists():
            raise RuntimeError(f"{self.binary} does not exist: build it with `make build` first")
        if self.given_home is None:
            self.home = pathlib.Path(tempfile.mkdtemp(prefix="sightline-web-"))
        else:
            self.home = self.given_home
            self.home.mkdir(parents=True, exist_ok=True)
        for installed in ("models", "content"):
            source = installed_home() / installed
            if source.is_dir() and not os.path.lexists(self.home / installed):
                (self.home / installed).symlink_to(source)
        environment = dict(os.environ, SIGHTLINE_HOME=str(self.home), **self.environment)
        self.process = subprocess.Popen(
            [str(self.binary), "serve", "--port", "0", *self.extra_arguments],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, text=True)
        deadline = time.monotonic() + 60
        while self.url is None:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"sightline serve exited with status {self.process.wait()} before serving")
            match = SERVING_LINE.search(line)
            if match:
                self.url = match.group(1)
            if time.monotonic() > deadline:
                raise RuntimeError("sightline serve did not start within 60 s")
        with urllib.request.urlopen(self.url + "healthz", timeout=10) as response:
            assert response.status == 200
        return self

    def __exit__(self, *details):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process and self.process.stdout:
            self.process.stdout.close()
        if self.home and self.given_home is None:
            shutil.rmtree(self.home, ignore_errors=True)
        return False

    def kill(self):
        """Ends the server at once with SIGKILL, as a crash or a power cut would, and waits for it."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    @property
    def pid(self):
        return self.process.pid

    @property
    def database(self):
        return self.home / "sightline.sqlite"
