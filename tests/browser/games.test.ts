import { describe, expect, it } from 'vitest';
import { games } from '../../src/games';
import { shortOptions } from '../support/short-games';
import { againstBots, browserAndPeople, joinedFromTheLobby, recordVerifies, type Table } from './scenarios';
import {
  assertNothingHidden,
  auditEveryMove,
  cardsHidden,
  clickOne,
  createTable,
  cspViolations,
  moveSeenBy,
  otherHands,
  playToEnd,
  screenshotPath,
  untilVersion,
} from './support';

/**
 * People play at the web table in a real Chromium, by clicking only, from the lobby to the audit.
 * Ann and Bo are players, each in a browser context of their own; Cy watches on a phone.
 */
const at = browserAndPeople();

describe('Kaiser at the web table', () => {
  it('Ann sets up a table with two bots and an open seat, Bo joins it from the lobby and sees her move live, both play to the end by clicking, the audit steps through every move and passes the seed check, and the record downloads and verifies; no hidden card reached either page', async () => {
    const { web, ann, bo } = at;
    await ann.page.goto('/');
    // Short: the match ends when a side reaches 10 or falls below zero.
    const id = await createTable(ann, 'Kaiser', ['Me', 'Open to anyone', 'Random bot', 'Random bot'], {
      Target: '10',
      'Lose at': '-1',
    });
    await ann.page.getByRole('heading', { name: 'Waiting for players' }).waitFor();

    await bo.page.goto('/');
    const join = bo.page.getByRole('button', { name: 'Join seat 1 of Kaiser' });
    await join.waitFor();
    await bo.page.screenshot({ path: screenshotPath('lobby'), fullPage: true });
    await join.click();
    await bo.page.waitForURL(new RegExp(`#/table/${id}$`));
    // A mark on Bo's page: it is still there at the end only if the page was never reloaded.
    await bo.page.evaluate('window.untouched = true');

    // The last seat taken deals the cards: Ann's page is dealt in by the stream.
    await ann.page.getByRole('heading', { name: 'Your hand' }).waitFor();
    await moveSeenBy(ann, bo, [bo]);

    let shot = false;
    await playToEnd([ann, bo], {
      before: async (p) => {
        if (shot || p !== ann || !(await ann.page.locator('#turn', { hasText: /^Your turn/ }).isVisible())) return;
        if ((await ann.page.locator('.hand .card-button').count()) < 4) return;
        await ann.page.screenshot({ path: screenshotPath('table'), fullPage: true });
        shot = true;
      },
    });
    expect(await bo.page.evaluate('window.untouched')).toBe(true);

    const summary = (await (await fetch(`${web.base}/games/${id}`)).json()) as { status: string; version: number };
    expect(summary.status).toBe('finished');
    // Each hand is its seat's alone.
    expect(await assertNothingHidden(web.base, id, [ann, bo], cardsHidden(otherHands))).toBeGreaterThan(summary.version);

    await ann.page.setViewportSize({ width: 1200, height: 1300 });
    await auditEveryMove(ann, id, summary.version, 'audit');
    await ann.page.setViewportSize({ width: 1200, height: 900 });
    await recordVerifies(ann);
    for (const p of [ann, bo]) expect(await cspViolations(p)).toEqual([]);
  });
});

/** Games for two, with short options, and what a seat may not see of each. */
const TWO: Table[] = [
  // Target 1: one deal. The other hand and the stock are hidden.
  { title: 'Scopa', options: { Target: '1' }, leaks: cardsHidden((full, seat) => [otherHands(full, seat), full.stock]) },
  // Without the memory aid every layout lies face down to everyone until the end; the stock is hidden too.
  {
    title: 'Cactus',
    options: {},
    leaks: cardsHidden((full) => [(full.layouts as ({ card: string } | null)[][]).flat().map((slot) => slot?.card), full.stock]),
  },
  // Both hands are open; the card the other seat has laid for the match is not, until both have laid.
  {
    title: 'Divide and Conquer',
    options: {},
    leaks: (_full, seat, seen) =>
      (seen as { state: { laid: unknown[] } }).state.laid
        .filter((card, s) => s !== seat && card !== null && card !== 'face-down')
        .map(String),
  },
];

describe.each(TWO)('$title at the web table', (table) => {
  it('Ann plays a bot to the end by clicking while Cy watches on a phone, live; the audit steps through every move and passes the seed check; no hidden card reached either page', async () => {
    await againstBots(at, table, ['Me', 'Random bot'], table.title === 'Scopa' ? 'table-phone' : undefined);
  });

  it('Bo joins the open seat of Ann’s table from the lobby; each sees the other’s move without a reload', async () => {
    await joinedFromTheLobby(at, table, ['Me', 'Open to anyone']);
  });
});

