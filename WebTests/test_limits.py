"""Memory stays bounded while serving: 100 photos of 24 megapixels uploaded to `sightline serve`
in parallel, on 100 connections at once, and the server's peak resident memory (VmHWM in
/proc/PID/status, over its whole life) stays under PEAK_RSS_LIMIT_MIB — once with all of them
admitted to the inference queue (`--inference-queue 100`: all are classified), once with the
default queue (the rest are refused with 503 `busy` and Retry-After, and nothing else).

This holds because an upload is read only when an inference slot takes it (two by default):
the waiting requests' photos stay in the connections' socket buffers, not in the server; and a
JPEG far larger than the model input is decoded at a reduced scale. The photo is made at test
time from a real one (Samples/green-bell-pepper.jpg) enlarged to 6000 x 4000 with Pillow, with
sensor-like noise added (seeded) so that it compresses like a camera's photo, not like a
smooth enlargement.

The limit comes from measurement (RELIABILITY.md): the debug build peaked at 217-231 MiB with
all 100 queued (about 0.45 MiB more per queued request: the read-ahead of its body) and at
177-223 MiB with the default queue; the limit leaves room for allocator and build differences
while staying far below what holding the uploads (100 x 7 MiB) or their decoded pixels
(100 x 69 MiB) would take.

The request time limit (`--request-timeout-seconds`) is checked from outside too: an upload
that stalls half-way, and one that trickles in a byte at a time, are answered 408
`request_timeout` naming the limit and their connection is closed; so is a connection that
sends nothing, or trickles the head of its first request, for longer than the limit. (The parallel uploads run
with a limit of 600 s: with all 100 admitted to the queue the last ones wait longer than the
default 30 s on a slow debug build, and would rightly be answered 408.)

    .venv/bin/python -m unittest discover -s WebTests -p test_limits.py
"""
import concurrent.futures
import http.client
import io
import json
import pathlib
import select
import socket
import sys
import time
import unittest
import urllib.parse

import numpy
from PIL import Image

from sightline_server import REPOSITORY, SightlineServer

SOURCE_PHOTO = REPOSITORY / "Samples" / "green-bell-pepper.jpg"
SIZE = (6000, 4000)
NOISE_SIGMA = 8
UPLOADS = 100
PEAK_RSS_LIMIT_MIB = 320


def large_photo():
    """The source photo enlarged to 24 megapixels with noise added, as a JPEG."""
    with Image.open(SOURCE_PHOTO) as photo:
        enlarged = numpy.asarray(photo.convert("RGB").resize(SIZE, Image.Resampling.BICUBIC), dtype=numpy.int16)
    noise = numpy.random.default_rng(24).normal(0, NOISE_SIGMA, enlarged.shape).astype(numpy.int16)
    noisy = numpy.clip(enlarged + noise, 0, 255).astype(numpy.uint8)
    output = io.BytesIO()
    Image.fromarray(noisy).save(output, format="JPEG", quality=92)
    return output.getvalue()


def memory_mib(pid):
    values = {}
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values


def classify(url, photo):
    """Status, Retry-After and JSON body of one classification on a new connection."""
    address = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=110)
    try:
        connection.request("POST", "/api/v1/classify?top=1", body=photo, headers={"Content-Type": "image/jpeg"})
        response = connection.getresponse()
        return response.status, response.getheader("Retry-After"), json.loads(response.read())
    finally:
        connection.close()


class ParallelLargeUploadTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.photo = large_photo()

    def upload_in_parallel(self, extra_arguments):
        """One classification, then UPLOADS at once; returns the first answer, the others and
        the server's memory after the first and after all."""
        with SightlineServer(extra_arguments=extra_arguments) as server:
            first = classify(server.url, self.photo)
            self.assertEqual(first[0], 200, first)
            after_one = memory_mib(server.pid)
            with concurrent.futures.ThreadPoolExecutor(max_workers=UPLOADS) as pool:
                answers = list(pool.map(lambda _: classify(server.url, self.photo), range(UPLOADS)))
            after_all = memory_mib(server.pid)
        print(f"\n{UPLOADS} parallel uploads of a {len(self.photo) / (1 << 20):.1f} MiB {SIZE[0]}x{SIZE[1]} JPEG "
              f"({' '.join(extra_arguments) or 'default queue'}): VmHWM {after_one['VmHWM']:.0f} MiB after one, "
              f"{after_all['VmHWM']:.0f} MiB after all (limit {PEAK_RSS_LIMIT_MIB} MiB)", file=sys.stderr)
        return first, answers, after_all

    def test_all_queued_are_classified_under_the_memory_limit(self):
        first, answers, memory = self.upload_in_parallel(["--inference-queue", str(UPLOADS), "--request-timeout-seconds", "600"])
        self.assertEqual([status for status, _, _ in answers], [200] * UPLOADS,
                         [answer for status, _, answer in answers if status != 200][:3])
        label = first[2]["results"][0]["label"]
        self.assertEqual({answer["results"][0]["label"] for _, _, answer in answers}, {label})
        self.assertLess(memory["VmHWM"], PEAK_RSS_LIMIT_MIB)

    def test_beyond_the_default_queue_is_refused_busy_under_the_memory_limit(self):
        _, answers, memory = self.upload_in_parallel([])
        refused = [(retry_after, answer["error"]["code"]) for status, retry_after, answer in answers if status == 503]
        self.assertEqual(set(status for status, _, _ in answers) - {503}, {200})
        self.assertEqual(set(refused), {("1", "busy")})
        self.assertLess(memory["VmHWM"], PEAK_RSS_LIMIT_MIB)


