import { describe, expect, it } from 'vitest';
import { drawSeed, gameSeed, seedHash, seedLabel } from './seeds';

describe('tournament seeds', () => {
  // The expected values were computed with openssl (`openssl dgst -sha256 -hmac 'tournament-seed'`), not with this code.
  it('a game seed is the lowercase hex HMAC-SHA256 of round:<r>/table:<t>, keyed by the seed text', () => {
    expect(gameSeed('tournament-seed', 'games', 2, 3)).toBe('445414ee756abee7f975546ba550b1c025bba225d32e715814c51bef8e1d7df1');
  });

  it('every table of a duplicate round derives the same seed from round:<r>', () => {
    const want = '04777674e59a2c7c81430bdb89bad390adb13daff3ccbf040b822004540476d1';
    expect(gameSeed('tournament-seed', 'duplicate', 2, 1)).toBe(want);
    expect(gameSeed('tournament-seed', 'duplicate', 2, 7)).toBe(want);
    expect(seedLabel('duplicate', 2, 7)).toBe('round:2');
  });

  it('the published hash is the SHA-256 of the seed text', () => {
    expect(seedHash('tournament-seed')).toBe('6c409bcf8ab7d748faef9c3e2935183a0860f4058052f596f3fed8dddbbb54d4');
  });

  it('a drawn seed is 32 fresh random bytes in hex', () => {
    const a = drawSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(drawSeed()).not.toBe(a);
  });
});
