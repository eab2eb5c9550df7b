#!/usr/bin/env python3
"""Load test of `sightline serve` on loopback: CONNECTIONS keep-alive connections send one photo
to a classification route as fast as the server answers, for SECONDS, RUNS times in a row
against one server. Each run reports requests per second, the latency of the answered
classifications (p50, p90, p99, max), the count of every status (only 200 and the deliberate
503 `busy` back-pressure are acceptable) and connection errors, and the server's memory
(VmRSS and VmHWM from /proc/PID/status) before and after, so that growth across runs shows.

A 503 carries Retry-After; a connection waits that long before its next request, as a
well-behaved client does (--ignore-retry-after sends again at once).

    .venv/bin/python scripts/load_test.py                       # starts .build/release/sightline
    .venv/bin/python scripts/load_test.py --binary .build/release/sightline --seconds 60 --runs 3
    .venv/bin/python scripts/load_test.py --url http://127.0.0.1:8080/ --pid 12345

Exit status 0 when every answer was 200 or 503 and no connection failed, else 1.
Standard library only; starting a server uses WebTests/sightline_server.py.
"""
import argparse
import collections
import http.client
import json
import math
import pathlib
import sys
import threading
import time
import urllib.parse

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY / "WebTests"))

from sightline_server import SightlineServer  # noqa: E402

ACCEPTED_STATUSES = {200, 503}


def memory(pid):
    """VmRSS and VmHWM of a process, in MiB."""
    values = {}
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    return sorted_values[max(0, math.ceil(fraction * len(sorted_values)) - 1)]


class Tally:
    """What the connections of one run saw."""

    def __init__(self):
        self.lock = threading.Lock()
        self.statuses = collections.Counter()
        self.errors = collections.Counter()
        self.latencies = []

    def answer(self, status, seconds):
        with self.lock:
            self.statuses[status] += 1
            if status == 200:
                self.latencies.append(seconds)

    def error(self, error):
        with self.lock:
            self.errors[type(error).__name__] += 1


def connection_loop(address, target, body, content_type, deadline, tally, honour_retry_after):
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=120)
    try:
        while time.monotonic() < deadline:
            start = time.monotonic()
            try:
                connection.request("POST", target, body=body, headers={"Content-Type": content_type})
                response = connection.getresponse()
                response.read()
            except (OSError, http.client.HTTPException) as error:
                tally.error(error)
                connection.close()
                connection = http.client.HTTPConnection(address.hostname, address.port, timeout=120)
                continue
            tally.answer(response.status, time.monotonic() - start)
            if response.status == 503 and honour_retry_after:
                wait = float(response.getheader("Retry-After", "1"))
                time.sleep(max(0.0, min(wait, deadline - time.monotonic())))
    finally:
        connection.close()


def run_once(url, pid, arguments, body):
    address = urllib.parse.urlsplit(url)
    target = arguments.path
    tally = Tally()
    before = memory(pid)
    started = time.monotonic()
    deadline = started + arguments.seconds
    threads = [threading.Thread(target=connection_loop,
                                args=(address, target, body, arguments.content_type, deadline, tally,
                                      not arguments.ignore_retry_after))
               for _ in range(arguments.connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    after = memory(pid)
    latencies = sorted(tally.latencies)
    return {
        "seconds": round(elapsed, 1),
        "connections": arguments.connections,
        "requests": sum(tally.statuses.values()),
        "requests_per_second": round(sum(tally.statuses.values()) / elapsed, 1),
        "classified_per_second": round(tally.statuses[200] / elapsed, 1),
        "statuses": {str(status): count for status, count in sorted(tally.statuses.items())},
        "connection_errors": dict(tally.errors),
        "latency_ms": {name: round(percentile(latencies, fraction) * 1000, 1)
                       for name, fraction in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))},
        "memory_mib_before": {key: round(value, 1) for key, value in before.items()},
        "memory_mib_after": {key: round(value, 1) for key, value in after.items()},
    }


def describe(number, result):
    statuses = ", ".join(f"{status}: {count}" for status, count in result["statuses"].items())
    errors = ", ".join(f"{name}: {count}" for name, count in result["connection_errors"].items()) or "none"
    latency = result["latency_ms"]
    return (f"run {number}: {result['requests']} requests in {result['seconds']} s from {result['connections']} connections "
            f"= {result['requests_per_second']} requests/s, {result['classified_per_second']} classified/s\n"
            f"  statuses {statuses}; connection errors {errors}\n"
            f"  latency of 200 answers: p50 {latency['p50']} ms, p90 {latency['p90']} ms, p99 {latency['p99']} ms, "
            f"max {latency['max']} ms\n"
            f"  server VmRSS {result['memory_mib_before']['VmRSS']} -> {result['memory_mib_after']['VmRSS']} MiB, "
            f"VmHWM {result['memory_mib_before']['VmHWM']} -> {result['memory_mib_after']['VmHWM']} MiB")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", help="the sightline executable to start (default: .build/release/sightline "
                                         "or $SIGHTLINE_BINARY)")
    parser.add_argument("--url", help="load an already running server instead of starting one (needs --pid)")
    parser.add_argument("--pid", type=int, help="the process id of the server given with --url")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--photo", type=pathlib.Path, default=REPOSITORY / "Samples" / "cabbage.jpg")
    parser.add_argument("--content-type", default="image/jpeg")
    parser.add_argument("--path", default="/api/v1/classify", help="the route to load (default /api/v1/classify)")
    parser.add_argument("--ignore-retry-after", action="store_true", help="send again at once after a 503")
    parser.add_argument("--json", action="store_true", help="one JSON object per run instead of text")
    arguments = parser.parse_args()
    if bool(arguments.url) != bool(arguments.pid):
        parser.error("--url and --pid go together")
    body = arguments.photo.read_bytes()

    def load(url, pid):
        results = []
        for number in range(1, arguments.runs + 1):
            result = run_once(url, pid, arguments, body)
            results.append(result)
            print(json.dumps(result) if arguments.json else describe(number, result), flush=True)
        return results

    if arguments.url:
        results = load(arguments.url, arguments.pid)
    else:
        with SightlineServer(binary=arguments.binary) as server:
            if not arguments.json:
                print(f"server {server.binary} (pid {server.pid}) at {server.url}", flush=True)
            results = load(server.url, server.pid)
    failed = any(set(map(int, result["statuses"])) - ACCEPTED_STATUSES or result["connection_errors"] for result in results)
    if not arguments.json and len(results) > 1:
        first, last = results[0]["memory_mib_after"]["VmRSS"], results[-1]["memory_mib_after"]["VmRSS"]
        print(f"VmRSS after run 1: {first} MiB, after run {len(results)}: {last} MiB ({last - first:+.1f} MiB)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
