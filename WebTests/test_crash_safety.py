"""Crash safety of `sightline serve`'s database: a save the server acknowledged survives a
SIGKILL at any moment, the file is never left damaged, and a damaged or newer database stops
the server at start with a clear message, the file byte for byte as it was.

The kill test runs ROUNDS rounds on one data directory. In each, threads save Object
Recognizer captures (`POST /api/v1/recognize?save=true`, a real photo) and add Kitchen
shopping-list items (free text, so every one is new) side by side, and the server is killed
with SIGKILL after a random delay (seeded: SIGHTLINE_CRASH_SEED, SIGHTLINE_CRASH_ROUNDS override
the defaults). A save counts as acknowledged when its 200 answer (with `saved_id`, or the list
holding the new item) arrived before the kill. Then a copy of the database as the kill left it (file and write-ahead log) must pass
`PRAGMA integrity_check` and hold only whole rows, and the server started again on the same
directory must serve every capture and shopping-list item ever acknowledged, each capture's image a
JPEG.

    .venv/bin/python -m unittest discover -s WebTests -p test_crash_safety.py
"""
import hashlib
import http.client
import io
import json
import os
import pathlib
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import unittest

from PIL import Image

from keep_alive_client import Client
from sightline_server import REPOSITORY, SightlineServer

PHOTO = (REPOSITORY / "Samples" / "cabbage.jpg").read_bytes()
ROUNDS = int(os.environ.get("SIGHTLINE_CRASH_ROUNDS", "15"))
SEED = int(os.environ.get("SIGHTLINE_CRASH_SEED", "20261121"))
CAPTURE_THREADS = 2
KITCHEN_THREADS = 2
# The kill comes this many seconds (uniformly drawn) after the savers start.
KILL_DELAY = (0.1, 2.5)
DATABASE_FILES = ("sightline.sqlite", "sightline.sqlite-wal")


