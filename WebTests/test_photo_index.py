"""`sightline index` end to end on real photos, as a photo-library user runs it: `index add` on a
folder, several `index work` processes at once on one data directory — one of them killed with
SIGKILL in the middle of a batch, another stopped with SIGTERM — and then `index status`,
`index search`, `index similar` and `index faces`. Every photo ends up analysed, none failed, a killed worker's photos are taken
over once its leases run out, a stopped worker gives its leases back at once, adding the folder
again skips unchanged photos and redoes a changed one. The same tests run twice: on the data
directory's SQLite file, and on a PostgreSQL database (`SIGHTLINE_DATABASE_URL`), where the
workers claim photos with SELECT … FOR UPDATE SKIP LOCKED.

The real release CLI (`.build/release/sightline`, or $SIGHTLINE_BINARY) with a fresh data
directory and the installed models linked in, like the server tests."""
import json
import os
import pathlib
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

from postgres_database import PostgresDatabase
from sightline_server import REPOSITORY, installed_models_directory

SAMPLES = REPOSITORY / "Samples"
PEOPLE = REPOSITORY / "Tests" / "SightlineVisionTests" / "Faces" / "Photos" / "2007_007763.jpg"
BINARY = pathlib.Path(os.environ.get("SIGHTLINE_BINARY", REPOSITORY / ".build" / "release" / "sightline"))


