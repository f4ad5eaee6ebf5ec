// Writes the OpenAPI document the server serves to openapi/openapi.json, and the AsyncAPI document of its
// events made from it to openapi/asyncapi.json (`--check`: fail if either differs).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/http/app';
import { asyncApiDocument } from '../src/http/openapi/asyncapi';
import { newSigningKey } from '../src/log';
import { inProcessNotifier } from '../src/service/notifier';
import { openDatabase } from '../src/store/database';

const dataDir = mkdtempSync(join(tmpdir(), 'card-table-openapi-'));
const db = await openDatabase({ dataDir });
const app = await buildApp({
  config: { rateLimit: 1, bodyLimit: 1, logLevel: 'silent' },
  sql: db.sql,
  notifier: inProcessNotifier(),
  jwtSecret: 'unused',
  logKey: newSigningKey(),
  logger: false,
});
await app.ready();
const openapi = app.swagger();
const documents = {
  'openapi/openapi.json': `${JSON.stringify(openapi, null, 2)}\n`,
  'openapi/asyncapi.json': `${JSON.stringify(asyncApiDocument(openapi as never), null, 2)}\n`,
};
await app.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });

for (const [file, text] of Object.entries(documents)) {
  if (process.argv.includes('--check')) {
    if (readFileSync(file, 'utf8') !== text) {
      console.error(`${file} is out of date: run npm run openapi`);
      process.exit(1);
    }
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
  }
}
