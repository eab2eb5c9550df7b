"""A minimal client for the web tests that send many requests: one keep-alive HTTP connection
to `sightline serve`, answers as (status, Content-Type, bytes) or (status, parsed JSON). Any
failure to get an answer (a refused or reset connection, a killed server) raises OSError or
http.client.HTTPException.
"""
import http.client
import json
import urllib.parse


class Client:
    """One keep-alive connection to the server; every failure to get an answer raises."""

    def __init__(self, url):
        address = urllib.parse.urlsplit(url)
        self.connection = http.client.HTTPConnection(address.hostname, address.port, timeout=120)

    def send(self, method, path, body=None, content_type=None):
        headers = {"Content-Type": content_type} if content_type else {}
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        return response.status, response.getheader("Content-Type", ""), response.read()

    def json(self, method, path, body=None, content_type=None):
        status, _, data = self.send(method, path, body, content_type)
        return status, json.loads(data) if data else None

    def close(self):
        self.connection.close()
