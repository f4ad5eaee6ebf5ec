import { useEffect, useState } from 'preact/hooks';
import type { Tournament, TournamentPage, TournamentSummary } from '../../../clients/typescript/src/types.gen';
import { api, type CatalogEntry, call, type Player, problemText } from '../api';
import { Alert, useProblem } from '../problem';
import { go, href } from '../route';

/** The tournaments: a list, newest first, and the form that creates one. */
export function TournamentsPage({ player }: { player: Player | null }) {
  const [list, setList] = useState<TournamentSummary[] | null>(null);
  const [error, setError] = useProblem();
  useEffect(() => {
    call<TournamentPage>('GET', '/tournaments').then(
      (page) => setList(page.tournaments),
      (e) => setError(problemText(e)),
    );
  }, []);
  return (
    <section>
      <h1 tabIndex={-1}>Tournaments</h1>
      <Alert problem={error} />
      {!list && !error && <p>Loading…</p>}
      {list && list.length === 0 && <p>No tournament yet.</p>}
      {list && (
        <ul class="tournaments">
          {list.map((t) => (
            <li key={t.id}>
              <a href={href({ page: 'tournament', id: t.id })}>
                {t.kind}: {t.format === 'swiss' ? `Swiss, ${t.rounds} rounds` : 'round robin'}
                {t.scoring === 'duplicate' ? ', duplicate' : ''}
              </a>{' '}
              ({t.status}
              {t.status === 'running' ? `, round ${t.round}` : ''})
            </li>
          ))}
        </ul>
      )}
      {player ? <CreateTournament player={player} /> : <p>Register as a player in the lobby to create or join one.</p>}
    </section>
  );
}

function CreateTournament({ player }: { player: Player }) {
  const [kinds, setKinds] = useState<CatalogEntry[]>([]);
  const [kind, setKind] = useState('xeri');
  const [format, setFormat] = useState<'swiss' | 'round-robin'>('swiss');
  const [scoring, setScoring] = useState<'games' | 'duplicate'>('games');
  const [rounds, setRounds] = useState(3);
  const [tableSeats, setTableSeats] = useState(2);
  const [days, setDays] = useState(1);
  const [error, setError] = useProblem();
  useEffect(() => {
    api.catalog().then(setKinds, (e) => setError(problemText(e)));
  }, []);
  async function create(e: Event) {
    e.preventDefault();
    const body = {
      kind,
      format,
      scoring,
      tableSeats,
      ...(format === 'swiss' ? { rounds } : {}),
      clock: { perMove: days * 86400, onTimeout: 'auto' },
    };
    try {
      const t = await call<Tournament>('POST', '/tournaments', { token: player.token, body });
      go({ page: 'tournament', id: t.id });
    } catch (err) {
      setError(problemText(err));
    }
  }
  return (
    <form onSubmit={create} aria-labelledby="new-tournament">
      <h2 id="new-tournament">Create a tournament</h2>
      <Alert problem={error} />
      <label>
        Game{' '}
        <select value={kind} onChange={(e) => setKind(e.currentTarget.value)}>
          {kinds.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Format{' '}
        <select value={format} onChange={(e) => setFormat(e.currentTarget.value as typeof format)}>
          <option value="swiss">Swiss</option>
          <option value="round-robin">Round robin (up to 12)</option>
        </select>
      </label>
      <label>
        Scoring{' '}
        <select value={scoring} onChange={(e) => setScoring(e.currentTarget.value as typeof scoring)}>
          <option value="games">Games (win 1, tie 1/2)</option>
          <option value="duplicate">Duplicate (every table the same deal)</option>
        </select>
      </label>
      {format === 'swiss' && (
        <label>
          Rounds <input type="number" min={1} max={50} value={rounds} onInput={(e) => setRounds(Number(e.currentTarget.value))} />
        </label>
      )}
      <label>
        Seats at a table{' '}
        <input type="number" min={1} max={12} value={tableSeats} onInput={(e) => setTableSeats(Number(e.currentTarget.value))} />
      </label>
      <label>
        Days per move{' '}
        <input type="number" min={1} max={30} value={days} onInput={(e) => setDays(Number(e.currentTarget.value))} />
      </label>
      <button type="submit">Create</button>
    </form>
  );
}
