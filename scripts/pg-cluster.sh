#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and benchmarks:
#   scripts/pg-cluster.sh start DIR [--durable] [--port N] [--tls CERTDIR]
#                                                initdb into DIR/data (a fresh one each time) and
#                                                start a server listening only on a unix socket in
#                                                a short folder of its own (below); prints the URI
#                                                of its "postgres" database.
#                                                --port: its port (default 5432; the socket file
#                                                is named after it). --tls: also listen on
#                                                127.0.0.1 with TLS, CERTDIR/server.crt and
#                                                server.key as its certificate (tests of
#                                                sslmode=verify-full)
#   scripts/pg-cluster.sh standby DIR PRIMARYDIR [--port N]
#                                                a streaming standby of the cluster in PRIMARYDIR
#                                                (pg_basebackup), its socket in a folder of its own, and the primary
#                                                made to wait for it on every commit (synchronous
#                                                replication: an acknowledged commit is on both);
#                                                prints its URI
#   scripts/pg-cluster.sh failover PRIMARYDIR DIR   the primary stopped at once (as a crash would;
#                                                its files are kept) and the standby in DIR promoted
#   scripts/pg-cluster.sh restart DIR             stop it at once (as a crash would) and start it
#                                                again with the same settings (the soak's restarts)
#   scripts/pg-cluster.sh stop DIR                stop it (immediate) and remove DIR and its socket folder
# The socket is not in DIR: a unix socket's path has at most 107 bytes, and DIR may be deep (the
# tests' cluster lives in the build folder, wherever the clone is). Each cluster gets a folder of
# its own, mktemp -d /tmp/ldk-pg.XXXXXX (two clusters, or two builds on one machine, never share
# one), named in DIR/socketdir (its port in DIR/port) for whoever looks for the server there.
# Without --durable the cluster trades safety against a crash of the machine for speed (fsync=off),
# as tests may; a crash of the server alone (restart -m immediate) loses nothing, because the store
# keeps synchronous_commit on in its sessions. Such a cluster also keeps its files in memory
# (DIR/data is a link into $PG_CLUSTER_RAMDIR, default /dev/shm, when that is writable and has
# 2 GiB free; PG_CLUSTER_RAMDIR= keeps it on disk): the tests create a database per store, and
# CREATE DATABASE opens a file per catalogue relation — 250 ms on this disk, 25 ms in memory.
# Benchmarks pass --durable to measure the server as it ships, on the disk beside DIR.
# PostgreSQL refuses to run as root: as root the
# cluster runs as the 'postgres' system user. The database superuser is always 'ledger' (trust
# authentication on the socket, which only this machine's users can reach).
set -euo pipefail

usage="usage: pg-cluster.sh start|restart|stop DIR [--durable] [--port N] [--tls CERTDIR] | standby DIR PRIMARYDIR [--port N] | failover PRIMARYDIR DIR"
cmd=${1:?$usage}
dir=${2:?$usage}
shift 2
primary=
if [ "$cmd" = standby ]; then
  primary=$(cd "${1:?$usage}" && pwd)
  shift
elif [ "$cmd" = failover ]; then # failover PRIMARYDIR DIR
  primary=$(cd "$dir" && pwd)
  dir=${1:?$usage}
  shift
fi
durable=
port=5432
tls=
while [ $# -gt 0 ]; do
  case "$1" in
    --durable) durable=--durable; shift ;;
    --port) port=${2:?$usage}; shift 2 ;;
    --tls) tls=$(cd "${2:?$usage}" && pwd); shift 2 ;;
    *) echo "pg-cluster: unknown option $1 ($usage)" >&2; exit 2 ;;
  esac
done

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bindir/initdb" ] || { echo "pg-cluster: PostgreSQL server binaries not found (install postgresql)" >&2; exit 1; }

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop() {
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ -L "$dir/data" ]; then
    case "$(readlink "$dir/data")" in */ledgerdesk-pg.*) rm -rf "$(readlink "$dir/data")" ;; esac # ours only
  fi
  if [ -f "$dir/socketdir" ]; then
    case "$(cat "$dir/socketdir")" in /tmp/ldk-pg.*) rm -rf "$(cat "$dir/socketdir")" ;; esac # ours only
  fi
  rm -rf "$dir"
}

# The cluster's socket folder (see above), made and named in DIR/socketdir; sets $sockdir.
make_socket_dir() {
  sockdir=$(mktemp -d /tmp/ldk-pg.XXXXXX)
  chmod 755 "$sockdir" # any user of this machine may reach the socket, as with /run/postgresql
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$sockdir"; fi
  echo "$sockdir" >"$dir/socketdir"
}

