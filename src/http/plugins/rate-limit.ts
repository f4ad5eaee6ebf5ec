const WINDOW_MS = 60_000;

/**
 * Per-client budgets of `max` requests a minute: each key's window opens with its first request and
 * lasts a minute. `spend(key, now)` counts one request and answers 0 while within the budget, else
 * the milliseconds until the window closes. Ended windows are swept once a minute: the map holds
 * the clients of the last minute or two, however many there were before.
 *
 * A budget is one per verified identity, else one per client network (an IPv6 /64: see
 * clientNetworks). Keying on the raw Authorization header would give every made-up token a fresh
 * budget: a token that does not verify, or is not yet known, counts against the address it came from.
 */
export function budgets(max: number) {
  let windows = new Map<string, { opened: number; spent: number }>();
  let swept = 0;
  return (key: string, now: number): number => {
    if (now - swept >= WINDOW_MS) {
      const open = new Map<string, { opened: number; spent: number }>();
      for (const [k, w] of windows) if (now - w.opened < WINDOW_MS) open.set(k, w);
      windows = open;
      swept = now;
    }
    const w = windows.get(key);
    if (w === undefined || now - w.opened >= WINDOW_MS) {
      windows.set(key, { opened: now, spent: 1 });
      return max >= 1 ? 0 : WINDOW_MS;
    }
    w.spent++;
    return w.spent > max ? w.opened + WINDOW_MS - now : 0;
  };
}
