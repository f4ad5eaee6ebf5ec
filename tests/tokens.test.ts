import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, describe, expect, it } from 'vitest';
import { publicKeyOf, signingKey } from '../src/log';
import { loadLogKey } from '../src/service/log';
import { loadSecret, seatTokens } from '../src/service/tokens';

const dir = mkdtempSync(join(tmpdir(), 'card-table-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('seat tokens', () => {
  it('without JWT_SECRET a random secret is made once, kept private in the data directory, and reused', () => {
    const first = loadSecret(undefined, dir);
    expect(first.length).toBeGreaterThan(40);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadSecret(undefined, dir)).toBe(first);
    expect(loadSecret('from-env-at-least-thirty-two-bytes', dir)).toBe('from-env-at-least-thirty-two-bytes');
  });

  it('without LOG_SIGNING_KEY an Ed25519 key is made once, kept private beside the JWT secret, and reused', () => {
    const first = loadLogKey(undefined, dir);
    expect(first).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(statSync(join(dir, 'log-signing-key')).mode & 0o777).toBe(0o600);
    expect(loadLogKey(undefined, dir)).toBe(first);
    expect(publicKeyOf(signingKey(loadLogKey(undefined, dir)))).toBe(publicKeyOf(signingKey(first)));
    const seed = Buffer.alloc(32, 1).toString('base64');
    expect(loadLogKey(seed, dir)).toBe(seed);
    // Nothing is left of the drafts the files were written through.
    expect(readdirSync(dir).sort()).toEqual(['jwt-secret', 'log-signing-key']);
  });

  it('a token names one game and one seat, and only HS256 tokens signed with the secret pass', () => {
    const tokens = seatTokens('s3cret');
    const token = tokens.sign({ game: 'g1', seat: 2 });
    expect(tokens.verify(token)).toEqual({ game: 'g1', seat: 2 });
    expect(() => seatTokens('other').verify(token)).toThrow(/not valid/);
    const unsigned = jwt.sign({ seat: 0 }, '', { algorithm: 'none', subject: 'g1', audience: 'card-table/seat' });
    expect(() => tokens.verify(unsigned)).toThrow(/not valid/);
    const hs512 = jwt.sign({ seat: 0 }, 's3cret', { algorithm: 'HS512', subject: 'g1', audience: 'card-table/seat' });
    expect(() => tokens.verify(hs512)).toThrow(/not valid/);
    const noSeat = jwt.sign({}, 's3cret', { algorithm: 'HS256', subject: 'g1', audience: 'card-table/seat' });
    expect(() => tokens.verify(noSeat)).toThrow(/not valid/);
  });
});
