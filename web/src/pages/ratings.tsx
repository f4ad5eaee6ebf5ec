import { useEffect, useState } from 'preact/hooks';
import type { Leaderboard, Profile, RatingHistory } from '../../../clients/typescript/src/types.gen';
import { api, type CatalogEntry, catalog, problemText } from '../api';
import { Alert, useProblem } from '../problem';
import { changeText, PROVISIONAL_NOTE, Rating } from '../rating';
import { href } from '../route';

/** A kind's title from the catalog, its id until the catalog arrives. */
function useTitles(): (kind: string) => string {
  const [games, setGames] = useState<CatalogEntry[]>([]);
  useEffect(() => {
    catalog().then(setGames, () => undefined);
  }, []);
  return (kind) => games.find((g) => g.kind === kind)?.title ?? kind;
}

/** One player's (or bot's) ratings, a chart of each kind's history, and the recent games. */
export function PlayerPage({ id }: { id: string }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useProblem();
  const title = useTitles();
  useEffect(() => {
    api.profile(id).then(setProfile, (e) => setError(problemText(e)));
  }, [id]);
  return (
    <section class="ratings-page">
      <h1 tabIndex={-1}>{profile ? profile.name : 'Player'}</h1>
      <Alert problem={error} />
      {!profile && !error && <p>Loading…</p>}
      {profile && (
        <>
          {profile.bot && <p>A bot: its ratings move only in rated games against people.</p>}
          <h2>Ratings</h2>
          {profile.ratings.length === 0 && <p>No rated game played yet.</p>}
          {profile.ratings.some((r) => r.provisional) && <p class="muted">{PROVISIONAL_NOTE} It is marked “?”.</p>}
          {profile.ratings.map((r) => (
            <section key={r.kind} class="rating-kind" aria-labelledby={`kind-${r.kind}`}>
              <h3 id={`kind-${r.kind}`}>
                {title(r.kind)}: <Rating rating={r.rating} provisional={r.provisional} />
              </h3>
              <p>
                {r.games} rated {r.games === 1 ? 'game' : 'games'} ·{' '}
                <a href={href({ page: 'ratings', id: r.kind })}>{title(r.kind)} leaderboard</a>
              </p>
              <HistoryChart id={profile.id} kind={r.kind} label={`${profile.name}’s ${title(r.kind)} rating`} />
            </section>
          ))}
          <h2>Recent games</h2>
          {profile.recent.length === 0 ? (
            <p>No finished game yet.</p>
          ) : (
            <ul class="recent-games">
              {profile.recent.map((g) => (
                <li key={g.id}>
                  <a href={href({ page: 'table', id: g.id })}>{title(g.kind)}</a>, {g.won ? 'won' : 'lost'},{' '}
                  {new Date(g.finishedAt).toLocaleDateString()}
                  {g.change && <> · {changeText(g.change)}</>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

/** The shown rating after each rated game, as a line: a small SVG, drawn by hand (no chart library for one line). */
function HistoryChart({ id, kind, label }: { id: string; kind: string; label: string }) {
  const [history, setHistory] = useState<RatingHistory | null>(null);
  const [error, setError] = useProblem();
  useEffect(() => {
    api.ratingHistory(id, kind).then(setHistory, (e) => setError(problemText(e)));
  }, [id, kind]);
  if (error) return <Alert problem={error} />;
  if (!history || history.items.length === 0) return null;
  const values = [history.items[0].before.rating, ...history.items.map((h) => h.after.rating)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  // A flat history still draws a line in the middle rather than dividing by zero.
  const span = high - low || 1;
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / Math.max(values.length - 1, 1);
  const y = (v: number) => (high === low ? HEIGHT / 2 : PAD + ((high - v) * (HEIGHT - 2 * PAD)) / span);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const summary = `${label}: ${values[0]} before the first rated game, ${values[values.length - 1]} now, between ${low} and ${high} over ${history.items.length} ${history.items.length === 1 ? 'game' : 'games'}.`;
  return (
    <figure class="rating-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} width={WIDTH} height={HEIGHT}>
        <polyline points={points} fill="none" stroke="currentColor" stroke-width="2" />
        {values.map((v, i) => (
          <circle key={i} cx={x(i)} cy={y(v)} r="3" fill="currentColor" />
        ))}
      </svg>
      <figcaption class="muted">{summary}</figcaption>
    </figure>
  );
}

/** One kind's leaderboard: settled ratings first, then provisional ones. */
export function LeaderboardPage({ kind }: { kind: string }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useProblem();
  const [games, setGames] = useState<CatalogEntry[]>([]);
  useEffect(() => {
    catalog().then(setGames, () => undefined);
  }, []);
  useEffect(() => {
    api.leaderboard(kind).then(setBoard, (e) => setError(problemText(e)));
  }, [kind]);
  const title = games.find((g) => g.kind === kind)?.title ?? kind;
  return (
    <section class="ratings-page">
      <h1 tabIndex={-1}>{title} leaderboard</h1>
      {games.length > 0 && (
        <nav aria-label="Leaderboards" class="kinds">
          {games.map((g) =>
            g.kind === kind ? (
              <strong key={g.kind} aria-current="page">
                {g.title}
              </strong>
            ) : (
              <a key={g.kind} href={href({ page: 'ratings', id: g.kind })}>
                {g.title}
              </a>
            ),
          )}
        </nav>
      )}
      <Alert problem={error} />
      {!board && !error && <p>Loading…</p>}
      {board && board.items.length === 0 && <p>No rated game of this kind finished yet.</p>}
      {board && board.items.length > 0 && (
        <>
          {board.items.some((r) => r.provisional) && <p class="muted">{PROVISIONAL_NOTE} It is marked “?”.</p>}
          <table class="leaderboard">
            <caption class="sr">{title}: ratings, highest first</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Player</th>
                <th scope="col">Rating</th>
                <th scope="col">Rated games</th>
              </tr>
            </thead>
            <tbody>
              {board.items.map((r, i) => (
                <tr key={r.player.id}>
                  <td>{i + 1}</td>
                  <td>
                    <a href={href({ page: 'player', id: r.player.id })}>{r.player.name}</a>
                    {r.player.bot ? ' (bot)' : ''}
                  </td>
                  <td>
                    <Rating rating={r.rating} provisional={r.provisional} />
                  </td>
                  <td>{r.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
