#!/usr/bin/env python3
"""The README and docs/, run: their shell examples as a newcomer would type them, checked.

    tests/readme/run-readme.py --bin build/src/cli --bin build/src/ledgerd --bin build/src/app \
        --openapi src/ledgerd/openapi.json --man packaging/man README.md docs      (ctest: readme)

The documents are the files named, and the *.md files of each directory named. What runs: every
fenced ```sh block preceded by `<!-- readme-test: NAME -->`, in each document's order, line after
line as in one shell (what one line exports, the next sees); each document in a fresh directory
of its own that is also HOME, with the built programs first on PATH and nothing of the caller's
LEDGERDESK_* or LEDGER_* variables. So that a line that stops being true fails:

- each line must exit 0, or N where its comment says "exits N";
- a line that follows (`--follow`) must still be running after a few seconds, having printed;
- CHECKS below hold the documented output of particular lines (the words and shapes the README
  promises next to them); a check whose line is no longer in the README fails too;
- a ```json block preceded by `<!-- readme-shape: NAME -->` is the documented shape of some
  output: the check named so compares its keys, at every depth, with the real output's;
- the usage block (`<!-- readme-usage -->`) names every command `ledgerctl --help` lists, and
  each option it gives a command is one of that command's (`ledgerctl help COMMAND`) or global;
- every other ```sh block must be listed in NOT_RUN with the reason and the test that covers it
  instead, so that a new example cannot slip in unchecked;
- every document named as a file (not found in a directory) must have marked examples, block
  names are unique, and exactly one document holds the usage block;
- each program of PROGRAM_DOCS has every option its --help lists in its document and its man
  page, and the routes
  table of ledgerd's document (`<!-- ledgerd-routes -->`) lists exactly the operations of
  openapi.json.

Substitutions (the README says where it relies on them): an id written with an ellipsis
(`tx-01M80...`) stands for the transaction id the lines before printed last; `/tmp/` is this
run's own directory (so that a run never meets the user's /tmp/ledger.db, nor another run's).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

# Unmarked ```sh blocks, by their first command: why they are not run here, and what runs them.
NOT_RUN = {
    "make run": "builds and opens the console; `make test` runs this test, and tst_gui the console",
    "ledgerctl --store 'postgresql://alice@db.example.com": "names servers that do not exist here; every location "
    "form in it is read by tst_pguri (and tst_pguri@pg reaches a store through each)",
    "ledgerctl --store 'dynamodb://eu-west-1/ledger' init": "names AWS tables that do not exist here; tst_dynamoconfig reads "
    "every location form, and the @dynamo tests and tst_dynamostore run the store against dynalite",
    "ledgerctl bench all": "takes minutes; tst_bench runs each scenario small",
    "cmake --build build && (cd build && cpack -G DEB)": "builds the package; package_deb does the same and installs it",
    "ledgerd --store /tmp/ledger.db --listen 127.0.0.1:8080": "a server on a fixed port; tst_ledgerd makes the same calls "
    "with curl and Python's urllib against ledgerd on a free port",
    "cmake -S . -B build": "configures and builds; every ctest run is of such a build",
    "ledgerd token add ann operator --tokens /etc/ledgerdesk/tokens": "names a server and files of a real deployment; "
    "tst_remote runs ledgerctl --server with token files against ledgerd, HTTPS with --ca included",
    "ledgerctl lake sync --to /srv/lake": "names a deployment's folder and bucket; tst_lake runs lake sync and status on "
    "folders and s3rver, tst_ledgerdlake ledgerd --lake, and lake_duckdb this section's SQL against the ledger's figures",
    "ledgerctl --server https://ledger.example.com:8443 compensate": "names a deployment's server and ids; "
    "tst_ledgerdapprovals runs ledgerctl compensate, approvals, approve and reject through --server against ledgerd "
    "with approval rules, and tst_approvaldesk every rule's boundary",
    "# On the server (the package's ledgerd.service)": "a deployment (systemd, a server, a keyring); package_deb "
    "installs ledgerd.conf and the unit, tst_remote runs ledgerctl --server and tst_remoteconsole the console "
    "--server against ledgerd with token files, HTTPS with --ca included",
}

# Where each program's options are documented, in docs/ and in its man page (--man): every --option
# its --help prints must appear in both. (ledgerctl's are the usage block's, and tst_cli checks its
# man page against the command table.)
PROGRAM_DOCS = [
    ("ledgerd", "ledgerd.md", "ledgerd.1"),
    ("ledgerdesk", "console.md", "ledgerdesk.1"),
]
ROUTES_DOC = "ledgerd.md"
ROUTES_MARKER = "<!-- ledgerd-routes -->"

TX_ID = re.compile(r"\btx-[0-9A-Z]{26}\b")
ELLIPSIS_ID = re.compile(r"\btx-[0-9A-Za-z]*(?:\.\.\.|…)")


def ids_in(text):
    return TX_ID.findall(text)


# Checks of particular lines: (block, a piece of the line, its comment included, check). A check gets the
# run (stdout, stderr, status, directory, earlier runs) and returns a problem or None.
def stdout_matches(pattern):
    def check(run):
        if not re.search(pattern, run["stdout"], re.M):
            return f"stdout does not match /{pattern}/"
        return None

    return check


def same_transaction_as_before(run):
    """The same key pays once: the second transfer prints the first one's id."""
    now = ids_in(run["stdout"])
    before = [i for r in run["earlier"] for i in ids_in(r["stdout"])]
    if not now or not before or now[0] != before[-1]:
        return f"expected the id printed before ({before[-1:] or 'none'}), got {now or 'none'}"
    if "already existed" not in run["stdout"]:
        return "does not say the transfer already existed"
    return None


