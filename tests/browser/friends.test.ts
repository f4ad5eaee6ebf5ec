import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, type Person, person, restartableServer, seriousViolations } from './support';

/**
 * Friends at the table: a share link that seats whoever opens it, a friend invited by name from the
 * setup form, invitations and waiting tables that say names, seats named by where they sit, and
 * "my games" rows that say whom I play, when the last move was and the score.
 */
let web: Awaited<ReturnType<typeof restartableServer>>;
let browser: Browser;
let ann: Person;
let bo: Person;
let annToken: string;
let boToken: string;

const DESKTOP = { width: 1280, height: 800 };

/** A person who has become a player in the lobby; answers their token. */
async function register(p: Person): Promise<string> {
  await p.page.goto('/');
  await p.page.getByLabel('Your name at the table').fill(p.name);
  await p.page.getByRole('button', { name: 'Become a player' }).click();
  await p.page.getByRole('heading', { name: 'Set up a table' }).waitFor();
  return ((await p.page.evaluate(`JSON.parse(localStorage.getItem('card-table.player'))`)) as { token: string }).token;
}

beforeAll(async () => {
  web = await restartableServer();
  browser = await launch();
  ann = await person(browser, web.base, 'Ann', DESKTOP);
  bo = await person(browser, web.base, 'Bo', DESKTOP);
  annToken = await register(ann);
  boToken = await register(bo);
});
afterAll(async () => {
  await browser?.close();
  await web?.close();
});

/** A table Ann makes through the API. */
async function table(kind: string, seats: unknown[]): Promise<string> {
  const res = await fetch(`${web.base}/games`, {
    method: 'POST',
    headers: { authorization: `Bearer ${annToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind, seats }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const seatsOf = async (id: string) =>
  (
    (await (await fetch(`${web.base}/games/${id}`)).json()) as {
      status: string;
      seats: { name: string | null; occupant: string }[];
    }
  ).seats;

/** Ann's setup form, with a game chosen. */
async function setUp(page: Page, title: string) {
  await page.goto('/');
  const form = page.getByRole('region', { name: 'Set up a table' });
  await form.getByLabel('Game', { exact: true }).selectOption({ label: title });
  return form;
}

describe('a table’s link invites', () => {
  it('a share link opened by Bo offers him the open seat, taken in one click; once full, the link only shows the game', async () => {
    const id = await table('scopa', [{ player: 'me' }, { open: true }]);
    await bo.page.goto(`/#/table/${id}`);
    const waiting = bo.page.getByRole('region', { name: 'Waiting for players' });
    await waiting.getByText('At the table: Ann and open seat.').waitFor();
    await waiting.getByRole('button', { name: 'Take the seat' }).click();
    await bo.page.getByRole('region', { name: 'The table', exact: true }).waitFor();
    expect((await seatsOf(id)).map((s) => [s.name, s.occupant])).toEqual([
      ['Ann', 'player'],
      ['Bo', 'player'],
    ]);

    // Full: a newcomer with the link watches, and is offered no seat.
    const cy = await person(browser, web.base, 'Cy', DESKTOP);
    await cy.page.goto(`/#/table/${id}`);
    await cy.page.getByRole('region', { name: 'The table, as a spectator sees it' }).waitFor();
    expect(await cy.page.getByRole('button', { name: /^Take the seat/ }).count()).toBe(0);
    await cy.context.close();
  });

  it('a newcomer with the link gives a name and takes the seat in the same form', async () => {
    const id = await table('xeri', [{ player: 'me' }, { open: true }]);
    const dee = await person(browser, web.base, 'Dee', DESKTOP);
    await dee.page.goto(`/#/table/${id}`);
    const waiting = dee.page.getByRole('region', { name: 'Waiting for players' });
    await waiting.getByLabel('Your name at the table').waitFor();
    expect(await seriousViolations(dee.page)).toEqual([]);
    await waiting.getByLabel('Your name at the table').fill('Dee');
    await waiting.getByRole('button', { name: 'Take the seat' }).click();
    await dee.page.getByRole('region', { name: 'The table', exact: true }).waitFor();
    expect((await seatsOf(id))[1]).toMatchObject({ name: 'Dee', occupant: 'player' });
    await dee.context.close();
  });
});

