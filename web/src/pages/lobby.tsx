import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import {
  api,
  type CatalogEntry,
  catalog,
  type GameSummary,
  isOver,
  type LobbyGame,
  type MyGame,
  type Player,
  problemText,
} from '../api';
import { listed } from '../cards';
import { clockTerms } from '../clock-terms';
import { humanize } from '../labels';
import { Alert } from '../problem';
import { RatedName, RatingOf } from '../rating';
import { headline } from '../results';
import { go, href } from '../route';
import { peopleRules } from '../rules';
import { PeopleRulesText } from '../rules-text';
import { bankText } from '../seat-clock';
import { ago, canTake, seatNamer, timeLeft } from '../seats';
import { becomePlayer, savePlayer } from '../session';
import { shortOptions } from '../short-games';
import { clearStreamCookies } from '../stream';
import { useNow } from '../use-now';
import { CreateTable } from './create-table';
import { NameField } from './take-seat';
import { VacationBox } from './vacation';

/** The lobby: who I am, my games, the tables waiting for players, a new table, and the games themselves. */
export function LobbyPage({ player, setPlayer }: { player: Player | null; setPlayer(p: Player | null): void }) {
  const [games, setGames] = useState<CatalogEntry[]>([]);
  const [chosen, setChosen] = useState<string>('');
  const [quickKind, setQuickKind] = useState('scopa');
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
      {player && games.length > 0 && <QuickStart player={player} games={games} kind={quickKind} setKind={setQuickKind} />}
      {player && <MyGames player={player} games={games} />}
      <OpenTables player={player} />
      <Catalog
        games={games}
        choose={(kind) => {
          setChosen(kind);
          document.getElementById('create-table')?.scrollIntoView();
          document.getElementById('new-kind')?.focus();
        }}
        playNow={(kind) => {
          setQuickKind(kind);
          document.getElementById('play-now')?.scrollIntoView();
          document.getElementById('play-full')?.focus();
        }}
        canCreate={player !== null}
      />
      {player && games.length > 0 && <CreateTable player={player} games={games} chosen={chosen} setChosen={setChosen} />}
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
          You play as <strong>{player.name}</strong>. Friends invite you by that name, or send you a table's link.
        </p>
        <VacationBox player={player} />
        <button
          type="button"
          class="secondary"
          onClick={() => {
            if (confirm('Forget this player on this browser? Without its token you cannot come back to its games.')) {
              savePlayer(null);
              clearStreamCookies();
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
            await becomePlayer(name, setPlayer);
          } catch (err) {
            setError(problemText(err));
          }
        }}
      >
        <NameField id="player-name" name={name} setName={setName}>
          <button type="submit">Become a player</button>
        </NameField>
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
  const [problem, setProblem] = useState<string | null>(null);
  const [declined, setDeclined] = useState<string[]>([]);
  const now = useNow(1000);
  const title = (kind: string) => games.find((g) => g.kind === kind)?.title ?? kind;
  const turn = (g: MyGame) => {
    if (g.status === 'waiting') return 'waiting for players';
    if (g.status === 'aborted') return 'aborted';
    if (g.status === 'finished') return g.result ? headline(g.result, g.seat, seatNamer(g.seats)) : 'finished';
    if (g.myTurn) return 'your turn';
    const waiting = g.toAct.filter((s) => s !== g.seat).map(seatNamer(g.seats));
    return waiting.length ? `${waiting.join(', ')} to play` : 'waiting for the others';
  };
  const invitations = (mine ?? []).filter((g) => g.invited && g.status === 'waiting' && !declined.includes(g.id));
  const seated = (mine ?? []).filter((g) => !g.invited);
  const answer = async (g: MyGame, accept: boolean) => {
    setProblem(null);
    try {
      if (accept) {
        await api.join(g.id, g.seat, player.token);
        go({ page: 'table', id: g.id });
      } else {
        await api.decline(g.id, g.seat, player.token);
        setDeclined((d) => [...d, g.id]);
      }
    } catch (e) {
      setProblem(problemText(e));
    }
  };
  return (
    <>
      {invitations.length > 0 && (
        <section class="panel invitations" aria-labelledby="invited-h">
          <h2 id="invited-h">Invitations</h2>
          <Alert problem={problem} />
          <ul class="game-list">
            {invitations.map((g) => (
              <Invitation key={g.id} game={g} title={title(g.kind)} answer={(yes) => answer(g, yes)} />
            ))}
          </ul>
        </section>
      )}
      <section class="panel" aria-labelledby="mine-h">
        <h2 id="mine-h">My games</h2>
        <Alert problem={error} />
        {mine && seated.length === 0 && <p>No games yet: play a bot now, join a table below, or set one up.</p>}
        {seated.length > 0 && (
          <ul class="game-list">
            {seated.map((g) => (
              <li key={g.id} class={g.myTurn ? 'due' : undefined}>
                <a href={href({ page: 'table', id: g.id })}>{title(g.kind)}</a> <Opponents game={g} /> <strong>{turn(g)}</strong>
                <Score game={g} />
                <span class="muted">
                  {' '}
                  · last move{' '}
                  <time dateTime={g.updated} title={new Date(g.updated).toLocaleString()}>
                    {ago(g.updated, now)}
                  </time>
                </span>
                {g.deadline && <span> · {timeLeft(g.deadline, now)}</span>}
                {!g.deadline && g.timeLeft !== null && <span> · {bankText(g.timeLeft, now)}</span>}
                {g.rated && (
                  <span class="muted">
                    {' '}
                    · rated, you
                    <RatingOf id={player.id} kind={g.kind} />
                  </span>
                )}
                {isOver(g.status) && <a href={href({ page: 'audit', id: g.id })}>audit</a>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** Who else plays a game of mine: "with Bo and Cy". */
function Opponents({ game }: { game: MyGame }) {
  const name = seatNamer(game.seats);
  const others = game.seats.filter((s) => s.seat !== game.seat).map((s) => name(s.seat));
  return others.length ? <span class="muted">with {listed(others)}</span> : null;
}

/** The score as it stands, mine first ("you 5, Bo 3"): read from the game's summary, again only when it moves on. */
function Score({ game }: { game: MyGame }) {
  const [table, setTable] = useState<GameSummary | null>(null);
  const scored = game.status === 'active' || game.status === 'finished';
  useEffect(() => {
    if (scored) api.summary(game.id).then(setTable, () => setTable(null));
  }, [game.id, game.version, scored]);
  if (!scored || !table || table.scores.length === 0) return null;
  const name = seatNamer(game.seats);
  const order = [game.seat, ...table.seats.map((s) => s.seat).filter((s) => s !== game.seat)];
  const words = order.map((s) => `${s === game.seat ? 'you' : name(s)} ${table.scores[s] ?? 0}`);
  return <span class="muted"> · score: {words.join(', ')}</span>;
}

/** An invitation: who asks, to what, and the two answers. */
function Invitation({ game, title, answer }: { game: MyGame; title: string; answer(accept: boolean): void }) {
  const host = game.seats.find((s) => s.occupant === 'player' && s.seat !== game.seat);
  const name = seatNamer(game.seats);
  // The inviter is said once; the others at the table follow ("with Cy, Expert bot").
  const others = game.seats.filter((s) => s.seat !== game.seat && s.seat !== host?.seat).map((s) => name(s.seat));
  return (
    <li>
      <span>
        <strong>{host?.name ?? 'A player'}</strong> invites you to <a href={href({ page: 'table', id: game.id })}>{title}</a>
        {others.length > 0 && <span class="muted"> with {listed(others)}</span>}
      </span>
      <span class="row">
        <button type="button" onClick={() => answer(true)}>
          Accept: take your seat
        </button>
        <button type="button" class="secondary" onClick={() => answer(false)}>
          Decline
        </button>
      </span>
    </li>
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
                  {t.seats.map((s, i) => (
                    <Fragment key={s.seat}>
                      {i > 0 && ' · '}
                      <RatedName name={name(s.seat)} seat={s} kind={t.kind} rated={t.rated} />
                    </Fragment>
                  ))}
                  {t.rated ? ' · rated' : ''}
                  {t.clock ? ` · ${clockTerms(t.clock)}` : ''}
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

/** The bots a seat may be given, strongest last; the expert plays unless the player picks another. */
const BOTS = [
  { name: 'expert', title: 'Expert bot (the strongest)' },
  { name: 'greedy', title: 'Greedy bot' },
  { name: 'random', title: 'Random bot (the weakest)' },
];

/** A match against bots, for whoever wants to play now: the match the rules describe, or a short one. */
async function playABot(player: Player, game: CatalogEntry, bot: string, quick: boolean) {
  const seats = [{ player: 'me' }, ...Array.from({ length: game.seats.min - 1 }, () => ({ bot }))];
  const created = await api.createGame({ kind: game.kind, seats, options: quick ? shortOptions(game.kind) : {} }, player.token);
  go({ page: 'table', id: created.id });
}

function QuickStart({
  player,
  games,
  kind,
  setKind,
}: {
  player: Player;
  games: CatalogEntry[];
  kind: string;
  setKind(kind: string): void;
}) {
  const [bot, setBot] = useState('expert');
  const [problem, setProblem] = useState<string | null>(null);
  const game = games.find((g) => g.kind === kind) ?? games[0];
  const start = (quick: boolean) =>
    playABot(player, game, bot, quick).catch((e) => setProblem(`The table was not created: ${problemText(e)}`));
  return (
    <section class="panel quick" aria-labelledby="quick-h" id="play-now">
      <h2 id="quick-h">Play now against a bot</h2>
      <div class="row">
        <label for="quick-kind">Game to play now</label>
        <select id="quick-kind" onChange={(e) => setKind(e.currentTarget.value)}>
          {games.map((g) => (
            <option key={g.kind} value={g.kind} selected={g.kind === game.kind}>
              {g.title}
            </option>
          ))}
        </select>
        <label for="quick-bot">Opponent</label>
        <select id="quick-bot" onChange={(e) => setBot(e.currentTarget.value)}>
          {BOTS.map((b) => (
            <option key={b.name} value={b.name} selected={b.name === bot}>
              {b.title}
            </option>
          ))}
        </select>
      </div>
      <div class="row">
        <button type="button" id="play-full" onClick={() => start(false)}>
          Play a full match
        </button>
        <button type="button" class="secondary" onClick={() => start(true)}>
          Quick game (a short match)
        </button>
      </div>
      <p class="muted">
        {game.blurb} A full match is played as the rules say; a quick game stops early ({quickWords(game.kind)}).
      </p>
      <Alert problem={problem} />
    </section>
  );
}

/** What a quick game shortens, in words: "target 1", "rounds 1". */
const quickWords = (kind: string) => {
  const short = Object.entries(shortOptions(kind));
  return short.length ? short.map(([k, v]) => `${humanize(k)} ${v}`).join(', ') : 'this game is short already';
};

function Catalog({
  games,
  choose,
  playNow,
  canCreate,
}: {
  games: CatalogEntry[];
  choose(kind: string): void;
  /** The game chosen in the "Play now" panel, where the bot and the match's length are chosen. */
  playNow(kind: string): void;
  canCreate: boolean;
}) {
  return (
    <section class="panel" aria-labelledby="games-h">
      <h2 id="games-h">The games</h2>
      <ul class="catalog">
        {games.map((g) => (
          <li key={g.kind}>
            <h3>{g.title}</h3>
            <p>{g.blurb}</p>
            <p class="muted">
              {g.seats.counts.length === 1 ? `${g.seats.min} players` : `${g.seats.counts.join(', ')} players`} · {g.cards} cards
            </p>
            <details>
              <summary>Rules as played here</summary>
              <PeopleRulesText title={g.title} rules={peopleRules[g.kind]} api={g.rules} level={4} />
            </details>
            {canCreate && (
              <div class="row">
                <button type="button" onClick={() => playNow(g.kind)}>
                  Play {g.title} against a bot
                </button>
                <button type="button" class="secondary" onClick={() => choose(g.kind)}>
                  Set up a {g.title} table
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
