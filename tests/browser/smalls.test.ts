import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contrast } from '../support/contrast';
import { type AnnAtTable, annForFile, apiTable, type Person, playOutByApi, untilVersion, withAxe } from './support';

/**
 * The table's smaller faults (issue #41, point 10), as a player meets them: a peek turns its card up,
 * cards are named alike everywhere, a bet not allowed says why, red suits read on grey, a notice of
 * an unreachable server goes once it answers, the audit opens on the table, and a finished game's log
 * names every card played.
 */
const at = annForFile();
let web: AnnAtTable['web'];
let ann: Person;
let annToken: string;
beforeAll(() => {
  ({ web, ann, token: annToken } = at);
});

/** A table Ann sits at, made through the API; `top` stacks the first deal (the named cards first). */
const table = (kind: string, seats: unknown[], extra: { options?: object; top?: string[] } = {}) =>
  apiTable(web.base, annToken, kind, seats, extra);

/** Ann's seat plays its first legal move through the API, turn after turn, the bots theirs, until the game is over. */
const playOut = (id: string) => playOutByApi(web.base, annToken, id);

async function open(page: Page, id: string) {
  await page.goto(`/#/table/${id}`);
  await page.getByRole('region', { name: /^The table/ }).waitFor();
  await page.locator('#turn').filter({ hasText: /\S/ }).waitFor();
}

/** A card code standing as a word in text a person reads: "4H", "TD". */
const CODE = /\b(?:[A2-9TJQK][SHDC]|JK)\b/;

