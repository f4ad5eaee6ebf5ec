import { useEffect, useState } from 'preact/hooks';
import { ApiError, api, type CatalogEntry, catalog, type LobbyGame, type MyGame, type Player, type SeatSpec } from '../api';
import { go, href } from '../route';
import { changedOptions, SchemaFields } from '../schema-form';
import { seatNamer, timeLeft } from '../seats';
import { savePlayer } from '../session';
import { useNow } from '../use-now';

const problemText = (e: unknown) => (e instanceof ApiError ? e.problem.detail : String(e));

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
      {error && (
        <p role="alert" class="problem">
          {error}
        </p>
      )}
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
        {error && (
          <p role="alert" class="problem">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

/** Refreshes every few seconds while shown: the lobby changes as others create and join tables. */
function usePolled<T>(load: () => Promise<T>, deps: unknown[]): [T | null, string | null, () => void] {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
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
  }, [...deps, tick]);
  return [value, error, () => setTick((t) => t + 1)];
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
      {error && (
        <p role="alert" class="problem">
          {error}
        </p>
      )}
      {mine && mine.length === 0 && <p>No games yet: join a table below, or set one up.</p>}
      {mine && mine.length > 0 && (
        <ul class="game-list">
          {mine.map((g) => (
            <li key={g.id} class={g.myTurn ? 'due' : undefined}>
              <a href={href({ page: g.status === 'finished' || g.status === 'aborted' ? 'audit' : 'table', id: g.id })}>
                {title(g.kind)}
              </a>{' '}
              <span class="muted">seat {g.seat}</span> · <strong>{turn(g)}</strong>
              {g.deadline && <span> · {timeLeft(g.deadline, now)}</span>}
              {(g.status === 'finished' || g.status === 'aborted') && (
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
      {error && (
        <p role="alert" class="problem">
          {error}
        </p>
      )}
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {tables && tables.length === 0 && <p>No table is waiting for players right now.</p>}
      {tables && tables.length > 0 && (
        <ul class="game-list">
          {tables.map((t) => {
            const name = seatNamer(t.seats);
            const seated = player !== null && t.seats.some((s) => s.player === player.id);
            const joinable = t.seats.filter(
              (s) => s.occupant === 'open' || (player !== null && s.occupant === 'invited' && s.invited === player.id),
            );
            return (
              <li key={t.id}>
                <a href={href({ page: 'table', id: t.id })}>{t.title}</a>{' '}
                <span class="muted">
                  {t.seats.map((s) => `${s.seat}: ${name(s.seat)}`).join(' · ')}
                  {t.clock ? ` · ${t.clock.perMove} s a move` : ''}
                </span>
                {!seated && player && (
                  <span class="row">
                    {joinable.map((s) => (
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

type SeatChoice = 'me' | 'open' | 'bot' | 'invite';

function CreateTable({
  player,
  games,
  chosen,
  setChosen,
}: {
  player: Player;
  games: CatalogEntry[];
  chosen: string;
  setChosen(kind: string): void;
}) {
  const entry = games.find((g) => g.kind === chosen) ?? games[0];
  const [count, setCount] = useState(entry.seats.min);
  const [choices, setChoices] = useState<SeatChoice[]>([]);
  const [invites, setInvites] = useState<string[]>([]);
  const [options, setOptions] = useState<Record<string, unknown>>(entry.options);
  const [clock, setClock] = useState<{ on: boolean; perMove: number; onTimeout: 'auto' | 'forfeit' }>({
    on: false,
    perMove: 86400,
    onTimeout: 'auto',
  });
  const [problem, setProblem] = useState<string | null>(null);

  // A new kind starts from its own seats and defaults.
  useEffect(() => {
    setCount(entry.seats.counts.includes(count) ? count : entry.seats.min);
    setOptions(entry.options);
  }, [entry.kind]);

  const choiceOf = (seat: number): SeatChoice => choices[seat] ?? (seat === 0 ? 'me' : 'bot');
  const setChoice = (seat: number, c: SeatChoice) => {
    const next = Array.from({ length: count }, (_, i) => choiceOf(i));
    next[seat] = c;
    setChoices(next);
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    setProblem(null);
    const seats: SeatSpec[] = Array.from({ length: count }, (_, i) => {
      const c = choiceOf(i);
      if (c === 'me') return { player: 'me' };
      if (c === 'open') return { open: true };
      if (c === 'invite') return { player: (invites[i] ?? '').trim() };
      return { bot: 'random' };
    });
    const changed = changedOptions(options, entry.options);
    if (clock.on) changed.clock = { perMove: clock.perMove, onTimeout: clock.onTimeout };
    try {
      const created = await api.createGame(
        { kind: entry.kind, seats, ...(Object.keys(changed).length ? { options: changed } : {}) },
        player.token,
      );
      go({ page: 'table', id: created.id });
    } catch (err) {
      setProblem(problemText(err));
    }
  };

  return (
    <section class="panel" id="create-table" aria-labelledby="create-h">
      <h2 id="create-h">Set up a table</h2>
      <form onSubmit={submit}>
        <div class="option">
          <label for="new-kind">Game</label>
          <select id="new-kind" onChange={(e) => setChosen(e.currentTarget.value)}>
            {games.map((g) => (
              <option key={g.kind} value={g.kind} selected={g.kind === entry.kind}>
                {g.title}
              </option>
            ))}
          </select>
        </div>
        <div class="option">
          <label for="new-seats">Seats</label>
          <select id="new-seats" onChange={(e) => setCount(Number(e.currentTarget.value))}>
            {entry.seats.counts.map((n) => (
              <option key={n} value={n} selected={n === count}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>Who sits where</legend>
          {Array.from({ length: count }, (_, seat) => (
            <div class="option seat-choice" key={seat}>
              <label for={`seat-${seat}`}>Seat {seat}</label>
              <select id={`seat-${seat}`} onChange={(e) => setChoice(seat, e.currentTarget.value as SeatChoice)}>
                <option value="me" selected={choiceOf(seat) === 'me'}>
                  Me
                </option>
                <option value="open" selected={choiceOf(seat) === 'open'}>
                  Open to anyone
                </option>
                <option value="bot" selected={choiceOf(seat) === 'bot'}>
                  Random bot
                </option>
                <option value="invite" selected={choiceOf(seat) === 'invite'}>
                  Invite a player
                </option>
              </select>
              {choiceOf(seat) === 'invite' && (
                <input
                  aria-label={`Player id to invite to seat ${seat}`}
                  placeholder="player id"
                  required
                  value={invites[seat] ?? ''}
                  onInput={(e) => {
                    const next = [...invites];
                    next[seat] = e.currentTarget.value;
                    setInvites(next);
                  }}
                />
              )}
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend>Options</legend>
          <SchemaFields schema={entry.optionsSchema} values={options} onChange={setOptions} idPrefix="option" />
        </fieldset>
        <fieldset>
          <legend>Clock</legend>
          <div class="option">
            <label>
              <input type="checkbox" checked={clock.on} onChange={(e) => setClock({ ...clock, on: e.currentTarget.checked })} /> A
              clock for every move
            </label>
          </div>
          {clock.on && (
            <>
              <div class="option">
                <label for="clock-per-move">Seconds a move</label>
                <input
                  id="clock-per-move"
                  type="number"
                  min={1}
                  max={90 * 86400}
                  required
                  value={clock.perMove}
                  onInput={(e) => setClock({ ...clock, perMove: e.currentTarget.valueAsNumber })}
                />
              </div>
              <div class="option">
                <label for="clock-timeout">When time runs out</label>
                <select
                  id="clock-timeout"
                  onChange={(e) => setClock({ ...clock, onTimeout: e.currentTarget.value as 'auto' | 'forfeit' })}
                >
                  <option value="auto" selected={clock.onTimeout === 'auto'}>
                    the seat's default move is played
                  </option>
                  <option value="forfeit" selected={clock.onTimeout === 'forfeit'}>
                    the seat's side loses
                  </option>
                </select>
              </div>
            </>
          )}
        </fieldset>
        {problem && (
          <p role="alert" class="problem">
            The table was not created: {problem}
          </p>
        )}
        <button type="submit">Create the table</button>
      </form>
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
