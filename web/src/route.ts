import { useEffect, useState } from 'preact/hooks';

/** The page's place, kept in the URL's fragment so that `/` is the only page the server serves. */
export type Route =
  | { page: 'lobby' }
  | { page: 'tournaments' }
  | { page: 'table'; id: string }
  | { page: 'audit'; id: string }
  | { page: 'tournament'; id: string }
  | { page: 'player'; id: string }
  | { page: 'ratings'; id: string };

export function parseRoute(hash: string): Route {
  const match = /^#\/(table|audit|tournament|ratings)\/([\w-]+)$/.exec(hash);
  if (match) return { page: match[1] as 'table' | 'audit' | 'tournament' | 'ratings', id: match[2] };
  // A bot's rated identity is bot:<name>: the colon belongs to the id.
  const player = /^#\/players\/([\w:-]+)$/.exec(hash);
  if (player) return { page: 'player', id: player[1] };
  if (hash === '#/tournaments') return { page: 'tournaments' };
  return { page: 'lobby' };
}

export const href = (route: Route) =>
  route.page === 'lobby'
    ? '#/'
    : route.page === 'tournaments'
      ? '#/tournaments'
      : route.page === 'player'
        ? `#/players/${route.id}`
        : `#/${route.page}/${route.id}`;

export function go(route: Route) {
  location.hash = href(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}