class RequestTimeLimitTests(unittest.TestCase):
    """A server with a request time limit of 1 s, sent uploads that never finish."""

    LIMIT_SECONDS = 1

    @classmethod
    def setUpClass(cls):
        cls.photo = SOURCE_PHOTO.read_bytes()
        cls.server = SightlineServer(extra_arguments=["--request-timeout-seconds", str(cls.LIMIT_SECONDS)])
        cls.server.__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.server.__exit__(None, None, None)

    def connect_and_send_head(self):
        address = urllib.parse.urlsplit(self.server.url)
        connection = socket.create_connection((address.hostname, address.port), timeout=60)
        connection.sendall((f"POST /api/v1/classify HTTP/1.1\r\nHost: {address.netloc}\r\n"
                            f"Content-Type: image/jpeg\r\nContent-Length: {len(self.photo)}\r\n\r\n").encode())
        return connection

    def assert_answered_408_and_closed(self, connection, message=None):
        response = http.client.HTTPResponse(connection)
        response.begin()
        body = json.loads(response.read())
        self.assertEqual(response.status, 408, body)
        self.assertEqual(response.getheader("Connection"), "close")
        self.assertEqual(body["error"]["code"], "request_timeout")
        self.assertIn(message or f"request time limit of {self.LIMIT_SECONDS} s (--request-timeout-seconds)",
                      body["error"]["message"])
        # The server reads nothing more and closes the connection (the socket's own 60 s
        # timeout only guards the test against hanging).
        try:
            while connection.recv(65536):
                pass
        except ConnectionResetError:
            pass

    def test_an_upload_that_stalls_half_way_is_answered_408_and_cut_off(self):
        connection = self.connect_and_send_head()
        try:
            connection.sendall(self.photo[: len(self.photo) // 2])
            self.assert_answered_408_and_closed(connection)
        finally:
            connection.close()

    def test_an_upload_that_trickles_in_is_answered_408_and_cut_off(self):
        connection = self.connect_and_send_head()
        try:
            for byte in self.photo:
                connection.sendall(bytes([byte]))
                readable, _, _ = select.select([connection], [], [], 0.05)
                if readable:
                    break
            else:
                self.fail("the whole photo was sent one byte at a time without an answer")
            self.assert_answered_408_and_closed(connection)
        finally:
            connection.close()

    def connect(self):
        address = urllib.parse.urlsplit(self.server.url)
        return socket.create_connection((address.hostname, address.port), timeout=60)

    HEAD_MESSAGE = f"did not arrive within the request time limit of {LIMIT_SECONDS} s (--request-timeout-seconds)"

    def test_a_connection_that_sends_nothing_is_answered_408_and_closed(self):
        connection = self.connect()
        try:
            self.assert_answered_408_and_closed(connection, self.HEAD_MESSAGE)
        finally:
            connection.close()

    def test_a_first_request_head_that_trickles_in_is_answered_408_and_closed(self):
        connection = self.connect()
        head = f"GET /healthz HTTP/1.1\r\nHost: localhost\r\nUser-Agent: {'x' * 200}\r\n\r\n".encode()
        try:
            for byte in head[:-2]:
                connection.sendall(bytes([byte]))
                readable, _, _ = select.select([connection], [], [], 0.05)
                if readable:
                    break
            else:
                self.fail("the whole head but its last line end was sent one byte at a time without an answer")
            self.assert_answered_408_and_closed(connection, self.HEAD_MESSAGE)
        finally:
            connection.close()

    def test_a_connection_kept_open_after_a_quick_first_request_keeps_working(self):
        connection = http.client.HTTPConnection(urllib.parse.urlsplit(self.server.url).netloc, timeout=60)
        try:
            for _ in range(3):
                connection.request("GET", "/healthz")
                response = connection.getresponse()
                response.read()
                self.assertEqual(response.status, 200)
                # Longer than the limit in all, though under the idle timeout (twice the limit).
                time.sleep(self.LIMIT_SECONDS * 0.6)
        finally:
            connection.close()


if __name__ == "__main__":
    unittest.main()
