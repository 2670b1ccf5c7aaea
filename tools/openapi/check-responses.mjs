// node tools/openapi/check-responses.mjs [--every-operation] OPENAPI RESPONSES.jsonl
//
// Each line of RESPONSES is one answer ledgerd gave: {"method","route","status","contentType",
// "headers":{lower-case name: value},"size","body"} (route as the document's path template; body
// when it was JSON). Each must be documented for its operation and status — a method a path does
// not take by the path's x-other-methods (405), a path the document does not have by its
// x-unknown-paths (404) — with the headers that response requires, its content type, and a body
// that matches the response's schema (JSON Schema 2020-12, as OpenAPI 3.1 uses). The schemas are
// exact: before any answer is looked at, every object schema of an answer must say
// additionalProperties: false (or name why it is open, x-open), so a field the server adds or
// renames cannot pass unnoticed. --every-operation: every operation must have been answered with
// a 2xx at least once, so that no route goes unchecked. Exit 0: all hold; 1: what failed is on stderr.
import SwaggerParser from "@apidevtools/swagger-parser";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const everyOperation = args[0] === "--every-operation";
const [openapi, log] = everyOperation ? args.slice(1) : args;
if (!openapi || !log) {
  console.error("usage: check-responses.mjs [--every-operation] OPENAPI RESPONSES.jsonl");
  process.exit(2);
}
const api = await SwaggerParser.dereference(openapi);
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map(); // schema object → validator (dereferenced: shared schemas are one object)
const validatorOf = (schema) => {
  if (!compiled.has(schema)) compiled.set(schema, ajv.compile(schema));
  return compiled.get(schema);
};
// ajv's own text does not name an extra field: this does.
const explain = (errors) =>
  errors
    .map((e) => `${e.instancePath || "/"} ${e.message}${e.params?.additionalProperty ? ` ("${e.params.additionalProperty}")` : ""}`)
    .join("; ");
let failures = 0;
const fail = (where, why) => {
  failures++;
  console.error(`FAIL ${where}: ${why}`);
};

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const methodsOf = (item) => HTTP_METHODS.filter((m) => item[m]);
const isJson = (type) => type === "application/json" || type === "application/problem+json";

// Every operation (and the pseudo-operations of the x- extensions), with where it is.
const operations = [];
for (const [path, item] of Object.entries(api.paths)) {
  for (const m of methodsOf(item)) operations.push({ where: `${m.toUpperCase()} ${path}`, op: item[m], real: true });
  if (item["x-other-methods"]) operations.push({ where: `other methods on ${path}`, op: item["x-other-methods"] });
}
if (api["x-unknown-paths"]) operations.push({ where: "unknown paths", op: api["x-unknown-paths"] });

// An answer's object schemas must be closed: a schema that allows anything else checks nothing.
const linted = new Set();
function lint(schema, where) {
  if (!schema || typeof schema !== "object" || linted.has(schema)) return;
  linted.add(schema);
  const types = [].concat(schema.type ?? []);
  const isObject = types.includes("object"); // (an allOf member without a type only narrows another)
  if (isObject && !schema["x-open"]) {
    if (schema.additionalProperties !== false) fail(where, "an object schema without additionalProperties: false");
    for (const name of schema.required ?? [])
      if (!schema.properties?.[name]) fail(where, `requires "${name}", which it does not describe`);
  }
  for (const [name, sub] of Object.entries(schema.properties ?? {})) lint(sub, `${where}.${name}`);
  if (schema.items) lint(schema.items, `${where}[]`);
  for (const key of ["allOf", "oneOf", "anyOf", "prefixItems"])
    (schema[key] ?? []).forEach((sub, i) => lint(sub, `${where}/${key}[${i}]`));
}
for (const { where, op } of operations)
  for (const [status, response] of Object.entries(op.responses ?? {}))
    for (const [type, media] of Object.entries(response.content ?? {}))
      if (isJson(type)) lint(media.schema, `${where} → ${status} ${type}`);

const lines = readFileSync(log, "utf8").split("\n").filter((l) => l.trim());
const seen = new Set();
const answered = new Set(); // operations answered with a 2xx
for (const line of lines) {
  const r = JSON.parse(line);
  const where = `${r.method} ${r.route} → ${r.status}`;
  const item = api.paths[r.route];
  let op;
  let allow; // what Allow must list: the path's methods, on a 405 for another
  if (!item) {
    op = api["x-unknown-paths"];
  } else {
    op = item[r.method.toLowerCase()] ?? (r.method === "HEAD" ? item.get : undefined);
    if (op && r.status >= 200 && r.status < 300) answered.add(op);
    if (!op) {
      op = item["x-other-methods"];
      allow = methodsOf(item).map((m) => m.toUpperCase());
    }
  }
  if (!op) {
    fail(where, "no such operation in the document");
    continue;
  }
  const response = op.responses?.[String(r.status)];
  if (!response) {
    fail(where, `status not documented (documented: ${Object.keys(op.responses ?? {}).join(", ")})`);
    continue;
  }
  seen.add(where);
  const headers = r.headers ?? {};
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const value = headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) fail(where, `no ${name} header`);
      continue;
    }
    const validate = header.schema && validatorOf(header.schema);
    if (validate && !validate(value)) fail(where, `${name}: ${JSON.stringify(value)}: ${explain(validate.errors)}`);
  }
  if (allow && headers.allow !== undefined) { // (missing: said above)
    const listed = (headers.allow ?? "").split(",").map((m) => m.trim()).filter(Boolean).sort();
    if (listed.join(", ") !== [...allow].sort().join(", "))
      fail(where, `Allow says "${headers.allow ?? ""}", the path takes ${allow.join(", ")}`);
  }
  if (!response.content) {
    if (r.size > 0) fail(where, `a body of ${r.size} bytes where the document has none`);
    continue;
  }
  const type = (r.contentType || "").split(";")[0].trim();
  const media = response.content[type];
  if (!media) {
    fail(where, `content type ${type || "(none)"} not documented (documented: ${Object.keys(response.content).join(", ")})`);
    continue;
  }
  if (r.method === "HEAD" || !media.schema || !isJson(type)) continue;
  const validate = validatorOf(media.schema);
  if (!validate(r.body)) fail(where, `${explain(validate.errors)}; the body: ${JSON.stringify(r.body)?.slice(0, 400)}`);
}
if (everyOperation) {
  const never = operations.filter((o) => o.real && !answered.has(o.op)).map((o) => o.where);
  if (never.length) fail("--every-operation", `never answered with a 2xx, so never checked: ${never.join("; ")}`);
}
console.log(`${lines.length} responses checked (${seen.size} kinds of operation and status), ${failures} failures`);
process.exit(failures ? 1 : 0);
