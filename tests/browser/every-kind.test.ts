import { describe, expect, it } from 'vitest';
import { games } from '../../src/games';
import { shortOptions } from '../support/short-games';
import { browserAndServer } from './scenarios';
import { clickOne, cspViolations, person } from './support';

const at = browserAndServer();

describe('every game at the web table', () => {
  it('each of the 18 kinds draws its table from its view schema, names every move in words, and takes a move by clicking', async () => {
    const { web, browser } = at;
    const cy = await person(browser, web.base, 'Cy');
    const player = (await (
      await fetch(`${web.base}/players`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Cy' }),
      })
    ).json()) as { id: string; name: string; token: string };
    // The page speaks for the player made above: its token where the page keeps it.
    await cy.context.addInitScript(`localStorage.setItem('card-table.player', ${JSON.stringify(JSON.stringify(player))})`);
    await cy.page.goto('/');

    for (const game of games.values()) {
      const seats = [{ player: 'me' }, ...Array.from({ length: game.seats.min - 1 }, () => ({ bot: 'random' }))];
      const created = await fetch(`${web.base}/games`, {
        method: 'POST',
        headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: game.kind, seats, options: shortOptions(game.kind) }),
      });
      expect(created.status, game.kind).toBe(201);
      const { id } = (await created.json()) as { id: string };
      await cy.page.goto(`/#/table/${id}`);
      await cy.page.getByRole('heading', { name: 'The table, as you see it' }).waitFor();
      // The bots play at once: the table waits for Cy, or the game is over already.
      await cy.page.getByText(/^(Your turn|Game over)/).waitFor();
      const text = await cy.page.locator('main').innerText();
      expect(text, game.kind).not.toMatch(/\[object Object\]|undefined|NaN/);
      if (/^Your turn/.test(await cy.page.locator('#turn').innerText())) {
        const names = await cy.page.locator('.actions button').allInnerTexts();
        expect(names.length, game.kind).toBeGreaterThan(0);
        for (const name of names) expect(name, game.kind).toMatch(/^[A-Z][\w ,:’'-]+$/);
        let outcome = await clickOne(cy, 1);
        if (outcome === 'selected') outcome = await clickOne(cy, 1);
        expect(outcome, game.kind).toMatchObject({ status: 200 });
      }
    }
    expect(cy.received.filter((r) => r.url === 'pageerror')).toEqual([]);
    expect(await cspViolations(cy)).toEqual([]);
  });
});
