import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../support/tables';
import { launch, type Person, person, screenshotPath, violationsInEveryLook, webServer } from './support';

/**
 * Ratings at the web table: beside names, at the end of a rated game, a player's profile with a
 * chart per kind, each kind's leaderboard; and a clock's turn-reminder in the table's log panel.
 */

const DESKTOP = { width: 1280, height: 800 };

let web: Awaited<ReturnType<typeof webServer>>;
let browser: Browser;
let ann: Person;
let annId: string;
let annToken: string;
let lost: string;
// The server's clock, moved by the reminder's test; it starts at the browser's now.
const clock = fakeClock(new Date());

async function post<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${web.base}${path}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  return (await res.json()) as T;
}

/** A rated game of Xeri against the expert bot that Ann resigns at once: a loss that moves both ratings. */
async function ratedLoss(): Promise<string> {
  const game = await post<{ id: string; rated: boolean }>(
    '/games',
    { kind: 'xeri', seats: [{ player: 'me' }, { bot: 'expert' }] },
    annToken,
  );
  expect(game.rated).toBe(true);
  await post(`/games/${game.id}/resign`, undefined, annToken);
  return game.id;
}

/**
 * Ann and Bo at Xeri, two hours a move, with the turn at `due` (0: Ann, 1: Bo): whoever the deal
 * gives the lead to plays first when it is not theirs to wait.
 */
async function clockedTable(due: 0 | 1): Promise<{ id: string }> {
  const bo = await post<{ id: string; token: string }>('/players', { name: 'Bo' });
  const game = await post<{ id: string }>(
    '/games',
    { kind: 'xeri', seats: [{ player: 'me' }, { player: bo.id }], options: { clock: { perMove: 7200 } } },
    annToken,
  );
  await post(`/games/${game.id}/seats/1/join`, undefined, bo.token);
  const other = due === 0 ? bo.token : annToken;
  const view = (await (
    await fetch(`${web.base}/games/${game.id}/view`, { headers: { authorization: `Bearer ${other}` } })
  ).json()) as { toAct: number[]; version: number; legalActions: unknown[] };
  if (!view.toAct.includes(due)) {
    await post(`/games/${game.id}/moves`, { action: view.legalActions[0], expectedVersion: view.version }, other);
  }
  return game;
}

beforeAll(async () => {
  web = await webServer({ now: clock.now });
  browser = await launch();
  ann = await person(browser, web.base, 'Ann', DESKTOP);
  const me = await post<{ id: string; token: string }>('/players', { name: 'Ann' });
  [annId, annToken] = [me.id, me.token];
  await ratedLoss();
  lost = await ratedLoss();
  // Ann's browser speaks for her: the lobby shows her games.
  await ann.page.goto('/');
  await ann.page.evaluate(
    `localStorage.setItem('card-table.player', '${JSON.stringify({ id: annId, name: 'Ann', token: annToken })}')`,
  );
  await ann.page.reload();
});
afterAll(async () => {
  await browser?.close();
  await web?.close();
});

describe('ratings beside names', () => {
  it('a rated table waiting in the lobby shows each seated name’s rating, linking to the profile', async () => {
    await post('/games', { kind: 'xeri', rated: true, seats: [{ player: 'me' }, { open: true }] }, annToken);
    await ann.page.goto('/');
    const open = ann.page.locator('section[aria-labelledby="open-h"]');
    await open.getByText(/Ann \(\d+\? \(provisional\)\) · open seat · rated/).waitFor();
    const name = open.getByRole('link', { name: 'Ann', exact: true });
    await name.click();
    await ann.page.getByRole('heading', { name: 'Ann', level: 1 }).waitFor();
  });

  it('at the end of a rated game against the bot, each seat shows its change and the banner says mine', async () => {
    await ann.page.goto(`/#/table/${lost}`);
    await ann.page.getByText(/^Your rating: \d+ → \d+ \(−\d+\)$/).waitFor();
    // The bot won: its seat gained what Ann lost, near enough.
    await ann.page
      .locator('.seat')
      .filter({ hasText: /expert/i })
      .getByText(/Rating: \d+ → \d+ \(\+\d+\)/)
      .waitFor();
  });

  it('my games say which games are rated, with my rating in each', async () => {
    await ann.page.goto('/');
    await ann.page
      .getByText(/rated, you \(\d+\? \(provisional\)\)/)
      .first()
      .waitFor();
  });
});

