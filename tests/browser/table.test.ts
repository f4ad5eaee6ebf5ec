import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games';
import { shortName } from '../../web/src/cards';
import {
  type AnnAtTable,
  annForFile,
  apiTable,
  clickOne,
  isOver,
  type Person,
  person,
  playOutByApi,
  screenshotPath,
  seriousViolations,
  shownVersion,
  untilVersion,
  violationsInEveryLook,
} from './support';

/**
 * The card table as a person meets it: the cards you act on in the first screen, moves made by
 * touching cards, every move told in words, the end said plainly, invitations found in the lobby,
 * a stream that survives a restart, and no serious accessibility fault in light, dark or phone.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const at = annForFile(DESKTOP);
let web: AnnAtTable['web'];
let browser: Browser;
let ann: Person;
let annToken: string;
beforeAll(() => {
  ({ web, browser, ann, token: annToken } = at);
});

/** A table Ann sits at, made through the API: `deck` stacks its first deal (top first, the named cards, then the rest). */
const table = (kind: string, seats: unknown[], extra: { options?: object; top?: string[] } = {}) =>
  apiTable(web.base, annToken, kind, seats, extra);

const vsBot = (kind: string, extra: { options?: object; top?: string[] } = {}) =>
  table(
    kind,
    [{ player: 'me' }, ...Array.from({ length: (games.get(kind)?.seats.min ?? 2) - 1 }, () => ({ bot: 'random' }))],
    extra,
  );

async function open(page: Page, id: string) {
  await page.goto(`/#/table/${id}`);
  await page.getByRole('region', { name: /^The table/ }).waitFor();
  await page.locator('#turn').filter({ hasText: /\S/ }).waitFor();
}

/** Every action the page posts from now on, in order. */
function movesPosted(page: Page): unknown[] {
  const posts: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/moves') && r.method() === 'POST') posts.push(JSON.parse(r.postData() ?? '{}').action);
  });
  return posts;
}

/** A card's code from its button's text ("7♥, 7 of hearts"). */
const FACES = new Map([...'SHDC'].flatMap((s) => [...'A23456789TJQK'].map((r) => [shortName(`${r}${s}`), `${r}${s}`] as const)));
const codeOf = (text: string) => FACES.get(text.split(',')[0].trim()) ?? text;

/** What a table page shows, read at one instant: the felt's move number, the last move told, whether one is being told, the banner. */
interface Story {
  felt: number;
  told: number;
  telling: boolean;
  banner: boolean;
}
const story = async (page: Page) =>
  (await page.evaluate(
    `({ felt: Number((/Move (\\d+)\\./.exec(document.querySelector('#turn').innerText) || [0, -1])[1]),
        told: Math.max(-1, ...[...document.querySelectorAll('.log-panel [data-seq]')].map((e) => Number(e.dataset.seq))),
        telling: document.querySelector('.now-playing') !== null,
        banner: document.querySelector('.result-banner') !== null })`,
  )) as Story;

/** Plays by clicking now and then, reading the page between clicks, until `done` or `reads` reads. */
async function playWatching(
  p: Person,
  reads: number,
  done: (s: Story) => boolean = () => false,
  { settle = false } = {},
): Promise<Story[]> {
  const seen: Story[] = [];
  for (let n = 0; n < reads; n++) {
    // Clicks do not wait for the telling to end unless asked: the telling is what is watched.
    if (n % 4 === 0) await clickOne(p, n, { settle });
    seen.push(await story(p.page));
    if (done(seen[seen.length - 1])) break;
  }
  return seen;
}

/** Controls a person can use at the table: every enabled button, field and checkbox on the felt. */
const controls = (page: Page) => page.locator('.felt').locator('button:enabled, input:enabled, select:enabled').count();

describe('the cards you act on', () => {
  it('at 1280x800 the hand and the table’s cards are in the first screen, for a game of each family', async () => {
    const ids = {
      kaiser: await vsBot('kaiser'),
      scopa: await vsBot('scopa'),
      'oicho-kabu': await vsBot('oicho-kabu'),
      cactus: await vsBot('cactus'),
    };
    for (const [kind, id] of Object.entries(ids)) {
      await open(ann.page, id);
      const centre = await ann.page.locator('.centre').boundingBox();
      expect(centre, kind).not.toBeNull();
      expect((centre?.y ?? 0) + 40, kind).toBeLessThan(DESKTOP.height);
      const hand = ann.page.locator('.hand li');
      if ((await hand.count()) > 0) {
        const last = await hand.last().boundingBox();
        expect((last?.y ?? 1e9) + (last?.height ?? 0), kind).toBeLessThanOrEqual(DESKTOP.height);
      }
    }
  });

  it('the hand is sorted as players hold it: by suit, then by rank', async () => {
    await open(ann.page, await vsBot('kaiser'));
    const shown = (await ann.page.locator('.hand li').allInnerTexts()).map((t) => t.split(',')[0].trim());
    const suits = shown.map((t) => t.slice(-1));
    // Each suit's cards sit together.
    expect(new Set(suits).size).toBe(suits.filter((s, i) => s !== suits[i - 1]).length);
  });
});