def compensation_of_the_transfer(run):
    ids = ids_in(run["stdout"])
    if not ids or not run["stdout"].startswith(ids[0] + ".rev"):
        return "the compensation's id is not the transfer's id with .rev"
    return None


def balances_sum_to_zero(run):
    amounts = re.findall(r"^\S+\s+(-?[0-9]+\.[0-9]{2})\s", run["stdout"], re.M)
    if not amounts:
        return "no balances printed"
    total = sum(int(a.replace(".", "")) for a in amounts)
    if total != 0 or "total 0.00" not in run["stdout"]:
        return f"balances sum to {total / 100:.2f}, not 0"
    return None


def feed_file_has_the_documented_shape(run):
    path = os.path.join(run["dir"], "feed.jsonl")
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    if not lines:
        return "feed.jsonl is empty"
    problem = same_keys(run["shapes"]["feed"], lines[0], "event")
    if problem:
        return problem
    cursors = [int(e["cursor"]) for e in lines]
    if cursors != sorted(cursors) or len(set(cursors)) != len(cursors):
        return f"cursors not increasing: {cursors}"
    if any(e["state"] not in ("done", "canceled") for e in lines):
        return "an event of an unfinished transaction"
    return None


def nothing_new_appended(run):
    return None if run["stdout"] == "" else f"printed again: {run['stdout'][:200]}"


def followed_and_printed(run):
    return None if run["stdout"].count("\n") >= 1 else "printed nothing before it was stopped"


CHECKS = [
    ("session", "ledgerctl init", stdout_matches(r"^created store /")),
    ("session", "account create acme --name", stdout_matches(r"^created account acme \(Acme Corp\), balance 1000\.00$")),
    ("session", "account create bob", stdout_matches(r"^created account bob, balance 0\.00$")),
    ("session", "transfer acme bob 12.34 --key invoice-1042", stdout_matches(r"^tx-\S+  done  12\.34  acme → bob")),
    ("session", "# same key: paid once", same_transaction_as_before),
    ("session", "compensate", compensation_of_the_transfer),
    ("session", "compensate", stdout_matches(r"  done  12\.34  bob → acme")),
    ("session", "transfer --from acme:100 --to bob:97 --to fees:3", stdout_matches(r"  done  100\.00  acme → bob,fees")),
    ("session", "ledgerctl balances", balances_sum_to_zero),
    ("session", "list --stuck-for 0s", stdout_matches(r"^tx-\S+\s+pending\s+acme\s+bob\s+5\.00")),
    ("session", "recover --older-than 0s", stdout_matches(r"^recovered 1: 1 done, 0 canceled")),
    ("session", "ledgerctl audit", stdout_matches(r"^clean: all six invariants hold")),
    ("feed", "feed --since 0 > feed.jsonl", feed_file_has_the_documented_shape),
    ("feed", "jq -r .cursor", nothing_new_appended),
    ("feed", "--follow", followed_and_printed),
]


