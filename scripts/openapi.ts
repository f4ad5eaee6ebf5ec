// Writes the OpenAPI document the server serves to openapi/openapi.json (`--check`: fail if it differs).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/http/app';
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
const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });

const file = 'openapi/openapi.json';
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== text) {
    console.error(`${file} is out of date: run npm run openapi`);
    process.exit(1);
  }
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
