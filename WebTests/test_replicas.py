"""Two `sightline serve` replicas behind nginx, configured by the shipped
deploy/nginx-sightline.conf — on one data directory's SQLite file, and on one PostgreSQL
database with a data directory each (as on two machines): requests through the proxy reach both
replicas, what one saves the other lists (an ingredient, a recognised photo), a token made with
`sightline tokens create` works on both and is required (`--require-token`, as
deploy/sightline@.service runs them), readiness and metrics are per replica, and the live
camera's WebSocket passes through the proxy.

nginx is Debian's (`make setup` installs it); it runs in the foreground with its own
configuration and temporary folders, on a free loopback port, for the length of the test."""
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import tempfile
import time
import unittest
import urllib.error
import urllib.request

import websockets.sync.client

from postgres_database import PostgresDatabase
from sightline_server import REPOSITORY, SightlineServer

DEPLOYED_CONFIGURATION = REPOSITORY / "deploy" / "nginx-sightline.conf"
CABBAGE = REPOSITORY / "Samples" / "cabbage.jpg"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_configuration(deployed, replica_ports, port):
    """The shipped site configuration with the test's ports: the replicas' upstream servers, and
    plain HTTP on a loopback port instead of TLS on 443 and the redirect from 80 (no certificate
    in a test). Everything else — the upstream, the WebSocket map, the proxy settings — is
    used as shipped."""
    upstream_servers = re.findall(r"^\s*server 127\.0\.0\.1:\d+ [^\n]*;$", deployed, re.MULTILINE)
    assert len(upstream_servers) == 2, upstream_servers
    text = deployed
    for line, replica in zip(upstream_servers, replica_ports):
        text = text.replace(line, re.sub(r"127\.0\.0\.1:\d+", f"127.0.0.1:{replica}", line), 1)
    tls_lines = ["    listen 443 ssl http2;\n", "    listen [::]:443 ssl http2;\n",
                 "    ssl_certificate     /etc/ssl/certs/sightline.example.org.pem;\n",
                 "    ssl_certificate_key /etc/ssl/private/sightline.example.org.key;\n"]
    for line in tls_lines:
        assert line in text, line
    text = text.replace(tls_lines[0], f"    listen 127.0.0.1:{port};\n")
    for line in tls_lines[1:]:
        text = text.replace(line, "")
    redirect = text.index("server {\n    listen 80;")
    return text[:redirect]


class Nginx:
    """nginx in the foreground with `site` as its only site, its files in a temporary folder."""

    def __init__(self, site, port):
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="sightline-nginx-"))
        self.port = port
        (self.folder / "site.conf").write_text(site)
        temporary = "\n".join(f"    {name}_temp_path {self.folder / name};"
                              for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (self.folder / "nginx.conf").write_text(f"""daemon off;
pid {self.folder / 'nginx.pid'};
error_log {self.folder / 'error.log'} warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
{temporary}
    include {self.folder / 'site.conf'};
}}
""")
        self.process = None

    def __enter__(self):
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        check = subprocess.run([nginx, "-t", "-c", str(self.folder / "nginx.conf"), "-p", str(self.folder)],
                               capture_output=True, text=True)
        if check.returncode != 0:
            raise AssertionError(f"nginx refuses the configuration:\n{check.stderr}")
        self.process = subprocess.Popen([nginx, "-c", str(self.folder / "nginx.conf"), "-p", str(self.folder)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"nginx did not start: {self.process.stderr.read().decode()}")
                time.sleep(0.05)

    def __exit__(self, *details):
        self.process.terminate()
        self.process.wait(timeout=20)
        self.process.stderr.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        return False


def request(url, method="GET", token=None, body=None):
    """(status, headers, bytes) of one request; JSON bodies as dicts."""
    headers = {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, method=method, headers=headers),
                                    timeout=60) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def request_bytes(url, token, data):
    """(status, headers, bytes) of a POST of raw photo bytes."""
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "image/jpeg"}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, method="POST", headers=headers),
                                    timeout=300) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def counted_requests(metrics_text, route):
    """The sum of sightline_http_requests_total over every method and status of `route`."""
    total = 0.0
    for line in metrics_text.splitlines():
        if line.startswith("sightline_http_requests_total{") and f'route="{route}"' in line:
            total += float(line.rsplit(" ", 1)[1])
    return total


