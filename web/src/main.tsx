import type { ComponentChildren } from 'preact';
import { render } from 'preact';
import { useEffect, useErrorBoundary, useState } from 'preact/hooks';
import { api } from './api';
import { AuditPage } from './pages/audit';
import { LobbyPage } from './pages/lobby';
import { LeaderboardPage, PlayerPage } from './pages/ratings';
import { TablePage } from './pages/table';
import { TournamentPage } from './pages/tournament';
import { TournamentsPage } from './pages/tournaments';
import { href, useRoute } from './route';
import { loadPlayer, savePlayer } from './session';

/** A page that fails to draw says so, instead of leaving half of itself on screen. */
function Guard({ children }: { children: ComponentChildren }) {
  // Still reported as uncaught, for the browser's console and the tests that watch for page errors.
  const [error, reset] = useErrorBoundary((e) => {
    setTimeout(() => {
      throw e;
    });
  });
  if (error) {
    return (
      <div role="alert" class="problem">
        This page failed to draw ({String(error)}).{' '}
        <button type="button" class="secondary" onClick={reset}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children}</>;
}

function App() {
  const route = useRoute();
  const [player, setPlayer] = useState(loadPlayer);

  // A token the server no longer knows (rotated, or another server's data) is forgotten.
  useEffect(() => {
    if (!player) return;
    api.me(player.token).catch((e) => {
      if (e?.problem?.status === 401) {
        savePlayer(null);
        setPlayer(null);
      }
    });
  }, [player]);

  // A new page takes the focus to its heading, so that screen readers announce it.
  useEffect(() => {
    document.querySelector<HTMLElement>('main h1')?.focus();
    scrollTo(0, 0);
  }, [route.page, 'id' in route ? route.id : '']);

  return (
    <>
      {/* A fragment link would change the route: the skip link moves the focus itself. */}
      <button type="button" class="skip" onClick={() => document.querySelector<HTMLElement>('main h1')?.focus()}>
        Skip to the content
      </button>
      <header class="top">
        <a href={href({ page: 'lobby' })} class="brand">
          ♠♥ Card table
        </a>
        <nav aria-label="Site">
          <a href={href({ page: 'lobby' })}>Lobby</a>
          <a href={href({ page: 'tournaments' })}>Tournaments</a>
          <a href={href({ page: 'ratings', id: 'xeri' })}>Leaderboards</a>
          <a href="/docs">API docs</a>
        </nav>
        {player && (
          <a href={href({ page: 'player', id: player.id })} class="muted">
            {player.name}
          </a>
        )}
      </header>
      <main id="main">
        <Guard key={'id' in route ? route.id : route.page}>
          {route.page === 'lobby' && <LobbyPage player={player} setPlayer={setPlayer} />}
          {route.page === 'table' && <TablePage key={route.id} id={route.id} player={player} setPlayer={setPlayer} />}
          {route.page === 'audit' && <AuditPage key={route.id} id={route.id} />}
          {route.page === 'tournaments' && <TournamentsPage player={player} />}
          {route.page === 'player' && <PlayerPage key={route.id} id={route.id} />}
          {route.page === 'ratings' && <LeaderboardPage key={route.id} kind={route.id} />}
          {route.page === 'tournament' && <TournamentPage key={route.id} id={route.id} player={player} />}
        </Guard>
      </main>
    </>
  );
}

const root = document.getElementById('app') as HTMLElement;
// The "Loading…" placeholder goes: the app renders into an empty element.
root.replaceChildren();
render(<App />, root);
