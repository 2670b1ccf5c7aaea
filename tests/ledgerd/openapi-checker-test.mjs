// node tests/ledgerd/openapi-checker-test.mjs — ctest openapi_checker: the response checker
// (tools/openapi/check-responses.mjs, which tst_ledgerd and tst_ledgerdaccess run over every answer
// they got) says no when it must. Answers as ledgerd gives them pass; each one changed as a drifted
// server or document would change it fails, for the reason named. No server: log lines only.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const checker = join(root, "tools/openapi/check-responses.mjs");
const documentPath = join(root, "src/ledgerd/openapi.json");
const work = mkdtempSync(join(tmpdir(), "openapi-checker-"));

// Answers as tst_ledgerd logged them (copied from a run), and a 503 as tst_ledgerdaccess gets it
// (its curl -i is not logged): one of each shape that matters here.
const good = {
  created: {"body":{"amount":"12.34","attempts":1,"compensatedBy":null,"compensates":null,"createdAt":"2026-11-28T14:51:38.092Z","destination":"bob","entries":[{"accountId":"acme","amount":"12.34","side":"debit"},{"accountId":"bob","amount":"12.34","side":"credit"}],"epoch":1,"id":"tx-01M8HA7V7C7WE294Y99Z88ARCG","idempotencyKey":"inv-1042","kind":"transfer","lastError":null,"lastModified":"2026-11-28T14:51:38.093Z","leaseUntil":"2026-11-28T14:52:08.093Z","legs":[{"accountId":"acme","amount":"12.34","at":"2026-11-28T14:51:38.093Z","balanceAfter":"987.66","side":"debit","status":"posted","txId":"tx-01M8HA7V7C7WE294Y99Z88ARCG"},{"accountId":"bob","amount":"12.34","at":"2026-11-28T14:51:38.093Z","balanceAfter":"1012.34","side":"credit","status":"posted","txId":"tx-01M8HA7V7C7WE294Y99Z88ARCG"}],"memo":"invoice 1042","owner":"local@vm/5089/1","source":"acme","state":"done"},"contentType":"application/json","headers":{"content-length":"861","content-type":"application/json"},"method":"POST","route":"/v1/transfers","size":861,"status":201},
  refused: {"body":{"code":"insufficient-funds","detail":"bob has 1015.34 available (balance 1015.34, 0.00 held for other transfers); this transfer needs 99999.00; tx-01M8HA7V9M9AXXV6DXSBDB4WZA was canceled","status":422,"title":"Unprocessable Content","transaction":{"amount":"99999.00","attempts":1,"compensatedBy":null,"compensates":null,"createdAt":"2026-11-28T14:51:38.164Z","destination":"acme","entries":[{"accountId":"bob","amount":"99999.00","side":"debit"},{"accountId":"acme","amount":"99999.00","side":"credit"}],"epoch":1,"id":"tx-01M8HA7V9M9AXXV6DXSBDB4WZA","idempotencyKey":null,"kind":"transfer","lastError":"insufficient-funds: bob has 1015.34 available (balance 1015.34, 0.00 held for other transfers); this transfer needs 99999.00","lastModified":"2026-11-28T14:51:38.164Z","leaseUntil":"2026-11-28T14:52:08.164Z","legs":[{"accountId":"bob","amount":"99999.00","at":"2026-11-28T14:51:38.164Z","balanceAfter":null,"side":"debit","status":"voided","txId":"tx-01M8HA7V9M9AXXV6DXSBDB4WZA"},{"accountId":"acme","amount":"99999.00","at":"2026-11-28T14:51:38.164Z","balanceAfter":null,"side":"credit","status":"voided","txId":"tx-01M8HA7V9M9AXXV6DXSBDB4WZA"}],"memo":"","owner":"local@vm/5089/5","source":"bob","state":"canceled"},"type":"https://ledgerdesk.org/problems/insufficient-funds"},"contentType":"application/problem+json","headers":{"content-length":"1284","content-type":"application/problem+json"},"method":"POST","route":"/v1/transfers","size":1284,"status":422},
  wrongMethod: {"body":{"code":"method-not-allowed","detail":"/v1/accounts takes GET, POST, not DELETE","status":405,"title":"Method Not Allowed","type":"https://ledgerdesk.org/problems/method-not-allowed"},"contentType":"application/problem+json","headers":{"allow":"GET, POST","content-length":"183","content-type":"application/problem+json"},"method":"DELETE","route":"/v1/accounts","size":183,"status":405},
  health: {"body":{"status":"up"},"contentType":"application/json","headers":{"content-length":"15","content-type":"application/json"},"method":"GET","route":"/healthz","size":15,"status":200},
  busy: {
    method: "POST", route: "/v1/transfers", status: 503, contentType: "application/problem+json",
    headers: { "content-type": "application/problem+json", "retry-after": "1" }, size: 180,
    body: {
      type: "https://ledgerdesk.org/problems/store-busy", title: "Service Unavailable", status: 503,
      detail: "the store is busy (database is locked)", code: "store-busy",
    },
  },
};

