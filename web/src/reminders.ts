import { useEffect, useRef } from 'preact/hooks';
import type { TurnReminderNotification } from '../../clients/typescript/src/types.gen';
import { playerStream } from './stream';

/** A reminder in words, for the log panel. */
export const reminderText = (n: TurnReminderNotification) =>
  n.deadline
    ? `Reminder: it is your turn, and your clock runs out ${new Date(n.deadline).toLocaleString(undefined, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
      })}.`
    : 'Reminder: it is your turn.';

/**
 * A turn-reminder is a notification to the player, not an event of the game: the table listens to
 * the player's stream while it is open and tells each reminder of this game's current turn once
 * (one the stream sends again on reconnecting is not told twice).
 */
export function useTurnReminders(id: string, token: string | null, version: number | undefined, notify: (text: string) => void) {
  const current = useRef(version);
  current.current = version;
  const tell = useRef(notify);
  tell.current = notify;
  useEffect(() => {
    if (!token) return;
    const seen = new Set<number>();
    let source: EventSource | null = null;
    let closed = false;
    playerStream(token).then(
      (s) => {
        if (closed) return s.close();
        source = s;
        s.addEventListener('turn-reminder', (e) => {
          const n = JSON.parse((e as MessageEvent<string>).data) as TurnReminderNotification;
          if (n.game !== id || seen.has(n.seq)) return;
          seen.add(n.seq);
          if (current.current === undefined || n.version >= current.current) tell.current(reminderText(n));
        });
      },
      // Without the stream the table still plays: only the reminder goes untold.
      () => undefined,
    );
    return () => {
      closed = true;
      source?.close();
    };
  }, [id, token]);
}
