import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { defaultOptions } from '../../src/engine';
import { games } from '../../src/games';
import { privateDatabase, startServer, type TestServer } from '../support/harness';
import { chromiumPath } from './chromium';

/**
 * Flags that work on these machines (no sandbox for root, no GPU, nothing fetched in the background).
 * Playwright gives each launch a fresh --user-data-dir of its own: nothing carries over between runs.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launch = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath(), args: FLAGS, headless: true, timeout: 60_000 });

/** The service on a free port of 127.0.0.1 (a secure context: Web Crypto works there), serving the built web table. */
export async function webServer(
  extra: Parameters<typeof startServer>[1] = {},
): Promise<{ base: string; server: TestServer; close(): Promise<void> }> {
  const where = await privateDatabase();
  const server = await startServer(where, extra);
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: address,
    server,
    close: async () => {
      await server.close();
      await where.drop();
    },
  };
}

/**
 * The service as webServer() starts it, which can also be restarted on the same port and data (as
 * after a deploy): open streams are told `end` with reason `shutdown`, and the pages must come back.
 */
export async function restartableServer() {
  const where = await privateDatabase();
  let server = await startServer(where);
  const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(base).port);
  return {
    base,
    async restart() {
      await server.close();
      server = await startServer(where);
      await server.app.listen({ port, host: '127.0.0.1' });
    },
    close: async () => {
      await server.close();
      await where.drop();
    },
  };
}

/** What a browser test file works with: its server, its browser, and Ann, a registered player, with her token. */
export interface AnnAtTable {
  web: Awaited<ReturnType<typeof restartableServer>>;
  browser: Browser;
  ann: Person;
  token: string;
}

/**
 * A file's server (restartable), browser and Ann, made before its tests and closed after them; the
 * object is filled in when the file's first beforeAll has run.
 */
export function annForFile(viewport = { width: 1280, height: 800 }): AnnAtTable {
  const at = {} as AnnAtTable;
  beforeAll(async () => {
    at.web = await restartableServer();
    at.browser = await launch();
    at.ann = await person(at.browser, at.web.base, 'Ann', viewport);
    await becomePlayer(at.ann);
    at.token = await tokenOf(at.ann);
  });
  afterAll(async () => {
    await at.browser?.close();
    await at.web?.close();
  });
  return at;
}

/**
 * Where the screenshots go: docs/screenshots (committed, shown in the README) when UPDATE_SCREENSHOTS=1
 * (`npm run screenshots`), otherwise a temporary folder, so that a test run leaves the clone as it was.
 */
export function screenshotPath(name: string): string {
  const dir =
    process.env.UPDATE_SCREENSHOTS === '1'
      ? resolve(import.meta.dirname, '../../docs/screenshots')
      : join(tmpdir(), 'card-table-screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}

/** A seat's view as the API sends it. */
export interface SeatView {
  id: string;
  kind: string;
  version: number;
  seat: number | null;
  status: string;
  toAct: number[];
  legalActions: { type: string; [k: string]: unknown }[];
  state: unknown;
}

/** Something the page received from the server: a response body, or one message of a stream. */
export interface Received {
  url: string;
  source: 'response' | 'stream';
  body: unknown;
}

/** Content-Security-Policy violations a page met (none: the page needs no inline script or style). */
export const cspViolations = (p: Person) => p.page.evaluate('window.cspViolations');

/** A person at a browser: a context of their own (their own localStorage, their own player) and one page. */
export interface Person {
  name: string;
  context: BrowserContext;
  page: Page;
  /** Everything the page was sent: JSON responses, and every message of its event streams. */
  received: Received[];
  cdp: CDPSession;
  /** Waits for the response bodies still being read. */
  settled(): Promise<unknown>;
}

export async function person(browser: Browser, base: string, name: string, viewport = { width: 1200, height: 900 }) {
  const context = await browser.newContext({ baseURL: base, viewport, acceptDownloads: true });
  await context.addInitScript(
    "window.cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));",
  );
  const page = await context.newPage();
  const received: Received[] = [];
  const pending: Promise<unknown>[] = [];
  page.on('pageerror', (e) => received.push({ url: 'pageerror', source: 'response', body: String(e) }));
  // Response bodies (a stream's never completes: its messages come from the DevTools protocol below).
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('json') || response.request().method() === 'OPTIONS') return;
    pending.push(
      response.json().then(
        (body) => received.push({ url: response.url(), source: 'response', body }),
        () => {},
      ),
    );
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.eventSourceMessageReceived', (m) => {
    if (m.eventName === 'view') received.push({ url: 'stream', source: 'stream', body: JSON.parse(m.data) });
  });
  return { name, context, page, received, cdp, settled: () => Promise.all(pending) } satisfies Person;
}

