#!/usr/bin/env python3
"""Load on two `sightline serve` replicas sharing one PostgreSQL database, as behind a load
balancer: CLIENTS threads for SECONDS, each sending a seeded mix of writes and reads to the two
replicas in turn — shopping-list items added and ticked off, photos recognised and saved to the
history, ingredients added, the lists and the history read back — and then checks, through the
other replica, that every write that was answered 2xx is there.

Reports requests per second, every status by replica, the latency of the answered requests
(p50, p95, max) and the writes that were lost. Only 2xx, the deliberate 4xx of the mix and 503
(back-pressure `busy` or `storage_unavailable`, with Retry-After, which a client honours) are
acceptable; exit status 1 on any other 5xx, a connection error or a lost write.

    scripts/with-postgres.sh .venv/bin/python scripts/replica_load.py            # a throw-away cluster
    .venv/bin/python scripts/replica_load.py --database postgres://…/sightline   # an existing, empty database

With --database the replicas use that database as it is (create an empty one for the run);
otherwise a fresh database is created on $SIGHTLINE_TEST_POSTGRES_URL's server and dropped after.
"""
import argparse
import collections
import http.client
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY / "WebTests"))

import load_test  # noqa: E402
from load_test import percentile  # noqa: E402
from postgres_database import SERVER_VARIABLE, with_database  # noqa: E402
from sightline_server import SightlineServer  # noqa: E402

PHOTOS = [(REPOSITORY / "Samples" / name).read_bytes() for name in ("cabbage.jpg", "zucchini.jpg", "glass-bottle.jpg")]
INGREDIENTS = ["tomato", "onion", "garlic", "carrot", "potato", "egg", "rice", "lemon"]


class Tally(load_test.Tally):
    """What every client saw (statuses and errors by replica and kind of request), and the
    writes the replicas confirmed."""

    def __init__(self):
        super().__init__()
        self.items = set()
        self.captures = set()
        self.ingredients = set()

    def answer(self, replica, kind, status, seconds):
        with self.lock:
            self.statuses[(replica, kind, status)] += 1
            if 200 <= status < 300:
                self.latencies.append(seconds)

    def error(self, replica, kind, error):
        with self.lock:
            self.errors[(replica, kind, type(error).__name__)] += 1


class Client:
    """One simulated user: a keep-alive connection to each replica, used in turn."""

    def __init__(self, number, servers, tally, deadline, seed):
        self.number = number
        self.addresses = [urllib.parse.urlsplit(server.url) for server in servers]
        self.connections = [None] * len(servers)
        self.tally = tally
        self.deadline = deadline
        self.random = random.Random(seed * 1000 + number)
        self.turn = number % len(servers)
        self.written_items = []

    def connection(self, replica):
        if self.connections[replica] is None:
            address = self.addresses[replica]
            self.connections[replica] = http.client.HTTPConnection(address.hostname, address.port, timeout=120)
        return self.connections[replica]

    def send(self, kind, method, path, body=None, content_type=None):
        """(status, parsed JSON or None) of one request to the next replica; None on a connection error."""
        replica = self.turn
        self.turn = (self.turn + 1) % len(self.addresses)
        headers = {"Content-Type": content_type} if content_type else {}
        start = time.monotonic()
        try:
            connection = self.connection(replica)
            connection.request(method, "/api/v1/" + path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            retry_after = response.getheader("Retry-After")
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
                self.connections[replica] = None
        except (OSError, http.client.HTTPException) as error:
            self.tally.error(replica, kind, error)
            if self.connections[replica] is not None:
                self.connections[replica].close()
                self.connections[replica] = None
            return None
        self.tally.answer(replica, kind, response.status, time.monotonic() - start)
        if response.status == 503 and retry_after:
            time.sleep(min(float(retry_after), 2.0))
        parsed = json.loads(data) if data and response.getheader("Content-Type", "").startswith("application/json") else None
        return response.status, parsed

    def json(self, kind, method, path, value):
        return self.send(kind, method, path, json.dumps(value).encode(), "application/json")

    def run(self):
        step = 0
        while time.monotonic() < self.deadline:
            step += 1
            choice = self.random.random()
            if choice < 0.30:
                name = f"load item {self.number}-{step}"
                answer = self.json("shopping-add", "POST", "kitchen/shopping-list", {"name": name, "amount": "1"})
                if answer and 200 <= answer[0] < 300:
                    with self.tally.lock:
                        self.tally.items.add(name)
                    mine = [item for item in answer[1]["items"] if item["name"] == name]
                    self.written_items.extend(item["id"] for item in mine)
            elif choice < 0.40 and self.written_items:
                self.send("shopping-tick", "PATCH", f"kitchen/shopping-list/{self.random.choice(self.written_items)}")
            elif choice < 0.55:
                answer = self.send("recognize-save", "POST", "recognize?save=true", self.random.choice(PHOTOS), "image/jpeg")
                if answer and answer[0] == 200:
                    with self.tally.lock:
                        self.tally.captures.add(answer[1]["saved_id"])
            elif choice < 0.62:
                name = self.random.choice(INGREDIENTS)
                answer = self.json("ingredient-add", "POST", "kitchen/ingredients", {"name": name})
                if answer and answer[0] == 200:
                    with self.tally.lock:
                        self.tally.ingredients.add(name)
            elif choice < 0.75:
                self.send("shopping-read", "GET", "kitchen/shopping-list")
            elif choice < 0.90:
                self.send("history-read", "GET", f"recognizer/history?limit=20&offset={self.random.randrange(0, 40)}")
            else:
                self.send("ingredients-read", "GET", "kitchen/ingredients")
        for connection in self.connections:
            if connection is not None:
                connection.close()


def read_all(server, path, key, page=500):
    """Every entry of a paged list on one replica."""
    entries, offset = [], 0
    address = urllib.parse.urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=120)
    try:
        while True:
            connection.request("GET", f"/api/v1/{path}?limit={page}&offset={offset}")
            response = connection.getresponse()
            batch = json.loads(response.read())[key]
            entries.extend(batch)
            if len(batch) < page:
                return entries
            offset += page
    finally:
        connection.close()


