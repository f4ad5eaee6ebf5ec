import { api, type Player } from './api';

/** The player this browser speaks for: its token stays in localStorage, and nowhere else. */
const KEY = 'card-table.player';

export function loadPlayer(): Player | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return stored && typeof stored.token === 'string' && typeof stored.id === 'string' ? (stored as Player) : null;
  } catch {
    return null;
  }
}

export function savePlayer(player: Player | null) {
  if (player) localStorage.setItem(KEY, JSON.stringify(player));
  else localStorage.removeItem(KEY);
}

/** A newcomer registers under a name: this browser keeps the player (and its token) from now on. */
export async function becomePlayer(name: string, setPlayer: (p: Player) => void): Promise<Player> {
  const created = await api.createPlayer(name.trim());
  savePlayer(created);
  setPlayer(created);
  return created;
}
