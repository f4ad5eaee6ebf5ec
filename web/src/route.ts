import { useEffect, useState } from 'preact/hooks';

/** The page's place, kept in the URL's fragment so that `/` is the only page the server serves. */
export type Route =
  | { page: 'lobby' }
  | { page: 'tournaments' }
  | { page: 'table'; id: string }
  | { page: 'audit'; id: string }
  | { page: 'tournament'; id: string };

export function parseRoute(hash: string): Route {
  const match = /^#\/(table|audit|tournament)\/([\w-]+)$/.exec(hash);
  if (match) return { page: match[1] as 'table' | 'audit' | 'tournament', id: match[2] };
  if (hash === '#/tournaments') return { page: 'tournaments' };
  return { page: 'lobby' };
}

export const href = (route: Route) =>
  route.page === 'lobby' ? '#/' : route.page === 'tournaments' ? '#/tournaments' : `#/${route.page}/${route.id}`;

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
