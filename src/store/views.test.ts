import { describe, expect, it } from 'vitest';
import { decodeViews, encodeViews } from './views';

describe('the readings an event keeps', () => {
  const action = { type: 'capture', card: '5C', with: '6C' };
  const redacted = { type: 'capture' };

  it('keep each distinct reading once, the action itself by a letter', () => {
    const views = [redacted, action, redacted, redacted, redacted];
    const text = encodeViews(views, action) as string;
    expect(text).toBe('{"d":[{"type":"capture"}],"i":"0*000"}');
    expect(text.length).toBeLessThan(JSON.stringify(views).length / 2);
    expect(decodeViews(text, action)).toEqual(views);
  });

  it('give back every seat its own reading, however many differ', () => {
    // Twelve readings, each its own and none the action: places 10 and 11 are written as letters.
    const views = Array.from({ length: 12 }, (_, seat) => ({ type: 'draw', card: `${seat}H` }));
    expect(decodeViews(encodeViews(views, action), action)).toEqual(views);
  });

  it('read the plain array rows written before this layout as they are', () => {
    const views = [redacted, action, null];
    expect(decodeViews(JSON.stringify(views), action)).toEqual(views);
  });

  it('keep nothing when every seat sees the action', () => {
    expect(encodeViews(null, action)).toBeNull();
    expect(decodeViews(null, action)).toBeNull();
  });
});