class PhotoIndexTests(unittest.TestCase):
    def setUp(self):
        self.home = pathlib.Path(tempfile.mkdtemp(prefix="sightline-index-"))
        self.addCleanup(shutil.rmtree, self.home, True)
        (self.home / "models").symlink_to(installed_models_directory())
        self.photos = self.home / "library"
        self.photos.mkdir()
        samples = sorted(SAMPLES.glob("*.jpg"))
        # 41 photos: copies of the samples in nested folders, and one of people.
        for number in range(40):
            sample = samples[number % len(samples)]
            folder = self.photos / f"roll-{number // 10}"
            folder.mkdir(exist_ok=True)
            shutil.copyfile(sample, folder / f"{number:02d}-{sample.name}")
        shutil.copyfile(PEOPLE, self.photos / "people.jpg")
        self.environment = dict(os.environ, SIGHTLINE_HOME=str(self.home))

    def sightline(self, *arguments, check=True):
        result = subprocess.run([str(BINARY), *arguments], capture_output=True, text=True, env=self.environment, timeout=600)
        if check and result.returncode != 0:
            raise AssertionError(f"sightline {' '.join(arguments)} exited {result.returncode}: {result.stderr}")
        return result

    def worker(self, name, *extra):
        return subprocess.Popen([str(BINARY), "index", "work", "--worker", name, "--threads", "1", *extra],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.environment)

    def status(self):
        return json.loads(self.sightline("index", "status", "--json").stdout)

    def test_workers_killed_and_stopped_leave_every_photo_analysed_once(self):
        added = json.loads(self.sightline("index", "add", str(self.photos), "--json").stdout)
        self.assertEqual((added["added"], added["changed"], added["unchanged"], added["errors"]), (41, 0, 0, []))

        # Two workers at once; the first is killed once it has leased photos (mid-batch).
        doomed = self.worker("doomed", "--batch", "5", "--lease-seconds", "3", "--tasks", "classify,faces,features")
        steady = self.worker("steady", "--batch", "2", "--tasks", "classify,faces,features")
        deadline = time.monotonic() + 120
        while not any(worker["name"] == "doomed" for worker in self.status()["workers"]):
            self.assertLess(time.monotonic(), deadline, "the worker never leased a photo")
            time.sleep(0.05)
        doomed.send_signal(signal.SIGKILL)
        doomed.communicate()
        output, errors = steady.communicate(timeout=600)
        self.assertEqual(steady.returncode, 0, errors)
        self.assertIn("steady analysed", output)

        # Whatever the killed worker held is taken over once its 3 s leases have run out.
        time.sleep(3.5)
        self.sightline("index", "work", "--worker", "late", "--tasks", "classify,faces,features")
        status = self.status()
        self.assertEqual((status["total"], status["done"], status["failed"], status["pending"], status["leased"]),
                         (41, 41, 0, 0, 0), status)

        cabbages = json.loads(self.sightline("index", "search", "cabbage", "--json").stdout)["matches"]
        self.assertEqual(len(cabbages), 8, "each of the 8 copies of cabbage.jpg once")
        self.assertTrue(all(match["file"].endswith("cabbage.jpg") for match in cabbages), cabbages)
        self.assertTrue(all(match["rank"] == 0 for match in cabbages))

        nearest = json.loads(self.sightline("index", "similar", str(SAMPLES / "cabbage.jpg"), "--top", "9", "--json").stdout)
        self.assertEqual([result["file"].endswith("cabbage.jpg") for result in nearest["results"]], [True] * 8 + [False])
        self.assertTrue(all(result["distance"] < 1e-3 for result in nearest["results"][:8]), nearest)
        faces = json.loads(self.sightline("index", "faces", "--json").stdout)
        self.assertEqual((faces["photos"], faces["with_faces"]), (41, 1))
        self.assertGreaterEqual(faces["faces"], 2)

        # Adding again: unchanged photos are skipped, a changed one is redone.
        changed = next(self.photos.rglob("*zucchini.jpg"))
        with open(changed, "ab") as file:
            file.write(b"\0" * 16)
        again = json.loads(self.sightline("index", "add", str(self.photos), "--json").stdout)
        self.assertEqual((again["added"], again["changed"], again["unchanged"]), (0, 1, 40))
        self.assertEqual(self.status()["pending"], 1)

    def test_a_stopped_worker_gives_its_leases_back(self):
        self.sightline("index", "add", str(self.photos))
        worker = self.worker("stopping", "--batch", "8", "--lease-seconds", "600", "--tasks", "classify,faces")
        deadline = time.monotonic() + 120
        while self.status()["done"] < 1:
            self.assertLess(time.monotonic(), deadline, "no photo was analysed")
            time.sleep(0.05)
        worker.send_signal(signal.SIGTERM)
        output, errors = worker.communicate(timeout=120)
        self.assertEqual(worker.returncode, 0, errors)
        self.assertIn("stopping analysed", output)
        status = self.status()
        self.assertEqual(status["leased"], 0, status)
        self.assertEqual(status["done"] + status["pending"], 41, status)
        self.assertGreater(status["pending"], 0, "stopped before the end")

    def test_bad_input_is_reported(self):
        (self.photos / "notes.jpg").write_text("not a photo")
        self.sightline("index", "add", str(self.photos))
        self.sightline("index", "work", "--worker", "one")
        status = self.status()
        self.assertEqual((status["done"], status["failed"]), (41, 1), status)
        self.assertTrue(status["recent_failures"][0]["file"].endswith("notes.jpg"))
        refused = self.sightline("index", "work", "--tasks", "classify,colour", check=False)
        self.assertNotEqual(refused.returncode, 0)
        self.assertIn("colour is not a task", refused.stderr)
        missing = self.sightline("index", "add", str(self.home / "no-such-folder"), check=False)
        self.assertNotEqual(missing.returncode, 0)


class PostgresPhotoIndexTests(PhotoIndexTests):
    """The same, with the index in a PostgreSQL database that every command reaches through
    $SIGHTLINE_DATABASE_URL."""

    def setUp(self):
        super().setUp()
        database = PostgresDatabase(self)
        url = database.__enter__()
        self.addCleanup(database.__exit__, None, None, None)
        self.environment["SIGHTLINE_DATABASE_URL"] = url

    def tearDown(self):
        self.assertFalse((self.home / "sightline.sqlite").exists(), "nothing was written to a local SQLite file")
        super().tearDown()


if __name__ == "__main__":
    unittest.main()