def read_once(server, path):
    """The JSON answer of one GET of `path` (below /api/v1/, or absolute) on one replica."""
    address = urllib.parse.urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=120)
    try:
        connection.request("GET", path if path.startswith("/") else f"/api/v1/{path}")
        return json.loads(connection.getresponse().read())
    finally:
        connection.close()


def psql(server_url, statement):
    subprocess.run(["psql", "--no-psqlrc", "--quiet", "--set", "ON_ERROR_STOP=1", server_url, "-c", statement],
                   check=True, capture_output=True, text=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", help="a postgres:// URL of an empty database (default: a fresh one on $SIGHTLINE_TEST_POSTGRES_URL)")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", help="the sightline binary (default .build/release/sightline)")
    options = parser.parse_args()

    created = None
    database = options.database
    if not database:
        server_url = os.environ.get(SERVER_VARIABLE)
        if not server_url:
            sys.exit(f"error: give --database, or run through scripts/with-postgres.sh (${SERVER_VARIABLE})")
        created = "sightline_load_" + uuid.uuid4().hex
        psql(server_url, f"CREATE DATABASE {created}")
        database = with_database(server_url, created)
    homes = [pathlib.Path(tempfile.mkdtemp(prefix="sightline-replica-")) for _ in range(2)]
    try:
        arguments = ["--database", database]
        with SightlineServer(binary=options.binary, home=homes[0], extra_arguments=arguments, warm_up=True) as first, \
                SightlineServer(binary=options.binary, home=homes[1], extra_arguments=arguments, warm_up=True) as second:
            servers = [first, second]
            for server in servers:
                deadline = time.monotonic() + 300
                while read_once(server, "/readyz").get("status") != "ready":
                    if time.monotonic() > deadline:
                        sys.exit(f"error: {server.url} did not become ready")
                    time.sleep(1)
            tally = Tally()
            start = time.monotonic()
            clients = [Client(number, servers, tally, start + options.seconds, options.seed) for number in range(options.clients)]
            threads = [threading.Thread(target=client.run) for client in clients]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.monotonic() - start

            # Every confirmed write, read back through each replica.
            lost = {}
            for index, server in enumerate(servers):
                items = {item["name"] for item in read_once(server, "kitchen/shopping-list")["items"]}
                captures = {entry["id"] for entry in read_all(server, "recognizer/history", "captures")}
                ingredients = set(read_once(server, "kitchen/ingredients")["ingredients"])
                lost[index] = (len(tally.items - items), len(tally.captures - captures), len(tally.ingredients - ingredients))

        answered = sum(tally.statuses.values())
        bad = {key: count for key, count in tally.statuses.items() if key[2] >= 500 and key[2] != 503}
        latencies = sorted(tally.latencies)
        print(f"{options.clients} clients, {elapsed:.0f} s, 2 replicas on one PostgreSQL database: "
              f"{answered} answers ({answered / elapsed:.1f}/s), {sum(tally.errors.values())} connection errors")
        print(f"answered 2xx latency: p50 {percentile(latencies, 0.5) * 1000:.0f} ms, p95 {percentile(latencies, 0.95) * 1000:.0f} ms, "
              f"max {latencies[-1] * 1000 if latencies else float('nan'):.0f} ms")
        by_kind = collections.defaultdict(collections.Counter)
        for (replica, kind, status), count in tally.statuses.items():
            by_kind[kind][f"r{replica}:{status}"] += count
        for kind in sorted(by_kind):
            print(f"  {kind:17} {dict(sorted(by_kind[kind].items()))}")
        print(f"confirmed writes: {len(tally.items)} shopping items, {len(tally.captures)} saved captures, "
              f"{len(tally.ingredients)} ingredients")
        for index, (items, captures, ingredients) in lost.items():
            print(f"missing when read through replica {index}: {items} items, {captures} captures, {ingredients} ingredients")
        failed = bool(bad) or bool(tally.errors) or any(sum(counts) for counts in lost.values())
        if bad:
            print(f"5xx other than 503: {bad}")
        if tally.errors:
            print(f"connection errors: {dict(tally.errors)}")
        print("FAILED" if failed else "OK: no 5xx but 503, no connection error, no lost write")
        return 1 if failed else 0
    finally:
        for home in homes:
            shutil.rmtree(home, ignore_errors=True)
        if created:
            psql(os.environ[SERVER_VARIABLE], f"DROP DATABASE IF EXISTS {created} WITH (FORCE)")


if __name__ == "__main__":
    sys.exit(main())
