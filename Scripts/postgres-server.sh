#!/usr/bin/env bash
# A private PostgreSQL server for trying and testing BeeStore's PostgreSQL backend: a new
# cluster in a folder of its own, listening on a free loopback port, trusting local
# connections (no password), stopped with `stop`.
#
#   export BEESTORE_POSTGRES_URL=$(bash Scripts/postgres-server.sh start .postgres)
#   bash Scripts/postgres-server.sh stop .postgres
#
# `start` prints the server's URL (postgres://USER@127.0.0.1:PORT/beestore) and nothing else
# on standard output. It needs Debian's `postgresql` package (or initdb and pg_ctl on PATH).
# PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
set -euo pipefail

command="${1:-}"
folder="${2:-.postgres}"

find_tool() {
    if command -v "$1" >/dev/null 2>&1; then command -v "$1"; return; fi
    local candidate
    for candidate in /usr/lib/postgresql/*/bin/"$1"; do
        if [ -x "$candidate" ]; then echo "$candidate"; return; fi
    done
    echo "postgres-server: $1 not found (install PostgreSQL: apt-get install postgresql)" >&2
    exit 1
}

as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$command" in
start)
    initdb=$(find_tool initdb)
    pg_ctl=$(find_tool pg_ctl)
    mkdir -p "$folder"
    folder=$(cd "$folder" && pwd)
    if [ "$(id -u)" = 0 ]; then chown postgres "$folder"; fi
    user=$(if [ "$(id -u)" = 0 ]; then echo postgres; else id -un; fi)
    if [ ! -f "$folder/data/PG_VERSION" ]; then
        as_owner "$initdb" --pgdata="$folder/data" --auth=trust --username="$user" --encoding=UTF8 \
            --locale=C >"$folder/initdb.log" 2>&1
    fi
    # A free port: the kernel's pick for a socket bound to port 0.
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "$pg_ctl" --pgdata="$folder/data" --log="$folder/server.log" --wait \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$folder' -c max_connections=200" \
        start >/dev/null
    echo "$port" >"$folder/port"
    as_owner "$(find_tool psql)" --host=127.0.0.1 --port="$port" --username="$user" --dbname=postgres \
        --quiet --command="CREATE DATABASE beestore" >/dev/null 2>&1 || true
    echo "postgres://$user@127.0.0.1:$port/beestore"
    ;;
stop)
    pg_ctl=$(find_tool pg_ctl)
    if [ -f "$folder/data/postmaster.pid" ]; then
        # A fast stop ends the sessions and writes a last checkpoint, which on a loaded
        # machine may outlast pg_ctl's wait; then the server is stopped at once (the
        # cluster recovers from its log at its next start).
        if ! as_owner "$pg_ctl" --pgdata="$folder/data" --mode=fast --wait --timeout=120 stop >/dev/null 2>&1; then
            as_owner "$pg_ctl" --pgdata="$folder/data" --mode=immediate --wait --timeout=60 stop >/dev/null
        fi
    fi
    ;;
*)
    echo "usage: postgres-server.sh start|stop [FOLDER]" >&2
    exit 2
    ;;
esac
