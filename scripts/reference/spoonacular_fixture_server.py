#!/usr/bin/env python3
"""A stand-in for Spoonacular's recipe API on loopback, for the Kitchen app's tests only.

It serves the JSON files of a fixtures folder and never touches the internet:

  GET /recipes/findByIngredients     -> findByIngredients.json
  GET /recipes/<id>/information      -> information-<id>.json, or 404 like Spoonacular
  GET /__requests                    -> the requests received so far (path as sent, query
                                        decoded once, x-api-key header), for the tests to check

The x-api-key header chooses a failure instead: "fixture-status-<code>" answers with that HTTP
status and a Spoonacular-style error body, "fixture-not-json" answers 200 with an HTML page.

Usage: spoonacular_fixture_server.py --fixtures DIR [--port 0]
Prints "listening on http://127.0.0.1:<port>" once ready; stop it with SIGTERM.
"""
import argparse
import json
import os
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


def make_handler(fixtures, log, lock):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format, *args):
            pass

        def send_json(self, status, value):
            body = json.dumps(value).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def send_failure(self, status, message):
            self.send_json(status, {"status": "failure", "code": status, "message": message})

        def do_GET(self):
            parts = urlsplit(self.path)
            if parts.path == "/__requests":
                with lock:
                    self.send_json(200, list(log))
                return
            key = self.headers.get("x-api-key")
            with lock:
                log.append({"path": self.path, "route": parts.path,
                            "query": parse_qs(parts.query, keep_blank_values=True), "api_key": key})
            if key and key.startswith("fixture-status-"):
                status = int(key[len("fixture-status-"):])
                self.send_failure(status, "fixture error %d" % status)
                return
            if key == "fixture-not-json":
                body = b"<html><body>Service unavailable</body></html>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            if parts.path == "/recipes/findByIngredients":
                name = "findByIngredients.json"
            else:
                match = re.fullmatch(r"/recipes/(\d+)/information", parts.path)
                if not match:
                    self.send_failure(404, "no such endpoint")
                    return
                name = "information-%s.json" % match.group(1)
                if not os.path.exists(os.path.join(fixtures, name)):
                    self.send_failure(404, "A recipe with the id %s does not exist." % match.group(1))
                    return
            with open(os.path.join(fixtures, name), "rb") as file:
                self.send_json(200, json.load(file))

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", required=True, help="folder with the fixture JSON files")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: any free port)")
    arguments = parser.parse_args()
    log, lock = [], threading.Lock()
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), make_handler(arguments.fixtures, log, lock))
    print("listening on http://127.0.0.1:%d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
