#!/usr/bin/env python3
"""Exactly once over the network: ledgerd killed again and again under clients that retry.

    tests/ledgerd/http-soak.py --ledgerd build/src/ledgerd/ledgerd --ledgerctl build/src/cli/ledgerctl
                               [--seconds 30] [--clients 4] [--seed N] [--store LOCATION]
    (ctest: ledgerd_kill_soak, 15 s; CI: tests/ledgerd/run-http-soak.sh, 30 s)

Clients (threads, Python's urllib) post random transfers among six accounts, each with an
idempotency key of its own, and retry each one with the same key until ledgerd answers it. A
killer SIGKILLs ledgerd every 0.2-1.2 s and starts it again on the same port; one start in five
sets LEDGER_CRASH_AFTER to a random protocol step, so ledgerd also dies right after a write.
Every ledgerd runs its recovery sweeper often (every 0.5 s, idle 2 s), so the sweeper, the clients'
retries and the kills meet. At the end one more ledgerd, left alone, must finish whatever is still
unfinished by its sweeper (no `ledgerctl recover`); then the checks — every key has exactly one
transaction, the one its answer named; nothing unfinished; a transfer answered done is done (and
one answered canceled is canceled); 202 answers, and only they, name an unfinished state; audit clean; balances sum to zero. Exit 0 only if all hold.
"""

import argparse
import collections
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

STEPS = ["insert", "claim", "hold-debit", "hold-credit", "applied", "post-debit", "post-credit", "done", "canceling",
         "void-debit", "void-credit", "canceled"]
ACCOUNTS = ["a", "b", "c", "d", "e", "f"]


class Server:
    """ledgerd on a fixed port, restarted after every kill or crash."""

    SWEEPER = ["--recover-every", "500ms", "--recover-after", "2s"]

    def __init__(self, binary, store, rng):
        self.binary, self.store, self.rng = binary, store, rng
        self.crashes_allowed = True
        self.port = 0
        self.proc = None
        self.starts = self.kills = self.crashes = 0
        self.lock = threading.Lock()

    def start(self):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LEDGER_", "LEDGERDESK_"))}
        if self.crashes_allowed and self.starts > 0 and self.rng.random() < 0.2:
            env["LEDGER_CRASH_AFTER"] = self.rng.choice(STEPS)
        for attempt in range(100):
            self.proc = subprocess.Popen([self.binary, "--store", self.store, "--listen", f"127.0.0.1:{self.port}", "--threads", "4",
                                          *self.SWEEPER],
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
            line = self.proc.stdout.readline()
            if line.startswith("listening on "):
                self.port = int(line.rsplit(":", 1)[1])
                self.starts += 1
                return
            self.proc.wait()
            time.sleep(0.05)  # the port may still be held a moment
        raise SystemExit("ledgerd would not start again")

    def kill_and_restart(self):
        with self.lock:
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGKILL)
                self.kills += 1
            elif self.proc.returncode == 86:
                self.crashes += 1
            self.proc.wait()
            self.start()

    def restart_if_dead(self):
        with self.lock:
            if self.proc.poll() is not None:
                if self.proc.returncode == 86:
                    self.crashes += 1
                self.start()

    def stop(self, problems):
        """SIGTERM; a ledgerd not gone within 20 s (its unit's TimeoutStopSec) is a problem, then killed."""
        with self.lock:
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                problems.append(f"ledgerd (start {self.starts}) did not stop within 20 s of SIGTERM")
                self.proc.kill()
                self.proc.wait()


def client(server, number, deadline, rng, answers, counters, failures):
    # A client that meets what it cannot handle says so and stops: the soak fails on it (it used
    # to die silently, and the soak passed on the clients left).
    try:
        transfers(server, number, deadline, rng, answers, counters)
        counters["clients finished"] += 1
    except BaseException as e:  # noqa: B902 — anything, SystemExit included
        failures.append(f"client {number}: {e!r}")


def transfers(server, number, deadline, rng, answers, counters):
    n = 0
    while time.time() < deadline:
        n += 1
        key = f"soak-{number}-{n}"
        source, destination = rng.sample(ACCOUNTS, 2)
        body = json.dumps({"source": source, "destination": destination, "amount": f"{rng.randint(1, 500) / 100:.2f}"}).encode()
        while True:  # until it is answered, whatever happens to the server meanwhile
            request = urllib.request.Request(f"http://127.0.0.1:{server.port}/v1/transfers", data=body, method="POST",
                                             headers={"Content-Type": "application/json", "Idempotency-Key": key})
            try:
                with urllib.request.urlopen(request, timeout=10) as r:
                    status, answer = r.status, json.load(r)
            except urllib.error.HTTPError as e:
                raw = e.read()
                try:
                    status, answer = e.code, json.loads(raw)
                except ValueError:
                    if e.code >= 500:  # a server going down mid-answer
                        counters["retries"] += 1
                        time.sleep(0.02)
                        continue
                    raise SystemExit(f"{key}: {e.code} with a body that is not JSON: {raw[:200]!r}")
            except (OSError, ValueError):
                counters["retries"] += 1
                time.sleep(0.02)
                continue
            if status >= 500:
                counters["retries"] += 1
                time.sleep(0.02)
                continue
            break
        if status == 422:
            tx = answer.get("transaction")
        elif status in (200, 201, 202):  # 202: accepted, not finished (a retry while its driver's lease runs)
            tx = answer
        else:
            raise SystemExit(f"{key}: unexpected answer {status}: {answer}")
        answers[key] = (status, tx["id"] if tx else None, tx["state"] if tx else None)
        counters["answered"] += 1