/** A table made through the API by the player `token` speaks for: `top` stacks its first deal (top first, the named cards, then the rest). */
export async function apiTable(
  base: string,
  token: string,
  kind: string,
  seats: unknown[],
  extra: { options?: object; top?: string[] } = {},
): Promise<string> {
  const game = games.get(kind);
  if (!game) throw new Error(kind);
  const body: Record<string, unknown> = { kind, seats, ...(extra.options ? { options: extra.options } : {}) };
  if (extra.top) {
    const rest = game.cards(seats.length, { ...defaultOptions(game), ...extra.options }).filter((c) => !extra.top?.includes(c));
    body.deck = [...extra.top, ...rest];
  }
  const res = await fetch(`${base}/games`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The person becomes a player from the lobby: a name, one button. */
export async function becomePlayer(p: Person) {
  await p.page.goto('/');
  await p.page.getByLabel('Your name at the table').fill(p.name);
  await p.page.getByRole('button', { name: 'Become a player' }).click();
  await p.page.getByRole('heading', { name: 'Set up a table' }).waitFor();
}

/** The token of the player this person's browser speaks for, as the page keeps it. */
export const tokenOf = async (p: Person) =>
  ((await p.page.evaluate(`JSON.parse(localStorage.getItem('card-table.player'))`)) as { token: string }).token;

export type SeatChoice = 'Me' | 'Open to anyone' | 'Random bot';

/** Sets up a table from the lobby's form: the game, who sits where, options by their labels. Answers the new game's id. */
export async function createTable(
  p: Person,
  game: string,
  seats: SeatChoice[],
  options: Record<string, string | boolean> = {},
): Promise<string> {
  const { page } = p;
  await page.getByLabel('Game', { exact: true }).selectOption({ label: game });
  await page.getByLabel('Seats', { exact: true }).selectOption(String(seats.length));
  // Seats are labelled by where they sit from the creator ("Your partner"): found here by their order.
  for (const [seat, choice] of seats.entries()) await page.locator(`#seat-${seat}`).selectOption({ label: choice });
  for (const [label, value] of Object.entries(options)) {
    if (typeof value === 'boolean') {
      const group = page.getByRole('group', { name: label, exact: true });
      await group.getByRole('radio', { name: value ? /^Yes/ : /^No/ }).check();
    } else await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Create the table' }).click();
  await page.waitForURL(/#\/table\//);
  return /#\/table\/([\w-]+)/.exec(page.url())?.[1] as string;
}

/** The move number a table page shows ("Move 12."). */
export async function shownVersion(page: Page): Promise<number> {
  const text = await page.locator('#turn').innerText();
  return Number(/Move (\d+)\./.exec(text)?.[1] ?? -1);
}

/**
 * Waits until a table page shows at least this move number: the stream brought it, no reload. (Read
 * through locators: a waitForFunction would evaluate its predicate in the page, which the page's CSP forbids.)
 */
export async function untilVersion(page: Page, version: number) {
  await expect.poll(() => shownVersion(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(version);
}

export const isOver = async (page: Page) => /^Game over/.test(await page.locator('#turn').innerText());

/**
 * One click of a legal move, as a person would: a card of the hand (which plays it, or chooses it
 * when it makes several moves), a card of the table that completes a choice, a confirm, or one of
 * the move buttons. Answers what the click did: nothing (the page offers no move now), a choice, or
 * a move the server answered (with the new version when it was taken, or the status of its refusal:
 * a bot may have moved first).
 */
export async function clickOne(
  p: Person,
  n: number,
  { settle = true } = {},
): Promise<'nothing' | 'selected' | { status: number; version?: number }> {
  const { page } = p;
  // While the felt still tells moves the stream brought it offers none: a person waits for it too
  // (unless the caller watches the telling itself).
  if (settle) {
    await page
      .locator('.felt[aria-busy="true"]')
      .waitFor({ state: 'detached', timeout: 30_000 })
      .catch(() => {});
  }
  const clear = page.locator('.choice').getByRole('button', { name: 'Clear' });
  const choosing = await clear.isVisible();
  const hand = page.locator('.hand .card-button:enabled');
  const buttons = page.locator('.moves > .actions button:enabled');
  // Places of a game's own drawing that take moves (Cactus's layouts).
  const places = page.locator('.felt .slot:enabled:visible');
  let pool = buttons;
  if (choosing) {
    const confirm = page.locator('.choice .actions button:enabled');
    const table = page.locator('.centre .card-button:enabled[aria-pressed="false"]');
    pool = (await confirm.count()) > 0 ? confirm : (await table.count()) > 0 ? table : clear;
  } else if (n % 3 === 0 && (await hand.count()) > 0) {
    pool = hand;
  } else if ((await places.count()) > 0 && (n % 2 === 0 || (await buttons.count()) === 0)) {
    pool = places;
  } else if ((await buttons.count()) === 0) {
    pool = hand;
  }
  const count = await pool.count();
  if (count === 0) return 'nothing';
  const button = pool.nth((n * 7919) % count);
  const isMove = (r: Request) => r.url().endsWith('/moves') && r.method() === 'POST';
  // Under a loaded suite a move's answer can take seconds: once the page has sent it, wait for it.
  const sent = page.waitForRequest(isMove, { timeout: 3000 }).catch(() => null);
  const answered = page.waitForResponse((r) => isMove(r.request()), { timeout: 15_000 }).catch(() => null);
  const clicked = await button.click({ timeout: 1000 }).then(
    () => true,
    () => false,
  );
  if (!clicked) return 'nothing';
  const result = async (response: Response) => {
    const body = (await response.json()) as { version?: number };
    return { status: response.status(), version: response.ok() ? body.version : undefined };
  };
  if (choosing) {
    // A table card or a confirm: it plays the move, or narrows the choice further.
    if (await sent) {
      const response = await answered;
      return response ? result(response) : 'nothing';
    }
    return (await clear.isVisible()) ? 'selected' : 'nothing';
  }
  const chose = clear.waitFor({ timeout: 3000 }).then(
    () => 'selected' as const,
    () => null,
  );
  const moved = sent.then((request) => (request ? ('sent' as const) : null));
  const first = (await Promise.race([moved, chose])) ?? (await moved) ?? (await chose);
  if (first === 'selected') return 'selected';
  if (first === null) return 'nothing';
  const response = await answered;
  return response ? result(response) : 'nothing';
}

/**
 * Everyone at the table clicks until the game is over; answers how many clicks it took. `before` runs
 * before each click, with who is about to click and how many clicks came before.
 */
export async function playToEnd(
  people: Person[],
  options: { spectators?: Person[]; before?: (p: Person, clicks: number) => Promise<void> } = {},
): Promise<number> {
  let clicks = 0;
  for (let round = 0; round < 5000; round++) {
    let over = true;
    for (const p of people) {
      if (await isOver(p.page)) continue;
      over = false;
      await options.before?.(p, clicks);
      if ((await clickOne(p, clicks)) !== 'nothing') clicks++;
    }
    if (over) {
      for (const s of options.spectators ?? []) await s.page.locator('#turn', { hasText: /^Game over/ }).waitFor();
      return clicks;
    }
  }
  throw new Error(`the game did not end after ${clicks} clicks`);
}

/** A seat (by its token) plays its first legal move through the API, turn after turn, the bots theirs, until the game is over. */
export async function playOutByApi(base: string, token: string, id: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (let n = 0; n < 400; n++) {
    const view = (await (await fetch(`${base}/games/${id}/view`, { headers })).json()) as {
      status: string;
      version: number;
      legalActions: unknown[];
    };
    if (view.status === 'finished') return;
    if (view.legalActions.length === 0) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    await fetch(`${base}/games/${id}/moves`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action: view.legalActions[0], expectedVersion: view.version }),
    });
  }
  throw new Error(`${id} did not end`);
}

/**
 * Plays until `mover` has made a move, everyone else clicking when they are due; then `watcher`'s
 * page, untouched, must come to show that move: the stream brought it.
 */
export async function moveSeenBy(mover: Person, watcher: Person, others: Person[] = []) {
  // Bounded by time, not tries: on a loaded machine a page may offer nothing for a while (its stream behind).
  const deadline = Date.now() + 90_000;
  for (let n = 0; Date.now() < deadline; n++) {
    const outcome = await clickOne(mover, n);
    if (typeof outcome === 'object' && outcome.version !== undefined) {
      await untilVersion(watcher.page, outcome.version);
      return outcome.version;
    }
    let touched = outcome !== 'nothing';
    for (const o of others) touched = (await clickOne(o, n)) !== 'nothing' || touched;
    if (!touched) await mover.page.waitForTimeout(100);
  }
  throw new Error(`${mover.name} found no move to make in 90 s`);
}

/** The audit page of a finished game: the seed check passes, and the slider steps through every move. */
export async function auditEveryMove(p: Person, gameId: string, expectedMoves: number, screenshot?: string) {
  const { page } = p;
  await page.getByRole('link', { name: /Audit this game/ }).click();
  await page.waitForURL(new RegExp(`#/audit/${gameId}$`));
  // The page opens on the result and the table; the checks are under a disclosure.
  await page.getByText('How to check this game yourself').click();
  await expect.poll(() => page.locator('#seed-check').innerText()).toMatch(/^Seed check passed\./);
  // Chromium's Web Crypto verifies the log's Ed25519 signature.
  await expect.poll(() => page.locator('#log-check').innerText()).toMatch(/^Log signature check passed\./);
  const slider = page.getByRole('slider', { name: 'Move' });
  await page.locator('#replay-h').waitFor();
  const total = Number(await slider.getAttribute('max'));
  expect(total).toBe(expectedMoves);
  await slider.focus();
  await page.keyboard.press('Home');
  await page.getByRole('heading', { name: `State after move 0 of ${total}` }).waitFor();
  for (let at = 1; at <= total; at++) {
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: `State after move ${at} of ${total}` }).waitFor();
    if (screenshot && at === Math.ceil(total / 2)) {
      // The top of the page: the seed check, the slider, and the seats' views as they begin.
      await page.evaluate('scrollTo(0, 0)');
      await page.screenshot({ path: screenshotPath(screenshot) });
    }
  }
  // The table at the last move is drawn as the felt draws it, and each seat's view field by field.
  await page.getByRole('region', { name: `The table after move ${total}, as a spectator saw it` }).waitFor();
  await page.getByText('What each seat saw, field by field').click();
  const seats = await page.getByRole('heading', { name: /^What .* saw$/ }).count();
  expect(seats).toBeGreaterThan(0);
}

/** Every card code anywhere in a value. */
export function cardsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string' && /^(?:[A2-9TJQK][SHDC]|JK)$/.test(value)) into.push(value);
  else if (Array.isArray(value)) for (const v of value) cardsIn(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) cardsIn(v, into);
  return into;
}

