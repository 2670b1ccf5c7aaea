#!/usr/bin/env python3
"""The shipped alert rules end to end, with the real tools (ctest prometheus_alerts):

  ledgerd (a token of role read for the scrape, --stuck-for 2s)
    <- Prometheus (Debian's; scrapes every second with the bearer token, evaluates
       packaging/prometheus/ledgerdesk-rules.yml)
    -> Alertmanager (Debian's; routes to a webhook)
    -> a webhook receiver here, which must see LedgerMoneyStuck fire after a transfer is left
       stuck (ledgerctl --crash-after hold-debit: its process dies holding the debit), and
       resolve after `ledgerctl recover` finished it.

Every server listens on loopback and is stopped at the end, whatever happened. Deadlines only
bound a hang: waits are for what the receiver got, polled.
usage: alerts-end-to-end.py --ledgerctl FILE --ledgerd FILE --rules RULES.yml
"""
import argparse
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

DEADLINE = 180  # seconds for each wait: bounds a hang, not a speed


def say(text):
    print(f"alerts: {text}", flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Receiver(http.server.BaseHTTPRequestHandler):
    got = []
    lock = threading.Lock()

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with Receiver.lock:
            Receiver.got.append(json.loads(body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


def notifications(alertname, status):
    """The alerts of that name and status the receiver got so far."""
    with Receiver.lock:
        return [a for n in Receiver.got for a in n.get("alerts", [])
                if a["labels"].get("alertname") == alertname and a["status"] == status]


def wait_for(what, check, processes):
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        for name, p in processes.items():
            if p.poll() is not None:
                sys.exit(f"alerts: FAIL: {name} exited ({p.returncode}) while waiting for {what}")
        time.sleep(0.2)
    sys.exit(f"alerts: FAIL: no {what} within {DEADLINE} s")


def prometheus_query(port, query):
    url = f"http://127.0.0.1:{port}/api/v1/query?" + urllib.parse.urlencode({"query": query})
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return json.load(r)["data"]["result"]
    except OSError:
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ledgerctl", required=True)
    ap.add_argument("--ledgerd", required=True)
    ap.add_argument("--rules", required=True)
    args = ap.parse_args()
    ledgerctl, ledgerd = args.ledgerctl, args.ledgerd
    for tool in ("prometheus", "prometheus-alertmanager"):
        if not shutil.which(tool):
            sys.exit(f"alerts: FAIL: {tool} is not installed (scripts/install-deps.sh installs it)")

    tmp = tempfile.mkdtemp(prefix="ldk-alerts.")
    processes = {}
    logs = {}
    server = None
    env = dict(os.environ, LEDGERDESK_LANGUAGE="en", LEDGERDESK_OPERATOR="alerts-test")
    for name in ("LEDGER_CRASH_AFTER", "LEDGERDESK_STORE"):
        env.pop(name, None)
    try:
        store = os.path.join(tmp, "ledger.db")

        def ctl(*words, expect=0):
            r = subprocess.run([ledgerctl, "--store", store, *words], env=env, capture_output=True, text=True, timeout=60)
            if r.returncode != expect:
                sys.exit(f"alerts: FAIL: ledgerctl {' '.join(words)} exited {r.returncode}, not {expect}: {r.stderr}")
            return r.stdout

        ctl("init")
        ctl("account", "create", "alice", "--opening", "100")
        ctl("account", "create", "bob")
        tokens = os.path.join(tmp, "tokens")
        token = subprocess.run([ledgerd, "token", "add", "prometheus", "read", "--tokens", tokens],
                               env=env, capture_output=True, text=True, check=True).stdout.strip()
        token_file = os.path.join(tmp, "scrape-token")
        with open(os.open(token_file, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
            f.write(token + "\n")

        def start(name, argv):
            logs[name] = open(os.path.join(tmp, name + ".log"), "w+")
            processes[name] = subprocess.Popen(argv, stdout=logs[name], stderr=subprocess.STDOUT, env=env, cwd=tmp)

        start("ledgerd", [ledgerd, "--store", store, "--listen", "127.0.0.1:0", "--tokens", tokens,
                          "--recover-every", "off", "--stuck-for", "2s"])

        def ledgerd_url():
            logs["ledgerd"].seek(0)
            m = re.search(r"listening on (http://\S+)", logs["ledgerd"].read())
            return m.group(1) if m else None
        url = wait_for("ledgerd listening", ledgerd_url, processes)
        target = url.removeprefix("http://")
        say(f"ledgerd at {url}")

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        hook = f"http://127.0.0.1:{server.server_address[1]}/alerts"

        am_port, prom_port = free_port(), free_port()
        with open(os.path.join(tmp, "alertmanager.yml"), "w") as f:
            f.write(f"""route:
  receiver: test
  group_by: [alertname, instance, state, cause]
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 1h
receivers:
  - name: test
    webhook_configs:
      - url: {hook}
        send_resolved: true
""")
        start("alertmanager", ["prometheus-alertmanager", "--config.file=alertmanager.yml", "--storage.path=am",
                               f"--web.listen-address=127.0.0.1:{am_port}", "--cluster.listen-address="])
        with open(os.path.join(tmp, "prometheus.yml"), "w") as f:
            f.write(f"""global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files: [{os.path.abspath(args.rules)}]
alerting:
  alertmanagers:
    - static_configs: [{{targets: ['127.0.0.1:{am_port}']}}]
scrape_configs:
  - job_name: ledgerd
    authorization: {{credentials_file: {token_file}}}
    static_configs: [{{targets: ['{target}']}}]
""")
        start("prometheus", ["prometheus", "--config.file=prometheus.yml", "--storage.tsdb.path=prom",
                             f"--web.listen-address=127.0.0.1:{prom_port}"])

        # Scraped with the token, and nothing stuck yet.
        wait_for("a scrape of ledgerd with its token",
                 lambda: any(r["value"][1] == "0" for r in prometheus_query(prom_port, 'ledgerd_transactions_stuck{job="ledgerd"}') or []),
                 processes)
        say("Prometheus scrapes ledgerd with the read token; nothing stuck")
        if notifications("LedgerMoneyStuck", "firing"):
            sys.exit("alerts: FAIL: LedgerMoneyStuck fired before anything was stuck")

        ctl("transfer", "alice", "bob", "12.50", "--key", "left-stuck", "--crash-after", "hold-debit", expect=86)
        tx = json.loads(ctl("list", "--state", "pending", "--json"))[0]["id"]
        say(f"{tx} left pending, its debit held")
        firing = wait_for("LedgerMoneyStuck firing at the webhook", lambda: notifications("LedgerMoneyStuck", "firing"), processes)
        alert = firing[0]
        want = {"alertname": "LedgerMoneyStuck", "severity": "page", "state": "pending", "cause": "none", "instance": target}
        if any(alert["labels"].get(k) != v for k, v in want.items()):
            sys.exit(f"alerts: FAIL: labels {alert['labels']}, wanted {want}")
        if alert["annotations"].get("summary") != f"1 transaction(s) stuck pending (none) on {target}":
            sys.exit(f"alerts: FAIL: summary {alert['annotations'].get('summary')!r}")
        if not alert["annotations"].get("runbook_url", "").endswith("/monitoring.md#money-stuck"):
            sys.exit(f"alerts: FAIL: runbook_url {alert['annotations'].get('runbook_url')!r}")
        say(f"fired: {alert['annotations']['summary']}")

        ctl("recover", "--older-than", "0s")
        state = json.loads(ctl("show", tx, "--json"))
        state = state.get("state") or state.get("transaction", {}).get("state")
        if state != "done":
            sys.exit(f"alerts: FAIL: {tx} is {state} after recover")
        resolved = wait_for("LedgerMoneyStuck resolved at the webhook", lambda: notifications("LedgerMoneyStuck", "resolved"), processes)
        say(f"resolved at {resolved[0]['endsAt']} after ledgerctl recover finished {tx}")
        others = sorted({a["labels"]["alertname"] for n in Receiver.got for a in n["alerts"]} - {"LedgerMoneyStuck"})
        if others:
            sys.exit(f"alerts: FAIL: other alerts fired meanwhile: {others}")
        say("ok")
    finally:
        for name, p in processes.items():
            p.terminate()
        for name, p in processes.items():
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        if server:
            server.shutdown()
        if sys.exc_info()[0] is not None:
            for name, f in logs.items():
                f.seek(0)
                print(f"--- {name}'s log (last lines):\n" + "".join(f.readlines()[-15:]), file=sys.stderr)
        for f in logs.values():
            f.close()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