class ReplicasBehindNginxTests(unittest.TestCase):
    def test_two_replicas_on_one_data_directory_act_as_one(self):
        home = pathlib.Path(tempfile.mkdtemp(prefix="sightline-replicas-"))
        self.addCleanup(shutil.rmtree, home, True)
        arguments = ["--require-token"]
        with SightlineServer(home=home, extra_arguments=arguments) as first, \
                SightlineServer(home=home, extra_arguments=arguments) as second:
            self.check_replicas(first, second, {"SIGHTLINE_HOME": str(home)})

    def test_two_replicas_on_one_postgresql_database_act_as_one(self):
        homes = [pathlib.Path(tempfile.mkdtemp(prefix="sightline-replica-")) for _ in range(2)]
        for home in homes:
            self.addCleanup(shutil.rmtree, home, True)
        with PostgresDatabase(self) as database:
            arguments = ["--require-token", "--database", database]
            with SightlineServer(home=homes[0], extra_arguments=arguments) as first, \
                    SightlineServer(home=homes[1], extra_arguments=arguments) as second:
                # The token is made from a third place, through the environment variable.
                self.check_replicas(first, second, {"SIGHTLINE_HOME": str(homes[0]), "SIGHTLINE_DATABASE_URL": database})
            self.assertFalse((homes[0] / "sightline.sqlite").exists(), "nothing was written to a local SQLite file")

    def test_a_replica_refuses_to_start_without_its_database(self):
        """An unreachable server or a refused password stops `serve` before it listens, saying
        which, and never falls back to a local SQLite file."""
        home = pathlib.Path(tempfile.mkdtemp(prefix="sightline-replica-"))
        self.addCleanup(shutil.rmtree, home, True)
        with PostgresDatabase(self) as database:
            wrong_password = re.sub(r"://([^:@/]+):[^@]*@", r"://\1:not-the-password@", database)
            for url, reason in [(f"postgres://sightline@127.0.0.1:{free_port()}/sightline", "Connection refused"),
                                (wrong_password, "password authentication failed")]:
                result = subprocess.run([str(REPOSITORY / ".build" / "release" / "sightline"), "serve", "--port", "0",
                                         "--database", url], capture_output=True, text=True, timeout=60,
                                        env=dict(os.environ, SIGHTLINE_HOME=str(home)))
                self.assertNotEqual(result.returncode, 0)
                self.assertNotIn("serving on", result.stdout)
                self.assertIn("Cannot connect to the Sightline database", result.stderr)
                self.assertIn(reason, result.stderr)
                self.assertNotIn("not-the-password", result.stderr)
        self.assertFalse((home / "sightline.sqlite").exists())

    def check_replicas(self, first, second, token_environment):
        created = subprocess.run([str(first.binary), "tokens", "create", "replica-test"], capture_output=True,
                                 text=True, check=True, env=dict(os.environ, **token_environment))
        token = re.search(r"^Token #\d+ replica-test: (\S+)$", created.stdout, re.MULTILINE).group(1)
        replica_ports = [int(server.url.rsplit(":", 1)[1].strip("/")) for server in (first, second)]
        port = free_port()
        site = test_configuration(DEPLOYED_CONFIGURATION.read_text(), replica_ports, port)
        with Nginx(site, port):
            proxy = f"http://127.0.0.1:{port}/"

            status, _, _ = request(proxy + "api/v1/kitchen/ingredients")
            self.assertEqual(status, 401, "the replicas require a token even though the proxy reaches them on loopback")
            status, _, body = request(proxy + "readyz")
            self.assertEqual(status, 200, body)

            # A write through the proxy, then reads through the proxy and from each replica.
            status, _, body = request(proxy + "api/v1/kitchen/ingredients", "POST", token, {"name": "tomato"})
            self.assertEqual(status, 200, body)
            for _ in range(4):
                status, _, body = request(proxy + "api/v1/kitchen/ingredients", token=token)
                self.assertEqual(status, 200, body)
                self.assertIn("tomato", json.dumps(json.loads(body)))
            for server in (first, second):
                status, _, body = request(server.url + "api/v1/kitchen/ingredients", token=token)
                self.assertEqual(status, 200)
                self.assertIn("tomato", json.dumps(json.loads(body)), f"{server.url} lists the other's save")

            # A photo saved to the history by one replica is listed, with its photo, by the other.
            status, _, body = request_bytes(first.url + "api/v1/recognize?save=true", token, CABBAGE.read_bytes())
            self.assertEqual(status, 200, body)
            saved = json.loads(body)["saved_id"]
            status, _, body = request(second.url + "api/v1/recognizer/history", token=token)
            self.assertEqual(status, 200, body)
            self.assertIn(saved, [entry["id"] for entry in json.loads(body)["captures"]])
            status, headers, image = request(second.url + f"api/v1/recognizer/history/{saved}/image", token=token)
            self.assertEqual(status, 200)
            self.assertEqual(headers["Content-Type"], "image/jpeg")
            self.assertTrue(image.startswith(b"\xff\xd8"))

            # The proxy shares requests out: each replica's own metrics counted some.
            counts = []
            for server in (first, second):
                status, _, body = request(server.url + "metrics", token=token)
                self.assertEqual(status, 200)
                counts.append(counted_requests(body.decode(), "/api/v1/kitchen/ingredients"))
            self.assertTrue(all(count >= 1 for count in counts), f"requests per replica: {counts}")

            # The live camera through the proxy: the upgrade passes and a frame is answered.
            live = f"ws://127.0.0.1:{port}/api/v1/live?app=recognizer"
            with websockets.sync.client.connect(live, additional_headers={"Authorization": f"Bearer {token}"},
                                                open_timeout=60, max_size=None) as connection:
                connection.send(CABBAGE.read_bytes())
                message = json.loads(connection.recv(timeout=300))
            self.assertEqual(message["frame"], 1, message)
            self.assertIn("result", message)


if __name__ == "__main__":
    unittest.main()
