#!/usr/bin/env python3
"""The data lake killed again and again while transfers run: every finished transaction ends up in
it exactly once.

    tests/lake/lake-soak.py --ledgerctl build/src/cli/ledgerctl --ledgerd build/src/ledgerd/ledgerd
                            [--seconds 15] [--store LOCATION] [--s3-dir DIR] [--seed N]
    (ctest: lake_kill_soak, 15 s on three shard files with s3rver; CI also runs it 30 s on
    PostgreSQL and on dynalite: tests/lake/run-lake-soak.sh)

Four writers run `ledgerctl transfer` among six accounts, one run in five crashing right after a
random protocol write (LEDGER_CRASH_AFTER). Meanwhile:
- `ledgerctl lake sync --to FOLDER` runs again and again in small files (--max-file-size 4KB), each
  run SIGKILLed after 0.05-1 s, one run in four crashing at a random point of the lake's own
  (LEDGER_LAKE_CRASH_AT: a file written but not renamed, a file visible before its checkpoint, the
  checkpoint written);
- `ledgerd --lake` (to S3 on the s3rver of --s3-dir, parts of 2 KiB; else a second folder) is
  SIGKILLed every 0.2-1.2 s and started again, one start in four with a lake crash point.
At the end the writers stop, `ledgerctl recover` finishes what their crashes left, one clean sync
and one ledgerd run (stopped by SIGTERM once /metrics says nothing is behind) finish both lakes,
and then for each: count(*) = count(distinct id) = the ledger's done and canceled transactions,
and `ledgerctl lake status` finds no gap or overlap. Exit 0 and "lake soak: ok" only if all hold.
"""

import argparse
import gzip
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
import uuid
import xml.etree.ElementTree as ET

STEPS = ["insert", "claim", "hold-debit", "hold-credit", "applied", "post-debit", "post-credit", "done"]
LAKE_POINTS = ["tmp-written", "published", "checkpoint-written", "published:2", "tmp-written:3"]
S3_POINTS = ["part-uploaded", "published", "checkpoint-written", "part-uploaded:3"]
ACCOUNTS = ["a", "b", "c", "d", "e", "f"]