describe('touching the cards', () => {
  it('at Scopa, for every capture on a stacked deck, the move posted uses exactly the hand card and table cards touched, and only those table cards light up', async () => {
    // Ann holds 7♥ K♦ J♣; the table shows 3♣ 4♦ 2♠ 5♠: the 7 takes 3+4 or 2+5, the king 3+2+5, the jack 3+5.
    const top = ['7H', 'AS', 'KD', 'AH', 'JC', 'AD', '3C', '4D', '2S', '5S'];
    const first = await vsBot('scopa', { top });
    const view = await fetch(`${web.base}/games/${first}/view`, { headers: { authorization: `Bearer ${annToken}` } });
    const { legalActions: legal } = (await view.json()) as { legalActions: { card: string; capture: string[] }[] };
    expect(legal.filter((a) => a.capture.length > 1).length).toBeGreaterThanOrEqual(4);
    const posts = movesPosted(ann.page);
    const face = (code: string) => new RegExp(`^${shortName(code)}`);
    const lit = async () =>
      (await ann.page.locator('.centre .card-button:enabled[aria-pressed="false"]').allInnerTexts()).map((t) =>
        t.split(',')[0].trim(),
      );
    for (const [n, action] of legal.entries()) {
      // Each capture both ways round: table cards touched in the order listed, then reversed.
      const orders = action.capture.length > 1 ? [action.capture, [...action.capture].reverse()] : [action.capture];
      for (const order of orders) {
        await open(ann.page, n === 0 && order === action.capture ? first : await vsBot('scopa', { top }));
        posts.length = 0;
        await ann.page
          .locator('.hand')
          .getByRole('button', { name: face(action.card) })
          .click();
        const touched = [action.card];
        for (const card of order) {
          // The table cards lit are those that complete some move with the cards touched so far, and only those.
          const could = legal.filter((a) => touched.every((c) => c === a.card || a.capture.includes(c)));
          const expected = new Set(could.flatMap((a) => a.capture.filter((c) => !touched.includes(c))));
          expect(new Set(await lit()), `${touched.join(' ')}`).toEqual(new Set([...expected].map(shortName)));
          expect(posts, `nothing sent after touching ${touched.join(' ')}`).toEqual([]);
          await ann.page
            .locator('.centre')
            .getByRole('button', { name: face(card) })
            .click();
          touched.push(card);
        }
        await expect.poll(() => posts.length).toBe(1);
        const sent = posts[0] as { card: string; capture: string[] };
        expect(sent.card).toBe(action.card);
        expect([...sent.capture].sort()).toEqual([...order].sort());
        await untilVersion(ann.page, 1);
      }
    }
  });

  it('at Scopa, a choice is undone before it is sent: the chosen card touched again, or Clear', async () => {
    const id = await vsBot('scopa', { top: ['7H', 'AS', 'KD', 'AH', 'JC', 'AD', '3C', '4D', '2S', '5S'] });
    await open(ann.page, id);
    const seven = ann.page.locator('.hand').getByRole('button', { name: /^7♥/ });
    await seven.click();
    const choice = ann.page.locator('.choice');
    await choice.getByText('Chosen: 7♥').waitFor();
    // The moves left are buttons naming all their cards.
    await choice.getByRole('button', { name: 'Play 7 of hearts, capture 3 of clubs and 4 of diamonds' }).waitFor();
    await ann.page.locator('.centre').getByRole('button', { name: /^3♣/ }).click();
    await choice.getByText('Chosen: 7♥ 3♣').waitFor();
    await ann.page.locator('.centre').getByRole('button', { name: /^3♣/ }).click();
    await choice.getByText('Chosen: 7♥', { exact: true }).waitFor();
    await choice.getByRole('button', { name: 'Clear' }).click();
    await choice.waitFor({ state: 'detached' });
    expect(await ann.page.locator('.centre .card-button').count()).toBe(0);
    expect(await shownVersion(ann.page)).toBe(0);
  });

  it('at Poke’s draw, the cards discarded are exactly the hand cards touched, sent only on the move’s own button, listed first', async () => {
    const id = await vsBot('poke');
    await open(ann.page, id);
    await ann.page.locator('#turn', { hasText: /^Your turn/ }).waitFor();
    const posts = movesPosted(ann.page);
    const cards = ann.page.locator('.hand .card-button');
    const touched = [codeOf(await cards.nth(0).innerText()), codeOf(await cards.nth(3).innerText())];
    await cards.nth(0).click();
    await cards.nth(3).click();
    await ann.page
      .locator('.choice')
      .getByText(`Chosen: ${touched.map(shortName).join(' ')}`)
      .waitFor();
    expect(posts).toEqual([]);
    await ann.page.locator('.choice').getByRole('button', { name: /^Draw/ }).first().click();
    await expect.poll(() => posts.length).toBe(1);
    expect(posts[0]).toEqual({ type: 'draw', cards: expect.arrayContaining(touched) });
    expect((posts[0] as { cards: string[] }).cards).toHaveLength(2);
  });

  it('at Card Stock Market, a hand card touched offers its trades as buttons, and the one pressed uses that card', async () => {
    // A card Ann may buy with (a deal may leave her none: its price, her cash), read from her legal actions.
    let code: string | undefined;
    for (let deal = 0; deal < 5 && !code; deal++) {
      const id = await vsBot('card-stock-market');
      await open(ann.page, id);
      await ann.page.locator('#turn', { hasText: /^Your turn/ }).waitFor();
      const view = (await (
        await fetch(`${web.base}/games/${id}/view`, { headers: { authorization: `Bearer ${annToken}` } })
      ).json()) as { legalActions: { type: string; card?: string }[] };
      code = view.legalActions.find((a) => a.type === 'buy')?.card;
    }
    expect(code).toBeDefined();
    const posts = movesPosted(ann.page);
    const hand = ann.page.locator('.hand .card-button');
    const texts = await hand.allInnerTexts();
    const card = hand.nth(texts.findIndex((t) => codeOf(t) === code));
    await card.click();
    const choice = ann.page.locator('.choice');
    await choice.getByText(`Chosen: ${shortName(code as string)}`).waitFor();
    expect(posts).toEqual([]);
    // A trade says what it costs or brings on its button.
    const buy = choice.getByRole('button', { name: /^Buy / });
    expect(await buy.innerText()).toMatch(/\(costs \$\d+: \d+ shares at \$\d+\)$/);
    await choice.locator('.actions button').first().click();
    await expect.poll(() => posts.length).toBe(1);
    expect((posts[0] as { card: string }).card).toBe(code);
  });

  it('at Oicho-Kabu, betting is a stepper per tableau, never a button per amount: at most 30 controls', async () => {
    // The bot deals (seat 0): Ann bets first.
    const id = await table('oicho-kabu', [{ bot: 'random' }, { player: 'me' }], { options: { rounds: 1, firstDealer: 0 } });
    await open(ann.page, id);
    await ann.page.locator('#turn', { hasText: /^Your turn/ }).waitFor();
    expect(await controls(ann.page)).toBeLessThanOrEqual(30);
    const amount = ann.page.getByLabel('Bet … on tableau 2');
    await amount.fill('7');
    const [posted] = await Promise.all([
      ann.page.waitForRequest((r) => r.url().endsWith('/moves') && r.method() === 'POST'),
      ann.page.getByRole('button', { name: 'Bet 7 on tableau 2' }).click(),
    ]);
    expect(JSON.parse(posted.postData() ?? '{}').action).toEqual({ type: 'bet', tableau: 1, amount: 7 });
    await untilVersion(ann.page, 1);
    expect(await controls(ann.page)).toBeLessThanOrEqual(30);
  });

  it('at Cactus, the peek shows the card seen, for Ann alone', async () => {
    // Ann's layout: K♠ A♠ / 2♠ 3♠; she draws the 7♦, whose power is a peek.
    const id = await vsBot('cactus', { top: ['KS', 'KH', 'AS', 'AH', '2S', '2H', '3S', '3H', '7D'] });
    await open(ann.page, id);
    await ann.page.getByRole('button', { name: 'Draw from the stock', exact: true }).click();
    await ann.page.locator('.log').getByText('You: draw the 7 of diamonds from the stock.').waitFor();
    // Calling Cactus is a move of its own, never a checkbox that changes what the other buttons do.
    await ann.page.getByRole('button', { name: 'Discard the card held and call Cactus' }).waitFor();
    expect(await ann.page.locator('.felt input[type="checkbox"]').count()).toBe(0);
    // Ann touches her bottom left card: it may take the card held, or be peeked at.
    await ann.page.getByRole('button', { name: 'bottom left card, yours' }).click();
    await ann.page
      .locator('.choice')
      .getByRole('button', { name: 'Swap the card held with your bottom left card', exact: true })
      .waitFor();
    // The first reading of the log after the peek fails: the page asks again, and the notice still comes.
    let failed = 0;
    await ann.page.route(/\/events/, (route) =>
      failed++ === 0
        ? route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"code":"overloaded"}' })
        : route.continue(),
    );
    await ann.page.locator('.choice').getByRole('button', { name: 'Peek at your bottom left card', exact: true }).click();
    await ann.page.locator('.notices').getByText('Peek at your bottom left card: you saw the 2 of spades.').waitFor();
    expect(failed).toBeGreaterThan(1);
    await ann.page.unroute(/\/events/);
  });

  it('at Cactus, many penalty cards fold under their count, and open to be touched', async () => {
    // Ann's layout: K♠ A♠ / 2♠ 3♠. She draws the 7♦ and discards it, then matches wrongly until she
    // holds more than four penalty cards (two a wrong match).
    const id = await vsBot('cactus', { top: ['KS', 'KH', 'AS', 'AH', '2S', '2H', '3S', '3H', '7D'] });
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${web.base}/games/${id}${path}`, {
        method,
        headers: { authorization: `Bearer ${annToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return {
        status: res.status,
        view: (await res.json()) as { legalActions: { type: string; position?: number }[]; state: { layouts: unknown[][] } },
      };
    };
    expect((await call('POST', '/moves', { action: { type: 'draw' } })).status).toBe(200);
    expect((await call('POST', '/moves', { action: { type: 'discard' } })).status).toBe(200);
    let penalties = 0;
    for (let tries = 0; tries < 20 && penalties <= 4; tries++) {
      const { view } = await call('GET', '/view');
      penalties = view.state.layouts[0].length - 4;
      // Matching works in or out of turn; a king on the discards would make the K♠ right, so try each grid place.
      const match = view.legalActions.find((a) => a.type === 'match' && a.position === tries % 4);
      if (match && penalties <= 4) await call('POST', '/moves', { action: match });
    }
    expect(penalties).toBeGreaterThan(4);
    await open(ann.page, id);
    const yours = ann.page.locator('.felt .layout').filter({ has: ann.page.getByText('Ann', { exact: true }) });
    const fold = yours.locator('details.penalties');
    await fold
      .locator('summary')
      .filter({ hasText: /^\d+ penalty cards/ })
      .waitFor();
    expect(await yours.locator('.penalty-row li').first().isVisible()).toBe(false);
    await fold.locator('summary').click();
    await yours.locator('.penalty-row li').first().waitFor();
    expect(await yours.locator('.penalty-row li').count()).toBeGreaterThan(4);
    expect(await seriousViolations(ann.page)).toEqual([]);
    await ann.page.setViewportSize(PHONE);
    await ann.page.screenshot({ path: screenshotPath('cactus-penalties-phone') });
    await ann.page.setViewportSize(DESKTOP);
  });

  it('a request that cannot reach the server says so in plain words', async () => {
    const id = await vsBot('divide-and-conquer');
    await open(ann.page, id);
    await ann.page.route('**/moves', (route) => route.abort('internetdisconnected'));
    await ann.page.locator('.hand .card-button').first().click();
    await ann.page.getByRole('alert').filter({ hasText: 'The server cannot be reached right now' }).waitFor();
    expect(await ann.page.getByRole('alert').innerText()).not.toMatch(/TypeError|Failed to fetch/);
    await ann.page.unroute('**/moves');
  });
});

