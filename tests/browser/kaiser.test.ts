import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AnnAtTable, annForFile, clickOne, type Person, person } from './support';

/**
 * Kaiser as a four-seat table (issue #41): the partner opposite, the opponents at the sides, each card
 * of the trick in front of its player, tricks and points by side during a deal, the bids by the seats,
 * and cards that come in from their player's side unless the person asks for less motion.
 */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const at = annForFile(DESKTOP);
let web: AnnAtTable['web'];
let browser: Browser;
let ann: Person;
let token: string;
beforeAll(() => {
  ({ web, browser, ann, token } = at);
});

/** Ann at seat 0 (her partner is seat 2), three random bots, the table open on her page. */
async function kaiserTable(page: Page): Promise<string> {
  const res = await fetch(`${web.base}/games`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'kaiser', seats: [{ player: 'me' }, ...Array(3).fill({ bot: 'random' })] }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/#/table/${id}`);
  await page.locator('.compass').waitFor();
  return id;
}

interface KaiserView {
  version: number;
  state: {
    phase: string;
    calls: { seat: number; bid: { points: number; noTrump: boolean } | null }[];
    contract: { seat: number } | null;
    tricks: number[];
    trickValues: number[];
    scores: number[];
  };
}
const viewOf = async (id: string) =>
  (await (await fetch(`${web.base}/games/${id}/view`, { headers: { authorization: `Bearer ${token}` } })).json()) as KaiserView;

/** Ann's turn on a felt that has told every move: the page and the server's view agree then. */
const steady = async (page: Page) =>
  (await page.locator('.felt[aria-busy="false"]').count()) === 1 && /^Your turn/.test(await page.locator('#turn').innerText());

/** Ann clicks until `done` holds at a steady moment, reading it then. */
async function playUntil(id: string, done: (view: KaiserView) => Promise<boolean>) {
  for (let n = 0; n < 400; n++) {
    // As a person does, wait for the felt to tell the moves the stream brought.
    await ann.page
      .locator('.felt[aria-busy="true"]')
      .waitFor({ state: 'detached', timeout: 30_000 })
      .catch(() => {});
    if (await steady(ann.page)) {
      const view = await viewOf(id);
      if (view.version === Number(/Move (\d+)\./.exec(await ann.page.locator('#turn').innerText())?.[1]) && (await done(view)))
        return view;
    }
    await clickOne(ann, n);
  }
  throw new Error('never came');
}

