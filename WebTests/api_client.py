"""A small client for Sightline's JSON API (docs/API.md), used by the web tests to learn what
the server answers for the same photo the browser uploads, to set up state and to check what
the browser changed. Every answer, success or error, comes back as an `Answer`.
"""
import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass


@dataclass
class Answer:
    status: int
    json: object

    @property
    def ok(self):
        return 200 <= self.status < 300

    @property
    def error(self):
        """The {"code", "message"} of an error answer, else None."""
        if isinstance(self.json, dict) and isinstance(self.json.get("error"), dict):
            return self.json["error"]
        return None


class Api:
    def __init__(self, base_url):
        self.base_url = base_url.rstrip("/") + "/api/v1/"

    def url(self, path, params):
        query = urllib.parse.urlencode([(key, value) for key, value in params.items() if value is not None], doseq=True)
        return self.base_url + path.lstrip("/") + (f"?{query}" if query else "")

    def request(self, method, path, params=None, body=None, content_type=None):
        request = urllib.request.Request(self.url(path, params or {}), data=body, method=method)
        request.add_header("Accept", "application/json")
        if content_type:
            request.add_header("Content-Type", content_type)
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                status, text = response.status, response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode("utf-8")
        return Answer(status, json.loads(text) if text else None)

    def get(self, path, **params):
        return self.request("GET", path, params)

    def delete(self, path, **params):
        return self.request("DELETE", path, params)

    def send(self, method, path, value, **params):
        return self.request(method, path, params, json.dumps(value).encode("utf-8"), "application/json")

    def upload(self, path, photo_bytes, **params):
        """Sends a photo as the raw request body (the API reads JPEG, PNG and WebP)."""
        return self.request("POST", path, params, photo_bytes, "image/jpeg")

    def model_names(self):
        return {model["name"] for model in self.get("models").json["models"]}