describe('the rules, for people', () => {
  /** Where two boxes overlap, if they do. */
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('at Scopa and Kaiser they open from the keyboard beside the felt, in sections with a worked example, without seat numbers', async () => {
    for (const [kind, title] of [
      ['scopa', 'Scopa'],
      ['kaiser', 'Kaiser'],
    ]) {
      await open(ann.page, await vsBot(kind));
      const toggle = ann.page.locator('.rules-panel > summary');
      expect(await toggle.innerText()).toBe(`Rules of ${title}`);
      await toggle.focus();
      await ann.page.keyboard.press('Enter');
      const rules = ann.page.getByRole('region', { name: `How to play ${title}` });
      await rules.waitFor();
      const headings = await rules.getByRole('heading').allInnerTexts();
      for (const h of ['The deal', 'Playing', 'Scoring', 'The end']) expect(headings, kind).toContain(h);
      expect(
        headings.some((h) => h.startsWith('An example')),
        kind,
      ).toBe(true);
      expect(await rules.locator('.rules-example li').count(), kind).toBeGreaterThanOrEqual(2);
      const said = (await rules.locator(':scope > section').allInnerTexts()).join('\n');
      expect(said, kind).not.toMatch(/seat \d/i);
      // The API's own summary, seat numbers and all, waits behind its disclosure.
      await rules.getByText('As the API states it').click();
      expect(await rules.locator('.api-rules').innerText()).toMatch(/seat 0/i);
      const felt = await ann.page.locator('.felt').boundingBox();
      const panel = await ann.page.locator('.rules-panel').boundingBox();
      expect(felt && panel && !overlap(felt, panel), kind).toBe(true);
      const hand = await ann.page.locator('.hand').boundingBox();
      expect(hand && panel && !overlap(hand, panel), kind).toBe(true);
    }
  });

  it('on a phone the header’s Rules button opens them below the table and brings them into sight; closed they leave the hand uncovered', async () => {
    const id = await vsBot('scopa');
    await ann.page.setViewportSize(PHONE);
    try {
      await open(ann.page, id);
      const hand = await ann.page.locator('.hand').boundingBox();
      const toggle = await ann.page.locator('.rules-panel').boundingBox();
      expect(hand && toggle && !overlap(hand, toggle)).toBe(true);
      await ann.page.getByRole('button', { name: 'Rules', exact: true }).click();
      await ann.page.getByRole('region', { name: 'How to play Scopa' }).waitFor();
      const felt = await ann.page.locator('.felt').boundingBox();
      const panel = await ann.page.locator('.rules-panel').boundingBox();
      expect(felt && panel && panel.y >= felt.y + felt.height).toBe(true);
      // Scrolled to: the panel's top is in the screen, and the keyboard is on its toggle.
      expect(panel && panel.y >= 0 && panel.y < PHONE.height).toBe(true);
      expect(await ann.page.evaluate('document.activeElement?.parentElement?.id')).toBe('rules-panel');
    } finally {
      await ann.page.setViewportSize(DESKTOP);
    }
  });
});