const clone = (value) => JSON.parse(JSON.stringify(value));
const changed = (name, change) => {
  const a = clone(good[name]);
  change(a);
  if (a.body !== undefined) a.size = JSON.stringify(a.body).length;
  return a;
};
function check(answers, { args = [], document = documentPath } = {}) {
  const log = join(work, "responses.jsonl");
  writeFileSync(log, answers.map((a) => JSON.stringify(a)).join("\n") + "\n");
  const run = spawnSync(process.execPath, [checker, ...args, document, log], { encoding: "utf8" });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

const cases = [
  // [what, answers, options, exit status, what the output must say]
  ["the answers as ledgerd gives them", Object.values(good), {}, 0, "0 failures"],
  ["a field no schema has", [changed("created", (a) => (a.body.colour = "red"))], {}, 1, 'must NOT have additional properties ("colour")'],
  ["an entry saying account, not accountId", [changed("created", (a) => {
    a.body.entries[0].account = a.body.entries[0].accountId;
    delete a.body.entries[0].accountId;
  })], {}, 1, "/entries/0 must have required property 'accountId'"],
  ["a field missing", [changed("created", (a) => delete a.body.attempts)], {}, 1, "must have required property 'attempts'"],
  ["null where a string is always given", [changed("created", (a) => (a.body.createdAt = null))], {}, 1, "/createdAt must be string"],
  ["an extra field in a problem's transaction", [changed("refused", (a) => (a.body.transaction.worker = "w1"))], {}, 1,
    '/transaction must NOT have additional properties ("worker")'],
  ["a problem whose status is not the answer's", [changed("refused", (a) => (a.body.status = 400))], {}, 1, "/status must be equal to constant"],
  ["a status the operation does not document", [changed("created", (a) => (a.status = 418))], {}, 1, "status not documented"],
  ["a 405 without Allow", [changed("wrongMethod", (a) => (a.headers = {}))], {}, 1, "no Allow header"],
  ["a 405 whose Allow is not the path's", [changed("wrongMethod", (a) => (a.headers.allow = "GET"))], {}, 1, "the path takes GET, POST"],
  ["a 405 for a method the path takes", [changed("wrongMethod", (a) => (a.method = "GET"))], {}, 1, "status not documented"],
  ["a 503 without Retry-After", [changed("busy", (a) => (a.headers = {}))], {}, 1, "no Retry-After header"],
  ["a problem sent as application/json", [changed("busy", (a) => (a.contentType = "application/json"))], {}, 1,
    "content type application/json not documented"],
  ["a body that is not JSON", [changed("health", (a) => delete a.body)], {}, 1, "/ must be object"],
  ["an operation never answered, with --every-operation", Object.values(good), { args: ["--every-operation"] }, 1,
    "never answered with a 2xx, so never checked: GET /readyz;"],
];

// And a document whose schema was left open: refused before any answer is looked at.
const open = JSON.parse(readFileSync(documentPath, "utf8"));
delete open.components.schemas.Entry.additionalProperties;
const openDocument = join(work, "open.json");
writeFileSync(openDocument, JSON.stringify(open));
cases.push(["a document with an open object schema", Object.values(good), { document: openDocument }, 1,
  "an object schema without additionalProperties: false"]);

let failed = 0;
for (const [what, answers, options, status, says] of cases) {
  const { status: got, out } = check(answers, options);
  const ok = got === status && out.includes(says);
  if (!ok) failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${what}: exit ${got} (expected ${status}${ok ? "" : `, saying ${JSON.stringify(says)}`})`);
  if (!ok) console.log(out.replace(/^/gm, "     "));
}
rmSync(work, { recursive: true, force: true });
console.log(failed ? `openapi checker: ${failed} of ${cases.length} cases wrong` : `openapi checker: all ${cases.length} cases ok`);
process.exit(failed ? 1 : 0);