describe('ratings pages', () => {
  it('a profile shows each kind’s rating, explains "provisional", charts its history and lists the recent games', async () => {
    await ann.page.goto(`/#/players/${annId}`);
    await ann.page.getByRole('heading', { name: 'Ann', level: 1 }).waitFor();
    const kind = ann.page.getByRole('heading', { name: /^Xeri: \d+\?/ });
    await kind.waitFor();
    // Two losses to the expert bot take a newcomer below 1000.
    const shown = Number(/(\d+)\?/.exec((await kind.textContent()) ?? '')?.[1]);
    expect(shown).toBeLessThan(1000);
    expect(await ann.page.getByText(/Provisional: the rating rests on few rated games/).count()).toBeGreaterThan(0);
    const chart = ann.page.getByRole('img', { name: /Ann’s Xeri rating: \d+ before the first rated game, \d+ now/ });
    await chart.waitFor();
    // Three points: the rating before the first game, then after each of the two.
    expect(await chart.locator('circle').count()).toBe(3);
    expect(await ann.page.locator('.recent-games li').count()).toBe(2);
    expect(await ann.page.locator('.recent-games li').first().textContent()).toMatch(/lost.*→ \d+ \(−\d+\)/);
    await ann.page.screenshot({ path: screenshotPath('profile'), fullPage: true });
  });

  it('a leaderboard ranks the kind’s rated identities, each linking to its profile', async () => {
    await ann.page.goto('/');
    await ann.page.getByRole('link', { name: 'Leaderboards' }).click();
    // The link opens the first kind's board; the others are a click away.
    await ann.page.getByRole('navigation', { name: 'Leaderboards' }).getByRole('link', { name: 'Scopa' }).click();
    await ann.page.getByRole('heading', { name: 'Scopa leaderboard' }).waitFor();
    await ann.page.getByText('No rated game of this kind finished yet.').waitFor();
    await ann.page.getByRole('navigation', { name: 'Leaderboards' }).getByRole('link', { name: 'Xeri', exact: true }).click();
    await ann.page.getByRole('heading', { name: 'Xeri leaderboard' }).waitFor();
    const rows = ann.page.locator('.leaderboard tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // The bot won both games: it ranks first.
    expect(await rows.nth(0).textContent()).toMatch(/^1.*\(bot\)/);
    expect(await rows.nth(1).textContent()).toMatch(/^2Ann\d+\? \(provisional\)2$/);
    await ann.page.screenshot({ path: screenshotPath('leaderboard'), fullPage: true });
    await rows.nth(1).getByRole('link', { name: 'Ann' }).click();
    await ann.page.getByRole('heading', { name: 'Ann', level: 1 }).waitFor();
  });

  it('axe-core finds no serious or critical fault on the profile and the leaderboard, in light and dark mode and at phone width', async () => {
    const pages = new Map([
      ['profile', [`/#/players/${annId}`, '.rating-chart svg']],
      ['leaderboard', ['/#/ratings/xeri', '.leaderboard']],
    ]);
    const found = await violationsInEveryLook(ann.page, [...pages.keys()], async (name) => {
      const [path, ready] = pages.get(name) as string[];
      await ann.page.goto(path);
      await ann.page.locator(ready).first().waitFor();
    });
    expect(found).toEqual([]);
  });
});

describe('clocks at the table', () => {
  it('a turn-reminder arriving while the table is open shows once in its log panel', async () => {
    const game = await clockedTable(0);
    // The player's stream answers once it is subscribed: a reminder sent before that is not the table's to tell.
    const listening = ann.page.waitForResponse((r) => new URL(r.url()).pathname === '/players/me/stream');
    await ann.page.goto(`/#/table/${game.id}`);
    await ann.page.locator('#turn', { hasText: /^Your turn/ }).waitFor();
    await listening;
    const reminder = ann.page.locator('.log-panel .notice').filter({ hasText: /^Reminder: it is your turn/ });
    expect(await reminder.count()).toBe(0);
    clock.advance(3600);
    await web.server.app.service.clocks.tick();
    await reminder.waitFor();
    // Another sweep of the clocks, later in the same turn: no second reminder.
    clock.advance(60);
    await web.server.app.service.clocks.tick();
    await ann.page.getByRole('heading', { name: 'What happened' }).waitFor();
    expect(await reminder.count()).toBe(1);
  });

  it('a seated player gives the due seat a day from its panel, once a turn', async () => {
    const game = await clockedTable(1);
    await ann.page.goto(`/#/table/${game.id}`);
    const give = ann.page.getByRole('button', { name: 'Give Bo a day' });
    await give.click();
    await ann.page.locator('.log-panel .notice').filter({ hasText: 'You gave Bo a day more.' }).waitFor();
    const summary = (await (await fetch(`${web.base}/games/${game.id}`)).json()) as { deadlines: (string | null)[] };
    // Two hours and a day from the turn's start.
    expect(new Date(summary.deadlines[1] as string).getTime()).toBeGreaterThan(clock.now().getTime() + 86400_000);
    await give.click();
    await ann.page
      .getByRole('alert')
      .filter({ hasText: /once a turn|already/i })
      .waitFor();
  });
});
