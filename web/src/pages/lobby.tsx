import { useEffect, useState } from 'preact/hooks';
import { api, type CatalogEntry, catalog, isOver, type LobbyGame, type MyGame, type Player, problemText } from '../api';
import { Alert } from '../problem';
import { go, href } from '../route';
import { canTake, seatNamer, timeLeft } from '../seats';
import { savePlayer } from '../session';
import { useNow } from '../use-now';
import { CreateTable } from './create-table';

/** The lobby: who I am, my games, the tables waiting for players, a new table, and the games themselves. */
export function LobbyPage({ player, setPlayer }: { player: Player | null; setPlayer(p: Player | null): void }) {
  const [games, setGames] = useState<CatalogEntry[]>([]);
  const [chosen, setChosen] = useState<string>('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    catalog().then(setGames, (e) => setError(problemText(e)));
  }, []);

  return (
    <>
      <h1 tabIndex={-1}>Card table</h1>
      <p class="lede">
        Eighteen traditional card games, played in turn at your own pace: with friends, with bots, or both. Every shuffle is
        provably fair, and every finished game can be stepped through and checked.
      </p>
      <Alert problem={error} />
      <PlayerBox player={player} setPlayer={setPlayer} />
      {player && <MyGames player={player} games={games} />}
      <OpenTables player={player} />
      {player && games.length > 0 && <CreateTable player={player} games={games} chosen={chosen} setChosen={setChosen} />}
      <Catalog
        games={games}
        choose={(kind) => {
          setChosen(kind);
          document.getElementById('create-table')?.scrollIntoView();
          document.getElementById('new-kind')?.focus();
        }}
        canCreate={player !== null}
      />
    </>
  );
}

function PlayerBox({ player, setPlayer }: { player: Player | null; setPlayer(p: Player | null): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (player) {
    return (
      <section class="panel" aria-labelledby="me-h">
        <h2 id="me-h">You</h2>
        <p>
          You play as <strong>{player.name}</strong> <span class="muted">(player id {player.id})</span>. Friends invite you by
          that id.
        </p>
        <button
          type="button"
          class="secondary"
          onClick={() => {
            if (confirm('Forget this player on this browser? Without its token you cannot come back to its games.')) {
              savePlayer(null);
              setPlayer(null);
            }
          }}
        >
          Forget me on this browser
        </button>
      </section>
    );
  }
  return (
    <section class="panel" aria-labelledby="me-h">
      <h2 id="me-h">Take a seat</h2>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            const created = await api.createPlayer(name.trim());
            savePlayer(created);
            setPlayer(created);
          } catch (err) {
            setError(problemText(err));
          }
        }}
      >
        <label for="player-name">Your name at the table</label>
        <div class="row">
          <input
            id="player-name"
            required
            maxLength={60}
            autoComplete="nickname"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
          <button type="submit">Become a player</button>
        </div>
        <small class="hint">Your player token stays in this browser (localStorage): it is how the service knows you.</small>
        <Alert problem={error} />
      </form>
    </section>
  );
}

/** Refreshes every few seconds while shown: the lobby changes as others create and join tables. */
function usePolled<T>(load: () => Promise<T>, deps: unknown[]): [T | null, string | null] {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const run = () =>
      load().then(
        (v) => {
          if (live) {
            setValue(v);
            setError(null);
          }
        },
        (e) => live && setError(problemText(e)),
      );
    run();
    const timer = setInterval(run, 4000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, deps);
  return [value, error];
}

function MyGames({ player, games }: { player: Player; games: CatalogEntry[] }) {
  const [mine, error] = usePolled(() => api.myGames(player.token).then((r) => r.games), [player.token]);
  const now = useNow(1000);
  const title = (kind: string) => games.find((g) => g.kind === kind)?.title ?? kind;
  const turn = (g: MyGame) => {
    if (g.status === 'waiting') return 'waiting for players';
    if (g.status !== 'active') return g.status;
    if (g.myTurn) return 'your turn';
    return g.toAct.length === 0 ? '—' : `seat ${g.toAct.join(', ')} to play`;
  };
  return (
    <section class="panel" aria-labelledby="mine-h">
      <h2 id="mine-h">My games</h2>
      <Alert problem={error} />
      {mine && mine.length === 0 && <p>No games yet: join a table below, or set one up.</p>}
      {mine && mine.length > 0 && (
        <ul class="game-list">
          {mine.map((g) => (
            <li key={g.id} class={g.myTurn ? 'due' : undefined}>
              <a href={href({ page: isOver(g.status) ? 'audit' : 'table', id: g.id })}>{title(g.kind)}</a>{' '}
              <span class="muted">seat {g.seat}</span> · <strong>{turn(g)}</strong>
              {g.deadline && <span> · {timeLeft(g.deadline, now)}</span>}
              {isOver(g.status) && (
                <>
                  {' · '}
                  <a href={href({ page: 'table', id: g.id })}>table</a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OpenTables({ player }: { player: Player | null }) {
  const [tables, error] = usePolled(() => api.lobby().then((r) => r.games), []);
  const [problem, setProblem] = useState<string | null>(null);
  const join = async (game: LobbyGame, seat: number) => {
    if (!player) return;
    setProblem(null);
    try {
      await api.join(game.id, seat, player.token);
      go({ page: 'table', id: game.id });
    } catch (e) {
      setProblem(problemText(e));
    }
  };
  return (
    <section class="panel" aria-labelledby="open-h">
      <h2 id="open-h">Open tables</h2>
      <Alert problem={error} />
      <Alert problem={problem} />
      {tables && tables.length === 0 && <p>No table is waiting for players right now.</p>}
      {tables && tables.length > 0 && (
        <ul class="game-list">
          {tables.map((t) => {
            const name = seatNamer(t.seats);
            const seated = player !== null && t.seats.some((s) => s.player === player.id);
            return (
              <li key={t.id}>
                <a href={href({ page: 'table', id: t.id })}>{t.title}</a>{' '}
                <span class="muted">
                  {t.seats.map((s) => `${s.seat}: ${name(s.seat)}`).join(' · ')}
                  {t.clock ? ` · ${t.clock.perMove} s a move` : ''}
                </span>
                {!seated && player && (
                  <span class="row">
                    {t.seats
                      .filter((s) => canTake(s, player.id))
                      .map((s) => (
                        <button type="button" key={s.seat} onClick={() => join(t, s.seat)}>
                          Join seat {s.seat} of {t.title}
                        </button>
                      ))}
                  </span>
                )}
                {!player && <span class="muted"> · become a player to join</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Catalog({ games, choose, canCreate }: { games: CatalogEntry[]; choose(kind: string): void; canCreate: boolean }) {
  return (
    <section class="panel" aria-labelledby="games-h">
      <h2 id="games-h">The games</h2>
      <ul class="catalog">
        {games.map((g) => (
          <li key={g.kind}>
            <h3>{g.title}</h3>
            <p class="muted">
              {g.seats.counts.length === 1 ? `${g.seats.min} players` : `${g.seats.counts.join(', ')} players`} · {g.cards} cards
            </p>
            <details>
              <summary>Rules as played here</summary>
              <div class="rules">{g.rules}</div>
            </details>
            {canCreate && (
              <button type="button" class="secondary" onClick={() => choose(g.kind)}>
                Set up a {g.title} table
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
