import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { violation } from './support/contract';

/** The check every test server runs on its answers (tests/support/contract.ts) finds what does not fit. */
const doc = JSON.parse(readFileSync(new URL('../openapi/openapi.json', import.meta.url), 'utf8'));
const problem = (status: number, code: string) =>
  JSON.stringify({ type: `urn:card-table:problem:${code}`, title: 'x', status, code, detail: 'x', instance: '/x' });
const answer = (route: string, status: number, body: unknown, contentType = 'application/json; charset=utf-8') => ({
  method: 'GET',
  route,
  status,
  contentType,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('the contract check of the test suite', () => {
  it('passes an answer that fits the document', () => {
    expect(violation(doc, answer('/health', 200, { status: 'ok' }))).toBeNull();
    expect(violation(doc, answer('/games/:id', 404, problem(404, 'game-not-found'), 'application/problem+json'))).toBeNull();
  });

  it('finds a status the route does not document', () => {
    expect(violation(doc, answer('/health', 418, { status: 'ok' }))).toMatch(/GET \/health 418: the status is not documented/);
  });

  it('finds a problem code the route does not list for that status', () => {
    const found = violation(doc, answer('/games/:id', 404, problem(404, 'seat-not-found'), 'application/problem+json'));
    expect(found).toMatch(/GET \/games\/\{id\} 404: the body does not fit/);
  });

  it('finds an error sent as plain JSON rather than application/problem+json', () => {
    expect(violation(doc, answer('/games/:id', 404, problem(404, 'game-not-found')))).toMatch(
      /application\/json is not a documented/,
    );
  });

  it('finds a view whose state does not fit its kind', () => {
    const view = {
      id: 'g',
      kind: 'scopa',
      version: 0,
      seat: 0,
      status: 'active',
      toAct: [0],
      legalActions: [{ type: 'play', card: 'ZZ' }],
      scores: [0, 0],
      deadlines: [null, null],
      state: { nothing: 'of scopa' },
    };
    expect(violation(doc, answer('/games/:id/view', 200, view))).toMatch(/the body does not fit .*ScopaView/);
  });

  it('passes a move answered by its view or by its receipt, and finds a receipt that fits neither', () => {
    const move = (body: unknown) => ({ ...answer('/games/:id/moves', 200, body), method: 'POST' });
    const checkpoint = { size: 2, root: 'AAAA', signature: 'AAAA' };
    const receipt = { id: 'g', version: 1, seat: 0, status: 'active', toAct: [1], deadlines: [null, null], checkpoint };
    expect(violation(doc, move(receipt))).toBeNull();
    expect(violation(doc, move({ ...receipt, legalActions: [] }))).toMatch(
      /POST \/games\/\{id\}\/moves 200: the body does not fit .*no kind that names one of its variants, nor .*must NOT have additional properties/,
    );
  });

  it('ignores the routes the document does not describe (the document itself, Swagger UI)', () => {
    expect(violation(doc, answer('/openapi.json', 200, {}))).toBeNull();
  });
});
