// node tools/lake/check.mjs --lake DIR --sql FILE [--parquet DIR]
// Reads a data lake as an analyst does, with DuckDB (@duckdb/node-api), running the README's SQL
// as it stands (FILE: the README's SQL; its blocks follow the comment lines "-- lake…", "-- totals…"
// and "-- parquet…", each up to its first ';'), and prints one JSON object:
//   lines, distinct    count(*) and count(DISTINCT transaction.id) of the view "lake"
//   schemaErrors       lines that do not hold to the lake's _schema.json (ajv, JSON Schema 2020-12)
//   totals             the rows of "-- totals" (a day's net per account), 'lake/' read as DIR/
//   parquetTotals      with --parquet: "-- parquet" run into that folder, and the same totals with
//                      the view "lake" over the Parquet files
import { DuckDBInstance } from "@duckdb/node-api";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { readFileSync, readdirSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import path from "node:path";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith("--") ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const lake = path.resolve(args.lake);
const sql = readFileSync(args.sql, "utf8");
// The README's blocks: the query of a day's totals, and the COPY to Parquet (marked in the file).
const block = (name) => {
  const m = sql.match(new RegExp(`-- ${name}\\b[^\\n]*\\n([\\s\\S]*?;)`));
  if (!m) throw new Error(`no block "-- ${name}" in ${args.sql}`);
  return m[1];
};
const inLake = (text) => text.replaceAll("'lake/", `'${lake}/`);

const db = await DuckDBInstance.create(":memory:");
const c = await db.connect();
const rows = async (text) => (await c.runAndReadAll(text)).getRowObjectsJson();

await c.run(inLake(block("lake")));
const [{ lines, distinct }] = await rows(`SELECT count(*) AS lines, count(DISTINCT "transaction".id) AS distinct FROM lake`);
const totals = await rows(block("totals"));

// Every line against the schema the lake carries.
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(path.join(lake, "_schema.json"), "utf8")));
const schemaErrors = [];
for (const day of readdirSync(lake).filter((d) => d.startsWith("dt="))) {
  for (const file of readdirSync(path.join(lake, day)).filter((f) => f.endsWith(".ndjson.gz"))) {
    const text = gunzipSync(readFileSync(path.join(lake, day, file))).toString("utf8");
    for (const line of text.split("\n").filter((l) => l.length > 0)) {
      if (!validate(JSON.parse(line)) && schemaErrors.length < 5)
        schemaErrors.push(`${day}/${file}: ${ajv.errorsText(validate.errors)}`);
    }
  }
}

const out = { lines: Number(lines), distinct: Number(distinct), schemaErrors, totals };
if (args.parquet) {
  const parquet = path.resolve(args.parquet);
  await c.run(block("parquet").replaceAll("'lake-parquet", `'${parquet}`));
  await c.run(`CREATE OR REPLACE VIEW lake AS SELECT * FROM read_parquet('${parquet}/*/*.parquet', hive_partitioning = true)`);
  out.parquetTotals = await rows(block("totals"));
}
console.log(JSON.stringify(out));
