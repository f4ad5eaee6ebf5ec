import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import {
  type Action,
  ApiError,
  api,
  type CatalogEntry,
  catalogEntry,
  type GameSummary,
  isOver,
  notOlder,
  type Player,
  problemText,
  type SeatView,
} from '../api';
import { cardName, isCard } from '../cards';
import { actionLabel, capitalize, cardsOf } from '../labels';
import { Alert, Loading } from '../problem';
import { FIELD_RENDERERS } from '../renderers';
import { go, href } from '../route';
import { canTake, seatNamer, timeLeft } from '../seats';
import { gameStream } from '../stream';
import { useNow } from '../use-now';
import { CardFace, Fields, type Seating } from '../view';

/** The seat's own hand, wherever its game keeps it in the view: `hand`, `myHand`, or its entry of `hands`. */
function handOf(state: unknown, seat: number | null): { cards: string[]; key: string | null } | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  for (const key of ['hand', 'myHand']) {
    const v = s[key];
    if (Array.isArray(v) && v.every(isCard)) return { cards: v, key };
  }
  if (seat !== null && Array.isArray(s.hands)) {
    const mine = s.hands[seat];
    if (Array.isArray(mine) && mine.every(isCard)) return { cards: mine, key: null };
  }
  return null;
}

/** What an action's type does, from the game's action schema. */
function describer(entry: CatalogEntry | undefined) {
  const shapes = entry?.actionSchema.anyOf ?? (entry ? [entry.actionSchema] : []);
  return (a: Action) => shapes.find((s) => s.properties?.type?.const === a.type)?.description;
}

