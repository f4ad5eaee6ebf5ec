import { describe, expect, it } from 'vitest';
import { href, parseRoute } from '../web/src/route';

describe('the page’s routes', () => {
  it('a player’s profile and a kind’s leaderboard read back from their links, a bot’s id with its colon', () => {
    for (const route of [
      { page: 'player', id: 'c0ffee-1234' },
      { page: 'player', id: 'bot:expert' },
      { page: 'ratings', id: 'oicho-kabu' },
    ] as const) {
      expect(parseRoute(href(route))).toEqual(route);
    }
    expect(href({ page: 'player', id: 'bot:expert' })).toBe('#/players/bot:expert');
  });

  it('a malformed profile link opens the lobby', () => {
    expect(parseRoute('#/players/<script>')).toEqual({ page: 'lobby' });
    expect(parseRoute('#/players/')).toEqual({ page: 'lobby' });
  });
});