def same_keys(documented, real, where):
    """The documented example's keys, at every depth, are the real output's (and no more)."""
    if isinstance(documented, dict):
        if not isinstance(real, dict):
            return f"{where}: documented an object, got {type(real).__name__}"
        if set(documented) != set(real):
            return f"{where}: documented keys {sorted(documented)}, real {sorted(real)}"
        for k in documented:
            if documented[k] is not None and real[k] is not None:
                problem = same_keys(documented[k], real[k], f"{where}.{k}")
                if problem:
                    return problem
    elif isinstance(documented, list):
        # A documented list of items is a real list holding such items: every one of them has the
        # first documented item's keys (an empty or missing list shows nothing of their shape).
        if not isinstance(real, list):
            return f"{where}: documented a list, got {type(real).__name__}"
        if documented and not real:
            return f"{where}: documented a list of {len(documented)}, got an empty one"
        for k, item in enumerate(real if documented else []):
            problem = same_keys(documented[0], item, f"{where}[{k}]")
            if problem:
                return problem
    return None


def routes_table(text):
    """The (METHOD, /path) of each row of the table that follows ROUTES_MARKER, or None."""
    lines = text.split("\n")
    if ROUTES_MARKER not in lines:
        return None
    rows = []
    for line in lines[lines.index(ROUTES_MARKER) + 1 :]:
        if not line.startswith("|"):
            break
        row = re.match(r"^\| `([A-Z]+) (/\S*)` \|", line)
        if row:
            rows.append((row.group(1), row.group(2)))
    return rows


def parse_readme(text):
    """Marked sh blocks [(name, [lines])], shapes {name: json}, the usage block, unmarked sh blocks."""
    lines = text.split("\n")
    blocks, shapes, usage, unmarked = [], {}, None, []
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        marker = lines[i - 1].strip() if i > 0 else ""
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        body = lines[i + 1 : j]
        kind = fence.group(1)
        test = re.match(r"^<!-- readme-test: (\w+) -->$", marker)
        shape = re.match(r"^<!-- readme-shape: (\w+) -->$", marker)
        if test and kind == "sh":
            blocks.append((test.group(1), body))
        elif shape and kind == "json":
            shapes[shape.group(1)] = json.loads(" ".join(body))
        elif marker == "<!-- readme-usage -->":
            usage = body
        elif kind == "sh":
            unmarked.append(body)
        i = j + 1
    return blocks, shapes, usage, unmarked


def logical_lines(body):
    """Lines joined at a trailing backslash, without blank and comment-only lines."""
    out, pending = [], ""
    for line in body:
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        line = pending + line
        pending = ""
        if line.strip() and not line.strip().startswith("#"):
            out.append(line)
    return out


def command_of(line):
    """The line without its trailing comment (a # outside quotes)."""
    quote = None
    for k, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (k == 0 or line[k - 1] == " "):
            return line[:k].rstrip(), line[k + 1 :].strip()
    return line.rstrip(), ""


class Shell:
    """One shell session spread over processes: what a line exports, the next line sees."""

    def __init__(self, directory, bindirs):
        self.dir = directory
        self.state = os.path.join(directory, ".readme-shell-state")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LEDGERDESK_", "LEDGER_", "PG"))}
        env.update(HOME=directory, XDG_CONFIG_HOME=os.path.join(directory, ".config"),
                   XDG_DATA_HOME=os.path.join(directory, ".local/share"), LC_ALL="C.UTF-8",
                   PATH=os.pathsep.join([os.path.abspath(d) for d in bindirs] + [env.get("PATH", "/usr/bin:/bin")]))
        self.env = env
        with open(self.state, "w", encoding="utf-8"):
            pass

    def run(self, command, follow):
        script = f'source "{self.state}"\n{command}\n__status=$?\nexport -p > "{self.state}"\nexit $__status\n'
        proc = subprocess.Popen(["bash", "-c", script], cwd=self.dir, env=self.env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=3 if follow else 120)
            return {"stdout": out, "stderr": err, "status": proc.returncode, "stopped": False}
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            out, err = proc.communicate()
            return {"stdout": out, "stderr": err, "status": None, "stopped": True}


def program(bindirs, name):
    """The built program of that name in the first of `bindirs` that has it, else None."""
    for d in bindirs:
        path = os.path.join(d, name)
        if os.access(path, os.X_OK):
            return path
    return None


