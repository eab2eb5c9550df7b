#!/usr/bin/env bash
# with-postgres.sh: runs a command beside a throw-away PostgreSQL cluster — initdb in a temporary
# folder, the server on a free loopback port with password (SCRAM) authentication, stopped and
# deleted when the command ends — and gives the command its address in
# $SIGHTLINE_TEST_POSTGRES_URL (role "sightline", database "postgres"; the tests create their own
# databases in it). Needs Debian's PostgreSQL server binaries (the postgresql package). As root,
# the cluster runs as the postgres user, since PostgreSQL refuses to run as root.
#
#   scripts/with-postgres.sh swift test …
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "error: PostgreSQL's server binaries are missing (/usr/lib/postgresql/*/bin/initdb); install the postgresql package" >&2
    exit 1
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/sightline-postgres.XXXXXX")
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$dir"
    as_owner=(runuser -u postgres --)
fi
stop() {
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap stop EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
password=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
printf '%s\n' "$password" > "$dir/password"
chmod 600 "$dir/password"
[ "${#as_owner[@]}" -eq 0 ] || chown postgres "$dir/password"
if ! "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U sightline --pwfile="$dir/password" --auth=scram-sha-256 \
        -E UTF8 --locale=C.UTF-8 > "$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    exit 1
fi
# fsync off: the cluster is thrown away after the tests, and syncing would only slow them.
if ! "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start > /dev/null; then
    cat "$dir/server.log" >&2
    exit 1
fi
export SIGHTLINE_TEST_POSTGRES_URL="postgres://sightline:$password@127.0.0.1:$port/postgres?sslmode=disable"
"$@"
