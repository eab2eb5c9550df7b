"""A soak of `sightline serve`: 32 clients at once, for SOAK_SECONDS, each sending a seeded mix of
real uploads (classify, recognise, faces, WasteGuard, the Cat Scanner, Kitchen, detect, on the
repository's sample and fixture photos) and hostile requests (unparseable or oversized heads,
broken chunked bodies, bodies that stop half-way, corrupt and mislabelled photos, a PNG of an
extreme shape, a foreign Host). Reported, not timed. What must hold:

- every answer is 2xx, 4xx or 503 (`busy`, with Retry-After) — never another 5xx — and every
  request gets an answer or its connection closed (none hangs past the client's timeout);
- the server's peak resident memory stays under what it held after a warm-up round plus the
  memory budget (`--max-memory-mb`) plus MARGIN_MIB, and once the soak is over its resident
  memory is back within 20 % (and 16 MiB) of the warm-up's;
- its open descriptors are back to the warm-up's count (plus DESCRIPTOR_SLACK): no connection is
  leaked;
- it still answers /healthz.

    .venv/bin/python -m unittest discover -s WebTests -p test_soak.py
"""
import concurrent.futures
import io
import os
import random
import socket
import sys
import time
import unittest
import urllib.parse
from collections import Counter

from PIL import Image

from sightline_server import REPOSITORY, SightlineServer, memory_mib

CLIENTS = 32
SOAK_SECONDS = 20
BUDGET_MIB = 64
MARGIN_MIB = 160
RSS_BACK_FACTOR = 1.2
RSS_BACK_SLACK_MIB = 16
DESCRIPTOR_SLACK = 4
SETTLE_SECONDS = 15
TIMEOUT_SECONDS = 60
SEED = 35

PHOTOS = [REPOSITORY / "Samples" / name for name in ("cabbage.jpg", "glass-bottle.jpg", "green-bell-pepper.jpg")] + [
    REPOSITORY / "Tests" / "SightlineAppsTests" / "Fixtures" / name for name in ("two-faces.jpg", "can-on-courgettes.jpg")]
ROUTES = ["/api/v1/classify", "/api/v1/recognize?save=false", "/api/v1/faces", "/api/v1/waste?mode=check",
          "/api/v1/cat?save=false", "/api/v1/kitchen/identify?add=false", "/api/v1/detect?model=waste-detector"]


def strip_png():
    """A PNG of 1 × 5,000 pixels: refused by its shape before decoding."""
    output = io.BytesIO()
    Image.new("RGB", (1, 5000), (200, 10, 10)).save(output, format="PNG")
    return output.getvalue()


def descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