describe('every move told', () => {
  it('a bot’s move is narrated in the log, paced, and the tab says whose turn it is', async () => {
    const id = await vsBot('xeri', { options: { hands: 1 } });
    await open(ann.page, id);
    // Seat 1 plays first at Xeri: the bot has moved, or Ann's turn comes once it has.
    await ann.page.locator('#turn', { hasText: /^Your turn/ }).waitFor();
    expect(await ann.page.title()).toMatch(/^● Your turn · Xeri/);
    const before = await ann.page.locator('.log li').count();
    await ann.page.locator('.hand .card-button').first().click();
    // Ann's move, then the bot's answer, told after it.
    await expect.poll(() => ann.page.locator('.log li').count()).toBeGreaterThanOrEqual(before + 2);
    expect(await ann.page.locator('.log li').last().innerText()).toMatch(/^Random bot: (discard|capture) .+\.$/);
  });

  it('one story: the felt is never ahead of the log while three bots move in turn', async () => {
    const id = await table('kaiser', [{ player: 'me' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }]);
    await open(ann.page, id);
    const seen = await playWatching(ann, 240);
    // The felt shows the move being told, never one beyond it.
    for (const s of seen) if (s.told >= 0) expect(s.felt, JSON.stringify(s)).toBeLessThanOrEqual(s.told);
    // The bots' moves were told one at a time, each shown while it was told.
    expect(seen.filter((s) => s.telling).length).toBeGreaterThan(3);
    expect(seen.some((s) => s.telling && s.felt === s.told)).toBe(true);
  });

  it('the result banner shows only after the last move is told', async () => {
    const id = await vsBot('xeri', { options: { hands: 1 } });
    await open(ann.page, id);
    // Clicks wait for the telling, so the game moves on however fast the reads run (8,000 reads took 20 s once, and the game was not over).
    const seen = await playWatching(ann, 8000, (s) => s.banner, { settle: true });
    expect(seen.at(-1)?.banner).toBe(true);
    for (const s of seen.filter((x) => x.banner)) expect(s.telling, JSON.stringify(s)).toBe(false);
    for (const s of seen) if (s.told >= 0) expect(s.felt, JSON.stringify(s)).toBeLessThanOrEqual(s.told);
    const summary = (await (await fetch(`${web.base}/games/${id}`)).json()) as { version: number };
    expect(seen.at(-1)?.told).toBe(summary.version);
  });

  it('on a phone, where the log falls below the hand, the newest move is told in a line above it', async () => {
    const id = await vsBot('xeri', { options: { hands: 1 } });
    await ann.page.setViewportSize(PHONE);
    try {
      await open(ann.page, id);
      await ann.page.locator('#turn', { hasText: /^Your turn/ }).waitFor();
      const before = await ann.page.locator('.log li').count();
      await ann.page.locator('.hand .card-button').first().click();
      await expect.poll(() => ann.page.locator('.log li').count()).toBeGreaterThanOrEqual(before + 2);
      const latest = ann.page.locator('.latest-move');
      // Once the pacing has shown it, the line and the log's last entry tell the same move.
      await expect
        .poll(async () => (await latest.innerText()) === (await ann.page.locator('.log li').last().innerText()))
        .toBe(true);
      expect(await latest.innerText()).toMatch(/^Random bot: (discard|capture) .+\.$/);
      const line = await latest.boundingBox();
      const hand = await ann.page.locator('.hand').boundingBox();
      const log = await ann.page.locator('.log-panel').boundingBox();
      expect(line && hand && log && line.y < hand.y && hand.y < log.y).toBe(true);
      expect(line && line.y + line.height <= PHONE.height).toBe(true);
      await ann.page.setViewportSize(DESKTOP);
      // Beside the table the log itself is in sight: the line is not drawn.
      expect(await latest.isVisible()).toBe(false);
    } finally {
      await ann.page.setViewportSize(DESKTOP);
    }
  });

  it('when time runs out, the clock’s move is told: "Time ran out: the clock played for you"', async () => {
    const id = await vsBot('divide-and-conquer', { options: { clock: { perMove: 1 } } });
    await open(ann.page, id);
    await ann.page
      .locator('.notices')
      .getByText(/^Time ran out: the clock played for you: play .+\.$/)
      .waitFor({ timeout: 15_000 });
  });

  it('the end says who won in words, with names, and offers a rematch', async () => {
    const id = await vsBot('divide-and-conquer');
    await open(ann.page, id);
    // Ann plays whenever a card is offered (none is while the table catches up with the log's story).
    for (let i = 0; i < 400 && !(await ann.page.locator('.result-banner').isVisible()); i++) {
      const card = ann.page.locator('.hand .card-button:enabled').first();
      if (await card.isVisible()) await card.click().catch(() => {});
      await ann.page.waitForTimeout(200);
    }
    const banner = ann.page.locator('.result-banner');
    await banner.waitFor({ timeout: 60_000 });
    const said = await banner.getByRole('heading').innerText();
    expect(said).toMatch(/^(You won|You lost|A tie)$/);
    if (said !== 'A tie') expect(await banner.innerText()).toMatch(/Ann|Random bot/);
    expect(await banner.innerText()).not.toMatch(/seat \d/);
    await banner.getByRole('button', { name: 'Rematch' }).waitFor();
    // Abort and resign are not offered once it is over.
    expect(await ann.page.getByRole('button', { name: 'Abort' }).count()).toBe(0);
  });

  it('abort is offered only while the server would take it', async () => {
    const id = await vsBot('divide-and-conquer');
    await open(ann.page, id);
    await ann.page.getByRole('button', { name: 'Abort' }).waitFor();
    // Both seats play their first card: the game can no longer be aborted.
    await ann.page.locator('.hand .card-button').first().click();
    await untilVersion(ann.page, 2);
    await expect.poll(() => ann.page.getByRole('button', { name: 'Abort' }).count()).toBe(0);
    await ann.page.getByRole('button', { name: 'Resign' }).waitFor();
  });
});

