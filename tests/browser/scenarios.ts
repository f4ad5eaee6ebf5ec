import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { verifyRecord } from '../../src/record/verify';
import {
  assertNothingHidden,
  auditEveryMove,
  becomePlayer,
  createTable,
  cspViolations,
  type Leaks,
  launch,
  moveSeenBy,
  type Person,
  person,
  playToEnd,
  type SeatChoice,
  screenshotPath,
  webServer,
} from './support';

const PHONE = { width: 390, height: 844 };

export interface People {
  web: Awaited<ReturnType<typeof webServer>>;
  browser: Browser;
  /** A player at a desktop browser: she sets the tables up. */
  ann: Person;
  /** Another player, in a browser context of his own: he joins her tables. */
  bo: Person;
  /** Someone with the link, on a phone: she watches. */
  cy: Person;
}

/**
 * One service, one Chromium and three people for a test file, ready before its tests and closed after.
 * Each scenario starts from the lobby with what the pages received so far forgotten.
 */
export function browserAndPeople(): People {
  const held = {} as People;
  beforeAll(async () => {
    held.web = await webServer();
    held.browser = await launch();
    held.ann = await person(held.browser, held.web.base, 'Ann');
    held.bo = await person(held.browser, held.web.base, 'Bo');
    held.cy = await person(held.browser, held.web.base, 'Cy', PHONE);
    await becomePlayer(held.ann);
    await becomePlayer(held.bo);
  });
  afterAll(async () => {
    await held.browser?.close();
    await held.web?.close();
  });
  return held;
}

/** What the pages received so far, forgotten: each scenario checks its own game. */
async function fresh(...people: Person[]) {
  for (const p of people) {
    await p.settled();
    p.received.length = 0;
  }
}

export interface Table {
  title: string;
  /** Short options, by their labels in the lobby's form. */
  options: Record<string, string | boolean>;
  /** What a seat may not see. */
  leaks: Leaks;
}

const summaryOf = async (base: string, id: string) =>
  (await (await fetch(`${base}/games/${id}`)).json()) as { status: string; version: number };

/** Ann sets a table up in the lobby, back on its page. */
async function setUp(ann: Person, table: Table, seats: SeatChoice[]) {
  await ann.page.goto('/');
  await ann.page.getByRole('heading', { name: 'Set up a table' }).waitFor();
  return createTable(ann, table.title, seats, table.options);
}

/**
 * Ann sets up a table against bots from the lobby and plays it to the end by clicking; Cy watches as
 * a spectator on a phone-sized page and sees her moves come without a reload. Then the audit page
 * steps through every move and passes the seed check, the record downloads and verifies, and neither
 * page ever received a hidden card.
 */
export async function againstBots({ web, ann, cy }: People, table: Table, seats: SeatChoice[], screenshot?: string) {
  await fresh(ann, cy);
  const id = await setUp(ann, table, seats);
  await cy.page.goto(`/#/table/${id}`);
  await cy.page.getByRole('region', { name: 'The table, as a spectator sees it' }).waitFor();
  // A mark on Cy's page: it is still there at the end only if the page was never reloaded.
  await cy.page.evaluate('window.untouched = true');
  await moveSeenBy(ann, cy);
  if (screenshot) await cy.page.screenshot({ path: screenshotPath(screenshot), fullPage: true });

  await playToEnd([ann], { spectators: [cy] });
  expect(await cy.page.evaluate('window.untouched')).toBe(true);
  // Nothing is wider than the phone: no sideways scrolling.
  expect(await cy.page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

  const summary = await summaryOf(web.base, id);
  expect(summary.status).toBe('finished');
  expect(await assertNothingHidden(web.base, id, [ann, cy], table.leaks)).toBeGreaterThan(summary.version);
  await auditEveryMove(ann, id, summary.version);
  await recordVerifies(ann);
  for (const p of [ann, cy]) expect(await cspViolations(p)).toEqual([]);
}

/** The audit page offers the game's record as a download: it verifies offline. */
export async function recordVerifies(p: Person) {
  const [download] = await Promise.all([
    p.page.waitForEvent('download'),
    p.page.getByRole('link', { name: 'Download the game record' }).click(),
  ]);
  const record = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(verifyRecord(record)).toMatchObject({ ok: true, problems: [] });
}

/**
 * Ann sets up a table with an open seat; Bo, in a browser context of his own, finds it in the lobby's
 * open tables and joins; each sees the other's move arrive without a reload. Bo resigns (which ends a
 * game of two, and opens its replay); neither page received a hidden card.
 */
export async function joinedFromTheLobby({ web, ann, bo }: People, table: Table, seats: SeatChoice[]) {
  await fresh(ann, bo);
  const id = await setUp(ann, table, seats);
  await ann.page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
  await bo.page.goto('/');
  await bo.page.getByRole('button', { name: `Join seat 1 of ${table.title}` }).click();
  await bo.page.waitForURL(new RegExp(`#/table/${id}$`));
  for (const p of [ann, bo]) await p.page.evaluate('window.untouched = true');
  // The last seat taken deals the cards: Ann's page is dealt in by the stream.
  await ann.page.getByRole('heading', { name: 'Waiting for players' }).waitFor({ state: 'detached' });
  await moveSeenBy(ann, bo, [bo]);
  await moveSeenBy(bo, ann, [ann]);
  bo.page.once('dialog', (d) => d.accept());
  await bo.page.getByRole('button', { name: 'Resign' }).click();
  await ann.page
    .locator('.result-banner')
    .filter({ hasText: /resign/i })
    .waitFor();
  for (const p of [ann, bo]) expect(await p.page.evaluate('window.untouched')).toBe(true);
  expect(await assertNothingHidden(web.base, id, [ann, bo], table.leaks)).toBeGreaterThan(0);
}