def env(extra=None):
    e = {**os.environ, "LEDGERDESK_LANGUAGE": "en"}
    e.update(extra or {})
    return e


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ledgerctl", required=True)
    p.add_argument("--ledgerd", required=True)
    p.add_argument("--seconds", type=float, default=15)
    p.add_argument("--store", help="a store location (default: three shard files in a scratch folder)")
    p.add_argument("--s3-dir", help="the s3rver folder of scripts/s3rver.sh (its file 'endpoint')")
    p.add_argument("--seed", type=int, default=int(time.time()))
    a = p.parse_args()
    rng = random.Random(a.seed)
    print(f"lake soak: seed {a.seed}, {a.seconds:g} s", flush=True)

    work = tempfile.mkdtemp(prefix="lake-soak-")
    store = a.store or os.path.join(work, "ledger.json")
    folder = os.path.join(work, "lake")
    if a.s3_dir:
        with open(os.path.join(a.s3_dir, "endpoint")) as f:
            endpoint = f.read().strip()
        prefix = "soak-" + uuid.uuid4().hex[:12]
        second = f"s3://lake/{prefix}?endpoint={endpoint}"
    else:
        endpoint = None
        second = os.path.join(work, "lake-of-ledgerd")

    def ctl(*args, extra=None, check=True):
        r = subprocess.run([a.ledgerctl, "--store", store, *args], capture_output=True, text=True, env=env(extra))
        if check and r.returncode != 0:
            sys.exit(f"ledgerctl {' '.join(args)}: exit {r.returncode}: {r.stderr}")
        return r

    if a.store:
        ctl("init", check=False)  # a new database, or the one there
    else:
        ctl("init", "--shards", "3")
    for acct in ACCOUNTS:
        ctl("account", "create", acct, "--opening", "100000.00")

    stop = threading.Event()
    counts = {"transfers": 0, "crashes": 0, "sync_runs": 0, "sync_kills": 0, "ledgerd_kills": 0}
    lock = threading.Lock()

    def writer(seed):
        r = random.Random(seed)
        while not stop.is_set():
            src, dst = r.sample(ACCOUNTS, 2)
            extra = {"LEDGER_CRASH_AFTER": r.choice(STEPS)} if r.random() < 0.2 else None
            res = ctl("transfer", src, dst, f"{r.randint(1, 500)}.{r.randint(0, 99):02d}", extra=extra, check=False)
            with lock:
                counts["transfers" if res.returncode == 0 else "crashes"] += 1

    def syncer():
        while not stop.is_set():
            extra = {"LEDGER_LAKE_CRASH_AT": rng.choice(LAKE_POINTS)} if rng.random() < 0.25 else None
            proc = subprocess.Popen([a.ledgerctl, "--store", store, "lake", "sync", "--to", folder, "--max-file-size", "4KB"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env(extra))
            time.sleep(rng.uniform(0.05, 1.0))
            killed = proc.poll() is None
            if killed:
                proc.kill()
            _, err = proc.communicate()
            if not killed and proc.returncode not in (0, 86):
                print(f"lake soak: a sync failed (exit {proc.returncode}): {err.decode()}", flush=True)
                with lock:
                    counts["sync_failures"] = counts.get("sync_failures", 0) + 1
            with lock:
                counts["sync_runs"] += 1
                counts["sync_kills"] += 1 if killed else 0

    def ledgerd_args(extra_lake=()):
        return [a.ledgerd, "--store", store, "--listen", "127.0.0.1:0", "--recover-every", "off", "--lake", second,
                "--lake-max-age", "1s", "--lake-max-file-size", "4KB", *extra_lake]

    def ledgerd_env(points=True):
        extra = {"LEDGER_LAKE_PART_BYTES": "2048"}
        if points and rng.random() < 0.25:
            extra["LEDGER_LAKE_CRASH_AT"] = rng.choice(S3_POINTS if endpoint else LAKE_POINTS)
        return env(extra)

    def killer():
        while not stop.is_set():
            proc = subprocess.Popen(ledgerd_args(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ledgerd_env())
            time.sleep(rng.uniform(0.2, 1.2))
            if proc.poll() is None:
                proc.kill()
                with lock:
                    counts["ledgerd_kills"] += 1
            _, err = proc.communicate()
            if proc.returncode not in (-signal.SIGKILL, 86, 0):
                print(f"lake soak: ledgerd exited {proc.returncode}: {err.decode()[-500:]}", flush=True)
                with lock:
                    counts["ledgerd_failures"] = counts.get("ledgerd_failures", 0) + 1

    threads = [threading.Thread(target=writer, args=(a.seed + i,)) for i in range(4)]
    threads += [threading.Thread(target=syncer), threading.Thread(target=killer)]
    for t in threads:
        t.start()
    time.sleep(a.seconds)
    stop.set()
    for t in threads:
        t.join()

    # Finish what the writers' crashes left, then both lakes, cleanly — once the feed gives every
    # finish (DynamoDB's gives one once it is past the feed's delay, 5 s).
    ctl("recover", "--older-than", "0s")
    finished = len(json.loads(ctl("list", "--state", "done", "--all", "--json").stdout)) + \
        len(json.loads(ctl("list", "--state", "canceled", "--all", "--json").stdout))
    deadline = time.time() + 120
    while len(ctl("feed", "--since", "0").stdout.splitlines()) < finished and time.time() < deadline:
        time.sleep(0.5)
    ctl("lake", "sync", "--to", folder, "--max-file-size", "4KB")
    final = subprocess.Popen(ledgerd_args(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ledgerd_env(False), text=True)
    url = final.stdout.readline().strip().replace("listening on ", "")
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            metrics = urllib.request.urlopen(url + "/metrics", timeout=10).read().decode()
            events = int(re.search(r"^ledgerd_lake_lag_events (\d+)$", metrics, re.M).group(1))
            up = int(re.search(r"^ledgerd_lake_up (\d+)$", metrics, re.M).group(1))
            if events == 0 and up == 1:
                break
        except Exception:  # noqa: BLE001 - not up yet
            pass
        time.sleep(0.5)
    final.send_signal(signal.SIGTERM)
    final.wait(timeout=30)
    print(f"lake soak: {counts}; {finished} finished transactions", flush=True)

    failures = []
    if counts.get("sync_failures") or counts.get("ledgerd_failures"):
        failures.append("a sync or ledgerd failed other than by a kill or a crash point (above)")
    if final.returncode != 0:
        failures.append(f"the last ledgerd exited {final.returncode}: {final.stderr.read()[-500:]}")

    def check(name, ids, location):
        if not (len(ids) == len(set(ids)) == finished):
            failures.append(f"{name}: {len(ids)} lines, {len(set(ids))} transactions, {finished} finished")
        status = ctl("lake", "status", "--to", location, "--json", check=False)
        if status.returncode != 0:
            failures.append(f"{name}: lake status: {status.stderr}")
            return
        s = json.loads(status.stdout)
        if s["problems"] or s["lagEvents"] != 0:
            failures.append(f"{name}: lake status: {s['problems']}, {s['lagEvents']} behind")

    ids = []
    for day in sorted(os.listdir(folder)):
        if day.startswith("dt="):
            for f in sorted(os.listdir(os.path.join(folder, day))):
                if f.endswith(".ndjson.gz"):
                    with gzip.open(os.path.join(folder, day, f), "rt") as g:
                        ids += [json.loads(line)["transaction"]["id"] for line in g if line.strip()]
    check("the folder lake", ids, folder)

    ids = []
    if endpoint:
        # s3rver serves reads to anyone: the objects, listed and fetched without signing.
        keys, token = [], None
        while True:
            q = {"list-type": "2", "prefix": prefix + "/"}
            if token:
                q["continuation-token"] = token
            root = ET.fromstring(urllib.request.urlopen(f"{endpoint}/lake?{urllib.parse.urlencode(q)}", timeout=30).read())
            ns = {"s": root.tag.split("}")[0].strip("{")}
            keys += [k.text for k in root.findall("s:Contents/s:Key", ns)]
            token = root.findtext("s:NextContinuationToken", None, ns)
            if not token:
                break
        for key in keys:
            if key.endswith(".ndjson.gz"):
                body = urllib.request.urlopen(f"{endpoint}/lake/{urllib.parse.quote(key)}", timeout=30).read()
                ids += [json.loads(line)["transaction"]["id"] for line in gzip.decompress(body).decode().splitlines() if line]
    else:
        for day in sorted(os.listdir(second)):
            if day.startswith("dt="):
                for f in sorted(os.listdir(os.path.join(second, day))):
                    with gzip.open(os.path.join(second, day, f), "rt") as g:
                        ids += [json.loads(line)["transaction"]["id"] for line in g if line.strip()]
    check("ledgerd's lake", ids, second)

    for f in failures:
        print("FAIL:", f)
    if failures:
        print(f"lake soak: kept {work} (seed {a.seed})")
        return 1
    subprocess.run(["rm", "-rf", work])
    print("lake soak: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
