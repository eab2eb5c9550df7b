"""A fresh PostgreSQL database for a web test, on the throw-away server that
scripts/with-postgres.sh starts for `make test` (its URL in $SIGHTLINE_TEST_POSTGRES_URL):
created with psql when the test starts, dropped (connections closed) when it ends.

    with PostgresDatabase(self) as url:
        SightlineServer(extra_arguments=["--database", url])

Without the variable the test is skipped — or fails, under SIGHTLINE_TESTS_REQUIRE_ALL=1 as
`make test` runs it."""
import os
import subprocess
import unittest
import urllib.parse
import uuid

SERVER_VARIABLE = "SIGHTLINE_TEST_POSTGRES_URL"


def with_database(url, name):
    """`url` with its path (the database) replaced by `name`."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


class PostgresDatabase:
    def __init__(self, test_case):
        self.test_case = test_case
        self.server = os.environ.get(SERVER_VARIABLE)
        self.name = "sightline_web_" + uuid.uuid4().hex
        self.url = None

    def _run(self, statement):
        subprocess.run(["psql", "--no-psqlrc", "--quiet", "--set", "ON_ERROR_STOP=1", self.server, "-c", statement],
                       check=True, capture_output=True, text=True)

    def __enter__(self):
        if not self.server:
            reason = f"no PostgreSQL server (${SERVER_VARIABLE}): run the web tests through scripts/with-postgres.sh"
            if os.environ.get("SIGHTLINE_TESTS_REQUIRE_ALL") == "1":
                raise AssertionError(reason)
            raise unittest.SkipTest(reason)
        self._run(f"CREATE DATABASE {self.name}")
        self.url = with_database(self.server, self.name)
        return self.url

    def __exit__(self, *details):
        self._run(f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")
        return False
