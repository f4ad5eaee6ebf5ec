import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api';
import { narrate, type Said } from '../narrate';

/**
 * How long each move of another seat is shown before the next, so that a person can follow a bot's
 * play; a long queue (a page opened late, bots playing a whole trick) goes faster, never far behind.
 */
const PACE_MS = 800;
const HURRIED_MS = 200;
/** How long a card just peeked at stays face up before the next move is shown (it goes with that move). */
const GLIMPSE_MS = 3000;

/** What the table has told: the moves shown, those still to show (paced), and the seat's own notices. */
export interface TableLog {
  log: Said[];
  pending: Said[];
  notices: string[];
  notify(notice: string): void;
  /** Shows every move still queued at once. */
  skip(): void;
  box: RefObject<HTMLElement | null>;
  /** The last move told (its seq, which is the game's version after it); null until the log is read. */
  upTo: number | null;
  /** The version the log was last read up to (or tried to be): a newer view waits for its moves to be read and told. */
  read: number | null;
}

/**
 * The log of a table, read up to the view's version: the seat's own reading of every event (its peeks
 * included), told in words, other seats' moves one at a time.
 */
export function useTableLog(at: {
  id: string;
  token: string | null;
  version: number | undefined;
  /** The game's kind; undefined until the summary is read, or while the table waits for players. */
  kind: string | undefined;
  seatName(seat: number): string;
  mySeat: number | null;
  /** The game is over: its whole log is open, and the moves told from a seat's reading are told again in full. */
  over: boolean;
}): TableLog {
  const { id, token, version, kind, seatName, mySeat, over } = at;
  const [log, setLog] = useState<Said[]>([]);
  const [pending, setPending] = useState<Said[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const [upTo, setUpTo] = useState<number | null>(null);
  const [read, setRead] = useState<number | null>(null);
  const lastSeq = useRef<number | null>(null);
  // Where the log began: the moves after it are the ones told.
  const [began, setBegan] = useState<number | null>(null);
  // Until when the card this seat just looked at is left face up: the next move waits for it.
  const [glimpseUntil, setGlimpseUntil] = useState(0);
  const box = useRef<HTMLElement>(null);

  // Another table (a rematch, a link followed): its log and notices start afresh.
  useEffect(() => {
    setLog([]);
    setPending([]);
    setNotices([]);
    setUpTo(null);
    setRead(null);
    lastSeq.current = null;
    setBegan(null);
  }, [id]);

  useEffect(() => {
    if (version === undefined || kind === undefined) return;
    const first = lastSeq.current === null;
    const after = first ? Math.max(0, version - 30) : (lastSeq.current as number);
    // Its moves are read already (a page that came after a newer move): nothing to wait for.
    if (!first && after >= version) {
      setRead(version);
      return;
    }
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A page that failed (the server busy, the network gone a moment) is asked again: nothing after
    // it would ask for it otherwise, and a notice (what a peek showed) would never be told.
    const load = (attempt: number) =>
      api.events(id, after, token).then(
        (page) => {
          if (!current) return;
          setRead(version);
          if (first) setBegan(after);
          // An empty first page still marks where the page began: what comes after is news.
          if (page.events.length === 0) {
            if (first) {
              lastSeq.current = after;
              setUpTo(after);
            }
            return;
          }
          const from = lastSeq.current ?? 0;
          const said = page.events.filter((e) => e.seq > from).map((e) => narrate(e, kind, seatName, mySeat));
          if (said.length === 0) return;
          lastSeq.current = said[said.length - 1].seq;
          if (first) {
            setLog(said);
            setUpTo(lastSeq.current);
            return;
          }
          const fresh = said.map((s) => s.notice).filter((n): n is string => n !== undefined);
          if (fresh.length) setNotices((n) => [...n, ...fresh].slice(-4));
          // My own moves are logged at once; the others' are paced.
          setPending((p) => [...p, ...said]);
        },
        () => {
          // Unreachable, the log holds the felt back no longer: it shows the newest view meanwhile.
          setRead(version);
          if (current) retry = setTimeout(() => load(attempt + 1), Math.min(8000, 500 * 2 ** attempt));
        },
      );
    load(0);
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [version, kind, id, token, mySeat]);

  // At the end the log is read again, whole: a card laid face down to this seat during play is named now.
  useEffect(() => {
    if (!over || kind === undefined || began === null) return;
    let current = true;
    const retold = new Map<number, string>();
    const readFrom = (after: number): Promise<void> =>
      api.events(id, after, token).then((page) => {
        for (const e of page.events) retold.set(e.seq, narrate(e, kind, seatName, mySeat).text);
        return page.next === null ? undefined : readFrom(page.next);
      });
    readFrom(began).then(
      () => {
        if (!current) return;
        const again = (s: Said) => ({ ...s, text: retold.get(s.seq) ?? s.text });
        setLog((l) => l.map(again));
        setPending((p) => p.map(again));
      },
      // The lines told during play stand: they were true as the seat knew them.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [over, kind, id, token, mySeat, began]);

  // Other seats' moves, one at a time.
  useEffect(() => {
    if (pending.length === 0) return;
    const glimpsing = glimpseUntil - Date.now();
    if (glimpsing > 0) {
      const timer = setTimeout(() => setGlimpseUntil(0), glimpsing);
      return () => clearTimeout(timer);
    }
    const [next] = pending;
    // The felt shows the move while it is told, before it joins the log.
    setUpTo(next.seq);
    const tell = () => {
      setLog((l) => [...l, next]);
      // Moves read while this one was told may have joined the queue since: only this one leaves it.
      setPending((p) => p.filter((s) => s.seq !== next.seq));
      if (next.glimpse) setGlimpseUntil(Date.now() + GLIMPSE_MS);
    };
    if (next.own) return tell();
    const timer = setTimeout(tell, pending.length > 3 ? HURRIED_MS : PACE_MS);
    return () => clearTimeout(timer);
  }, [pending, glimpseUntil]);

  // The log shows its newest line, and the move being told after it.
  useEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [log.length, pending.length]);

  return {
    log,
    pending,
    notices,
    notify: (notice) => setNotices((n) => [...n, notice]),
    skip: () => {
      setGlimpseUntil(0);
      setLog((l) => [...l, ...pending]);
      if (pending.length) setUpTo(pending[pending.length - 1].seq);
      setPending([]);
    },
    box,
    upTo,
    read,
  };
}

/** The other seat's move the pacing is showing now, if any (the seat's own moves are not paced). */
const showing = (told: TableLog): Said | null => told.pending.find((p) => !p.own) ?? null;

/**
 * The newest move in one line above the seat's own cards, for a narrow screen, where the log falls
 * below the hand (CSS shows it there alone). Screen readers hear the log itself, so it is hidden from them.
 */
export function LatestMove({ told }: { told: TableLog }) {
  const said = showing(told) ?? told.log.at(-1);
  if (!said) return null;
  return (
    <p class="latest-move" aria-hidden="true">
      {said.text}
    </p>
  );
}

/** The side panel: the move being shown (with Skip), the seat's notices, and the last forty lines. */
export function LogPanel({ told }: { told: TableLog }) {
  const { log, notices, skip, box } = told;
  const latest = showing(told);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls, so keyboard users must reach it (axe's scrollable-region-focusable)
    <aside class="log-panel" aria-labelledby="log-h" ref={box} tabIndex={0}>
      <h2 id="log-h">What happened</h2>
      {notices.length > 0 && (
        <ul class="notices" aria-label="For you">
          {notices.map((n, i) => (
            <li key={i} class="notice">
              {n}
            </li>
          ))}
        </ul>
      )}
      <ol class="log" aria-live="polite">
        {log.slice(-40).map((s) => (
          <li key={s.seq} data-seq={s.seq}>
            {s.text}
          </li>
        ))}
      </ol>
      {log.length === 0 && !latest && <p class="none">No move yet.</p>}
      {latest && (
        <p class="now-playing" data-seq={latest.seq}>
          <strong>{latest.text}</strong>{' '}
          <button type="button" class="link" onClick={skip}>
            Skip
          </button>
        </p>
      )}
    </aside>
  );
}
