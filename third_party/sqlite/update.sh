#!/usr/bin/env bash
# Replaces the vendored SQLite amalgamation with the one carried by an npm release of
# better-sqlite3 (its deps/sqlite3/: SQLite's own amalgamation), then applies LedgerDesk's change
# (patch_sqlite.py). Usage: third_party/sqlite/update.sh [better-sqlite3 version], default 13.2.0.
# Then: update README.md (version, source id), build, run the tests (tst_sqlitelocks above all).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
version="${1:-13.2.0}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "better-sqlite3@$version" >/dev/null && tar xzf better-sqlite3-*.tgz)
cp "$work/package/deps/sqlite3/sqlite3.c" "$work/package/deps/sqlite3/sqlite3.h" "$here/"
python3 "$here/patch_sqlite.py" "$here/sqlite3.c"
grep -m1 '^#define SQLITE_VERSION ' "$here/sqlite3.h"
grep -m1 '^#define SQLITE_SOURCE_ID' "$here/sqlite3.h"
