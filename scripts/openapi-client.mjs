#!/usr/bin/env node
// The TypeScript types of a Jobby API client, generated from the OpenAPI document as an integrator
// would (decision 220): `node scripts/openapi-client.mjs <openapi.json or URL> <out.d.ts>`. Used by
// test/api/integrations/api-key-client.test.ts; the output is not committed (test/integrator/generated/).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const [source, out] = process.argv.slice(2);
if (!source || !out) {
  console.error('Uso: node scripts/openapi-client.mjs <openapi.json o URL> <salida.d.ts>');
  process.exit(2);
}
const document = /^https?:\/\//.test(source) ? new URL(source) : JSON.parse(readFileSync(source, 'utf8'));
const ast = await openapiTS(document);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, astToString(ast));
console.log(`Tipos escritos en ${out}`);
