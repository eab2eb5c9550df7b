"""Privacy as tested behaviour of `sightline serve`.

WasteGuard never writes an analysed photo anywhere: during a whole WasteGuard session (consent,
photos analysed in both modes as raw bodies and as a form upload, the live camera WebSocket fed
frames) the data directory and the server's own temp directory (TMPDIR) are watched with
inotify, and nothing but the SQLite database, its write-ahead log and shared-memory index may be
created or written; the database files must not contain any photo's bytes, and no table
that holds images gains a row. Where strace is installed, the whole process is traced too: it
must open no file anywhere for writing other than those three.

Deleting a history entry (an Object Recognizer capture, a Cat Scanner scan; one, or all) removes
its image bytes from the database file and its log: the store deletes with `secure_delete` and
truncates the log, checked by searching the raw files for pieces of the stored JPEGs.

    .venv/bin/python -m unittest discover -s WebTests -p test_privacy.py
"""
import ctypes
import json
import os
import pathlib
import re
import shutil
import signal
import sqlite3
import struct
import subprocess
import tempfile
import unittest
import urllib.parse

import websockets.sync.client

from keep_alive_client import Client
from sightline_server import REPOSITORY, SightlineServer

SAMPLES = REPOSITORY / "Samples"
APPS_FIXTURES = REPOSITORY / "Tests" / "SightlineAppsTests" / "Fixtures"
PHOTOS = sorted(SAMPLES.glob("*.jpg")) + [APPS_FIXTURES / "plastic-bag.jpg", APPS_FIXTURES / "beer-bottle.jpg"]
CAT_PHOTO = REPOSITORY / "WebTests" / "Fixtures" / "siamese-cat.jpg"
DATABASE_FILES = ("sightline.sqlite", "sightline.sqlite-wal", "sightline.sqlite-shm")
# Tables whose rows hold photos; a WasteGuard session must not add to them.
IMAGE_TABLES = ("recognitionCapture", "catScan")
CHUNK_LENGTH = 32
CHUNK_COUNT = 8


