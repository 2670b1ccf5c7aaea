// node tools/openapi/check-responses.mjs OPENAPI RESPONSES.jsonl — each line of RESPONSES is one
// answer ledgerd gave ({"method","route","status","contentType","body"}, route as the document's
// path template); each must be documented for its operation and status, with its content type,
// and its body must match that response's schema (JSON Schema 2020-12, as OpenAPI 3.1 uses).
import SwaggerParser from "@apidevtools/swagger-parser";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { readFileSync } from "node:fs";

const [openapi, log] = process.argv.slice(2);
const api = await SwaggerParser.dereference(openapi);
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const lines = readFileSync(log, "utf8").split("\n").filter((l) => l.trim());
let failures = 0;
const seen = new Set();
for (const line of lines) {
  const r = JSON.parse(line);
  const where = `${r.method} ${r.route} → ${r.status}`;
  const operation = api.paths[r.route]?.[r.method.toLowerCase()];
  const response = operation?.responses?.[String(r.status)];
  const fail = (why) => { failures++; console.error(`FAIL ${where}: ${why}`); };
  if (!operation) { fail("no such operation in the document"); continue; }
  if (!response) { fail(`status not documented (documented: ${Object.keys(operation.responses).join(", ")})`); continue; }
  seen.add(where);
  if (!response.content) continue;
  const type = (r.contentType || "").split(";")[0].trim();
  const media = response.content[type];
  if (!media) { fail(`content type ${type} not documented (documented: ${Object.keys(response.content).join(", ")})`); continue; }
  if (!media.schema || type !== "application/json" && type !== "application/problem+json") continue;
  const validate = ajv.compile(media.schema);
  if (!validate(r.body)) fail(ajv.errorsText(validate.errors));
}
console.log(`${lines.length} responses checked (${seen.size} kinds of operation and status), ${failures} failures`);
process.exit(failures ? 1 : 0);
