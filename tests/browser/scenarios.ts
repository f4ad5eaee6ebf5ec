import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  assertNothingHidden,
  auditEveryMove,
  becomePlayer,
  createTable,
  cspViolations,
  type Leaks,
  launch,
  moveSeenBy,
  person,
  playToEnd,
  type SeatChoice,
  screenshotPath,
  webServer,
} from './support';

/** One service and one Chromium for a test file, started before its tests and closed after. */
export function browserAndServer() {
  const held = {} as { web: Awaited<ReturnType<typeof webServer>>; browser: Browser };
  beforeAll(async () => {
    held.web = await webServer();
    held.browser = await launch();
  });
  afterAll(async () => {
    await held.browser?.close();
    await held.web?.close();
  });
  return held;
}

const PHONE = { width: 390, height: 844 };

export interface Table {
  title: string;
  /** Short options, by their labels in the lobby's form. */
  options: Record<string, string | boolean>;
  /** What a seat may not see. */
  leaks: Leaks;
}

const summaryOf = async (base: string, id: string) =>
  (await (await fetch(`${base}/games/${id}`)).json()) as { status: string; version: number };

/**
 * Ann sets up a table against bots from the lobby and plays it to the end by clicking; Bo watches as a
 * spectator on a phone-sized page and sees her moves come without a reload. Then the audit page steps
 * through every move and passes the seed check, and neither page ever received a hidden card.
 */
export async function againstBots(
  { web, browser }: ReturnType<typeof browserAndServer>,
  table: Table,
  seats: SeatChoice[],
  screenshot?: string,
) {
  const ann = await person(browser, web.base, 'Ann');
  const bo = await person(browser, web.base, 'Bo', PHONE);
  await becomePlayer(ann);
  const id = await createTable(ann, table.title, seats, table.options);
  await bo.page.goto(`/#/table/${id}`);
  await bo.page.getByRole('heading', { name: 'The table, as a spectator sees it' }).waitFor();
  // A mark on Bo's page: it is still there at the end only if the page was never reloaded.
  await bo.page.evaluate('window.untouched = true');
  await moveSeenBy(ann, bo);
  if (screenshot) await bo.page.screenshot({ path: screenshotPath(screenshot), fullPage: true });

  await playToEnd([ann], { spectators: [bo] });
  expect(await bo.page.evaluate('window.untouched')).toBe(true);
  // Nothing is wider than the phone: no sideways scrolling.
  expect(await bo.page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

  const summary = await summaryOf(web.base, id);
  expect(summary.status).toBe('finished');
  expect(await assertNothingHidden(web.base, id, [ann, bo], table.leaks)).toBeGreaterThan(summary.version);
  await auditEveryMove(ann, id, summary.version);
  for (const p of [ann, bo]) expect(await cspViolations(p)).toEqual([]);
  await Promise.all([ann.context.close(), bo.context.close()]);
}

/**
 * Ann sets up a table with an open seat; Bo, in a browser context of his own, finds it in the lobby's
 * open tables and joins; each sees the other's move arrive without a reload. Bo resigns (which ends a
 * game of two, and opens its replay); neither page received a hidden card.
 */
export async function joinedFromTheLobby(
  { web, browser }: ReturnType<typeof browserAndServer>,
  table: Table,
  seats: SeatChoice[],
) {
  const ann = await person(browser, web.base, 'Ann');
  const bo = await person(browser, web.base, 'Bo');
  await becomePlayer(ann);
  const id = await createTable(ann, table.title, seats, table.options);
  await ann.page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
  await becomePlayer(bo);
  await bo.page.getByRole('button', { name: `Join seat 1 of ${table.title}` }).click();
  await bo.page.waitForURL(new RegExp(`#/table/${id}$`));
  for (const p of [ann, bo]) await p.page.evaluate('window.untouched = true');
  // The last seat taken deals the cards: Ann's page is dealt in by the stream.
  await ann.page.getByRole('heading', { name: 'Waiting for players' }).waitFor({ state: 'detached' });
  await moveSeenBy(ann, bo, [bo]);
  await moveSeenBy(bo, ann, [ann]);
  bo.page.once('dialog', (d) => d.accept());
  await bo.page.getByRole('button', { name: 'Resign' }).click();
  await ann.page.getByText(/^Game over: .*resign/i).waitFor();
  for (const p of [ann, bo]) expect(await p.page.evaluate('window.untouched')).toBe(true);
  expect(await assertNothingHidden(web.base, id, [ann, bo], table.leaks)).toBeGreaterThan(0);
  await Promise.all([ann.context.close(), bo.context.close()]);
}