# DIR/data for a new cluster: in memory unless --durable (see above), else an ordinary directory.
make_data_dir() {
  local ram=${PG_CLUSTER_RAMDIR-/dev/shm}
  # At least 2 GiB free there: a container's 64 MiB /dev/shm would fill up with test databases.
  local free_kib=0
  if [ -n "$ram" ] && [ -d "$ram" ]; then free_kib=$(df -Pk "$ram" 2>/dev/null | awk 'NR == 2 {print $4}'); fi
  if [ "$durable" != "--durable" ] && [ -w "${ram:-/nonexistent}" ] && [ "${free_kib:-0}" -ge 2097152 ]; then
    local target
    target=$(mktemp -d "$ram/ledgerdesk-pg.XXXXXX")
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$target"; fi
    ln -s "$target" "$dir/data"
  fi
}

case "$cmd" in
  start)
    stop # a server left behind by an interrupted run
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
    make_data_dir
    make_socket_dir
    as_owner "$bindir/initdb" -D "$dir/data" -U ledger --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    opts="-c listen_addresses='' -c unix_socket_directories='$sockdir' -p $port -c max_connections=300"
    if [ -n "$tls" ]; then
      # The server reads its key only when the key is its own and private.
      cp "$tls/server.crt" "$tls/server.key" "$dir/"
      chmod 600 "$dir/server.key"
      if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir/server.crt" "$dir/server.key"; fi
      opts="-c listen_addresses='127.0.0.1' -c unix_socket_directories='$sockdir' -p $port -c max_connections=300"
      opts="$opts -c ssl=on -c ssl_cert_file='$dir/server.crt' -c ssl_key_file='$dir/server.key'"
      # Over TCP only with TLS: a client that does not ask for it is refused.
      printf 'local all all trust\nlocal replication all trust\nhostssl all all 127.0.0.1/32 trust\n' >"$dir/data/pg_hba.conf"
      if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir/data/pg_hba.conf"; fi
    fi
    if [ "$durable" != "--durable" ]; then
      opts="$opts -c fsync=off -c full_page_writes=off"
    fi
    as_owner "$bindir/pg_ctl" -D "$dir/data" -o "$opts" -l "$dir/server.log" -w -t 60 start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    echo "$port" >"$dir/port"
    echo "postgresql://ledger@/postgres?host=$sockdir&port=$port"
    ;;
  standby)
    stop
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
    make_data_dir
    make_socket_dir
    primary_port=$(cat "$primary/port")
    primary_socket=$(cat "$primary/socketdir")
    [ "$port" != "$primary_port" ] || port=$((primary_port + 1))
    as_owner "$bindir/pg_basebackup" -h "$primary_socket" -p "$primary_port" -U ledger -D "$dir/data" -R -X stream -c fast \
      >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; exit 1; }
    # The standby's own settings: its socket and port; it waits for no one when promoted.
    opts="-c listen_addresses='' -c unix_socket_directories='$sockdir' -p $port -c max_connections=300 -c synchronous_standby_names=''"
    if [ "$durable" != "--durable" ]; then
      opts="$opts -c fsync=off -c full_page_writes=off"
    fi
    as_owner "$bindir/pg_ctl" -D "$dir/data" -o "$opts" -l "$dir/server.log" -w -t 60 start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    echo "$port" >"$dir/port"
    # From now on the primary acknowledges a commit only once the standby has it.
    psql_primary() { as_owner "$bindir/psql" -X -q -t -A -h "$primary_socket" -p "$primary_port" -U ledger -d postgres -c "$1"; }
    psql_primary "ALTER SYSTEM SET synchronous_standby_names = '*'" >/dev/null
    psql_primary "SELECT pg_reload_conf()" >/dev/null
    for _ in $(seq 1 300); do
      [ "$(psql_primary "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'")" = 1 ] && break
      sleep 0.1
    done
    [ "$(psql_primary "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'")" = 1 ] \
      || { echo "pg-cluster: the standby in $dir did not become synchronous" >&2; tail -20 "$dir/server.log" >&2; exit 1; }
    echo "postgresql://ledger@/postgres?host=$sockdir&port=$port"
    ;;
  failover)
    as_owner "$bindir/pg_ctl" -D "$primary/data" -m immediate -w stop >/dev/null
    as_owner "$bindir/pg_ctl" -D "$dir/data" -w -t 60 promote >/dev/null \
      || { tail -20 "$dir/server.log" >&2; exit 1; }
    ;;
  restart)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m immediate -w -t 60 restart >/dev/null \
      || { tail -20 "$dir/server.log" >&2; exit 1; }
    ;;
  stop)
    stop
    ;;
  *)
    echo "pg-cluster: unknown command $cmd (start or stop)" >&2
    exit 2
    ;;
esac
