import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { announcement } from '../announce';
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
import { listed, sortHand } from '../cards';
import { clockTerms } from '../clock-terms';
import { bidsBySeat, compassOf, directionOf, sidesOf } from '../compass';
import { CompassTable } from '../compass-table';
import { moveCost } from '../costs';
import { DEAL_END_FIELDS, dealEnd, matchTable } from '../deal-end';
import { CardButton, SeatPanel, SeatStat, type Touch } from '../felt';
import { capitalize, cardsOf } from '../labels';
import { familyOf, place } from '../layout';
import { grouped, pick, tableTouchable } from '../moves';
import { Alert, Loading, useProblem } from '../problem';
import { changeText, SeatRating } from '../rating';
import { useTurnReminders } from '../reminders';
import { FIELD_RENDERERS, PLACE_MOVES } from '../renderers';
import { headline, withNames } from '../results';
import { go, href } from '../route';
import { peopleRules } from '../rules';
import { PeopleRulesText } from '../rules-text';
import { seatClockText } from '../seat-clock';
import { seatNamer } from '../seats';
import { type Connection, liveStream } from '../stream';
import { useNow } from '../use-now';
import { CardFace, Fields, type PlaceTouch, type Seating } from '../view';
import { MoveControls } from './move-controls';
import { Centre, pileField } from './table-centre';
import { LatestMove, LogPanel, useTableLog } from './table-log';
import { TakeSeat } from './take-seat';

/** The newest view received at or before a move; the oldest kept if none is that old. */
function shownAt(views: Map<number, SeatView>, upTo: number, latest: SeatView): SeatView {
  let best: SeatView | null = null;
  let oldest = latest;
  for (const v of views.values()) {
    if (v.version <= upTo && (best === null || v.version > best.version)) best = v;
    if (v.version < oldest.version) oldest = v;
  }
  return best ?? oldest;
}

/** The seats in the order they sit after mine, so that the next to play is on my left. */
const aroundFrom = (seats: number, me: number | null) =>
  Array.from({ length: seats }, (_, i) => (i + (me ?? -1) + 1 + seats) % seats).filter((s) => s !== me);

