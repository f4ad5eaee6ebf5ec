// Checks a game record offline: `npm run verify -- record.json` (GET /games/{id}/record gives one).
// Exits 0 when the record holds, 1 with every mismatch listed when it does not.
import { readFileSync } from 'node:fs';
import { verifyRecord } from '../src/record/verify';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run verify -- record.json');
  process.exit(2);
}
let doc: unknown;
try {
  doc = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  console.error(`${file}: cannot read it as JSON: ${(e as Error).message}`);
  process.exit(1);
}
const verdict = verifyRecord(doc);
for (const line of verdict.checked) console.log(`ok    ${line}`);
for (const line of verdict.problems) console.log(`FAIL  ${line}`);
console.log(
  verdict.ok ? `${file}: the record holds` : `${file}: ${verdict.problems.length} mismatch(es): the record does not hold`,
);
process.exit(verdict.ok ? 0 : 1);
