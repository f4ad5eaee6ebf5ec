import { useEffect, useState } from 'preact/hooks';
import type { Tournament } from '../../../clients/typescript/src/types.gen';
import { call, type Player, problemText } from '../api';
import { Alert, Loading, useProblem } from '../problem';
import { href } from '../route';

/** HMAC-SHA256 of a text keyed by another, in hex, by the browser's own Web Crypto. */
async function hmacHex(key: string, text: string): Promise<string> {
  const enc = new TextEncoder();
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', k, enc.encode(text));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One tournament: its players, rounds, standings with tie-breaks, my table, and the deal check once it has ended. */
export function TournamentPage({ id, player }: { id: string; player: Player | null }) {
  const [t, setT] = useState<Tournament | null>(null);
  const [error, setError] = useProblem();
  const load = () =>
    call<Tournament>('GET', `/tournaments/${encodeURIComponent(id)}`).then(setT, (e) => setError(problemText(e)));
  useEffect(() => {
    load();
  }, [id]);
  async function act(verb: 'join' | 'leave' | 'start' | 'withdraw') {
    if (!player) return;
    try {
      setT(await call<Tournament>('POST', `/tournaments/${encodeURIComponent(id)}/${verb}`, { token: player.token }));
    } catch (e) {
      setError(problemText(e));
    }
  }
  if (!t) return <Loading title="Tournament" problem={error} />;
  const name = (pid: string) => t.players.find((p) => p.id === pid)?.name ?? pid;
  const entered = player && t.players.some((p) => p.id === player.id);
  return (
    <section>
      <h1 tabIndex={-1}>
        {t.kind} tournament ({t.format}, {t.scoring})
      </h1>
      <Alert problem={error} />
      <p>
        {t.status === 'running' ? `Round ${t.round} of ${t.rounds}` : t.status}. Seed hash <code class="hash">{t.seedHash}</code>
      </p>
      {player && t.status === 'registering' && !entered && (
        <button type="button" onClick={() => act('join')}>
          Join
        </button>
      )}
      {player && t.status === 'registering' && entered && (
        <button type="button" onClick={() => act('leave')}>
          Leave
        </button>
      )}
      {player && t.status === 'registering' && t.creator === player.id && (
        <button type="button" onClick={() => act('start')}>
          Start now
        </button>
      )}
      {player && t.status === 'running' && entered && (
        <button type="button" onClick={() => act('withdraw')}>
          Withdraw
        </button>
      )}
      <h2>Players</h2>
      <ul>
        {t.players.map((p) => (
          <li key={p.id}>
            {p.name}
            {p.withdrawn ? ' (withdrawn)' : ''}
          </li>
        ))}
      </ul>
      {t.standings.length > 0 && (
        <>
          <h2>Standings</h2>
          <table>
            <thead>
              <tr>
                <th>Rank</th>
                <th>Player</th>
                <th>Points</th>
                {t.tieBreaks.map((b) => (
                  <th key={b}>{b}</th>
                ))}
                <th>Games</th>
              </tr>
            </thead>
            <tbody>
              {t.standings.map((s) => (
                <tr key={s.player}>
                  <td>{s.rank}</td>
                  <td>{name(s.player)}</td>
                  <td>{s.points}</td>
                  {t.tieBreaks.map((b) => (
                    <td key={b}>{s.tieBreaks[b] ?? '–'}</td>
                  ))}
                  <td>{s.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {t.schedule.map((r) => (
        <div key={r.round}>
          <h2>
            Round {r.round} ({r.status})
          </h2>
          <ul>
            {r.tables.map((table, i) => (
              <li key={table.gameId ?? `bye-${i}`}>
                {table.bye ? `Bye: ${name(table.seats[0])}` : table.seats.map(name).join(' – ')}{' '}
                {table.gameId && (!player || table.seats.includes(player.id) || r.status === 'finished') && (
                  <a href={href({ page: 'table', id: table.gameId })}>
                    {player && table.seats.includes(player.id) ? 'your table' : 'watch'}
                  </a>
                )}
              </li>
            ))}
          </ul>
          {t.seed && <DealCheck seed={t.seed} scoring={t.scoring} round={r.round} tables={r.tables.filter((x) => !x.bye)} />}
        </div>
      ))}
    </section>
  );
}

/** After the end: each table's game seed, derived in this browser from the revealed seed, against the game's own. */
function DealCheck({
  seed,
  scoring,
  round,
  tables,
}: {
  seed: string;
  scoring: string;
  round: number;
  tables: { gameId: string | null }[];
}) {
  const [lines, setLines] = useState<string[] | null>(null);
  useEffect(() => {
    if (!globalThis.crypto?.subtle) return setLines(['this page is not a secure context: Web Crypto is off']);
    Promise.all(
      tables.map(async (table, i) => {
        const label = scoring === 'duplicate' ? `round:${round}` : `round:${round}/table:${i + 1}`;
        const want = await hmacHex(seed, label);
        const game = await call<{ seed?: string }>('GET', `/games/${table.gameId}`);
        return `table ${i + 1}: ${game.seed === want ? 'passed' : 'FAILED'} (${label})`;
      }),
    ).then(setLines, (e) => setLines([problemText(e)]));
  }, [seed, round]);
  return <p class="check">{lines ? `Deal check: ${lines.join('; ')}` : 'Checking the deals…'}</p>;
}
