import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifyRecord } from '../../src/record/verify';
import { browserAndServer } from './scenarios';
import {
  assertNothingHidden,
  auditEveryMove,
  becomePlayer,
  cardsHidden,
  createTable,
  cspViolations,
  moveSeenBy,
  otherHands,
  person,
  playToEnd,
  screenshotPath,
} from './support';

const at = browserAndServer();

describe('Kaiser at the web table', () => {
  it('Ann sets up a table with two bots and an open seat, Bo joins it from the lobby and sees her move live, both play to the end by clicking, the audit steps through every move and passes the seed check, and the record downloads and verifies; no hidden card reached either page', async () => {
    const { web, browser } = at;
    const ann = await person(browser, web.base, 'Ann');
    const bo = await person(browser, web.base, 'Bo');
    await becomePlayer(ann);
    // Short: the match ends when a side reaches 10 or falls below zero.
    const id = await createTable(ann, 'Kaiser', ['Me', 'Open to anyone', 'Random bot', 'Random bot'], {
      Target: '10',
      'Lose at': '-1',
    });
    await ann.page.getByRole('heading', { name: 'Waiting for players' }).waitFor();

    await becomePlayer(bo);
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
        if (shot || p !== ann || !(await ann.page.getByText(/^Your turn/).isVisible())) return;
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
    const [download] = await Promise.all([
      ann.page.waitForEvent('download'),
      ann.page.getByRole('link', { name: 'Download the game record' }).click(),
    ]);
    const record = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(verifyRecord(record)).toMatchObject({ ok: true, problems: [] });
    for (const p of [ann, bo]) expect(await cspViolations(p)).toEqual([]);
  });
});
