#!/usr/bin/env python3
"""The data lake read by a tool no one here wrote: DuckDB runs the README's SQL over a lake that
`ledgerctl lake sync` wrote, and its answers must be the ledger's.

    tests/lake/lake-duckdb.py --ledgerctl build/src/cli/ledgerctl --node node --readme README.md
    (ctest: lake_duckdb)

A demo ledger (a week of history, refused and compensated transfers among them) is synced to a
folder lake in small files. Then tools/lake/check.mjs (DuckDB and ajv) runs the README's blocks
"-- lake", "-- totals" and "-- parquet" as they stand, and these must hold:
- count(*) = count(DISTINCT id) = the ledger's done and canceled transactions (ledgerctl list);
- every line holds to the lake's _schema.json;
- each day's net per account equals a recount of `ledgerctl feed --since 0` (posted legs, credits
  in and debits out, by the UTC day of the finish), to the cent;
- summed over the days, each account's net is its balance (`ledgerctl balances`);
- the README's COPY to Parquet, read back, gives the same totals.
Exit 0 and "lake duckdb: ok" only if all hold.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
from decimal import Decimal

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ledgerctl", required=True)
    p.add_argument("--node", default="node")
    p.add_argument("--readme", default=os.path.join(ROOT, "README.md"))
    a = p.parse_args()
    failures = []

    with tempfile.TemporaryDirectory(prefix="lake-duckdb-") as work:
        store = os.path.join(work, "ledger.db")
        lake = os.path.join(work, "lake")

        def ctl(*args):
            r = subprocess.run([a.ledgerctl, "--store", store, *args], capture_output=True, text=True,
                               env={**os.environ, "LEDGERDESK_LANGUAGE": "en"})
            if r.returncode != 0:
                sys.exit(f"ledgerctl {' '.join(args)}: exit {r.returncode}: {r.stderr}")
            return r.stdout

        ctl("demo", "--transfers", "400", "--stuck", "0")
        done = json.loads(ctl("list", "--state", "done", "--all", "--json"))
        for tx in done[:3]:
            if tx["kind"] == "transfer" and tx["source"] != "@world":
                ctl("compensate", tx["id"], "--reason", "lake test")
        ctl("lake", "sync", "--to", lake, "--max-file-size", "8KB")

        # The README's SQL, as a user would copy it.
        with open(a.readme, encoding="utf-8") as f:
            readme = f.read()
        blocks = re.findall(r"```sql\n(.*?)```", readme, re.S)
        sql = "\n".join(b for b in blocks if "-- lake" in b or "-- totals" in b or "-- parquet" in b)
        if "-- totals" not in sql:
            sys.exit("README.md has no ```sql block with '-- lake', '-- totals' and '-- parquet'")
        sql_file = os.path.join(work, "readme.sql")
        with open(sql_file, "w", encoding="utf-8") as f:
            f.write(sql)
        r = subprocess.run([a.node, os.path.join(ROOT, "tools", "lake", "check.mjs"), "--lake", lake, "--sql", sql_file,
                            "--parquet", os.path.join(work, "lake-parquet")], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"check.mjs failed: {r.stderr}")
        duck = json.loads(r.stdout)

        finished = len(json.loads(ctl("list", "--state", "done", "--all", "--json"))) + \
            len(json.loads(ctl("list", "--state", "canceled", "--all", "--json")))
        if not (duck["lines"] == duck["distinct"] == finished):
            failures.append(f"count(*) {duck['lines']}, count(DISTINCT id) {duck['distinct']}, finished {finished}")
        if duck["schemaErrors"]:
            failures.append("lines against _schema.json: " + "; ".join(duck["schemaErrors"]))

        # The recount from the feed.
        recount = collections.defaultdict(Decimal)
        for line in ctl("feed", "--since", "0").splitlines():
            event = json.loads(line)
            for leg in event["legs"]:
                if leg["status"] == "posted":
                    sign = 1 if leg["side"] == "credit" else -1
                    recount[(event["at"][:10], leg["accountId"])] += sign * Decimal(leg["amount"])
        duck_totals = {(t["dt"], t["account"]): Decimal(t["net"]) for t in duck["totals"]}
        if duck_totals != dict(recount):
            wrong = sorted(set(duck_totals.items()) ^ set(recount.items()))[:6]
            failures.append(f"DuckDB's totals differ from the feed's recount: {wrong}")
        days = {d for d, _ in duck_totals}
        if len(days) < 3:
            failures.append(f"the demo's week came out on {len(days)} day(s)")

        per_account = collections.defaultdict(Decimal)
        for (_, account), net in duck_totals.items():
            per_account[account] += net
        for b in json.loads(ctl("balances", "--json")):
            if per_account.get(b["id"], Decimal(0)) != Decimal(b["balance"]):
                failures.append(f"{b['id']}: the lake sums to {per_account.get(b['id'], 0)}, balances says {b['balance']}")

        parquet = {(t["dt"], t["account"]): Decimal(t["net"]) for t in duck.get("parquetTotals", [])}
        if parquet != duck_totals:
            failures.append("the Parquet copy's totals differ from the lake's")

        print(f"lake duckdb: {duck['lines']} transactions, {len(days)} days, {len(duck_totals)} day-account totals")
    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print("lake duckdb: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