describe('inviting by name', () => {
  it('Ann invites Bo by his name from the setup form: the waiting table names him, and his lobby says "Ann invites you to Scopa"', async () => {
    const form = await setUp(ann.page, 'Scopa');
    await form.getByLabel('Your opponent').selectOption({ label: 'Invite a player by name' });
    await form.getByLabel('Name of the player to invite (your opponent)').fill('Bo');
    await form.getByRole('button', { name: 'Create the table' }).click();
    await ann.page.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
    const id = ann.page.url().split('/').at(-1) as string;
    const waiting = ann.page.getByRole('region', { name: 'Waiting for players' });
    await waiting.getByText('At the table: Ann and Bo (invited).').waitFor();
    expect(await ann.page.getByText('invited player').count()).toBe(0);

    await bo.page.goto('/');
    const invitation = bo.page.getByRole('region', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: 'Scopa' });
    await invitation.waitFor();
    expect((await invitation.innerText()).replace(/\s+/g, ' ')).toMatch(/^Ann invites you to Scopa Accept/);
    expect((await seatsOf(id))[1]).toMatchObject({ name: 'Bo', occupant: 'invited' });
    expect(await seriousViolations(bo.page)).toEqual([]);
    await invitation.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(async () => (await seatsOf(id))[1].occupant).toBe('open');
  });

  it('where several players bear the name, Ann chooses which one, and that one is invited', async () => {
    const twins: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${web.base}/players`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Twin' }),
      });
      twins.push(((await res.json()) as { id: string }).id);
    }
    const form = await setUp(ann.page, 'Scopa');
    await form.getByLabel('Your opponent').selectOption({ label: 'Invite a player by name' });
    await form.getByLabel('Name of the player to invite (your opponent)').fill('Twin');
    await form.getByRole('button', { name: 'Create the table' }).click();
    await form.getByText('Several players are called “Twin”').waitFor();
    const which = form.getByLabel('Which “Twin” to invite');
    expect(await which.locator('option').count()).toBe(3);
    await which.selectOption({ index: 2 });
    await form.getByRole('button', { name: 'Create the table' }).click();
    await ann.page.waitForURL(/#\/table\/[0-9a-f-]{36}$/);
    const id = ann.page.url().split('/').at(-1) as string;
    const summary = (await (await fetch(`${web.base}/games/${id}`)).json()) as { seats: { invited?: string }[] };
    expect(summary.seats[1].invited).toBe(twins[1]);
  });

  it('a name nobody bears is said, and no table is made', async () => {
    const form = await setUp(ann.page, 'Scopa');
    await form.getByLabel('Your opponent').selectOption({ label: 'Invite a player by name' });
    await form.getByLabel('Name of the player to invite (your opponent)').fill('Nobody Here');
    await form.getByRole('button', { name: 'Create the table' }).click();
    await form.getByText('No player is called “Nobody Here”').waitFor();
    expect(ann.page.url()).not.toMatch(/#\/table\//);
  });
});

describe('the setup form in words', () => {
  it('at Kaiser names the seats You, Left opponent, Your partner, Right opponent, and says its options in words', async () => {
    const form = await setUp(ann.page, 'Kaiser');
    const labels = await form.locator('.seat-choice label').allInnerTexts();
    expect(labels).toEqual(['You', 'Left opponent', 'Your partner', 'Right opponent']);
    const lead = form.getByLabel('Opening lead');
    expect(await lead.locator('option').allInnerTexts()).toEqual(['Dealer left (the default)', 'Bidder']);
    const text = await form.innerText();
    expect(text).not.toMatch(/dealer-left|\(default|null|Seat \d/);
    expect(await seriousViolations(ann.page)).toEqual([]);
  });

  it('at Scopa a yes/no option is two labelled choices, the default marked', async () => {
    const form = await setUp(ann.page, 'Scopa');
    const redeal = form.getByRole('group', { name: 'Redeal three kings' });
    await redeal.getByRole('radio', { name: 'Yes' }).waitFor();
    expect(await redeal.getByRole('radio').count()).toBe(2);
    expect(await redeal.innerText()).toMatch(/\(the default\)/);
    expect(await form.locator('input[type="checkbox"]').count()).toBe(0);
  });
});

describe('my games', () => {
  it('a row shows the opponent’s name, the last move’s time (exact in its tooltip) and the score', async () => {
    const id = await table('scopa', [{ player: 'me' }, { player: (await me(boToken)).id }]);
    const joined = await fetch(`${web.base}/games/${id}/seats/1/join`, {
      method: 'POST',
      headers: { authorization: `Bearer ${boToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(joined.status).toBe(200);
    await ann.page.goto('/');
    const row = ann.page
      .getByRole('region', { name: 'My games' })
      .getByRole('listitem')
      .filter({ has: ann.page.locator(`a[href="#/table/${id}"]`) });
    await row.getByText('score: you 0, Bo 0').waitFor();
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/^Scopa with Bo .*last move (just now|\d+ min ago)/);
    const time = row.locator('time');
    expect(Date.parse((await time.getAttribute('datetime')) as string)).toBeGreaterThan(Date.now() - 3_600_000);
    expect(await time.getAttribute('title')).toMatch(/\d/);
  });
});

const me = async (token: string) =>
  (await (await fetch(`${web.base}/players/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string };