describe('every deal ends as players know it', () => {
  /** Ann clicks her moves until the page shows the end of the first deal. */
  async function toFirstDealEnd(id: string) {
    await open(ann.page, id);
    const end = ann.page.locator('#deal-end');
    for (let n = 0; n < 600 && !(await end.isVisible()); n++) {
      await clickOne(ann, n);
      // The bots' answers are told paced: the end shows once they are.
      await end.waitFor({ timeout: 1500 }).catch(() => {});
    }
    return end;
  }
  const rowsOf = async (end: Locator) => (await end.locator('tbody th[scope="row"]').allInnerTexts()).map((t) => t.trim());

  it('at Scopa: cards, diamonds, settebello, primiera and scopas by player, with the match total', async () => {
    const id = await vsBot('scopa');
    const end = await toFirstDealEnd(id);
    await end.getByText(/^Deal 1: /).waitFor();
    expect(await rowsOf(end)).toEqual([
      'Cards',
      'Diamonds',
      'Settebello (7♦)',
      'Primiera',
      'Scopas',
      'Points this deal',
      'Match total',
    ]);
    expect(await end.locator('thead th').allInnerTexts()).toEqual(['Ann', 'Random bot']);
    const view = (await (await fetch(`${web.base}/games/${id}/view`)).json()) as {
      state: { history: { scoresAfter: number[] }[] };
    };
    const total = await end.locator('tbody tr').last().locator('td').allInnerTexts();
    expect(total.map(Number)).toEqual(view.state.history[0].scoresAfter);
    await ann.page
      .locator('.deal-said')
      .getByText(/^Deal 1: /)
      .waitFor();
  });

  it('at Kaiser: the bid and whether it was made, tricks and points by side, what each side added and the match totals', async () => {
    const id = await vsBot('kaiser');
    const end = await toFirstDealEnd(id);
    await end.getByText(/ bid \d+.*: .* (made it|fell short) with -?\d+ points\./).waitFor();
    expect(await rowsOf(end)).toEqual(['Tricks', 'Points in tricks', 'Added this deal', 'Match total']);
    const sides = await end.locator('thead th').allInnerTexts();
    expect(sides).toHaveLength(2);
    expect(sides[0]).toMatch(/^Ann and /);
    expect(await end.innerText()).not.toMatch(/Side 1|Changes|no trump (yes|no)/);
  });

  it('at Oicho-Kabu: the dealer’s hand, each tableau’s cards, total and result, and the chips won or lost', async () => {
    // Ann deals the first round: the bot bets, and she answers with buttons.
    const id = await table('oicho-kabu', [{ player: 'me' }, { bot: 'random' }], { options: { rounds: 3, firstDealer: 0 } });
    const end = await toFirstDealEnd(id);
    await end.getByText(/^Round 1: .* (dealt and showed .*, \d|nobody bet)/).waitFor();
    expect(await rowsOf(end)).toEqual(['1', '2', '3', '4', 'Won or lost this round', 'Chips now']);
    expect(await end.innerText()).toMatch(/the dealer won|beat the dealer|tie: bets returned|arashi|no bets/);
  });

  it('at Cactus: both layouts turned up with their totals, the lower winning, and the stock left a count', async () => {
    const id = await vsBot('cactus');
    await playOutByApi(web.base, annToken, id);
    await open(ann.page, id);
    const end = ann.page.locator('#deal-end');
    await end
      .getByText(
        /^(Ann called Cactus|Random bot called Cactus|The stock ran out): the layouts are turned up, Ann \d+ and Random bot \d+; /,
      )
      .waitFor();
    expect(await rowsOf(end)).toEqual(['Cards', 'Total (the lower wins)']);
    const view = (await (await fetch(`${web.base}/games/${id}/view`)).json()) as { state: { totals: number[]; stock: string[] } };
    expect((await end.locator('tbody tr').last().locator('td').allInnerTexts()).map(Number)).toEqual(view.state.totals);
    // The stock left is a count on the felt, not a row of its cards.
    await ann.page.getByRole('img', { name: `Stock: ${view.state.stock.length} cards` }).waitFor();
  });
});