def ctl(ledgerctl, store, *args):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LEDGER_", "LEDGERDESK_"))}
    return subprocess.run([ledgerctl, "--store", store, *args], capture_output=True, text=True, env=env)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ledgerd", required=True)
    parser.add_argument("--ledgerctl", required=True)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--store", help="a store location to use (default: a new file)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="ledgerd-soak.")
    store = args.store or os.path.join(work, "ledger.db")
    print(f"http soak: seed {args.seed}, {args.seconds:.0f} s, {args.clients} clients, store {store}")
    if ctl(args.ledgerctl, store, "init").returncode != 0:
        raise SystemExit("init failed")
    for a in ACCOUNTS:
        if ctl(args.ledgerctl, store, "account", "create", a, "--opening", "100").returncode != 0:
            raise SystemExit(f"account {a} failed")

    server = Server(args.ledgerd, store, rng)
    server.start()
    deadline = time.time() + args.seconds
    answers, counters, failures = {}, collections.Counter(), []
    threads = [threading.Thread(target=client, args=(server, i, deadline, random.Random(rng.random()), answers, counters, failures))
               for i in range(args.clients)]
    for t in threads:
        t.start()
    while time.time() < deadline:
        time.sleep(rng.uniform(0.2, 1.2))
        server.kill_and_restart()
        for _ in range(3):
            time.sleep(0.05)
            server.restart_if_dead()  # a crash after a write ends it between kills too
    for t in threads:
        t.join(timeout=120)
    problems = []
    if any(t.is_alive() for t in threads):
        problems.append("a client was still waiting for an answer 120 s after the end")
    problems.extend(failures)
    # A floor of progress: every client finished, each had transfers acknowledged, and ledgerd
    # was killed (a soak whose kills or clients did nothing proves nothing).
    if counters["clients finished"] != args.clients:
        problems.append(f"{counters['clients finished']} of {args.clients} clients finished")
    if len(answers) < 10 * args.clients:
        problems.append(f"only {len(answers)} transfers acknowledged by {args.clients} clients in {args.seconds:.0f} s")
    if args.seconds >= 10 and server.kills < 3:
        problems.append(f"only {server.kills} SIGKILLs in {args.seconds:.0f} s")
    server.stop(problems)

    # Recovery by the service itself: one more ledgerd, no crashes, nobody calling it, until its
    # sweeper has finished everything (a crash's lease still running counts as idle after 2 s).
    server.crashes_allowed = False
    server.start()
    swept_by = time.time() + 60
    unfinished = []
    while time.time() < swept_by:
        listed = ctl(args.ledgerctl, store, "list", "--all", "--json")
        unfinished = [t["id"] for t in json.loads(listed.stdout or "[]") if t["state"] not in ("done", "canceled")]
        if listed.returncode == 0 and not unfinished:
            break
        time.sleep(0.5)
    server.stop(problems)
    txs = json.loads(ctl(args.ledgerctl, store, "list", "--all", "--json").stdout)
    by_key = collections.defaultdict(list)
    for tx in txs:
        if tx.get("idempotencyKey"):
            by_key[tx["idempotencyKey"]].append(tx)
    for key, (status, tx_id, state) in answers.items():
        made = by_key.get(key, [])
        if len(made) != 1:
            problems.append(f"{key}: {len(made)} transactions")
            continue
        if made[0]["id"] != tx_id:
            problems.append(f"{key}: answered {tx_id}, the store has {made[0]['id']}")
        if status in (200, 201, 202) and (status == 202) != (state not in ("done", "canceled")):  # 202 alone is unfinished
            problems.append(f"{key}: answered {status} with {state}")
        if state == "done" and made[0]["state"] != "done":
            problems.append(f"{key}: answered done, now {made[0]['state']}")
        if state == "canceled" and made[0]["state"] != "canceled":
            problems.append(f"{key}: answered canceled, now {made[0]['state']}")
    unfinished = [t["id"] for t in txs if t["state"] not in ("done", "canceled")]
    if unfinished:
        problems.append(f"unfinished 60 s after the last ledgerd started (its sweeper should have finished them): {unfinished[:5]}")
    swept = sum(1 for t in txs if t.get("owner", "").startswith("recovery:ledgerd"))
    if server.kills >= 5 and swept == 0:
        problems.append(f"{server.kills} SIGKILLs and no transaction finished by a sweeper: is it running?")
    audit = ctl(args.ledgerctl, store, "audit")
    if audit.returncode != 0:
        problems.append("audit: " + audit.stdout[-500:] + audit.stderr[-500:])
    balances = json.loads(ctl(args.ledgerctl, store, "balances", "--json").stdout)
    total = sum(int(b["balance"].replace(".", "")) for b in balances)
    if total != 0:
        problems.append(f"balances sum to {total}")
    states = collections.Counter(t["state"] for t in txs if t.get("idempotencyKey", "").startswith("soak-"))
    print(f"http soak: {len(answers)} transfers answered ({dict(states)}), {counters['retries']} retries, "
          f"{server.kills} SIGKILLs, {server.crashes} crashes after a write, {server.starts} starts, "
          f"{swept} finished by a sweeper")
    for p in problems[:20]:
        print("FAIL:", p)
    if not args.store:
        subprocess.run(["rm", "-rf", work], check=False)
    print("http soak:", "FAILED" if problems else "ok: every request applied exactly once, nothing stuck, audit clean, sum 0")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