def check_usage(usage, bindirs):
    """The documented synopsis against `ledgerctl --help` and `ledgerctl help COMMAND`."""
    ctl = program(bindirs, "ledgerctl")
    if ctl is None:
        return [f"no built ledgerctl in {bindirs}"]
    env = dict(os.environ, LC_ALL="C.UTF-8", LEDGERDESK_LANGUAGE="en")
    help_text = subprocess.run([ctl, "--help"], env=env, capture_output=True, text=True, check=True).stdout
    commands = re.findall(r"^  ([a-z]+(?: [a-z]+)?)(?= {2,}| [A-Z])", help_text.split("commands:")[1].split("global options:")[0], re.M)
    global_options = set(re.findall(r"--[a-z-]+", help_text.split("global options:")[1]))
    problems = []
    groups = {c.split(" ")[0] for c in commands if " " in c}
    # "account freeze|unfreeze|close ID" names three commands.
    expand = re.compile(r"\b(" + "|".join(groups) + r") ((?:[a-z]+\|)+[a-z]+)\b")
    usage = [expand.sub(lambda m: " | ".join(f"{m.group(1)} {w}" for w in m.group(2).split("|")), line) for line in usage]
    synopsis = "\n".join(usage)
    for c in commands:
        if c != "help" and not re.search(r"(^|[ |])" + re.escape(c) + r"\b", synopsis, re.M):
            problems.append(f"the usage block does not name `{c}`")
    options_of = {}
    for c in commands:
        options_of[c] = set(re.findall(r"--[a-z-]+", subprocess.run([ctl, "help", c], env=env, capture_output=True, text=True).stdout))
    named = []
    for line in usage:
        # A line indented past the commands' column explains the line before it.
        if not re.match(r"^ {20,}", line):
            named = [c for c in commands if re.search(r"(^ {2}|[ |]|^ledgerctl )" + re.escape(c) + r"(?![\w-])", line)]
            # A two-word command names its group too ("account create" is not also "accounts").
            named = [c for c in named if not any(o != c and o.startswith(c + " ") for o in named)]
        for option in re.findall(r"--[a-z][a-z-]*", line):
            if option in global_options:
                continue
            if not named or not any(option in options_of[c] for c in named):
                problems.append(f"usage line `{line.strip()[:60]}`: {option} is not an option of {named or 'any command'}")
    return problems


def man_text(path):
    """A man page's text as read: without roff's escapes of dashes and fonts."""
    with open(path, encoding="utf-8") as f:
        return re.sub(r"\\f[BIR]", "", f.read()).replace("\\-", "-")


def check_program_options(docs, bindirs, mandir, without):
    """Every --option a program's --help prints appears in its document and its man page (PROGRAM_DOCS)."""
    problems = []
    env = dict(os.environ, LC_ALL="C.UTF-8", LEDGERDESK_LANGUAGE="en", QT_QPA_PLATFORM="offscreen")
    for name, doc, man in PROGRAM_DOCS:
        if name in without:
            print(f"skip {name}'s options: built without it")
            continue
        path = program(bindirs, name)
        if path is None:
            problems.append(f"no built {name} in {bindirs}")
            continue
        if doc not in docs:
            problems.append(f"{name}'s options are to be documented in {doc}, which is not among the documents")
            continue
        run = subprocess.run([path, "--help"], env=env, capture_output=True, text=True, timeout=60)
        options = sorted(set(re.findall(r"--[a-z][a-z-]*[a-z]", run.stdout)))
        if run.returncode != 0 or not options:
            problems.append(f"{name} --help exited {run.returncode} with no options: {run.stderr[:200]!r}")
        for where, text in ((doc, docs[doc]), (man, man_text(os.path.join(mandir, man)))):
            for option in options:
                if not re.search(re.escape(option) + r"(?![\w-])", text):
                    problems.append(f"{where} does not document {name} {option}")
    return problems


def check_routes(docs, openapi):
    """The routes table of ledgerd's document lists exactly the operations of openapi.json."""
    text = docs.get(ROUTES_DOC)
    if text is None:
        return [f"the routes are to be documented in {ROUTES_DOC}, which is not among the documents"]
    rows = routes_table(text)
    if not rows:
        return [f"{ROUTES_DOC} has no table of routes after {ROUTES_MARKER}"]
    with open(openapi, encoding="utf-8") as f:
        paths = json.load(f)["paths"]
    operations = {(m.upper(), p) for p, ops in paths.items() for m in ops if m in ("get", "post", "put", "patch", "delete")}
    problems = [f"{ROUTES_DOC} does not list {m} {p}" for m, p in sorted(operations - set(rows))]
    problems += [f"{ROUTES_DOC} lists {m} {p}, which openapi.json does not have" for m, p in sorted(set(rows) - operations)]
    return problems