describe('the smaller faults of the table', () => {
  it('at Cactus, a peek turns the card seen face up where it lies, for Ann alone, until the next move', async () => {
    // Ann's layout: K♠ A♠ / 2♠ 3♠; she draws the 7♦, whose power is a peek.
    const id = await table('cactus', [{ player: 'me' }, { bot: 'random' }], {
      top: ['KS', 'KH', 'AS', 'AH', '2S', '2H', '3S', '3H', '7D'],
    });
    await open(ann.page, id);
    const yours = ann.page.locator('.felt .layout').filter({ has: ann.page.getByText('Ann', { exact: true }) });
    await ann.page.getByRole('button', { name: 'Draw from the stock', exact: true }).click();
    await ann.page.getByRole('button', { name: 'bottom left card, yours' }).click();
    expect(await yours.getByRole('img', { name: '2 of spades' }).count()).toBe(0);
    await ann.page.locator('.choice').getByRole('button', { name: 'Peek at your bottom left card', exact: true }).click();
    // Face up in its place, the bottom left of Ann's grid; her other cards stay face down.
    const grid = yours.locator('.layout-grid > li');
    await grid.nth(2).getByRole('img', { name: '2 of spades' }).waitFor();
    // (By name, not by place: the bot may already be moving, and a card it lays or takes may pass over the grid.)
    for (const card of ['king of spades', 'ace of spades', '3 of spades']) {
      expect(await yours.getByRole('img', { name: card }).count(), card).toBe(0);
    }
    // The bot's move turns it down again.
    await untilVersion(ann.page, 3);
    await expect.poll(() => yours.getByRole('img', { name: '2 of spades' }).count(), { timeout: 15_000 }).toBe(0);
  });

  it('a finished game names every card in words, the bots’ private cards as the hand’s: "4 of hearts", never "4H"', async () => {
    // Ann deals: the two bots bet and their private cards are shown at the end.
    const id = await table('oicho-kabu', [{ player: 'me' }, { bot: 'random' }, { bot: 'random' }], {
      options: { rounds: 1, firstDealer: 0 },
    });
    await playOut(id);
    await open(ann.page, id);
    await ann.page.locator('#turn', { hasText: /^Game over/ }).waitFor();
    await ann.page.evaluate(`document.querySelectorAll('details').forEach((d) => { d.open = true; })`);
    const text = await ann.page.locator('main').innerText();
    expect(text.match(CODE), 'a card code in the page').toBeNull();
    // The bots' private cards, by name in their seats' panels.
    const bot = ann.page.getByRole('region', { name: 'Random bot (seat 1)' });
    expect(await bot.innerText()).toMatch(/private cards?:\s+(ace|king|queen|jack|\d+) of (spades|hearts|diamonds|clubs)/);
    // The audit too: its moves, its table, each seat's view and the full state.
    await ann.page.goto(`/#/audit/${id}`);
    await ann.page.locator('#replay-h').waitFor();
    await ann.page.evaluate(`document.querySelectorAll('details').forEach((d) => { d.open = true; })`);
    await ann.page.getByText('The full state, every hidden card included').waitFor();
    await expect.poll(() => ann.page.locator('main').innerText()).toMatch(/What .* saw/);
    const audit = await ann.page.locator('main').innerText();
    expect(audit.match(CODE), 'a card code in the audit').toBeNull();
  });

  it('at Oicho-Kabu, a bet over the cap says why beside its field', async () => {
    const id = await table('oicho-kabu', [{ bot: 'random' }, { player: 'me' }], {
      options: { rounds: 1, firstDealer: 0, maxBet: 30 },
    });
    await open(ann.page, id);
    await ann.page.locator('#turn', { hasText: /^Your turn/ }).waitFor();
    const amount = ann.page.getByLabel('Bet … on tableau 2');
    await amount.fill('40');
    const box = ann.page.locator('.pile-box').filter({ has: amount });
    await box.getByText('At most 30 chips: the round’s cap.').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await box.getByRole('button', { name: /^Bet 40/ }).isDisabled()).toBe(true);
    await amount.fill('30');
    await expect.poll(() => box.locator('.why').innerText()).toBe('');
    expect(await box.getByRole('button', { name: 'Bet 30 on tableau 2' }).isEnabled()).toBe(true);
  });

  it('the hand’s red suits reach 4.5:1 on a playable card and on a greyed one, light and dark (axe’s color-contrast)', async () => {
    // Kaiser: Ann's hand, some cards greyed when she must follow suit or waits for the bots.
    const id = await table('kaiser', [{ player: 'me' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }]);
    await open(ann.page, id);
    await ann.page.locator('.hand .card.red').first().waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await ann.page.emulateMedia({ colorScheme: scheme });
      const found = (await withAxe(
        ann.page,
        `axe.run({ include: [['.hand']] }, { runOnly: ['color-contrast'], resultTypes: ['violations', 'passes'] }).then((r) => ({ violations: r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))), passes: r.passes.flatMap((v) => v.nodes.length) }))`,
      )) as { violations: string[]; passes: number[] };
      expect(found.violations, scheme).toEqual([]);
      // axe reads colours, not filters: each red card of the hand is drawn unfiltered, its red on its face at 4.5:1.
      const faces = (await ann.page.evaluate(
        `[...document.querySelectorAll('.hand .card.red')].map((e) => { const s = getComputedStyle(e); return { filter: s.filter, ink: s.color, face: s.backgroundColor, idle: !!e.closest('.idle') }; })`,
      )) as { filter: string; ink: string; face: string; idle: boolean }[];
      expect(
        faces.some((f) => f.idle),
        `${scheme}: a greyed red card`,
      ).toBe(true);
      for (const f of faces) {
        expect(f.filter, scheme).toBe('none');
        expect(contrast(f.ink, f.face), `${scheme}: ${f.ink} on ${f.face}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(
        found.passes.reduce((a, b) => a + b, 0),
        `${scheme}: cards checked`,
      ).toBeGreaterThan(0);
    }
    await ann.page.emulateMedia({ colorScheme: 'light' });
  });

  it('"the server cannot be reached" goes once the server answers again, the stream back', async () => {
    const id = await table('divide-and-conquer', [{ player: 'me' }, { bot: 'random' }]);
    await open(ann.page, id);
    await ann.page.route('**/moves', (route) => route.abort('internetdisconnected'));
    await ann.page.locator('.hand .card-button').first().click();
    const alert = ann.page.getByRole('alert').filter({ hasText: 'The server cannot be reached right now' });
    await alert.waitFor();
    await ann.page.unroute('**/moves');
    // The server goes away and comes back: the page's stream reconnects by itself, and the notice goes.
    const restarted = web.restart();
    await ann.page.getByText('Reconnecting…').waitFor();
    await restarted;
    await expect.poll(() => ann.page.getByText('Reconnecting…').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(0);
  });

  it('at Divide and Conquer, the finished game’s log names the card each seat played', async () => {
    const id = await table('divide-and-conquer', [{ player: 'me' }, { bot: 'random' }]);
    await open(ann.page, id);
    // Ann plays her cards by touching them, the page open the whole game.
    for (let n = 0; n < 40 && !/^Game over/.test(await ann.page.locator('#turn').innerText()); n++) {
      const card = ann.page.locator('.hand .card-button:enabled').first();
      if ((await card.count()) > 0 && (await ann.page.locator('.felt[aria-busy="true"]').count()) === 0) {
        await card.click({ timeout: 1000 }).catch(() => {});
      }
      await ann.page.waitForTimeout(300);
    }
    await ann.page.locator('#turn', { hasText: /^Game over/ }).waitFor();
    const lines = ann.page.locator('.log-panel .log li');
    const bot = lines.filter({ hasText: /^Random bot:/ });
    await expect.poll(() => bot.count(), { timeout: 30_000 }).toBe(10);
    await expect
      .poll(async () => (await bot.allInnerTexts()).filter((t) => !/^Random bot: play (\d+|queen) of \w+\.$/.test(t)), {
        timeout: 15_000,
      })
      .toEqual([]);
  });

  it('the audit opens on the result and the table, the checks in a disclosure, and steps through the table as a spectator saw it', async () => {
    const id = await table('divide-and-conquer', [{ player: 'me' }, { bot: 'random' }]);
    await playOut(id);
    await ann.page.goto(`/#/audit/${id}`);
    await ann.page.getByRole('heading', { name: /^Audit of Divide and Conquer/ }).waitFor();
    await ann.page
      .locator('.audit-result')
      .filter({ hasText: /wins|tie/i })
      .waitFor();
    const summary = (await (await fetch(`${web.base}/games/${id}`)).json()) as { version: number };
    const felt = ann.page.getByRole('region', { name: `The table after move ${summary.version}, as a spectator saw it` });
    await felt.waitFor();
    // The felt comes before the checks, which wait closed under their disclosure.
    const order = (await ann.page.evaluate(
      `[document.querySelector('.felt'), document.querySelector('#check-yourself')].map((e) => e.getBoundingClientRect().top)`,
    )) as number[];
    expect(order[0]).toBeLessThan(order[1]);
    expect(await ann.page.locator('#check-yourself').getAttribute('open')).toBeNull();
    expect(await ann.page.locator('#seed-check').isVisible()).toBe(false);
    await ann.page.getByText('How to check this game yourself').click();
    await expect.poll(() => ann.page.locator('#seed-check').innerText()).toMatch(/^Seed check passed\./);
    // After the first move, one card is laid: a spectator saw it face down, and the felt draws it so.
    const slider = ann.page.getByRole('slider', { name: 'Move' });
    await slider.focus();
    await ann.page.keyboard.press('Home');
    await ann.page.keyboard.press('ArrowRight');
    const first = ann.page.getByRole('region', { name: 'The table after move 1, as a spectator saw it' });
    await first.waitFor();
    const laid = first.locator('.trick');
    expect(await laid.getByRole('img', { name: 'a face-down card' }).count()).toBe(1);
    expect(await laid.getByRole('img').count()).toBe(1);
  });
});
