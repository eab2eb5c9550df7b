#!/usr/bin/env python3
"""The photo-library index under load, on PostgreSQL: PHOTOS real photos analysed by
`sightline index work` (classify, one engine thread per worker) — by one worker, by two at once,
and by two of which one is killed with SIGKILL KILLS times (and started again each time) — beside
`sightline classify --threads 1` on the same photos (as it runs, and held to one CPU as a worker
with one engine thread is). Reports photos per second of each, the ratio of two workers to one,
one worker against classify, and for the run with kills: whether
`index status` was exact at every poll (its states add up to the total, done never goes back),
whether every photo ended done with exactly one set of findings, and how many photos a killed
worker's expired leases sent to the other.

    scripts/with-postgres.sh .venv/bin/python scripts/index_load.py                  # 2,000 photos
    scripts/with-postgres.sh .venv/bin/python scripts/index_load.py --photos 300 --kills 2

The photos are the first PHOTOS JPEG files (by path) under --source, copied to a temporary
folder. Exit status 1 when the run with kills loses a photo,
records one twice, fails one, or `index status` is inexact at a poll.
"""
import argparse
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY / "WebTests"))

from postgres_database import SERVER_VARIABLE, with_database  # noqa: E402
from sightline_server import installed_models_directory  # noqa: E402


def psql(url, statement):
    return subprocess.run(["psql", "--no-psqlrc", "--quiet", "--tuples-only", "--no-align", "--set", "ON_ERROR_STOP=1",
                           url, "-c", statement], check=True, capture_output=True, text=True).stdout.strip()