def documents(names):
    """[(path, named)]: each file named, and the *.md files of each directory named (sorted)."""
    out = []
    for name in names:
        if os.path.isdir(name):
            out += [(os.path.join(name, f), False) for f in sorted(os.listdir(name)) if f.endswith(".md")]
        else:
            out.append((name, True))
    return out


def run_examples(name_of_doc, blocks, shapes, bindirs, keep):
    """One document's marked blocks in one fresh shell; returns (lines run, failures, checks used)."""
    failures, used, earlier = [], set(), []
    directory = tempfile.mkdtemp(prefix="ledger-readme.")
    shell = Shell(directory, bindirs)
    for name, body in blocks:
        for line in logical_lines(body):
            command, comment = command_of(line)
            expected = int(re.search(r"\bexits (\d+)", comment).group(1)) if re.search(r"\bexits \d+", comment) else 0
            ran = command.replace("/tmp/", directory + "/")
            known = [i for r in earlier for i in ids_in(r["stdout"])]
            if ELLIPSIS_ID.search(ran):
                if not known:
                    failures.append(f"[{name}] {command}: an id with an ellipsis, but no id was printed before it")
                    continue
                ran = ELLIPSIS_ID.sub(known[-1], ran)
            follow = "--follow" in command
            run = shell.run(ran, follow)
            run.update(dir=directory, earlier=list(earlier), shapes=shapes)
            problems = []
            if follow:
                if not run["stopped"]:
                    problems.append(f"it should keep running, but exited {run['status']}")
            elif run["status"] != expected:
                problems.append(f"exit status {run['status']}, expected {expected}")
            for k, (block, piece, check) in enumerate(CHECKS):
                if block == name and piece in line:
                    used.add(k)
                    problem = check(run)
                    if problem:
                        problems.append(problem)
            print(("FAIL " if problems else "ok   ") + f"{name_of_doc} [{name}] {command}")
            for p in problems:
                failures.append(f"{name_of_doc} [{name}] {command}: {p}")
                print(f"     {p}\n     stdout: {run['stdout'][:400]!r}\n     stderr: {run['stderr'][:400]!r}")
            earlier.append(run)
    if keep:
        print(f"kept {directory}")
    else:
        subprocess.run(["rm", "-rf", directory], check=False)
    return len(earlier), failures, used


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("documents", nargs="+", help="Markdown files, and directories whose *.md files are read")
    parser.add_argument("--bin", action="append", required=True, help="a directory of built programs (repeat)")
    parser.add_argument("--openapi", required=True, help="ledgerd's openapi.json")
    parser.add_argument("--man", required=True, help="the directory of the man pages (packaging/man)")
    parser.add_argument("--without", action="append", default=[], help="a program this build has not (its options unchecked)")
    parser.add_argument("--keep", action="store_true", help="keep the runs' directories")
    args = parser.parse_args()

    failures, parsed, texts = [], [], {}
    for path, named in documents(args.documents):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        texts[os.path.basename(path)] = text
        parsed.append((path, named, *parse_readme(text)))

    shapes, usages, seen = {}, [], {}
    for path, named, blocks, doc_shapes, usage, unmarked in parsed:
        shapes.update(doc_shapes)
        if usage is not None:
            usages.append((path, usage))
        for body in unmarked:
            first = next((l.strip() for l in body if l.strip()), "")
            if not any(first.startswith(k) for k in NOT_RUN):
                failures.append(f"{path}: a ```sh block is neither run nor listed in NOT_RUN: {first[:70]}")
        if named and not blocks:
            failures.append(f"{path}: no <!-- readme-test: NAME --> block")
        for name, _ in blocks:
            if name in seen:
                failures.append(f"{path}: block [{name}] is also in {seen[name]}")
            seen[name] = path
    if len(usages) != 1:
        failures.append(f"the <!-- readme-usage --> block is in {len(usages)} documents ({[p for p, _ in usages]}), not one")
    for _, usage in usages:
        failures += check_usage(usage, args.bin)
    failures += check_program_options(texts, args.bin, args.man, args.without)
    failures += check_routes(texts, args.openapi)

    total, used = 0, set()
    for path, _, blocks, *_ in parsed:
        if blocks:
            lines, problems, checks = run_examples(os.path.basename(path), blocks, shapes, args.bin, args.keep)
            total += lines
            failures += problems
            used |= checks
    for k, (block, piece, _) in enumerate(CHECKS):
        if k not in used:
            failures.append(f"check of [{block}] `{piece}`: no such line in the documents any more")
    for f in failures:
        print("FAIL:", f)
    print(f"readme: {len(parsed)} documents, {total} lines run, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