const centreOf = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error('not drawn');
  return { ...b, x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

describe('Kaiser as a four-seat table', () => {
  it('the partner sits above the centre, the opponents left and right, and each card of a trick lies on its player’s side', async () => {
    const id = await kaiserTable(ann.page);
    const trick = await centreOf(ann.page.locator('.compass-cards'));
    const top = ann.page.locator('.compass-top .seat');
    expect(await top.getAttribute('aria-label')).toBe('Random bot (seat 2)');
    expect(await top.innerText()).toContain('your partner');
    const [above, left, right] = [
      await centreOf(top),
      await centreOf(ann.page.locator('.compass-left .seat')),
      await centreOf(ann.page.locator('.compass-right .seat')),
    ];
    expect(above.y + above.height).toBeLessThanOrEqual(trick.y);
    expect(left.x + left.width).toBeLessThanOrEqual(trick.x);
    expect(right.x).toBeGreaterThanOrEqual(trick.x + trick.width);
    // Play goes round to the left: seat 1 on Ann's left, seat 3 on her right.
    expect(await ann.page.locator('.compass-left .seat').getAttribute('aria-label')).toBe('Random bot (seat 1)');
    expect(await ann.page.locator('.compass-right .seat').getAttribute('aria-label')).toBe('Random bot (seat 3)');

    // A trick with three cards or more on the felt: each lies toward the panel of the seat that played it.
    await playUntil(id, async () => (await ann.page.locator('.compass-cards > li').count()) >= 3);
    const cards = ann.page.locator('.compass-cards > li');
    const middle = await centreOf(ann.page.locator('.compass-cards'));
    const names = {
      top: 'Random bot (seat 2)',
      left: 'Random bot (seat 1)',
      right: 'Random bot (seat 3)',
      bottom: 'you',
    } as Record<string, string>;
    for (let i = 0; i < (await cards.count()); i++) {
      const card = cards.nth(i);
      const side = /at-(top|left|right|bottom)/.exec((await card.getAttribute('class')) ?? '')?.[1] as string;
      expect(await card.locator('small').innerText()).toBe(names[side]);
      const at = await centreOf(card);
      if (side === 'top') expect(at.y).toBeLessThan(middle.y);
      if (side === 'bottom') expect(at.y).toBeGreaterThan(middle.y);
      if (side === 'left') expect(at.x).toBeLessThan(middle.x);
      if (side === 'right') expect(at.x).toBeGreaterThan(middle.x);
    }
  });

  it('during a deal the felt shows tricks and points taken by side and the match, and they change when a trick is taken', async () => {
    const id = await kaiserTable(ann.page);
    const tally = async () =>
      (await ann.page.locator('.side-tally tbody tr').allInnerTexts()).map((r) => r.split(/\s+/).filter(Boolean));
    expect(await ann.page.locator('.side-tally thead th').allTextContents()).toEqual([
      'Us (you & Random bot (seat 2))',
      'Them (Random bot (seat 1) & Random bot (seat 3))',
    ]);
    const seen: KaiserView[] = [];
    const shown = async (view: KaiserView) => {
      // Ann sits in side 0, drawn first.
      const { tricks, trickValues, scores } = view.state;
      expect(await tally()).toEqual([
        ['Tricks', ...tricks.map(String)],
        ['Points', ...trickValues.map(String)],
        ['Match', ...scores.map(String)],
      ]);
      seen.push(view);
      return view.state.phase === 'play';
    };
    await playUntil(id, shown);
    expect(seen.at(-1)?.state.tricks).toEqual([0, 0]);
    await playUntil(id, async (view) => (await shown(view)) && view.state.tricks[0] + view.state.tricks[1] > 0);
    expect(seen.at(-1)?.state.tricks.reduce((a, b) => a + b)).toBeGreaterThan(0);
  });

  it('each seat’s bid is on the felt by its seat, and the contract with its trumps by the declarer’s', async () => {
    const id = await kaiserTable(ann.page);
    const view = await playUntil(id, async (v) => v.state.phase === 'play');
    const panel = (seat: number) =>
      seat === 0
        ? ann.page.locator('.mine .seat')
        : ann.page.getByRole('region', { name: `Random bot (seat ${seat})`, exact: true });
    const { calls, contract } = view.state;
    expect(calls).toHaveLength(4);
    for (const c of calls) {
      const said = await panel(c.seat).locator('.bid').innerText();
      if (c.seat === contract?.seat)
        expect(said).toMatch(new RegExp(`^Contract ${c.bid?.points}( no trump)?(, trumps \\w+ .)?$`));
      else expect(said).toBe(c.bid ? `Bid ${c.bid.points}${c.bid.noTrump ? ' no trump' : ''}` : 'Passed');
    }
  });

  it('a card laid on the trick comes in from its player’s side, and stays still for a person who asks for less motion', async () => {
    const animation = (l: Locator) => l.evaluate((e) => getComputedStyle(e).animationName);
    const id = await kaiserTable(ann.page);
    await playUntil(id, async () => (await ann.page.locator('.compass-cards > li').count()) >= 1);
    const card = ann.page.locator('.compass-cards > li').first();
    expect(await animation(card)).toBe('arrive');
    // It starts out toward its player: a card at the left comes from the left, one at the top from above.
    const side = /at-(top|left|right|bottom)/.exec((await card.getAttribute('class')) ?? '')?.[1];
    const start = await card.evaluate((e) => {
      const style = getComputedStyle(e);
      return [style.getPropertyValue('--from-x').trim(), style.getPropertyValue('--from-y').trim()];
    });
    const toward = { top: ['0', '-'], bottom: ['0', '+'], left: ['-', '0'], right: ['+', '0'] }[side as string];
    expect(
      start.map((v) => (v === '0' ? '0' : v.startsWith('-') ? '-' : '+')),
      `${side} ${start}`,
    ).toEqual(toward);
    await ann.page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(await animation(card)).toBe('none');
    } finally {
      await ann.page.emulateMedia({ reducedMotion: null });
    }
  });

  it('a spectator sees the table from seat 0: seat 0 at the bottom, its partner at the top, seat 1 on the left', async () => {
    const id = await kaiserTable(ann.page);
    const cy = await person(browser, web.base, 'Cy', DESKTOP);
    try {
      await cy.page.goto(`/#/table/${id}`);
      await cy.page.getByRole('region', { name: 'The table, as a spectator sees it' }).waitFor();
      const seated = async (side: string) => cy.page.locator(`.compass-${side} .seat`).getAttribute('aria-label');
      expect(await seated('bottom')).toBe('Ann');
      expect(await seated('top')).toBe('Random bot (seat 2)');
      expect(await seated('left')).toBe('Random bot (seat 1)');
      expect(await seated('right')).toBe('Random bot (seat 3)');
      expect(await cy.page.locator('.side-tally thead th').allTextContents()).toEqual([
        'Side 1 (Ann & Random bot (seat 2))',
        'Side 2 (Random bot (seat 1) & Random bot (seat 3))',
      ]);
    } finally {
      await cy.context.close();
    }
  });

  it('on a phone the four seats and the trick fit the width, and the hand is in the first screen', async () => {
    await ann.page.setViewportSize(PHONE);
    try {
      await kaiserTable(ann.page);
      expect(await ann.page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
      for (const side of ['top', 'left', 'right']) {
        const b = await ann.page.locator(`.compass-${side} .seat`).boundingBox();
        expect(b?.x, side).toBeGreaterThanOrEqual(0);
        expect((b?.x ?? 1e9) + (b?.width ?? 0), side).toBeLessThanOrEqual(PHONE.width);
      }
      // The side tally stays clear of the partner's panel.
      const tally = await ann.page.locator('.compass-tally table').boundingBox();
      const top = await ann.page.locator('.compass-top .seat').boundingBox();
      const apart = (a: typeof tally, b: typeof top) =>
        !!a && !!b && (a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y);
      expect(apart(tally, top), JSON.stringify({ tally, top })).toBe(true);
      const last = await ann.page.locator('.hand li').last().boundingBox();
      expect((last?.y ?? 1e9) + (last?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    } finally {
      await ann.page.setViewportSize(DESKTOP);
    }
  });
});