/** A table: the seat's view drawn as a card table, its moves made by touching cards, every move told. */
export function TablePage({ id, player, setPlayer }: { id: string; player: Player | null; setPlayer(p: Player): void }) {
  const [summary, setSummary] = useState<GameSummary | null>(null);
  const [entry, setEntry] = useState<CatalogEntry | undefined>();
  // The newest view the server sent; the felt shows `view`, the one the log has told up to (below).
  const [latest, setLatest] = useState<SeatView | null>(null);
  // Views received, by version: the felt steps through them as the log tells each move.
  const seen = useRef(new Map<number, SeatView>());
  const [problem, setProblem] = useProblem();
  // The places of the cards chosen, and the version they were chosen at: a choice holds for that view only.
  const [choice, setChoice] = useState<{ version: number; places: string[] }>({ version: -1, places: [] });
  const [offer, setOffer] = useState<{ version: number; moves: Action[] }>({ version: -1, moves: [] });
  const [busy, setBusy] = useState(false);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [messages, setMessages] = useState(0);
  const [shareNote, setShareNote] = useState<string | null>(null);
  const now = useNow(1000);

  const refreshSummary = useCallback(
    () =>
      api.summary(id).then(
        (s) => {
          setSummary(s);
          catalogEntry(s.kind).then(setEntry, () => {});
        },
        (e) => setProblem(problemText(e)),
      ),
    [id],
  );
  useEffect(() => {
    setSummary(null);
    setLatest(null);
    seen.current = new Map();
    setProblem(null);
    refreshSummary();
  }, [refreshSummary]);

  const mySeat =
    summary && player ? (summary.seats.find((s) => s.player === player.id && s.occupant === 'player')?.seat ?? null) : null;
  const token = mySeat !== null && player ? player.token : null;
  const loaded = summary !== null;

  /** A newer view replaces the one shown; an answer overtaken by the stream does not. */
  const accept = useCallback((next: SeatView) => {
    seen.current.set(next.version, next);
    // Only the views the pacing may still need are kept.
    for (const v of seen.current.keys()) if (v < next.version - 60) seen.current.delete(v);
    setLatest((current) => (current === null || notOlder(next, current) ? next : current));
  }, []);

  useEffect(() => {
    if (!loaded) return;
    let open = true;
    const read = () =>
      api.view(id, token).then(
        (v) => open && accept(v),
        (e) => open && setProblem(problemText(e)),
      );
    read();
    const stop = liveStream(id, token, {
      view: (json) => {
        accept(JSON.parse(json));
        setMessages((n) => n + 1);
      },
      connection: setConnection,
      // After a reconnect, what came meanwhile is read again.
      opened: read,
    });
    return () => {
      open = false;
      stop();
    };
  }, [id, token, loaded, accept]);

  const seatName = summary ? seatNamer(summary.seats) : (s: number) => `seat ${s}`;
  const told = useTableLog({
    id,
    token,
    version: latest?.version,
    kind: latest?.status === 'waiting' ? undefined : summary?.kind,
    seatName,
    mySeat,
    over: latest ? isOver(latest.status) : false,
  });
  useTurnReminders(id, token, latest?.version, told.notify);
  // One story: the felt shows the table as of the last move the log has told (the newest view
  // received up to it), never a move ahead; views the stream folded away are stepped over.
  // Held while moves wait to be told, and while a newer view's moves are still to be read (from the
  // render that brings the view, before the log's reading of it has even started).
  const held = told.upTo !== null && (told.pending.length > 0 || (latest?.version ?? 0) > (told.read ?? 0));
  const view =
    latest && held && latest.version > (told.upTo as number) ? shownAt(seen.current, told.upTo as number, latest) : latest;
  const version = view?.version;

  // A choice of cards is let go when the game moves on: its moves may be gone.
  const picked = choice.version === version ? choice.places : [];
  const setPicked = (places: string[]) => {
    setChoice({ version: version ?? -1, places });
    setOffer({ version: -1, moves: [] });
  };
  // The moves a touched place offers (several): they hold for that view only too.
  const offered = offer.version === version ? offer.moves : [];

  // Seats, the result, rematch requests and the seed live in the summary: read again when the game
  // starts or ends, and at every change while it is not being played.
  const status = view?.status;
  const offPlay = status === 'active' ? 0 : messages;
  useEffect(() => {
    if (status !== undefined) refreshSummary();
  }, [status, offPlay, refreshSummary]);

  const myTurn =
    view === latest && mySeat !== null && (view?.toAct ?? []).includes(mySeat) && (view?.legalActions.length ?? 0) > 0;
  const title = summary?.title;
  // The tab says when it is my turn; a notification too, if the player allowed them and looks elsewhere.
  useEffect(() => {
    if (!title) return;
    document.title = `${myTurn ? '● Your turn · ' : ''}${title} · Card table`;
    if (myTurn && document.hidden && 'Notification' in window && Notification.permission === 'granted') {
      new Notification(`Your turn at ${title}`, { tag: id });
    }
    return () => {
      document.title = 'Card table';
    };
  }, [myTurn, title, id, version]);

  if (!summary) return <Loading title="Table" problem={problem} />;

  const seating: Seating = { seatName, seats: summary.seats.length, me: mySeat };
  const kind = summary.kind;
  const family = familyOf(kind);
  // The end is told once the felt reaches it: after the last move the log narrates.
  const shownStatus = view?.status === 'active' ? 'active' : summary.status;
  const over = isOver(shownStatus);
  const state = view?.state && typeof view.state === 'object' ? (view.state as Record<string, unknown>) : null;
  const placed = state ? place(state, entry?.viewSchema, view?.seat ?? null, summary.seats.length) : null;
  const hand = placed?.hand ? sortHand(placed.hand.cards, family === 'trick') : [];
  // Each move is its own control: no checkbox turns one move into another.
  // A view the felt is still stepping through is history: moves are made on the newest one only.
  const legal = view && view === latest ? view.legalActions : [];
  const own = FIELD_RENDERERS[kind] ?? {};
  const movesAt = PLACE_MOVES[kind] as (typeof PLACE_MOVES)[string] | undefined;
  const placeTouch: PlaceTouch | undefined =
    movesAt && mySeat !== null
      ? {
          busy,
          movesAt: (seat, place) => movesAt(legal, mySeat, seat, place),
          touch: (moves) => (moves.length === 1 ? play(moves[0]) : setOffer({ version: version ?? -1, moves })),
        }
      : undefined;

  const play = async (action: Action) => {
    if (!token || !view) return;
    setProblem(null);
    setBusy(true);
    try {
      const next = await api.move(id, action, view.version, token);
      // The choice goes with the move: its places may be gone from the new hand.
      setPicked([]);
      accept(next);
    } catch (e) {
      setProblem(`Your move was refused: ${problemText(e)}`);
      setPicked([]);
      if (e instanceof ApiError && e.problem.code === 'version-conflict') api.view(id, token).then(accept, () => {});
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
        else told.notify('You asked for a rematch: it starts when every seat has asked.');
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

  // Another seat short of time: a day more, once a turn (the server says so when given already).
  const give = async (seat: number) => {
    if (!token) return;
    setProblem(null);
    try {
      accept(await api.giveTime(id, seat, 86400, token));
      told.notify(`You gave ${seatName(seat)} a day more.`);
      refreshSummary();
    } catch (e) {
      setProblem(problemText(e));
    }
  };

  // The header's Rules button opens the rules where they live, beside the felt (below it on a phone), and goes there.
  const showRules = () => {
    const panel = document.getElementById('rules-panel') as HTMLDetailsElement | null;
    if (!panel) return;
    panel.open = true;
    panel.scrollIntoView({ block: 'nearest' });
    panel.querySelector('summary')?.focus();
  };
  const share = async () => {
    const link = `${location.origin}${location.pathname}${href({ page: 'table', id })}`;
    try {
      await navigator.clipboard.writeText(link);
      setShareNote('Link copied: send it to whoever you want at this table.');
    } catch {
      setShareNote(`Copy this link: ${link}`);
    }
  };

  // Places of cards the player may touch: the hand ("h:i") and the centre's rows ("<field>:i").
  const codeAt = (at: string) => {
    const [where, i] = [at.slice(0, at.lastIndexOf(':')), Number(at.slice(at.lastIndexOf(':') + 1))];
    if (where === 'h') return hand[i];
    return placed?.rows.find((r) => r.key === where)?.cards[i] ?? '';
  };
  const cardActions = legal.filter((a) => cardsOf(a).length > 0);
  // An amount that names one of the piles (a bet on a tableau) is placed on that pile.
  const { amounts } = grouped(legal.filter((a) => cardsOf(a).length === 0));
  // A place no longer there (the hand changed under a choice) drops out of it.
  const chosen = picked.map(codeAt).filter((c): c is string => typeof c === 'string' && c !== '');
  const inPlay = new Set(cardActions.flatMap(cardsOf));
  const lit = tableTouchable(cardActions, chosen, hand);
  const touchFor = (inHand: boolean): Touch => ({
    busy,
    can: (code) => (inHand ? inPlay.has(code) : lit.has(code)),
    chosen: (at) => picked.includes(at),
    click: (at, code) => {
      // Touching a chosen card again lets it go: a choice is undone before it is sent.
      if (picked.includes(at)) return setPicked(picked.filter((p) => p !== at));
      const how = pick(cardActions, chosen, code, inHand ? 'hand' : 'table');
      if (how === 'add') setPicked([...picked, at]);
      else if (how === 'restart') setPicked([at]);
    },
  });

  const toAct = view?.toAct ?? summary.toAct;
  const scores = view?.scores ?? summary.scores;
  const deadlines = view?.deadlines ?? summary.deadlines;
  const result = view?.result ?? summary.result;
  const turnText = (() => {
    if (summary.status === 'waiting') {
      const open = summary.seats.filter((s) => s.occupant === 'open' || s.occupant === 'invited').length;
      return `Waiting for players: ${open} seat${open === 1 ? '' : 's'} to fill.`;
    }
    if (shownStatus === 'aborted') return 'Game over: the game was aborted.';
    if (shownStatus === 'finished') return `Game over: ${headline(result, mySeat, seatName)}.`;
    const others = toAct.filter((s) => s !== mySeat).map(seatName);
    if (myTurn) return others.length ? `Your turn (and ${others.join(', ')}).` : 'Your turn.';
    return others.length ? `Waiting for ${others.join(', ')}.` : '';
  })();
  const dealer = typeof state?.dealer === 'number' ? state.dealer : typeof state?.banker === 'number' ? state.banker : null;
  // Partners, where the game plays in sides: `sides` lists each side's seats.
  const partners = sidesOf(state).find((side) => mySeat !== null && side.includes(mySeat)) ?? [];
  // A four-seat trick game in sides sits round the felt, partners opposite; its calls are said by each seat.
  const compass = family === 'trick' ? compassOf(state, summary.seats.length, mySeat) : null;
  const bids = compass ? bidsBySeat(state) : new Map<number, string>();
  // The seat whose move the felt shows: what it laid comes in from its side.
  const mover = [...told.log.slice(-3), ...told.pending].find((s) => s.seq === told.upTo)?.seat;
  const from = directionOf(mover ?? -1, compass, mySeat);
  const ends = view?.endings;
  // The card this seat just peeked at, face up where it lies while the felt shows the move that showed it.
  const glimpse = view ? told.log.filter((s) => s.seq === view.version).at(-1)?.glimpse : undefined;
  // A deal's end in the game's terms, and the words a play earns ("Scopa!"): the generic score lines leave them out.
  const ended = state ? dealEnd(kind, state, seating) : null;
  const said = state ? announcement(kind, state, seatName) : null;
  const genericResults = (placed?.results ?? []).filter((k) => !(ended && DEAL_END_FIELDS[kind]?.includes(k)));

  const seatPanel = (seat: number) => {
    const s = summary.seats[seat];
    const tags = [
      ...(s.occupant === 'bot' ? ['bot'] : []),
      ...(s.resigned ? ['resigned'] : []),
      ...(dealer === seat ? ['dealer'] : []),
      ...(seat !== mySeat && partners.length > 1 && partners.includes(seat) ? ['your partner'] : []),
      ...(s.rematch ? ['asks for a rematch'] : []),
    ];
    return (
      <SeatPanel
        key={seat}
        name={seatName(seat)}
        you={seat === mySeat}
        toPlay={toAct.includes(seat)}
        clock={seatClockText(
          {
            bank: !!summary.clock && 'bank' in summary.clock,
            deadlines,
            timeLeft: view?.timeLeft ?? summary.timeLeft,
            vacations: view?.vacations ?? summary.vacations,
          },
          seat,
          now,
        )}
        score={summary.status === 'waiting' ? null : (scores[seat] ?? null)}
        tags={tags}
      >
        {token && summary.clock && summary.status === 'active' && seat !== mySeat && toAct.includes(seat) && (
          <button type="button" class="secondary" onClick={() => give(seat)}>
            Give {seatName(seat)} a day
          </button>
        )}
        {bids.has(seat) && <span class="bid">{bids.get(seat)}</span>}
        {summary.rated && (
          <SeatRating seat={s} kind={summary.kind} change={summary.ratingChanges?.find((c) => c.seat === seat)} />
        )}
        {state &&
          placed?.bySeat
            .filter((k) => !own[k] && !(k === 'hands' && seat === mySeat))
            .map((k) => (
              <SeatStat key={k} name={k} value={(state[k] as unknown[])[seat]} schema={entry?.viewSchema.properties?.[k]} />
            ))}
      </SeatPanel>
    );
  };

  // The change a rated game made to my rating, once it is over.
  const mine = mySeat === null ? undefined : summary.ratingChanges?.find((c) => c.seat === mySeat);

  return (
    <>
      <div class="table-head">
        <h1 tabIndex={-1}>
          {summary.title} <span class="muted">table {id.slice(0, 8)}</span>
        </h1>
        <div class="row">
          <button type="button" class="secondary" onClick={share}>
            Share this table
          </button>
          {entry && (
            <button type="button" class="secondary" onClick={showRules}>
              Rules
            </button>
          )}
          {connection === 'reconnecting' && !over && (
            <span class="connection" role="status">
              Reconnecting…
            </span>
          )}
        </div>
      </div>
      {shareNote && <p role="status">{shareNote}</p>}
      <p role="status" class="turn" id="turn">
        {turnText}
        {view ? <span class="muted"> Move {view.version}.</span> : null}
      </p>
      <Alert problem={problem} />
      {over && (
        <section class="result-banner" aria-labelledby="result-h">
          <h2 id="result-h">{headline(shownStatus === 'aborted' ? undefined : result, mySeat, seatName)}</h2>
          {result && <p>{capitalize(withNames(result.summary, seatName))}.</p>}
          {mine && <p>Your rating: {changeText(mine)}</p>}
          <div class="row">
            {mySeat !== null && ends?.rematch && !summary.seats[mySeat].rematch && !summary.rematch && (
              <button type="button" onClick={() => act('rematch')}>
                Rematch
              </button>
            )}
            {mySeat !== null && summary.seats[mySeat].rematch && !summary.rematch && (
              <span>You asked for a rematch: it starts when everyone has asked.</span>
            )}
            {summary.rematch && <a href={href({ page: 'table', id: summary.rematch })}>Go to the rematch</a>}
            <a href={href({ page: 'audit', id })}>Audit this game: every move and the seed check</a>
          </div>
        </section>
      )}

      {summary.status === 'waiting' && (
        <section class="panel" aria-labelledby="waiting-h">
          <h2 id="waiting-h">Waiting for players</h2>
          <p>The cards are dealt when the last seat is taken. Share this table's link to bring someone in.</p>
          <p>At the table: {listed(summary.seats.map((s) => seatName(s.seat)))}.</p>
          {mySeat === null && (
            <TakeSeat summary={summary} player={player} setPlayer={setPlayer} seatName={seatName} taken={refreshSummary} />
          )}
          {mySeat !== null && (
            <button type="button" class="secondary" onClick={() => act('leave')}>
              Leave this table
            </button>
          )}
        </section>
      )}

      <div class={`table-layout family-${family}`}>
        <section
          class="felt"
          aria-label={mySeat === null ? 'The table, as a spectator sees it' : 'The table'}
          // Busy while the felt is still telling moves the stream brought: no move is offered until it is done.
          aria-busy={view !== latest ? 'true' : 'false'}
        >
          {compass && state ? (
            <CompassTable compass={compass} state={state} me={mySeat} seatName={seatName} panel={seatPanel} />
          ) : (
            <div class="opponents">{aroundFrom(summary.seats.length, mySeat).map(seatPanel)}</div>
          )}
          {state && placed && (
            <Centre
              state={state}
              placed={compass ? { ...placed, tricks: [] } : placed}
              from={from}
              me={mySeat}
              schema={entry?.viewSchema}
              own={own}
              seating={seating}
              placeTouch={placeTouch}
              glimpse={glimpse}
              touch={touchFor(false)}
              amounts={amounts}
              kind={kind}
              busy={busy}
              play={play}
            />
          )}
          {said && (
            <p class="announce" role="status">
              {said}
            </p>
          )}
          {ended?.fresh && (
            <p class="deal-said">
              {ended.said}{' '}
              <button type="button" class="link" onClick={() => document.getElementById('deal-end')?.scrollIntoView()}>
                See the score table
              </button>
            </p>
          )}
          <div class="mine">
            <LatestMove told={told} />
            {mySeat !== null && seatPanel(mySeat)}
            {legal.length > 0 && (
              <MoveControls
                kind={kind}
                legal={legal}
                chosen={chosen}
                busy={busy}
                clear={() => setPicked([])}
                play={play}
                offered={offered}
                cost={(a) => moveCost(kind, a, state)}
                state={state}
                placed={(a) => placeTouch !== undefined && typeof a.position === 'number'}
                placesHint={placeTouch !== undefined && legal.some((a) => typeof a.position === 'number')}
                elsewhere={(g) => placed?.piles.some((p) => typeof g.base[pileField(p.key)] === 'number') ?? false}
                visible={new Set([...hand, ...(placed?.rows.flatMap((r) => r.cards) ?? [])].filter((c): c is string => !!c))}
              />
            )}
            {mySeat !== null && hand.length > 0 && (
              <div class="hand-area">
                <h2 class="sr">Your hand</h2>
                <ul class="hand" aria-label="Your hand">
                  {hand.map((c, i) => {
                    const touch = touchFor(true);
                    const at = `h:${i}`;
                    return (
                      <li key={`${c}-${i}`}>
                        {touch.can(c) || touch.chosen(at) ? (
                          <CardButton code={c} pressed={touch.chosen(at)} disabled={busy} onClick={() => touch.click(at, c)} />
                        ) : (
                          <span class="idle">
                            <CardFace code={c} />
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </div>
            )}
          </div>
        </section>

        {/* Beside the felt, never over it: the rules open in the side column, above the log (below the felt on a phone). */}
        <div class="table-side">
          {entry && (
            <details class="rules-panel" id="rules-panel">
              <summary>Rules of {summary.title}</summary>
              <PeopleRulesText title={summary.title} rules={peopleRules[kind]} api={entry.rules} level={3} />
            </details>
          )}
          <LogPanel told={told} />
        </div>
      </div>

      {ended && (
        <section class="panel deal-end" aria-labelledby="deal-end-h" id="deal-end">
          <h2 id="deal-end-h">{over ? 'The last deal and the match' : 'The last deal'}</h2>
          <p>{ended.said}</p>
          {ended.table}
          {over && state && matchTable(kind, state, seating)}
        </section>
      )}

      {state && placed && genericResults.length > 0 && (
        <section class="panel" aria-labelledby="scores-h">
          <h2 id="scores-h">Score lines</h2>
          <Fields
            value={Object.fromEntries(genericResults.map((k) => [k, state[k]]))}
            schema={entry?.viewSchema}
            seating={seating}
          />
        </section>
      )}

      {state && (
        <details class="panel">
          <summary>Everything on the table, field by field</summary>
          <Fields value={state} schema={entry?.viewSchema} seating={seating} renderers={own} />
        </details>
      )}

      <section class="panel" aria-labelledby="about-h">
        <h2 id="about-h">This game</h2>
        {entry && <p>{entry.blurb}</p>}
        <p>
          Seed hash <code class="hash">{summary.seedHash}</code>
          {summary.provablyFair ? ' (drawn by the server: provably fair)' : ` (dealt by ${summary.dealtBy}: not provably fair)`}
          {summary.clock
            ? ` · ${clockTerms(summary.clock)}, then ${summary.clock.onTimeout === 'auto' ? 'the clock plays' : 'the seat loses'}`
            : ''}
        </p>
        <div class="row">
          {mySeat !== null &&
            'Notification' in window &&
            Notification.permission === 'default' &&
            summary.status !== 'finished' && (
              <button
                type="button"
                class="secondary"
                onClick={() => Notification.requestPermission().then(() => setMessages((n) => n + 1))}
              >
                Tell me when it is my turn
              </button>
            )}
          {ends?.resign && (
            <button type="button" class="secondary" onClick={() => act('resign', 'Resign this game?')}>
              Resign
            </button>
          )}
          {ends?.abort && (
            <button type="button" class="secondary" onClick={() => act('abort', 'Abort this game for everyone?')}>
              Abort
            </button>
          )}
        </div>
      </section>
    </>
  );
}

export { clockWords } from '../clock-terms';