describe('playing with people', () => {
  it('an invitation appears in the invitee’s lobby with who invites and to what; accepting takes the seat, declining opens it', async () => {
    const bo = await person(browser, web.base, 'Bo', DESKTOP);
    await bo.page.goto('/');
    await bo.page.getByLabel('Your name at the table').fill('Bo');
    await bo.page.getByRole('button', { name: 'Become a player' }).click();
    await bo.page.getByRole('heading', { name: 'Set up a table' }).waitFor();
    const boId = ((await bo.page.evaluate(`JSON.parse(localStorage.getItem('card-table.player'))`)) as { id: string }).id;
    const first = await table('xeri', [{ player: 'me' }, { player: boId }]);
    const second = await table('scopa', [{ player: 'me' }, { player: boId }]);
    await bo.page.reload();
    const invitations = bo.page.getByRole('region', { name: 'Invitations' });
    await invitations.getByText('Ann invites you to Xeri').waitFor();
    await invitations.getByText('Ann invites you to Scopa').waitFor();
    await invitations.getByRole('listitem').filter({ hasText: 'Scopa' }).getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => invitations.getByText('Ann invites you to Scopa').count()).toBe(0);
    const scopa = (await (await fetch(`${web.base}/games/${second}`)).json()) as { seats: { occupant: string }[] };
    expect(scopa.seats[1].occupant).toBe('open');
    await invitations
      .getByRole('listitem')
      .filter({ hasText: 'Xeri' })
      .getByRole('button', { name: /^Accept/ })
      .click();
    await bo.page.waitForURL(new RegExp(`#/table/${first}$`));
    await bo.page.getByRole('region', { name: 'The table' }).waitFor();
    await bo.context.close();
  });

  it('a table has a link to share', async () => {
    await ann.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const id = await table('scopa', [{ player: 'me' }, { open: true }]);
    await open(ann.page, id);
    await ann.page.getByRole('button', { name: 'Share this table' }).click();
    await ann.page.getByText(/^Link copied|^Copy this link/).waitFor();
    expect(await ann.page.evaluate('navigator.clipboard.readText()')).toBe(`${web.base}/#/table/${id}`);
  });

  it('the stream comes back after a server restart, showing "Reconnecting…" meanwhile; moves made after it arrive without a reload', async () => {
    const created = await fetch(`${web.base}/games`, {
      method: 'POST',
      headers: { authorization: `Bearer ${annToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { name: 'Bo' }] }),
    });
    const game = (await created.json()) as { id: string; seats: { token?: string }[] };
    await open(ann.page, game.id);
    await ann.page.evaluate('window.untouched = true');
    const restarted = web.restart();
    await ann.page.getByText('Reconnecting…').waitFor();
    await restarted;
    const bo = { authorization: `Bearer ${game.seats[1].token}`, 'content-type': 'application/json' };
    const view = (await (await fetch(`${web.base}/games/${game.id}/view`, { headers: bo })).json()) as {
      legalActions: unknown[];
    };
    const moved = await fetch(`${web.base}/games/${game.id}/moves`, {
      method: 'POST',
      headers: bo,
      body: JSON.stringify({ action: view.legalActions[0] }),
    });
    expect(moved.status).toBe(200);
    await untilVersion(ann.page, 1);
    await expect.poll(() => ann.page.getByText('Reconnecting…').count()).toBe(0);
    expect(await ann.page.evaluate('window.untouched')).toBe(true);
  });
});

describe('the stream’s cookie', () => {
  it('holds a ticket for each stream it opens (the game’s, the player’s), never the player’s token, and forgetting the player on this browser clears it', async () => {
    const cy = await person(browser, web.base, 'Cy', DESKTOP);
    try {
      await cy.page.goto('/');
      await cy.page.getByLabel('Your name at the table').fill('Cy');
      await cy.page.getByRole('button', { name: 'Become a player' }).click();
      await cy.page.getByRole('heading', { name: 'Set up a table' }).waitFor();
      const token = ((await cy.page.evaluate(`JSON.parse(localStorage.getItem('card-table.player'))`)) as { token: string })
        .token;
      const created = await fetch(`${web.base}/games`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'scopa', seats: [{ player: 'me' }, { name: 'Bo' }] }),
      });
      const { id } = (await created.json()) as { id: string };
      await open(cy.page, id);
      const streamCookies = async () => (await cy.context.cookies()).filter((c) => c.name === 'card_table_token');
      // The game's stream, and the player's (its turn reminders are told at the table).
      await expect
        .poll(async () => (await streamCookies()).map((c) => c.path).sort())
        .toEqual([`/games/${id}/stream`, '/players/me/stream']);
      for (const c of await streamCookies()) expect(decodeURIComponent(c.value)).not.toContain(token);
      const cookie = (await streamCookies()).find((c) => c.path.startsWith('/games/')) as { value: string };
      // The ticket opens that stream and speaks for the seat nowhere else.
      const asToken = await fetch(`${web.base}/games/${id}/view`, {
        headers: { authorization: `Bearer ${decodeURIComponent(cookie.value)}` },
      });
      expect(asToken.status).toBe(401);
      await cy.page.goto('/');
      cy.page.once('dialog', (d) => void d.accept());
      await cy.page.getByRole('button', { name: 'Forget me on this browser' }).click();
      await cy.page.getByRole('button', { name: 'Become a player' }).waitFor();
      expect(await streamCookies()).toEqual([]);
    } finally {
      await cy.context.close();
    }
  });
});

describe('getting started', () => {
  it('the lobby says what each game is in a line; "Play against a bot" plays the full match against the expert by default, a quick game beside it; the table fetches only its own kind from the catalog', async () => {
    await ann.page.goto('/');
    for (const game of games.values()) await ann.page.locator('.catalog').getByText(game.blurb).waitFor();
    const created = async (click: () => Promise<void>) => {
      const [request] = await Promise.all([
        ann.page.waitForRequest((r) => new URL(r.url()).pathname === '/games' && r.method() === 'POST'),
        click(),
      ]);
      await ann.page.getByRole('region', { name: 'The table' }).waitFor();
      return JSON.parse(request.postData() ?? '{}') as { kind: string; seats: unknown[]; options: object };
    };
    // From the catalog: the game is chosen in the "Play now" panel, where the bot is chosen.
    await ann.page.getByRole('button', { name: 'Play Kaiser against a bot' }).click();
    expect(await ann.page.getByLabel('Opponent', { exact: true }).inputValue()).toBe('expert');
    const kaiser = await created(() => ann.page.getByRole('button', { name: 'Play a full match' }).click());
    expect(kaiser).toEqual({ kind: 'kaiser', seats: [{ player: 'me' }, ...Array(3).fill({ bot: 'expert' })], options: {} });
    const id = /#\/table\/([\w-]+)/.exec(ann.page.url())?.[1];
    const view = (await (await fetch(`${web.base}/games/${id}/view`)).json()) as { state: { options: { target: number } } };
    expect(view.state.options.target).toBe(52);

    await ann.page.goto('/');
    await ann.page.getByLabel('Game', { exact: true }).first().waitFor();
    await ann.page.locator('#quick-kind').selectOption({ label: 'Scopa' });
    await ann.page.getByLabel('Opponent', { exact: true }).selectOption('random');
    await ann.page.getByText('a quick game stops early (target 1)').waitFor();
    const quick = await created(() => ann.page.getByRole('button', { name: 'Quick game (a short match)' }).click());
    expect(quick).toEqual({ kind: 'scopa', seats: [{ player: 'me' }, { bot: 'random' }], options: { target: 1 } });

    await ann.page.goto('/');
    const asked: string[] = [];
    ann.page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await ann.page.getByRole('button', { name: 'Play Kontsina against a bot' }).click();
    await created(() => ann.page.getByRole('button', { name: 'Play a full match' }).click());
    await ann.page.reload();
    await ann.page.getByRole('region', { name: 'The table' }).waitFor();
    await ann.settled();
    const after = asked.slice(asked.lastIndexOf('/'));
    expect(after).toContain('/catalog/kontsina');
    expect(after).not.toContain('/catalog');
  });
});

describe('a table of each family, some moves in', () => {
  it('says whose turn it is and what the last moves were, at desktop and phone width (the README’s screenshots)', async () => {
    const families: [string, string, object?][] = [
      ['trick', 'kaiser', { target: 10, loseAt: -10 }],
      ['fishing', 'scopa'],
      ['banking', 'oicho-kabu', { firstDealer: 0 }],
      ['board', 'card-stock-market'],
      ['cactus', 'cactus'],
    ];
    for (const [family, kind, options] of families) {
      // At Oicho-Kabu the bot deals, so that Ann bets.
      const seats =
        kind === 'oicho-kabu'
          ? [{ bot: 'random' }, { player: 'me' }, { bot: 'random' }]
          : [{ player: 'me' }, ...Array.from({ length: (games.get(kind)?.seats.min ?? 2) - 1 }, () => ({ bot: 'random' }))];
      const id = await table(kind, seats, { options });
      await open(ann.page, id);
      if (kind === 'oicho-kabu') {
        // Ann stakes 5 on the second tableau, and may bet again.
        await ann.page.locator('#turn', { hasText: /^Your turn/ }).waitFor();
        await ann.page.getByLabel('Bet … on tableau 2').fill('5');
        await ann.page.getByRole('button', { name: 'Bet 5 on tableau 2' }).click();
        await ann.page.locator('.log').getByText('You: bet 5 on tableau 2.').waitFor();
      }
      for (let n = 0; n < 3 && kind !== 'oicho-kabu'; n++) {
        await ann.page.locator('#turn', { hasText: /^(Your turn|Game over)/ }).waitFor();
        if (await isOver(ann.page)) break;
        // A choice of several moves: the next click completes it.
        if ((await clickOne(ann, n)) === 'selected') await clickOne(ann, n);
      }
      await ann.page.locator('#turn', { hasText: /^(Your turn|Game over)/ }).waitFor();
      await expect.poll(() => ann.page.locator('.log li').count()).toBeGreaterThan(0);
      await ann.page.waitForTimeout(2000);
      await ann.page.screenshot({ path: screenshotPath(`table-${family}`) });
      await ann.page.setViewportSize(PHONE);
      await ann.page.screenshot({ path: screenshotPath(`table-${family}-phone`) });
      await ann.page.setViewportSize(DESKTOP);
    }
  });
});

describe('accessibility: axe-core finds no serious or critical fault', () => {
  it('on the lobby, a table of each family and the audit page, in light and dark mode and at phone width', async () => {
    const pages: [string, string][] = [['lobby', '/']];
    for (const kind of ['kaiser', 'scopa', 'oicho-kabu', 'cactus', 'card-stock-market']) {
      pages.push([kind, `/#/table/${await vsBot(kind)}`]);
    }
    const over = await table('divide-and-conquer', [{ player: 'me' }, { bot: 'random' }]);
    await fetch(`${web.base}/games/${over}/resign`, { method: 'POST', headers: { authorization: `Bearer ${annToken}` } });
    pages.push(['audit', `/#/audit/${over}`]);
    const paths = new Map(pages);
    const found = await violationsInEveryLook(ann.page, [...paths.keys()], async (name) => {
      await ann.page.goto(paths.get(name) as string);
      await ann.page.locator('main h1').waitFor();
      if (name === 'audit') await ann.page.getByText('How to check this game yourself').click();
      if (name === 'audit')
        await ann.page
          .locator('#seed-check')
          .filter({ hasText: /passed/ })
          .waitFor();
      else if (name !== 'lobby') await ann.page.locator('.felt').waitFor();
      else await ann.page.getByRole('heading', { name: 'The games' }).waitFor();
      // The rules open in a box that scrolls: it must take keyboard focus.
      if (name !== 'audit')
        await ann.page
          .locator('details summary')
          .filter({ hasText: /^Rules/ })
          .first()
          .click();
    });
    expect(found).toEqual([]);
  });
});