class Soak:
    """The requests of one soak, sent on raw sockets so that hostile ones can be sent as they are."""

    def __init__(self, url):
        address = urllib.parse.urlsplit(url)
        self.host, self.port = address.hostname, address.port
        self.host_header = f"Host: {address.netloc}\r\n"
        self.photos = [path.read_bytes() for path in PHOTOS]
        self.strip = strip_png()

    def exchange(self, data, read_answer=True):
        """Sends `data`; returns the answer's status (None when the server closed without one)."""
        with socket.create_connection((self.host, self.port), timeout=TIMEOUT_SECONDS) as connection:
            try:
                connection.sendall(data)
            except (BrokenPipeError, ConnectionResetError):
                pass
            if not read_answer:
                return None
            received = b""
            try:
                while b"\r\n" not in received:
                    chunk = connection.recv(65536)
                    if not chunk:
                        break
                    received += chunk
            except ConnectionResetError:
                pass
            except socket.timeout:
                return "hung"
        line = received.split(b"\r\n", 1)[0].split()
        return int(line[1]) if len(line) >= 2 and line[1].isdigit() else None

    def upload(self, route, body, content_type="image/jpeg"):
        head = (f"POST {route} HTTP/1.1\r\n{self.host_header}Content-Type: {content_type}\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        return self.exchange(head.encode() + body)

    def request(self, rng):
        """One request of the mix: (kind, status)."""
        roll = rng.random()
        if roll < 0.6:
            route = rng.choice(ROUTES)
            return "upload " + route.split("?")[0], self.upload(route, rng.choice(self.photos))
        hostile = rng.choice([
            ("unknown method", lambda: self.exchange(f"BREW / HTTP/1.1\r\n{self.host_header}\r\n".encode())),
            ("HTTP/0.9", lambda: self.exchange(b"GET /\r\n\r\n")),
            ("80 KiB URL", lambda: self.exchange(f"GET /{'a' * (80 << 10)} HTTP/1.1\r\n{self.host_header}\r\n".encode())),
            ("1,000 headers", lambda: self.exchange(
                (f"GET / HTTP/1.1\r\n{self.host_header}" + "".join(f"X-{n}: y\r\n" for n in range(1000)) + "\r\n").encode())),
            ("broken chunk size", lambda: self.exchange(
                (f"POST /api/v1/classify HTTP/1.1\r\n{self.host_header}Content-Type: image/jpeg\r\n"
                 "Transfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\nab\r\n").encode())),
            ("body stops half-way", lambda: self.exchange(
                (f"POST /api/v1/classify HTTP/1.1\r\n{self.host_header}Content-Type: image/jpeg\r\n"
                 f"Content-Length: {len(self.photos[0])}\r\n\r\n").encode() + self.photos[0][: len(self.photos[0]) // 2],
                read_answer=False)),
            ("corrupt JPEG", lambda: self.upload("/api/v1/waste?mode=check", self.photos[0][:2000] + bytes(3000))),
            ("text as a photo", lambda: self.upload("/api/v1/classify", b"hello, world", "text/plain")),
            ("a JPEG labelled PNG", lambda: self.upload("/api/v1/cat?save=false", self.photos[1], "image/png")),
            ("1 x 5,000 PNG", lambda: self.upload("/api/v1/detect?model=waste-detector", self.strip, "image/png")),
            ("foreign Host", lambda: self.exchange(b"GET /api/v1/recognizer/history HTTP/1.1\r\nHost: rebind.evil.example\r\n\r\n")),
        ])
        return hostile[0], hostile[1]()


class SoakTests(unittest.TestCase):
    def test_32_clients_of_real_and_hostile_requests(self):
        arguments = ["--max-memory-mb", str(BUDGET_MIB), "--request-timeout-seconds", "5"]
        with SightlineServer(extra_arguments=arguments) as server:
            soak = Soak(server.url)
            self.assertEqual(soak.exchange(f"POST /api/v1/waste/consent HTTP/1.1\r\n{soak.host_header}"
                                           "Content-Length: 0\r\nConnection: close\r\n\r\n".encode()), 200)
            for route in ROUTES:
                self.assertEqual(soak.upload(route, soak.photos[0]), 200, f"warm-up {route}")
            time.sleep(1)
            warm, warm_descriptors = memory_mib(server.pid), descriptors(server.pid)

            def client(number):
                rng = random.Random(SEED * 1000 + number)
                results = []
                end = time.monotonic() + SOAK_SECONDS
                while time.monotonic() < end:
                    results.append(soak.request(rng))
                return results

            with concurrent.futures.ThreadPoolExecutor(max_workers=CLIENTS) as pool:
                results = [result for batch in pool.map(client, range(CLIENTS)) for result in batch]
            # Hostile connections are closed by their deadline (5 s) plus a second's grace; the
            # last ones may take that long after the soak.
            settled = time.monotonic() + SETTLE_SECONDS
            while descriptors(server.pid) > warm_descriptors + DESCRIPTOR_SLACK and time.monotonic() < settled:
                time.sleep(0.5)
            time.sleep(1)
            after, after_descriptors = memory_mib(server.pid), descriptors(server.pid)
            healthy = soak.exchange(f"GET /healthz HTTP/1.1\r\n{soak.host_header}Connection: close\r\n\r\n".encode())

        statuses = Counter(status for _, status in results)
        by_kind = Counter((kind, status) for kind, status in results)
        limit = warm["VmRSS"] + BUDGET_MIB + MARGIN_MIB
        print(f"\nsoak: {len(results)} requests from {CLIENTS} clients in {SOAK_SECONDS} s; statuses {dict(statuses)}; "
              f"VmRSS {warm['VmRSS']:.0f} MiB after the warm-up, VmHWM {after['VmHWM']:.0f} MiB (limit {limit:.0f}), "
              f"VmRSS {after['VmRSS']:.0f} MiB after; descriptors {warm_descriptors} -> {after_descriptors}", file=sys.stderr)
        self.assertNotIn("hung", statuses, [kind for kind, status in results if status == "hung"][:5])
        wrong = {key: count for key, count in by_kind.items()
                 if isinstance(key[1], int) and not (200 <= key[1] < 300 or 400 <= key[1] < 500 or key[1] == 503)}
        self.assertEqual(wrong, {}, "only 2xx, 4xx and 503")
        self.assertGreater(sum(count for (kind, status), count in by_kind.items() if kind.startswith("upload") and status == 200), 0,
                           "real uploads are answered")
        self.assertLess(after["VmHWM"], limit)
        self.assertLess(after["VmRSS"], warm["VmRSS"] * RSS_BACK_FACTOR + RSS_BACK_SLACK_MIB, "the memory comes back")
        self.assertLessEqual(after_descriptors, warm_descriptors + DESCRIPTOR_SLACK, "no connection is leaked")
        self.assertEqual(healthy, 200)


if __name__ == "__main__":
    unittest.main()
