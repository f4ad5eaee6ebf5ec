// Checks a game record offline: `npm run verify -- record.json [--key <base64>]` (GET /games/{id}/record
// gives one, GET /log/key the key). Exits 0 when the record holds, 1 with every mismatch listed when it does not.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { verifyRecord } from '../src/record/verify';

const usage = 'usage: npm run verify -- record.json [--key <base64 public key from GET /log/key>]';
let file: string | undefined;
let key: string | undefined;
try {
  const { values, positionals } = parseArgs({ options: { key: { type: 'string' } }, allowPositionals: true });
  [file] = positionals;
  key = values.key;
} catch (e) {
  console.error(`${(e as Error).message}\n${usage}`);
  process.exit(2);
}
if (!file) {
  console.error(usage);
  process.exit(2);
}
let doc: unknown;
try {
  doc = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  console.error(`${file}: cannot read it as JSON: ${(e as Error).message}`);
  process.exit(1);
}
const verdict = verifyRecord(doc, { key });
for (const line of verdict.checked) console.log(`ok    ${line}`);
for (const line of verdict.problems) console.log(`FAIL  ${line}`);
console.log(
  verdict.ok ? `${file}: the record holds` : `${file}: ${verdict.problems.length} mismatch(es): the record does not hold`,
);
process.exit(verdict.ok ? 0 : 1);