/**
 * What of a view leaks, judged from the game's full state at that move (before the end): for most
 * games the cards `hidden` names, wherever they appear in the view.
 */
export type Leaks = (full: Record<string, unknown>, seat: number | null, seen: unknown) => string[];

export const cardsHidden =
  (hidden: (full: Record<string, unknown>, seat: number | null) => unknown): Leaks =>
  (full, seat, seen) => {
    const secret = new Set(cardsIn(hidden(full, seat)));
    return cardsIn(seen).filter((c) => secret.has(c));
  };

/** Every hand but the seat's own (a spectator's: every hand). */
export const otherHands = (full: Record<string, unknown>, seat: number | null) =>
  (full.hands as unknown[]).filter((_, s) => s !== seat);

/**
 * No hidden card ever reached a page. Every view the page received (responses and stream messages)
 * is exactly what the server's replay says that seat could see at that move, and holds none of the
 * cards `hiddenFrom` names in the full state at that move; every other game response sent during play
 * (summaries, the lobby, my games) holds no card at all.
 */
export async function assertNothingHidden(base: string, gameId: string, people: Person[], leaks: Leaks) {
  type Replayed = { state: Record<string, unknown>; views: unknown[]; spectator: unknown };
  const replays = new Map<number, Replayed>();
  const replay = async (at: number) => {
    let r = replays.get(at);
    if (!r) {
      r = (await (await fetch(`${base}/games/${gameId}/replay?at=${at}`)).json()) as Replayed;
      replays.set(at, r);
    }
    return r;
  };
  let views = 0;
  for (const p of people) {
    await p.settled();
    for (const r of p.received) {
      const body = r.body as Partial<SeatView> | null;
      expect(r.url, `${p.name}'s page failed: ${String(r.body)}`).not.toBe('pageerror');
      const isView = body && typeof body === 'object' && body.id === gameId && 'legalActions' in body && 'state' in body;
      if (isView) {
        const view = body as SeatView;
        if (view.state === null) continue;
        views++;
        const at = await replay(view.version);
        const allowed = view.seat === null ? at.spectator : at.views[view.seat];
        expect(view.state, `${p.name}: the view of seat ${view.seat} at move ${view.version} (${r.source})`).toEqual(allowed);
        if (view.status === 'active') {
          const leaked = leaks(at.state, view.seat, view);
          expect(leaked, `${p.name}: seat ${view.seat} at move ${view.version} was sent what it may not see`).toEqual([]);
        }
      } else if (r.url.includes(`/games/${gameId}`) && !/\/(replay|events|record)\b/.test(r.url)) {
        const over = (body as { status?: string } | null)?.status;
        if (over !== 'finished' && over !== 'aborted') expect(cardsIn(body), `${p.name}: ${r.url}`).toEqual([]);
      } else if (/\/games\?|\/players\//.test(r.url)) {
        expect(cardsIn(body), `${p.name}: ${r.url}`).toEqual([]);
      }
    }
  }
  return views;
}