def chunks(data):
    """Pieces of `data` spread over its entropy-coded body: byte strings that occur in a file
    only if the photo (or a copy of it) was written there. SQLite splits a large blob over
    overflow pages, each starting with a 4-byte link, so a stored image holds most pieces
    verbatim but a piece that straddles a page boundary does not appear as it is."""
    return [data[len(data) * (index + 1) // (CHUNK_COUNT + 1):][:CHUNK_LENGTH] for index in range(CHUNK_COUNT)]


def database_bytes(home):
    """The database file, its log and its shared-memory index, as they are on disk."""
    return b"".join((home / name).read_bytes() for name in DATABASE_FILES if (home / name).exists())


class FileWatch:
    """Every file created, written, moved or deleted below some directories, recorded with
    Linux inotify (through the C library: the standard library has no binding). Directories
    created below them are watched as soon as they appear; symbolic links are not followed."""

    EVENTS = {0x2: "modified", 0x8: "closed after writing", 0x40: "moved away", 0x80: "moved in",
              0x100: "created", 0x200: "deleted"}
    IS_DIRECTORY = 0x40000000
    NONBLOCK = 0o4000
    HEADER = struct.Struct("iIII")

    def __init__(self, *roots):
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.descriptor = self.libc.inotify_init1(self.NONBLOCK)
        if self.descriptor < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1 failed")
        self.directories = {}
        self.changes = []
        for root in roots:
            for directory, _, _ in os.walk(root):
                self.watch(pathlib.Path(directory))

    def watch(self, directory):
        mask = sum(self.EVENTS)
        number = self.libc.inotify_add_watch(self.descriptor, os.fsencode(directory), mask)
        if number < 0:
            raise OSError(ctypes.get_errno(), f"inotify_add_watch failed for {directory}")
        self.directories[number] = directory

    def collect(self):
        """Reads the events queued so far into `changes` as (path, what) pairs."""
        while True:
            try:
                data = os.read(self.descriptor, 1 << 16)
            except BlockingIOError:
                return
            offset = 0
            while offset < len(data):
                number, mask, _, length = self.HEADER.unpack_from(data, offset)
                name = data[offset + self.HEADER.size:offset + self.HEADER.size + length].rstrip(b"\0")
                offset += self.HEADER.size + length
                path = self.directories.get(number, pathlib.Path("?")) / os.fsdecode(name)
                for bit, what in self.EVENTS.items():
                    if mask & bit:
                        self.changes.append((path, what))
                if mask & self.IS_DIRECTORY and mask & 0x100:
                    self.watch(path)

    def close(self):
        os.close(self.descriptor)


class Tracer:
    """strace attached to a running process and its threads, logging the system calls that
    create, open, rename, link or remove files; `written_paths()` lists the files opened for
    writing and the files created, renamed, linked or removed."""

    CALLS = "open,openat,openat2,creat,rename,renameat,renameat2,link,linkat,symlink,symlinkat,mkdir,mkdirat,unlink,unlinkat,truncate"
    OPEN = re.compile(r'^\d+\s+(?:open|openat|openat2|creat)\((?:[^,]+, )?"([^"]*)", ([A-Z_|]+)[^)]*\)\s+=\s+(\d+)')
    CHANGE = re.compile(r'^\d+\s+(?:rename\w*|link\w*|symlink\w*|mkdir\w*|unlink\w*|truncate)\((.*)\)\s+=\s+0')
    WRITING = ("O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC")

    def __init__(self, pid, log):
        self.log = log
        self.process = subprocess.Popen(
            ["strace", "-f", "-p", str(pid), "-e", f"trace={self.CALLS}", "-o", str(log)],
            stderr=subprocess.PIPE, text=True)
        # strace says "Process N attached" for each thread before tracing it.
        line = self.process.stderr.readline()
        if "attached" not in line:
            raise RuntimeError(f"strace did not attach: {line}")

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=60)
        self.process.stderr.close()

    def paths(self):
        """The files opened (for reading or writing) and those written: opened for writing,
        created, renamed, linked or removed."""
        opened, written = [], []
        for line in self.log.read_text().splitlines():
            match = self.OPEN.match(line)
            if match:
                opened.append(match.group(1))
                if any(flag in match.group(2).split("|") for flag in self.WRITING):
                    written.append(match.group(1))
            match = self.CHANGE.match(line)
            if match:
                written.extend(re.findall(r'"([^"]*)"', match.group(1)))
        return opened, written


class WasteGuardSessionTests(unittest.TestCase):
    def setUp(self):
        self.home = pathlib.Path(tempfile.mkdtemp(prefix="sightline-privacy-home-"))
        self.temp = pathlib.Path(tempfile.mkdtemp(prefix="sightline-privacy-tmp-"))
        self.addCleanup(shutil.rmtree, self.home, ignore_errors=True)
        self.addCleanup(shutil.rmtree, self.temp, ignore_errors=True)
        self.server = SightlineServer(home=self.home, environment={"TMPDIR": str(self.temp)})
        self.server.__enter__()
        self.addCleanup(self.server.__exit__, None, None, None)
        self.client = Client(self.server.url)
        self.addCleanup(self.client.close)

    def session(self):
        """A WasteGuard session; returns every photo and frame it sent."""
        sent = []
        status, consent = self.client.json("POST", "/api/v1/waste/consent")
        self.assertEqual((status, consent["granted"]), (200, True))
        for mode in ("check", "classify"):
            for photo in PHOTOS:
                data = photo.read_bytes()
                status, report = self.client.json("POST", f"/api/v1/waste?mode={mode}", data, "image/jpeg")
                self.assertEqual(status, 200, report)
                sent.append(data)
        data = PHOTOS[0].read_bytes()
        boundary = "sightline-privacy-boundary"
        form = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"../../etc/kept.jpg\"\r\n"
                f"Content-Type: image/jpeg\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
        status, report = self.client.json("POST", "/api/v1/waste?mode=check", form, f"multipart/form-data; boundary={boundary}")
        self.assertEqual(status, 200, report)
        address = urllib.parse.urlsplit(self.server.url)
        for mode in ("check", "classify"):
            url = f"ws://{address.hostname}:{address.port}/api/v1/live?app=waste&mode={mode}"
            with websockets.sync.client.connect(url, open_timeout=60, max_size=None) as socket:
                for photo in PHOTOS:
                    frame = photo.read_bytes()
                    socket.send(frame)
                    answer = json.loads(socket.recv(timeout=120))
                    self.assertIn("result", answer, answer)
                    sent.append(frame)
        return sent

    def image_rows(self):
        with sqlite3.connect(f"file:{self.home / 'sightline.sqlite'}?mode=ro", uri=True) as database:
            return {table: database.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in IMAGE_TABLES}

    def test_session_writes_only_the_database_and_never_a_photo(self):
        rows_before = self.image_rows()
        watch = FileWatch(self.home, self.temp)
        self.addCleanup(watch.close)
        sent = self.session()
        watch.collect()
        allowed = {self.home / name for name in DATABASE_FILES}
        self.assertEqual([change for change in watch.changes if change[0] not in allowed], [])
        self.assertIn((self.home / "sightline.sqlite-wal", "modified"), watch.changes,
                      "the watch did not even see the consent being saved")
        self.assertEqual(list(self.temp.iterdir()), [])
        stored = database_bytes(self.home)
        for data in sent:
            for chunk in chunks(data):
                self.assertFalse(chunk in stored, "a piece of an analysed photo is in the database files")
        self.assertEqual(self.image_rows(), rows_before)

    @unittest.skipUnless(shutil.which("strace"), "strace is not installed (Debian package strace)")
    def test_session_opens_no_file_for_writing_anywhere_but_the_database(self):
        tracer = Tracer(self.server.pid, self.temp.parent / f"{self.temp.name}.strace")
        self.addCleanup(lambda: tracer.log.unlink(missing_ok=True))
        try:
            self.session()
        finally:
            tracer.stop()
        opened, written = tracer.paths()
        allowed = {str(self.home / name) for name in DATABASE_FILES}
        self.assertEqual([path for path in written if path not in allowed], [])
        self.assertTrue(any(path.endswith("model.onnx") for path in opened),
                        "the trace did not even see WasteGuard's models being loaded")


class DeletionErasesImageBytesTests(unittest.TestCase):
    def setUp(self):
        self.home = pathlib.Path(tempfile.mkdtemp(prefix="sightline-privacy-delete-"))
        self.addCleanup(shutil.rmtree, self.home, ignore_errors=True)

    def save_capture(self, client, photo):
        """Saves a capture of `photo`; returns its id and its stored image and thumbnail."""
        status, answer = client.json("POST", "/api/v1/recognize?save=true", photo.read_bytes(), "image/jpeg")
        self.assertEqual(status, 200, answer)
        capture_id = answer["saved_id"]
        stored = [client.send("GET", f"/api/v1/recognizer/history/{capture_id}/{kind}")[2] for kind in ("image", "thumbnail")]
        return capture_id, stored

    def save_cat_scan(self, client, photo):
        status, answer = client.json("POST", "/api/v1/cat?save=true", photo.read_bytes(), "image/jpeg")
        if status == 404 and answer["error"]["code"] == "model_not_installed":
            self.skipTest("the Cat Scanner's models are not installed (make models)")
        self.assertEqual(status, 200, answer)
        scan_id = answer["history_id"]
        stored = [client.send("GET", f"/api/v1/cat/history/{scan_id}/{kind}")[2] for kind in ("photo", "thumbnail")]
        return scan_id, stored

    def assert_erased(self, deleted, kept):
        """The pieces of the deleted images are in none of the database files; those of the
        kept ones still are (so the search finds what is there)."""
        on_disk = database_bytes(self.home)
        for image in deleted:
            for chunk in chunks(image):
                self.assertFalse(chunk in on_disk, "a deleted image's bytes are still in the database files")
        for image in kept:
            found = sum(chunk in on_disk for chunk in chunks(image))
            self.assertGreaterEqual(found, CHUNK_COUNT - 2, "a kept image's bytes are not found in the database files")

    def check_deletion(self, save, delete_path, photos):
        """Saves two entries of different photos, deletes the first; checks the running
        server's files and, after a clean stop, the closed file."""
        with SightlineServer(home=self.home) as server:
            client = Client(server.url)
            try:
                first_id, first = save(client, photos[0])
                _, second = save(client, photos[1])
                self.assert_erased([], first + second)
                status, answer = client.json("DELETE", delete_path.format(id=first_id))
                self.assertEqual((status, answer), (200, {"deleted": 1}))
                self.assert_erased(first, second)
            finally:
                client.close()
        self.assert_erased(first, second)

    def test_deleting_a_capture_erases_its_images(self):
        self.check_deletion(self.save_capture, "/api/v1/recognizer/history/{id}", PHOTOS[:2])

    def test_deleting_a_cat_scan_erases_its_photos(self):
        self.check_deletion(self.save_cat_scan, "/api/v1/cat/history/{id}", (CAT_PHOTO, PHOTOS[0]))

    def test_clearing_the_history_erases_every_image(self):
        with SightlineServer(home=self.home) as server:
            client = Client(server.url)
            try:
                stored = []
                for photo in PHOTOS[:3]:
                    stored += self.save_capture(client, photo)[1]
                self.assert_erased([], stored)
                status, answer = client.json("DELETE", "/api/v1/recognizer/history")
                self.assertEqual((status, answer), (200, {"deleted": 3}))
                self.assert_erased(stored, [])
            finally:
                client.close()
        self.assert_erased(stored, [])


if __name__ == "__main__":
    unittest.main()