class Run:
    """One index run on a fresh database."""

    def __init__(self, binary, server_url, home, photos_folder):
        self.binary = binary
        self.server_url = server_url
        self.name = "sightline_index_" + uuid.uuid4().hex
        psql(server_url, f"CREATE DATABASE {self.name}")
        self.url = with_database(server_url, self.name)
        self.environment = dict(os.environ, SIGHTLINE_HOME=str(home), SIGHTLINE_DATABASE_URL=self.url)
        self.sightline("index", "add", str(photos_folder))

    def sightline(self, *arguments):
        return subprocess.run([str(self.binary), *arguments], check=True, capture_output=True, text=True, env=self.environment)

    def worker(self, name, lease_seconds):
        return subprocess.Popen([str(self.binary), "index", "work", "--worker", name, "--threads", "1",
                                 "--lease-seconds", str(lease_seconds)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=self.environment)

    def status(self):
        return json.loads(self.sightline("index", "status", "--json").stdout)

    def close(self):
        psql(self.server_url, f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")


def timed_workers(run, count):
    start = time.monotonic()
    workers = [run.worker(f"w{number}", 300) for number in range(count)]
    for worker in workers:
        if worker.wait() != 0:
            sys.exit(f"error: a worker exited {worker.returncode}")
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", default=str(REPOSITORY.parent / "shared" / "datasets" / "cat-breeds-oxford"))
    parser.add_argument("--photos", type=int, default=2000)
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--lease-seconds", type=float, default=5, help="the lease in the run with kills")
    parser.add_argument("--kill-every", type=float, default=1, help="seconds between a restarted worker and its kill")
    parser.add_argument("--binary", default=str(REPOSITORY / ".build" / "release" / "sightline"))
    options = parser.parse_args()
    server_url = os.environ.get(SERVER_VARIABLE)
    if not server_url:
        sys.exit(f"error: run through scripts/with-postgres.sh (${SERVER_VARIABLE})")

    photos = sorted(pathlib.Path(options.source).rglob("*.jpg"))[:options.photos]
    if len(photos) < options.photos:
        sys.exit(f"error: {options.source} has {len(photos)} JPEG files, fewer than {options.photos}")
    with tempfile.TemporaryDirectory(prefix="sightline-index-load-") as scratch:
        scratch = pathlib.Path(scratch)
        home = scratch / "home"
        home.mkdir()
        (home / "models").symlink_to(installed_models_directory())
        # The photos copied into one folder: `index add` takes a folder.
        folder = scratch / "photos"
        folder.mkdir()
        for number, photo in enumerate(photos):
            shutil.copyfile(photo, folder / f"{number:05d}-{photo.name}")
        environment = dict(os.environ, SIGHTLINE_HOME=str(home))

        def classify_rate(cpus):
            # `classify` decodes the next batch while the network runs: on one CPU, as a worker
            # with one engine thread, that overlap cannot help it.
            start = time.monotonic()
            subprocess.run([options.binary, "classify", "--threads", "1", "--json", str(folder)], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment,
                           preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None)
            return len(photos) / (time.monotonic() - start)

        classify_free, classify_one_cpu = classify_rate(None), classify_rate({0})

        rates = {}
        for count in (1, 2):
            run = Run(options.binary, server_url, home, folder)
            try:
                seconds = timed_workers(run, count)
                status = run.status()
                if status["done"] != len(photos):
                    sys.exit(f"error: {count} worker(s) left {status}")
                rates[count] = len(photos) / seconds
            finally:
                run.close()

        run = Run(options.binary, server_url, home, folder)
        problems = []
        try:
            steady = run.worker("steady", options.lease_seconds)
            victim = run.worker("victim-0", options.lease_seconds)
            kills, polls, last_done = 0, 0, 0
            start = time.monotonic()
            next_kill = start + options.kill_every
            while steady.poll() is None or victim.poll() is None:
                status = run.status()
                polls += 1
                states = status["pending"] + status["leased"] + status["expired"] + status["done"] + status["failed"]
                if states != status["total"] or status["total"] != len(photos):
                    problems.append(f"inexact status: {status}")
                if status["done"] < last_done:
                    problems.append(f"done went back from {last_done} to {status['done']}")
                last_done = status["done"]
                if kills < options.kills and time.monotonic() >= next_kill and victim.poll() is None:
                    victim.send_signal(signal.SIGKILL)
                    victim.wait()
                    kills += 1
                    victim = run.worker(f"victim-{kills}", options.lease_seconds)
                    next_kill = time.monotonic() + options.kill_every
                time.sleep(0.3)
            # Photos a killed worker had leased near the end may outlive both workers' runs:
            # one more worker once those leases have expired.
            if run.status()["done"] + run.status()["failed"] < len(photos):
                time.sleep(options.lease_seconds)
                run.worker("closer", options.lease_seconds).wait()
            seconds = time.monotonic() - start
            status = run.status()
            labels = int(psql(run.url, "SELECT count(*) FROM indexed_photo_label"))
            sets = int(psql(run.url, "SELECT count(DISTINCT photo_id) FROM indexed_photo_label"))
            retaken = int(psql(run.url, "SELECT count(*) FROM indexed_photo WHERE attempts > 1"))
            if status["done"] != len(photos) or status["failed"]:
                problems.append(f"not every photo done: {status}")
            if sets != len(photos) or labels != 5 * len(photos):
                problems.append(f"{labels} labels on {sets} photos for {len(photos)} photos")
            if kills < options.kills:
                problems.append(f"only {kills} kills before the work was done (use more photos)")
        finally:
            run.close()

    print(f"{len(photos)} photos from {options.source}, PostgreSQL, one engine thread per process")
    print(f"sightline classify --threads 1:  {classify_free:.1f} photos/s; on one CPU: {classify_one_cpu:.1f} photos/s")
    print(f"index work, 1 worker:  {rates[1]:.1f} photos/s ({rates[1] / classify_one_cpu:.2f} of classify on one CPU, "
          f"{rates[1] / classify_free:.2f} of classify)")
    print(f"index work, 2 workers: {rates[2]:.1f} photos/s ({rates[2] / rates[1]:.2f}× one worker)")
    print(f"with {kills} SIGKILLs ({options.lease_seconds:g} s leases): {seconds:.0f} s, {status['done']} done, "
          f"{status['failed']} failed, {labels} labels on {sets} photos, {retaken} photos leased more than once, "
          f"{polls} status polls")
    print("FAILED: " + "; ".join(problems[:5]) if problems else "OK: every photo done once, status exact at every poll")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
