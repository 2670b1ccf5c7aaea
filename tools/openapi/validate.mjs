// node tools/openapi/validate.mjs FILE — validates an OpenAPI document (ledgerd's /openapi.json)
// with @apidevtools/swagger-parser: the document against the OpenAPI 3.1 schema, every $ref resolved.
import SwaggerParser from "@apidevtools/swagger-parser";

const file = process.argv[2];
try {
  const api = await SwaggerParser.validate(file);
  console.log(`valid: ${api.info.title} ${api.info.version}, OpenAPI ${api.openapi}, ${Object.keys(api.paths).length} paths`);
} catch (e) {
  console.error(`invalid: ${e.message}`);
  process.exit(1);
}