/** axe-core in the page (its script evaluated through the DevTools protocol: the page's CSP allows no inline script). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Evaluates an axe-core expression in the page, axe loaded first if it is not yet. */
export async function withAxe(page: Page, expression: string): Promise<unknown> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE);
  return page.evaluate(expression);
}
export async function seriousViolations(page: Page): Promise<string[]> {
  // A card still coming in is half transparent: axe reads the page once the cards have landed.
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => {})))',
  );
  const result = (await withAxe(
    page,
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) })))`,
  )) as { id: string; impact: string; nodes: string[] }[];
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.join(', ')}`);
}

/**
 * axe-core's serious and critical findings on each named page, in the four looks the accessibility
 * tests check (light and dark, at desktop and phone width); `show` opens a page and waits for it.
 * The page is left light, at desktop width.
 */
export async function violationsInEveryLook(
  page: Page,
  names: string[],
  show: (name: string) => Promise<void>,
): Promise<string[]> {
  const desktop = { width: 1280, height: 800 };
  const phone = { width: 390, height: 844 };
  const found: string[] = [];
  for (const [scheme, viewport] of [
    ['light', desktop],
    ['dark', desktop],
    ['light', phone],
    ['dark', phone],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(viewport);
    for (const name of names) {
      await show(name);
      for (const v of await seriousViolations(page)) found.push(`${name} ${scheme} ${viewport.width}px: ${v}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(desktop);
  return found;
}