class Acknowledged:
    """The saves the server answered 200 to, collected from several threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.capture_ids = set()
        self.items = set()

    def capture(self, saved_id):
        with self.lock:
            self.capture_ids.add(saved_id)

    def item(self, name):
        with self.lock:
            self.items.add(name)


def save_captures(url, acknowledged, stop):
    client = Client(url)
    try:
        while not stop.is_set():
            status, answer = client.json("POST", "/api/v1/recognize?save=true", PHOTO, "image/jpeg")
            if status == 200 and isinstance(answer.get("saved_id"), int):
                acknowledged.capture(answer["saved_id"])
    except (OSError, http.client.HTTPException):
        pass  # The server was killed: what was not answered was not acknowledged.
    finally:
        client.close()


def add_shopping_items(url, acknowledged, stop, prefix):
    client = Client(url)
    try:
        number = 0
        while not stop.is_set():
            number += 1
            name = f"{prefix} {number}"
            body = json.dumps({"name": name}).encode()
            status, answer = client.json("POST", "/api/v1/kitchen/shopping-list", body, "application/json")
            if status == 200 and name in {item["name"] for item in answer["items"]}:
                acknowledged.item(name)
    except (OSError, http.client.HTTPException):
        pass
    finally:
        client.close()


def is_jpeg(data):
    return data[:2] == b"\xff\xd8" and data[-2:] == b"\xff\xd9"


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


class KillDuringSavesTests(unittest.TestCase):
    def setUp(self):
        self.home = pathlib.Path(tempfile.mkdtemp(prefix="sightline-crash-"))
        self.addCleanup(shutil.rmtree, self.home, ignore_errors=True)

    def test_every_acknowledged_save_survives_sigkill(self):
        chooser = random.Random(SEED)
        acknowledged = Acknowledged()
        kills_with_log = 0
        for round_number in range(1, ROUNDS + 1):
            context = f"round {round_number} of {ROUNDS}, seed {SEED}"
            with SightlineServer(home=self.home) as server:
                if round_number > 1:
                    self.check_served(server.url, acknowledged, context)
                self.warm_up(server.url)
                stop = threading.Event()
                savers = [threading.Thread(target=save_captures, args=(server.url, acknowledged, stop))
                          for _ in range(CAPTURE_THREADS)]
                savers += [threading.Thread(target=add_shopping_items,
                                            args=(server.url, acknowledged, stop, f"crashtest r{round_number} t{index}"))
                           for index in range(KITCHEN_THREADS)]
                for saver in savers:
                    saver.start()
                stop.wait(chooser.uniform(*KILL_DELAY))
                server.kill()
                stop.set()
                for saver in savers:
                    saver.join()
            kills_with_log += (self.home / "sightline.sqlite-wal").exists()
            self.check_file_as_left(acknowledged, context)
        with SightlineServer(home=self.home) as server:
            self.check_served(server.url, acknowledged, f"after {ROUNDS} rounds, seed {SEED}")
        self.assertGreater(len(acknowledged.capture_ids), ROUNDS, "too few captures were saved to test anything")
        self.assertGreater(len(acknowledged.items), ROUNDS, "too few shopping-list items were saved to test anything")
        self.assertGreater(kills_with_log, 0, "no kill left a write-ahead log behind")
        print(f"\n{ROUNDS} kills (seed {SEED}): {len(acknowledged.capture_ids)} captures and "
              f"{len(acknowledged.items)} shopping-list items acknowledged and found; {kills_with_log} kills "
              f"left a write-ahead log", file=sys.stderr)

    def warm_up(self, url):
        """Loads the recognizer's models with one unsaved recognition, so that the kill falls
        among saves rather than while the models load."""
        client = Client(url)
        try:
            self.assertEqual(client.json("POST", "/api/v1/recognize", PHOTO, "image/jpeg")[0], 200)
        finally:
            client.close()

    def check_file_as_left(self, acknowledged, context):
        """Checks a copy of the database and its log as the kill left them (SQLite rolls the
        log forward in the copy as it would for the restarted server)."""
        with tempfile.TemporaryDirectory(prefix="sightline-crash-copy-") as scratch:
            for name in DATABASE_FILES:
                if (self.home / name).exists():
                    shutil.copyfile(self.home / name, pathlib.Path(scratch) / name)
            database = sqlite3.connect(pathlib.Path(scratch) / DATABASE_FILES[0])
            try:
                self.assertEqual(database.execute("PRAGMA integrity_check").fetchall(), [("ok",)], context)
                captures = database.execute(
                    "SELECT id, label, categoryID, confidence, image, thumbnail FROM recognitionCapture").fetchall()
                items = {name for (name,) in database.execute("SELECT name FROM shoppingListItem")}
            finally:
                database.close()
        for capture_id, label, category, confidence, image, thumbnail in captures:
            self.assertTrue(label and category and 0 <= confidence <= 1, f"capture #{capture_id} is partial ({context})")
            self.assertTrue(is_jpeg(image) and is_jpeg(thumbnail), f"capture #{capture_id}'s images are cut ({context})")
        self.assertLessEqual(acknowledged.capture_ids, {row[0] for row in captures},
                             f"acknowledged captures missing from the file ({context})")
        self.assertLessEqual(acknowledged.items, items,
                             f"acknowledged shopping-list items missing from the file ({context})")

    def listed_capture_ids(self, client, context):
        """The ids of every capture the history lists, page by page (at most 500 a page; the
        rounds together save more than that on a fast machine)."""
        listed, offset = set(), 0
        while True:
            status, listing = client.json("GET", f"/api/v1/recognizer/history?limit=500&offset={offset}")
            self.assertEqual(status, 200, context)
            page = [capture["id"] for capture in listing["captures"]]
            listed.update(page)
            if len(page) < 500:
                return listed
            offset += len(page)

    def check_served(self, url, acknowledged, context):
        """Every capture and shopping-list item acknowledged so far is served by the restarted server."""
        client = Client(url)
        try:
            listed = self.listed_capture_ids(client, context)
            self.assertLessEqual(acknowledged.capture_ids, listed, f"captures not listed ({context})")
            for capture_id in sorted(acknowledged.capture_ids):
                status, content_type, image = client.send("GET", f"/api/v1/recognizer/history/{capture_id}/image")
                self.assertEqual((status, content_type), (200, "image/jpeg"), f"capture #{capture_id} ({context})")
                with Image.open(io.BytesIO(image)) as decoded:
                    self.assertEqual(decoded.format, "JPEG")
                    decoded.load()
            status, answer = client.json("GET", "/api/v1/kitchen/shopping-list")
            self.assertEqual(status, 200, context)
            self.assertLessEqual(acknowledged.items, {item["name"] for item in answer["items"]},
                                 f"shopping-list items not served ({context})")
        finally:
            client.close()


class RefusedDatabaseTests(unittest.TestCase):
    """A database the server must not open: start fails with a clear message and exit status,
    and the file is left exactly as it was. The read-only inspection of a file in WAL mode may
    leave SQLite's empty log and its shared-memory index beside it; no other file appears."""

    def setUp(self):
        self.home = pathlib.Path(tempfile.mkdtemp(prefix="sightline-refused-"))
        self.addCleanup(shutil.rmtree, self.home, ignore_errors=True)
        self.database = self.home / "sightline.sqlite"

    def make_real_database(self):
        """A database written by the server itself, with three captures, stopped cleanly and its
        log folded into the file (the last connection to close removes it), so that the file
        alone is the whole database."""
        with SightlineServer(home=self.home) as server:
            client = Client(server.url)
            for _ in range(3):
                status, _ = client.json("POST", "/api/v1/recognize?save=true", PHOTO, "image/jpeg")
                self.assertEqual(status, 200)
            client.close()
        folding = sqlite3.connect(self.database)
        folding.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        folding.close()
        self.assertFalse((self.home / "sightline.sqlite-wal").exists())

    def assert_refused(self, *expected_phrases):
        before = sha256(self.database)
        files_before = sorted(path.name for path in self.home.iterdir())
        binary = SightlineServer().binary
        environment = dict(os.environ, SIGHTLINE_HOME=str(self.home))
        finished = subprocess.run([str(binary), "serve", "--port", "0"], env=environment,
                                  capture_output=True, text=True, timeout=60)
        self.assertNotEqual(finished.returncode, 0, finished.stdout)
        self.assertNotIn("serving on", finished.stdout)
        for phrase in (str(self.database), "left untouched", *expected_phrases):
            self.assertIn(phrase, finished.stderr)
        self.assertEqual(sha256(self.database), before, "the refused database was modified")
        appeared = sorted(set(path.name for path in self.home.iterdir()) - set(files_before))
        self.assertEqual(appeared, [], "the refused start left files beside the database")

    def test_garbage_is_refused(self):
        self.database.write_bytes(random.Random(SEED).randbytes(64 << 10))
        self.assert_refused("is damaged or is not an SQLite database")

    def test_database_with_garbage_pages_is_refused(self):
        self.make_real_database()
        data = bytearray(self.database.read_bytes())
        page_size = int.from_bytes(data[16:18], "big")
        # Pages 2 and 3 hold the first tables' b-trees; the header and schema page stay intact,
        # so the file still opens as an SQLite database.
        data[page_size:3 * page_size] = random.Random(SEED).randbytes(2 * page_size)
        self.database.write_bytes(bytes(data))
        self.assert_refused("is damaged or is not an SQLite database")

    def test_newer_schema_version_is_refused(self):
        self.make_real_database()
        with sqlite3.connect(self.database) as database:
            database.execute("PRAGMA user_version = 999")
        database.close()
        self.assert_refused("newer version of Sightline", "schema version 999")

    def test_unknown_migration_is_refused(self):
        self.make_real_database()
        with sqlite3.connect(self.database) as database:
            database.execute("INSERT INTO grdb_migrations (identifier) VALUES ('fromAFutureSightline')")
        database.close()
        self.assert_refused("newer version of Sightline", "fromAFutureSightline")


if __name__ == "__main__":
    unittest.main()
