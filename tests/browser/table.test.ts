import { describe, expect, it } from 'vitest';
import { browserAndServer } from './scenarios';
import { becomePlayer, createTable, person, untilVersion } from './support';

const at = browserAndServer();

interface Fetched {
  status: number;
  etag: string | null;
  seat: number | null;
  hands: (string[] | null)[];
}

describe('views in the browser’s HTTP cache', () => {
  it('a page holding seat 0’s view fetches seat 1’s view of the same game at the same version and gets seat 1’s hand, never a 304 built on seat 0’s tag', async () => {
    const { web, browser } = at;
    const created = await fetch(`${web.base}/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'scopa', seats: 2 }),
    });
    const game = (await created.json()) as { id: string; seats: { token: string }[] };
    const [t0, t1] = game.seats.map((s) => s.token);
    const hands = await Promise.all(
      [t0, t1].map(async (t, seat) => {
        const view = (await (
          await fetch(`${web.base}/games/${game.id}/view`, { headers: { authorization: `Bearer ${t}` } })
        ).json()) as {
          state: { hands: (string[] | null)[] };
        };
        return view.state.hands[seat] as string[];
      }),
    );
    expect(hands[0]).not.toEqual(hands[1]);

    const p = await person(browser, web.base, 'Cy');
    await p.page.goto('/');
    // What the browser itself sent and got, below fetch(): a 304 a cache turned into a 200 shows here.
    const wire: Promise<{ token: string; ifNoneMatch?: string; status: number; etag?: string }>[] = [];
    p.page.on('response', (response) => {
      if (!response.url().endsWith(`/games/${game.id}/view`)) return;
      wire.push(
        response
          .request()
          .allHeaders()
          .then((sent) => ({
            token: (sent.authorization ?? '').replace(/^Bearer /, ''),
            ifNoneMatch: sent['if-none-match'],
            status: response.status(),
            etag: response.headers().etag,
          })),
      );
    });

    // In the page: seat 0's view, seat 0's again (the cache may revalidate it), then seat 1's, all with the
    // default cache mode; then seat 1's sent with seat 0's tag as If-None-Match, as a confused cache would.
    const fetched = (await p.page.evaluate(
      `(async ([id, t0, t1]) => {
        const read = async (token, extra = {}) => {
          const res = await fetch('/games/' + id + '/view', { headers: { authorization: 'Bearer ' + token, ...extra.headers }, cache: extra.cache });
          const body = await res.json();
          return { status: res.status, etag: res.headers.get('etag'), seat: body.seat, hands: body.state.hands };
        };
        const first = await read(t0);
        const again = await read(t0);
        const other = await read(t1);
        const forced = await read(t1, { headers: { 'if-none-match': first.etag }, cache: 'no-store' });
        return [first, again, other, forced];
      })(${JSON.stringify([game.id, t0, t1])})`,
    )) as Fetched[];
    const [first, again, other, forced] = fetched;

    // The tag names what it tags: the game's revision and the audience.
    expect(first.etag).toMatch(/^"\d+\.seat0"$/);
    expect(again).toMatchObject({ status: 200, seat: 0, etag: first.etag });
    expect(again.hands[0]).toEqual(hands[0]);
    for (const seen of [other, forced]) {
      expect(seen.status).toBe(200);
      expect(seen.seat).toBe(1);
      expect(seen.etag).toMatch(/^"\d+\.seat1"$/);
      expect(seen.hands[1]).toEqual(hands[1]);
      expect(seen.hands[0]).toBeNull();
    }
    // On the wire: every answer to seat 1 was a full 200 with seat 1's tag, the one sent with seat 0's tag included.
    const toSeat1 = (await Promise.all(wire)).filter((w) => w.token === t1);
    expect(toSeat1.length).toBeGreaterThanOrEqual(2);
    expect(toSeat1.some((w) => w.ifNoneMatch === first.etag)).toBe(true);
    for (const w of toSeat1) expect(w).toMatchObject({ status: 200, etag: other.etag });
    await p.context.close();
  });
});

describe('playing at the web table', () => {
  it('a move the server refuses shows the problem’s detail, and the page catches up; the keyboard alone then plays a move', async () => {
    const { web, browser } = at;
    const ann = await person(browser, web.base, 'Ann');
    await becomePlayer(ann);
    const id = await createTable(ann, 'Divide and Conquer', ['Me', 'Open to anyone']);
    // Bo joins and plays through the API.
    const bo = (await (
      await fetch(`${web.base}/players`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bo' }),
      })
    ).json()) as { token: string };
    const auth = { authorization: `Bearer ${bo.token}`, 'content-type': 'application/json' };
    const joined = await fetch(`${web.base}/games/${id}/seats/1/join`, {
      method: 'POST',
      headers: { authorization: auth.authorization },
    });
    expect(joined.status).toBe(200);
    await untilVersion(ann.page, 0);
    await ann.page.getByRole('heading', { name: 'Your hand' }).waitFor();

    // Ann's page loses its stream (a network hiccup): it keeps showing move 0 while Bo plays.
    await ann.page.route(/\/stream/, (route) => route.abort());
    await ann.page.reload();
    await ann.page.getByRole('heading', { name: 'Your moves' }).waitFor();
    const boView = (await (await fetch(`${web.base}/games/${id}/view`, { headers: auth })).json()) as {
      legalActions: unknown[];
    };
    const played = await fetch(`${web.base}/games/${id}/moves`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ action: boView.legalActions[0] }),
    });
    expect(played.status).toBe(200);

    const [refusal] = await Promise.all([
      ann.page.waitForResponse((r) => r.url().endsWith('/moves')),
      ann.page.locator('.actions button').first().click(),
    ]);
    expect(refusal.status()).toBe(409);
    const problem = (await refusal.json()) as { code: string; detail: string };
    expect(problem.code).toBe('version-conflict');
    await ann.page
      .getByRole('alert')
      .filter({ hasText: `Your move was refused: ${problem.detail}` })
      .waitFor();
    // After a conflict the page reads the game again: it shows Bo’s move.
    await untilVersion(ann.page, 1);

    // Keyboard only: Tab to a move, Enter plays it.
    let onMove = false;
    for (let tabs = 0; tabs < 60 && !onMove; tabs++) {
      await ann.page.keyboard.press('Tab');
      onMove = (await ann.page.evaluate(`document.activeElement?.closest('.actions') !== null`)) as boolean;
    }
    expect(onMove).toBe(true);
    const [moved] = await Promise.all([
      ann.page.waitForResponse((r) => r.url().endsWith('/moves')),
      ann.page.keyboard.press('Enter'),
    ]);
    expect(moved.status()).toBe(200);
    await untilVersion(ann.page, 2);
    await ann.context.close();
  });
});
