"""`sightline index` end to end on real photos, as a photo-library user runs it: `index add` on a
folder, several `index work` processes at once on one data directory — one of them killed with
SIGKILL in the middle of a batch, another stopped with SIGTERM — and then `index status`,
`index search`, `index similar` and `index faces`. Every photo ends up analysed, none failed, a killed worker's photos are taken
over once its leases run out, a stopped worker gives its leases back at once, adding the folder
again skips unchanged photos and redoes a changed one. The server's Library routes then answer
from the same index: progress, search, a photo's findings, its thumbnail and picture (read from
the file, by id only), similar photos, and clear errors for what is not there. The same tests run twice: on the data
directory's SQLite file, and on a PostgreSQL database (`SIGHTLINE_DATABASE_URL`), where the
workers claim photos with SELECT … FOR UPDATE SKIP LOCKED.

The real release CLI (`.build/release/sightline`, or $SIGHTLINE_BINARY) with a fresh data
directory and the installed models linked in, like the server tests."""
import io
import json
import os
import pathlib
import shutil
import signal
import subprocess
import tempfile
import time
import unittest
import urllib.error
import urllib.request

from PIL import Image

from api_client import Api
from postgres_database import PostgresDatabase
from sightline_server import REPOSITORY, SightlineServer, installed_models_directory

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
        worked = self.sightline("index", "work", "--worker", "one")
        self.assertIn("2 failed attempts were given back to be tried again", worked.stdout, "tried three times")
        status = self.status()
        self.assertEqual((status["done"], status["failed"]), (41, 1), status)
        self.assertTrue(status["recent_failures"][0]["file"].endswith("notes.jpg"))
        # Sent back once more, tried once: it fails again with the same reason.
        again = self.sightline("index", "work", "--retry-failed", "--max-attempts", "1")
        self.assertIn("1 failed photo sent back to be analysed again", again.stderr)
        self.assertNotIn("tried again", again.stdout)
        self.assertEqual(self.status()["recent_failures"], status["recent_failures"])
        refused = self.sightline("index", "work", "--tasks", "classify,colour", check=False)
        self.assertNotEqual(refused.returncode, 0)
        self.assertIn("colour is not a task", refused.stderr)
        missing = self.sightline("index", "add", str(self.home / "no-such-folder"), check=False)
        self.assertNotEqual(missing.returncode, 0)

    def fetch(self, url, headers=None):
        """(status, headers, body bytes) of a GET."""
        try:
            with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=120) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def test_library_routes_answer_from_the_index(self):
        self.sightline("index", "add", str(self.photos))
        self.sightline("index", "work", "--tasks", "classify,features", "--threads", "1")
        database = {key: value for key, value in self.environment.items() if key == "SIGHTLINE_DATABASE_URL"}
        with SightlineServer(home=self.home, environment=database) as server:
            api = Api(server.url)
            status = api.get("library/status").json
            self.assertEqual((status["total"], status["done"], status["failed"]), (41, 41, 0))

            matches = api.get("library/search", q="cabbage").json["matches"]
            cabbages = sorted(self.photos.rglob("*cabbage.jpg"))
            self.assertEqual(sorted(match["file"] for match in matches), [str(path) for path in cabbages])
            self.assertTrue(all(match["category"] for match in matches))
            self.assertEqual(api.get("library/search", q="no such thing at all").json["matches"], [])
            # A browser's form encoding sends spaces as '+': they are spaces to the server.
            spaced = api.get("library/search", q=f"  {matches[0]['label']}  ").json["matches"]
            self.assertIn(matches[0]["file"], [match["file"] for match in spaced])
            for query in ({}, {"q": "  "}, {"q": "cat", "limit": "0"}, {"q": "x" * 101}):
                with self.subTest(query=query):
                    answer = api.get("library/search", **query)
                    self.assertEqual((answer.status, answer.error["code"]), (422, "invalid"), answer.json)

            first = matches[0]
            photo = api.get(f"library/photos/{first['id']}").json
            self.assertEqual((photo["file"], photo["name"], photo["state"]), (first["file"], pathlib.Path(first["file"]).name, "done"))
            self.assertEqual(len(photo["labels"]), 5)
            self.assertIn(first["label"], [label["label"] for label in photo["labels"]])
            self.assertTrue(photo["similar_available"])
            german = api.get(f"library/photos/{first['id']}", lang="de").json["labels"]
            for label, in_german in zip(photo["labels"], german):
                self.assertEqual(in_german["category"], label["category"])
                self.assertEqual(bool(in_german["category_name"]), bool(label["category"]), "a category is named in the language")

            for route, longest in (("thumbnail", 320), ("image", 1600)):
                with self.subTest(route=route):
                    url = f"{server.url}api/v1/library/photos/{first['id']}/{route}"
                    code, headers, body = self.fetch(url)
                    self.assertEqual((code, headers["Content-Type"]), (200, "image/jpeg"))
                    # A browser asks again with the ETag: unchanged, the file is not decoded again.
                    self.assertEqual(headers["Cache-Control"], "private, no-cache")
                    self.assertEqual(self.fetch(url, {"If-None-Match": headers["ETag"]})[0], 304)
                    picture = Image.open(io.BytesIO(body))
                    with Image.open(first["file"]) as original:
                        original_size = original.size
                    self.assertEqual(max(picture.size), min(longest, max(original_size)))
                    self.assertEqual(picture.size[0] > picture.size[1], original_size[0] > original_size[1])
                    self.assertNotIn("exif", picture.info, "no metadata of the file leaves the server")

            similar = api.get(f"library/photos/{first['id']}/similar", top=3).json
            self.assertEqual(similar["model"], "lite0")
            self.assertEqual(len(similar["results"]), 3)
            self.assertNotIn(first["id"], [result["id"] for result in similar["results"]], "the photo itself is left out")
            self.assertIn(similar["results"][0]["file"], [str(path) for path in cabbages], "a copy of it is nearest")
            self.assertLess(similar["results"][0]["distance"], 1e-3)

            bottles = [str(path) for path in self.photos.rglob("*glass-bottle.jpg")]
            brought = api.upload("library/similar", (SAMPLES / "glass-bottle.jpg").read_bytes(), top=len(bottles)).json
            self.assertEqual(sorted(result["file"] for result in brought["results"]), sorted(bottles), "its copies are nearest")
            self.assertEqual(api.upload("library/similar", b"not a photo").error["code"], "unreadable_image")
            self.assertEqual(api.upload("library/similar", (SAMPLES / "zucchini.jpg").read_bytes(), model="lite2").status, 409,
                             "no photo has a print from another model")

            for path in ("library/photos/999999", "library/photos/abc", "library/photos/0/thumbnail",
                         "library/photos/999999/similar"):
                with self.subTest(path=path):
                    self.assertEqual(api.get(path).status, 404)
            # A request names a photo by its id, never by a path: one that tries is refused.
            self.assertEqual(api.get("library/photos/..%2F..%2Fetc%2Fpasswd/image").status, 400)

            # A file removed after it was analysed: its picture is gone (410) with a message that
            # does not show where it was; its findings remain.
            removed = pathlib.Path(first["file"])
            removed.unlink()
            code, headers, body = self.fetch(f"{server.url}api/v1/library/photos/{first['id']}/thumbnail", {"If-None-Match": "*"})
            error = json.loads(body)["error"]
            self.assertEqual((code, error["code"]), (410, "photo_unavailable"))
            self.assertNotIn(str(self.photos), error["message"])
            self.assertEqual(api.get(f"library/photos/{first['id']}").status, 200)


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