describe('every game at the web table', () => {
  it('each of the 18 kinds draws its table from its view schema, names every move in words, and takes a move by clicking', async () => {
    const { web, ann } = at;
    const player = (await ann.page.evaluate(`JSON.parse(localStorage.getItem('card-table.player'))`)) as { token: string };
    ann.received.length = 0;
    for (const game of games.values()) {
      const seats = [{ player: 'me' }, ...Array.from({ length: game.seats.min - 1 }, () => ({ bot: 'random' }))];
      const created = await fetch(`${web.base}/games`, {
        method: 'POST',
        headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: game.kind, seats, options: shortOptions(game.kind) }),
      });
      expect(created.status, game.kind).toBe(201);
      const { id } = (await created.json()) as { id: string };
      await ann.page.goto(`/#/table/${id}`);
      await ann.page.getByRole('region', { name: 'The table', exact: true }).waitFor();
      // The bots play at once: the table waits for Ann, or the game is over already.
      await ann.page.locator('#turn', { hasText: /^(Your turn|Game over)/ }).waitFor();
      const text = await ann.page.locator('main').innerText();
      expect(text, game.kind).not.toMatch(/\[object Object\]|undefined|NaN/);
      if (/^Your turn/.test(await ann.page.locator('#turn').innerText())) {
        const names = await ann.page.locator('.moves button').allInnerTexts();
        const cards = await ann.page.locator('.hand .card-button').count();
        expect(names.length + cards, game.kind).toBeGreaterThan(0);
        for (const name of names) expect(name, game.kind).toMatch(/^[A-Z][\w ,:’'…-]+$/);
        // A capture of several table cards is chosen a card at a time.
        // A click that found nothing to touch (the page's stream behind on a busy machine) is tried again, for up to 30 s.
        // Each try touches another card, so one whose choice cannot be completed here is not touched forever.
        let outcome = await clickOne(ann, 1);
        for (
          let n = 2, until = Date.now() + 30_000;
          (outcome === 'selected' || outcome === 'nothing') && Date.now() < until;
          n++
        ) {
          if (outcome === 'nothing') await ann.page.waitForTimeout(250);
          outcome = await clickOne(ann, n);
        }
        // Should a kind still find no move, the failure says what the page offered and what the server allowed.
        const offered = typeof outcome === 'object' ? '' : await ann.page.locator('.moves').innerText();
        const view =
          typeof outcome === 'object'
            ? null
            : await (
                await fetch(`${web.base}/games/${id}/view`, { headers: { authorization: `Bearer ${player.token}` } })
              ).json();
        expect(
          outcome,
          `${game.kind}: the page offered ${JSON.stringify(offered)}; legal: ${JSON.stringify(view?.legalActions)}`,
        ).toMatchObject({ status: 200 });
      }
    }
    expect(ann.received.filter((r) => r.url === 'pageerror')).toEqual([]);
    expect(await cspViolations(ann)).toEqual([]);
  });
});

// The audit of a game Ann did not sit at reads the same: the page needs no token for it.
describe('the audit page', () => {
  it('opens for anyone with the link once the game is over', async () => {
    const { web, cy } = at;
    // A table of bots alone needs a player to answer for it.
    const keeper = await fetch(`${web.base}/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Keeper' }),
    });
    const { token } = (await keeper.json()) as { token: string };
    const created = await fetch(`${web.base}/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ kind: 'divide-and-conquer', seats: [{ bot: 'random' }, { bot: 'random' }] }),
    });
    const { id } = (await created.json()) as { id: string };
    await cy.page.goto(`/#/table/${id}`);
    await cy.page.locator('#turn', { hasText: /^Game over/ }).waitFor();
    const summary = (await (await fetch(`${web.base}/games/${id}`)).json()) as { version: number };
    await auditEveryMove(cy, id, summary.version);
  });
});

interface Fetched {
  status: number;
  etag: string | null;
  seat: number | null;
  hands: (string[] | null)[];
}

describe('views in the browser’s HTTP cache', () => {
  it('a page holding seat 0’s view fetches seat 1’s view of the same game at the same version and gets seat 1’s hand, never a 304 built on seat 0’s tag', async () => {
    const { web, cy: p } = at;
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
  });
});

describe('playing at the web table', () => {
  it('a move the server refuses shows the problem’s detail, and the page catches up; the keyboard alone then plays a move', async () => {
    const { web, ann } = at;
    await ann.page.goto('/');
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
    await ann.page.locator('.hand .card-button').first().waitFor();
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
      ann.page.locator('.hand .card-button').first().click(),
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

    // Keyboard only: Tab to a card of the hand, Enter plays it.
    let onMove = false;
    for (let tabs = 0; tabs < 60 && !onMove; tabs++) {
      await ann.page.keyboard.press('Tab');
      onMove = (await ann.page.evaluate(`document.activeElement?.closest('.hand') !== null`)) as boolean;
    }
    expect(onMove).toBe(true);
    const [moved] = await Promise.all([
      ann.page.waitForResponse((r) => r.url().endsWith('/moves')),
      ann.page.keyboard.press('Enter'),
    ]);
    expect(moved.status()).toBe(200);
    await untilVersion(ann.page, 2);
    await ann.page.unroute(/\/stream/);
  });
});
