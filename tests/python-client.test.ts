import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listeningForFile } from './support/harness';
import { bearer, newPlayer, type Received, webhookReceiver } from './support/players';
import { shortOptions } from './support/short-games';

/** clients/python runs as a user would run it: python3, the standard library alone, against a listening server. */
const dir = fileURLToPath(new URL('../clients/python/', import.meta.url));

function python(script: string, args: string[], input?: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile('python3', [script, ...args], { cwd: dir, timeout: 90_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input ?? '');
  });
}

const file = listeningForFile();

describe('the Python client', () => {
  for (const kind of ['scopa', 'kaiser']) {
    it(`its example bot plays ${kind} against the server's bot to the end, following the game's stream`, async () => {
      const run = await python('bot.py', [
        '--base-url',
        file.base,
        '--kind',
        kind,
        '--options',
        JSON.stringify(shortOptions(kind)),
      ]);
      expect(run.code, run.stderr).toBe(0);
      const outcome = JSON.parse(run.stdout);
      expect(outcome).toMatchObject({ kind, status: 'finished', end: 'game-over', result: expect.any(String) });
      expect(outcome.moves).toBeGreaterThan(0);
      // The stream's last view is the game's last version: it followed the game to its end.
      expect(outcome.lastStreamedVersion).toBe(outcome.version);
    });
  }

  /** A real delivery of a `started` notification, signed as the webhook asks. */
  async function delivery(signing: 'hmac' | 'ed25519') {
    const ann = await newPlayer(file.http, `Ann ${signing}`);
    const receiver = await webhookReceiver();
    const hook = await file.http.post('/players/me/webhooks').set(bearer(ann.token)).send({ url: receiver.url, signing });
    expect(hook.status).toBe(201);
    const key = (await file.http.get('/webhooks/key')).body.publicKey as string;
    receiver.useSecret(hook.body.secret);
    receiver.useKey(key);
    const game = await file.http
      .post('/games')
      .set(bearer(ann.token))
      .send({ kind: 'scopa', seats: [{ player: 'me' }, { bot: 'random' }] });
    expect(game.status).toBe(201);
    await file.server.app.service.deliveries.tick();
    await receiver.until(() => receiver.received.length > 0);
    await receiver.close();
    const first = receiver.received[0] as Received;
    const headers = { 'webhook-id': first.id, 'webhook-timestamp': first.timestamp, 'webhook-signature': first.signature };
    return { headers, body: first.body, secret: hook.body.secret as string, publicKey: key };
  }

  it('verifies a real delivery’s v1 (HMAC) signature, and refuses a tampered one', async () => {
    const { headers, body, secret } = await delivery('hmac');
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    const real = await python('verify_webhook.py', [], JSON.stringify({ headers, body, secret }));
    expect(real, real.stderr).toMatchObject({ code: 0, stdout: 'verified: started\n' });
    const tampered = await python(
      'verify_webhook.py',
      [],
      JSON.stringify({ headers, body: body.replace('"seat":0', '"seat":1'), secret }),
    );
    expect(body).toContain('"seat":0');
    expect(tampered).toMatchObject({ code: 1, stdout: 'refused: no signature verifies\n' });
  });

  it('verifies a real delivery’s v1a (Ed25519) signature with the key of GET /webhooks/key, and refuses a tampered one', async () => {
    const { headers, body, publicKey } = await delivery('ed25519');
    expect(headers['webhook-signature']).toMatch(/^v1a,/);
    const real = await python('verify_webhook.py', [], JSON.stringify({ headers, body, publicKey }));
    expect(real, real.stderr).toMatchObject({ code: 0, stdout: 'verified: started\n' });
    const tampered = await python(
      'verify_webhook.py',
      [],
      JSON.stringify({ headers: { ...headers, 'webhook-id': `${headers['webhook-id']}x` }, body, publicKey }),
    );
    expect(tampered).toMatchObject({ code: 1, stdout: 'refused: no signature verifies\n' });
  });
});