/** A table: the seat's view drawn as cards, its legal moves as buttons, live through the game's stream. */
export function TablePage({ id, player }: { id: string; player: Player | null }) {
  const [summary, setSummary] = useState<GameSummary | null>(null);
  const [entry, setEntry] = useState<CatalogEntry | undefined>();
  const [view, setView] = useState<SeatView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState(true);
  const [messages, setMessages] = useState(0);
  const moves = useRef<HTMLDivElement>(null);
  const now = useNow(1000);

  const refreshSummary = useCallback(
    () =>
      api.summary(id).then(
        (s) => {
          setSummary(s);
          catalogEntry(s.kind).then(setEntry);
        },
        (e) => setProblem(problemText(e)),
      ),
    [id],
  );
  useEffect(() => {
    setSummary(null);
    setView(null);
    setProblem(null);
    refreshSummary();
  }, [refreshSummary]);

  const mySeat =
    summary && player ? (summary.seats.find((s) => s.player === player.id && s.occupant === 'player')?.seat ?? null) : null;
  const token = mySeat !== null && player ? player.token : null;
  const loaded = summary !== null;

  /** A newer view replaces the one shown; an answer overtaken by the stream does not. */
  const accept = useCallback((next: SeatView) => {
    setView((current) => (current === null || notOlder(next, current) ? next : current));
  }, []);

  useEffect(() => {
    if (!loaded) return;
    let open = true;
    api.view(id, token).then(
      (v) => open && accept(v),
      (e) => open && setProblem(problemText(e)),
    );
    const source = gameStream(id, token);
    source.addEventListener('open', () => setLive(true));
    source.addEventListener('view', (e) => {
      accept(JSON.parse((e as MessageEvent<string>).data));
      setMessages((n) => n + 1);
    });
    source.addEventListener('end', () => source.close());
    source.addEventListener('error', () => setLive(source.readyState !== EventSource.CLOSED));
    return () => {
      open = false;
      source.close();
    };
  }, [id, token, loaded, accept]);

  // A card picked for its several moves is let go when the game moves on: its moves may be gone.
  const version = view?.version;
  useEffect(() => setSelected(null), [version]);

  // Seats, the result and the seed live in the summary: fetched again when the game starts or ends, and
  // at every change while it waits for players (a seat taken or given back).
  const status = view?.status;
  const waitingChange = status === 'active' ? 0 : messages;
  useEffect(() => {
    if (status !== undefined) refreshSummary();
  }, [status, waitingChange, refreshSummary]);

  if (!summary) return <Loading title="Table" problem={problem} />;

  const seatName = seatNamer(summary.seats);
  const seating: Seating = { seatName, seats: summary.seats.length };
  const kind = summary.kind;
  const legal = view?.legalActions ?? [];
  const hand = handOf(view?.state, view?.seat ?? null);
  const shown = selected ? legal.filter((a) => a.card === selected || cardsOf(a).includes(selected)) : legal;
  const describe = describer(entry);
  const over = isOver(summary.status);

  const play = async (action: Action) => {
    if (!token || !view) return;
    setProblem(null);
    setNotice(null);
    setBusy(true);
    try {
      const next = await api.move(id, action, view.version, token);
      accept(next);
      setSelected(null);
      // The next move, if it is still this seat's, is where the keyboard goes on.
      requestAnimationFrame(() => moves.current?.querySelector('button')?.focus());
    } catch (e) {
      setProblem(`Your move was refused: ${problemText(e)}`);
      if (e instanceof ApiError && e.problem.code === 'version-conflict') api.view(id, token).then(accept);
    } finally {
      setBusy(false);
    }
  };

  const act = async (what: 'resign' | 'abort' | 'rematch' | 'leave', question?: string) => {
    if (!player || (question && !confirm(question))) return;
    setProblem(null);
    try {
      if (what === 'rematch') {
        const answer = await api.rematch(id, player.token);
        if (answer.rematch) go({ page: 'table', id: answer.rematch.id });
        else setNotice('You asked for a rematch: it starts when every seat has asked.');
      } else if (what === 'leave') {
        await api.leave(id, player.token);
        go({ page: 'lobby' });
      } else {
        await api[what](id, player.token);
      }
      refreshSummary();
    } catch (e) {
      setProblem(problemText(e));
    }
  };

  const join = async (seat: number) => {
    if (!player) return;
    setProblem(null);
    try {
      await api.join(id, seat, player.token);
      refreshSummary();
    } catch (e) {
      setProblem(problemText(e));
    }
  };

  const toAct = view?.toAct ?? summary.toAct;
  const turnText = (() => {
    if (summary.status === 'waiting') {
      const open = summary.seats.filter((s) => s.occupant === 'open' || s.occupant === 'invited').length;
      return `Waiting for players: ${open} seat${open === 1 ? '' : 's'} to fill.`;
    }
    if (summary.status === 'aborted') return 'The game was aborted.';
    if (summary.status === 'finished') return `Game over: ${summary.result?.summary ?? ''}`;
    const others = toAct.filter((s) => s !== mySeat).map(seatName);
    if (mySeat !== null && toAct.includes(mySeat)) {
      return others.length ? `Your turn (and ${others.join(', ')}).` : 'Your turn.';
    }
    return others.length ? `Waiting for ${others.join(', ')}.` : '';
  })();

  const scores = view?.scores ?? summary.scores;
  const deadlines = view?.deadlines ?? summary.deadlines;

  return (
    <>
      <h1 tabIndex={-1}>
        {summary.title} <span class="muted">table {id.slice(0, 8)}</span>
      </h1>
      <ul class="seats" aria-label="Seats">
        {summary.seats.map((s) => (
          <li key={s.seat} class={toAct.includes(s.seat) ? 'to-act' : undefined}>
            <span class="who">
              {seatName(s.seat)}
              {s.seat === mySeat ? ' (you)' : ''}
            </span>
            <span class="muted"> seat {s.seat}</span>
            {s.occupant === 'bot' && <span class="tag">bot</span>}
            {s.resigned && <span class="tag">resigned</span>}
            {summary.status !== 'waiting' && <span class="score">score {scores[s.seat]}</span>}
            {toAct.includes(s.seat) && <span class="tag turn-tag">to play</span>}
            {deadlines[s.seat] && <span class="clock">{timeLeft(deadlines[s.seat] as string, now)}</span>}
          </li>
        ))}
      </ul>
      <p role="status" class="turn" id="turn">
        {turnText}
        {view ? <span class="muted"> Move {view.version}.</span> : null}
      </p>
      {!live && !over && <Alert problem="Live updates stopped: reload the page." />}
      <Alert problem={problem} />
      {notice && <p role="status">{notice}</p>}

      {summary.status === 'waiting' && (
        <section class="panel" aria-labelledby="waiting-h">
          <h2 id="waiting-h">Waiting for players</h2>
          <p>The cards are dealt when the last seat is taken.</p>
          {mySeat === null && player && (
            <div class="row">
              {summary.seats
                .filter((s) => canTake(s, player.id))
                .map((s) => (
                  <button type="button" key={s.seat} onClick={() => join(s.seat)}>
                    Join seat {s.seat}
                  </button>
                ))}
            </div>
          )}
          {mySeat === null && !player && (
            <p>
              <a href={href({ page: 'lobby' })}>Become a player</a> to join this table.
            </p>
          )}
          {mySeat !== null && (
            <button type="button" class="secondary" onClick={() => act('leave')}>
              Leave this table
            </button>
          )}
        </section>
      )}

      {hand && mySeat !== null && summary.status === 'active' && (
        <section class="panel hand-panel" aria-labelledby="hand-h">
          <h2 id="hand-h">Your hand</h2>
          {hand.cards.length === 0 ? (
            <p class="none">no cards</p>
          ) : (
            <ul class="hand">
              {hand.cards.map((c, i) => {
                const naming = legal.filter((a) => a.card === c);
                return (
                  <li key={`${c}-${i}`} class={naming.length === 0 ? 'idle' : undefined}>
                    {naming.length === 0 ? (
                      <CardFace code={c} />
                    ) : (
                      <button
                        type="button"
                        class="card-button"
                        disabled={busy}
                        aria-pressed={naming.length > 1 ? selected === c : undefined}
                        aria-label={
                          naming.length === 1
                            ? actionLabel(naming[0], kind)
                            : `${capitalize(cardName(c))}: ${naming.length} moves`
                        }
                        onClick={() => (naming.length === 1 ? play(naming[0]) : setSelected(selected === c ? null : c))}
                      >
                        <CardFace code={c} />
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}

      {legal.length > 0 && (
        <section class="panel" aria-labelledby="moves-h">
          <h2 id="moves-h">Your moves</h2>
          {selected && (
            <p>
              Moves with the {cardName(selected)}:{' '}
              <button type="button" class="secondary" onClick={() => setSelected(null)}>
                Show every move
              </button>
            </p>
          )}
          <div class="actions" ref={moves}>
            {shown.map((a) => (
              <button type="button" key={JSON.stringify(a)} disabled={busy} title={describe(a)} onClick={() => play(a)}>
                {actionLabel(a, kind)}
              </button>
            ))}
          </div>
        </section>
      )}

      {view && view.state !== null && (
        <section class="panel felt" aria-labelledby="state-h">
          <h2 id="state-h">{mySeat === null ? 'The table, as a spectator sees it' : 'The table, as you see it'}</h2>
          <Fields
            value={view.state as Record<string, unknown>}
            schema={entry?.viewSchema}
            seating={seating}
            skip={hand?.key ? [hand.key] : []}
            renderers={FIELD_RENDERERS[kind]}
          />
        </section>
      )}

      <section class="panel" aria-labelledby="about-h">
        <h2 id="about-h">This game</h2>
        <p>
          Seed hash <code class="hash">{summary.seedHash}</code>
          {summary.provablyFair ? ' (drawn by the server: provably fair)' : ` (dealt by ${summary.dealtBy}: not provably fair)`}
          {summary.clock ? ` · ${summary.clock.perMove} s a move, then ${summary.clock.onTimeout}` : ''}
        </p>
        <div class="row">
          {over && <a href={href({ page: 'audit', id })}>Audit this game: every move and the seed check</a>}
          {summary.status === 'active' && mySeat !== null && (
            <>
              <button type="button" class="secondary" onClick={() => act('resign', 'Resign this game?')}>
                Resign
              </button>
              <button type="button" class="secondary" onClick={() => act('abort', 'Abort this game for everyone?')}>
                Abort
              </button>
            </>
          )}
          {summary.status === 'finished' && mySeat !== null && !summary.rematch && (
            <button type="button" class="secondary" onClick={() => act('rematch')}>
              Ask for a rematch
            </button>
          )}
          {summary.rematch && <a href={href({ page: 'table', id: summary.rematch })}>Go to the rematch</a>}
        </div>
      </section>
    </>
  );
}
