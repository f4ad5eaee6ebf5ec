import { useEffect, useRef, useState } from 'preact/hooks';
import {
  api,
  type CatalogEntry,
  catalogEntry,
  type GameSummary,
  isOver,
  type JsonSchema,
  type LoggedEvent,
  problemText,
  type Replay,
} from '../api';
import { SeatPanel, SeatStat, type Touch } from '../felt';
import { actionLabel, capitalize } from '../labels';
import { place } from '../layout';
import { Alert, Loading, useProblem } from '../problem';
import { FIELD_RENDERERS } from '../renderers';
import { withNames } from '../results';
import { href } from '../route';
import { seatNamer } from '../seats';
import { Fields, type Seating, Value } from '../view';
import { Centre } from './table-centre';

/** SHA-256 of a text, in hex, by the browser's own Web Crypto. */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

type SeedCheck = { state: 'checking' } | { state: 'passed' | 'failed'; hash: string } | { state: 'unavailable'; why: string };

function SeedCheckResult({ summary }: { summary: GameSummary }) {
  const [check, setCheck] = useState<SeedCheck>({ state: 'checking' });
  useEffect(() => {
    const { seed, seedHash } = summary;
    if (seed === undefined) return setCheck({ state: 'unavailable', why: 'the seed is not revealed' });
    if (!globalThis.crypto?.subtle) {
      return setCheck({ state: 'unavailable', why: 'this page is not a secure context (https or localhost): Web Crypto is off' });
    }
    sha256Hex(seed).then(
      (hash) => setCheck({ state: hash === seedHash ? 'passed' : 'failed', hash }),
      (e) => setCheck({ state: 'unavailable', why: String(e) }),
    );
  }, [summary]);
  return (
    <div class={`check ${check.state}`} role="status" id="seed-check">
      {check.state === 'checking' && <p>Checking the seed…</p>}
      {check.state === 'passed' && (
        <p>
          <strong>Seed check passed.</strong> In this browser, SHA-256 of the revealed seed is{' '}
          <code class="hash">{check.hash}</code>, the hash the server published when it created the game: the shuffles were fixed
          before the first move.
        </p>
      )}
      {check.state === 'failed' && (
        <p>
          <strong>Seed check FAILED.</strong> SHA-256 of the revealed seed is <code class="hash">{check.hash}</code>, but the hash
          published at creation is <code class="hash">{summary.seedHash}</code>.
        </p>
      )}
      {check.state === 'unavailable' && <p>The seed could not be checked here: {check.why}.</p>}
      {!summary.provablyFair && (
        <p>
          This game was dealt from a {summary.dealtBy === 'client-deck' ? 'stacked deck' : 'seed'} its creator chose: its shuffles
          prove nothing.
        </p>
      )}
    </div>
  );
}

type LogCheck =
  | { state: 'checking' }
  | { state: 'passed' | 'failed'; key: string }
  | { state: 'unavailable'; why: string; key?: string };

const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/**
 * The game's last checkpoint, its Ed25519 signature checked in this browser under the server's key
 * (GET /log/key), where Web Crypto has Ed25519.
 */
function LogCheckResult({ id, checkpoint }: { id: string; checkpoint: GameSummary['checkpoint'] }) {
  const [check, setCheck] = useState<LogCheck>({ state: 'checking' });
  useEffect(() => {
    if (!globalThis.crypto?.subtle) {
      return setCheck({ state: 'unavailable', why: 'this page is not a secure context (https or localhost): Web Crypto is off' });
    }
    let key = '';
    const text = new TextEncoder().encode(`card-table/game/${id}\n${checkpoint.size}\n${checkpoint.root}\n`);
    api
      .logKey()
      .then(async ({ publicKey }) => {
        key = publicKey;
        let verifier: CryptoKey;
        try {
          verifier = await crypto.subtle.importKey('raw', bytes(publicKey), { name: 'Ed25519' }, false, ['verify']);
        } catch {
          return setCheck({
            state: 'unavailable',
            key,
            why: 'this browser’s Web Crypto has no Ed25519 (Chromium 137+, Firefox 129+ and Safari 17+ have it); check the record offline instead',
          });
        }
        const ok = await crypto.subtle.verify('Ed25519', verifier, bytes(checkpoint.signature), text);
        setCheck({ state: ok ? 'passed' : 'failed', key });
      })
      .catch((e) => setCheck({ state: 'unavailable', why: problemText(e), key }));
  }, [id, checkpoint]);
  return (
    <div class={`check ${check.state}`} role="status" id="log-check">
      {check.state === 'checking' && <p>Checking the log’s signature…</p>}
      {check.state === 'passed' && (
        <p>
          <strong>Log signature check passed.</strong> In this browser, the checkpoint is signed by the server’s key{' '}
          <code class="hash">{check.key}</code>.
        </p>
      )}
      {check.state === 'failed' && (
        <p>
          <strong>Log signature check FAILED.</strong> The checkpoint is not signed by the server’s key{' '}
          <code class="hash">{check.key}</code>.
        </p>
      )}
      {check.state === 'unavailable' && <p>The log’s signature could not be checked here: {check.why}.</p>}
    </div>
  );
}

/** Nothing on a replayed table is touched: its cards are drawn, never offered. */
const UNTOUCHED: Touch = { can: () => false, chosen: () => false, click: () => {}, busy: true };

/**
 * The table at one move as the felt draws it for a spectator (its seats, its centre), from the replay's
 * spectator view: no card a spectator could not see then, until the end shows them all.
 */
function ReplayFelt({
  replay,
  kind,
  schema,
  seating,
}: {
  replay: Replay;
  kind: string;
  schema: JsonSchema | undefined;
  seating: Seating;
}) {
  if (!replay.spectator || typeof replay.spectator !== 'object') return null;
  const state = replay.spectator as Record<string, unknown>;
  const placed = place(state, schema, null, seating.seats);
  const own = FIELD_RENDERERS[kind] ?? {};
  const dealer = typeof state.dealer === 'number' ? state.dealer : typeof state.banker === 'number' ? state.banker : null;
  return (
    <section class="felt" aria-label={`The table after move ${replay.at}, as a spectator saw it`}>
      <div class="opponents">
        {Array.from({ length: seating.seats }, (_, seat) => (
          <SeatPanel
            key={seat}
            name={seating.seatName(seat)}
            you={false}
            toPlay={replay.toAct.includes(seat)}
            clock={null}
            score={replay.scores[seat] ?? null}
            tags={dealer === seat ? ['dealer'] : []}
          >
            {placed.bySeat
              .filter((k) => !own[k])
              .map((k) => (
                <SeatStat key={k} name={k} value={(state[k] as unknown[])[seat]} schema={schema?.properties?.[k]} />
              ))}
          </SeatPanel>
        ))}
      </div>
      <Centre
        state={state}
        placed={placed}
        // A spectator's table: a card laid comes in from across it.
        from="top"
        me={null}
        schema={schema}
        own={own}
        seating={seating}
        placeTouch={undefined}
        touch={UNTOUCHED}
        amounts={[]}
        kind={kind}
        busy
        play={() => {}}
      />
    </section>
  );
}

function eventLabel(e: Pick<LoggedEvent, 'kind' | 'by' | 'action'>, kind: string) {
  const by = e.by === 'seat' ? '' : ` (by the ${e.by})`;
  if (e.kind === 'move') return `${actionLabel(e.action, kind)}${by}`;
  return `${e.kind === 'resign' ? 'Resigned' : e.kind === 'abort' ? 'Aborted the game' : 'Ran out of time'}${by}`;
}

/** The audit of a finished game: its moves, the full state and every seat's view at any move, and the seed check. */
export function AuditPage({ id }: { id: string }) {
  const [summary, setSummary] = useState<GameSummary | null>(null);
  const [entry, setEntry] = useState<CatalogEntry | undefined>();
  const [events, setEvents] = useState<LoggedEvent[] | null>(null);
  const [at, setAt] = useState(0);
  const [replay, setReplay] = useState<Replay | null>(null);
  const [problem, setProblem] = useProblem();
  const [fullState, setFullState] = useState(false);
  const cache = useRef(new Map<number, Replay>());

  useEffect(() => {
    cache.current.clear();
    api.summary(id).then(
      (s) => {
        setSummary(s);
        catalogEntry(s.kind).then(setEntry);
        if (!isOver(s.status)) return;
        api.allEvents(id).then(
          (page) => {
            setEvents(page.events);
            setAt(page.version);
          },
          (e) => setProblem(problemText(e)),
        );
      },
      (e) => setProblem(problemText(e)),
    );
  }, [id]);

  // The move shown, and the next few ahead of it: stepping on draws at once from what is held.
  useEffect(() => {
    if (events === null) return;
    let current = true;
    const fetchAt = (n: number) =>
      api.replay(id, n).then((r) => {
        cache.current.set(n, r);
        return r;
      });
    const ahead = () => {
      for (let n = at + 1; n <= Math.min(at + 3, events.length); n++) if (!cache.current.has(n)) void fetchAt(n).catch(() => {});
    };
    const held = cache.current.get(at);
    if (held) {
      setReplay(held);
      ahead();
    } else {
      fetchAt(at).then(
        (r) => {
          if (current) setReplay(r);
          ahead();
        },
        (e) => current && setProblem(problemText(e)),
      );
    }
    return () => {
      current = false;
    };
  }, [id, at, events]);

  if (!summary) return <Loading title="Audit" problem={problem} />;
  if (!isOver(summary.status)) {
    return (
      <>
        <h1 tabIndex={-1}>Audit of {summary.title}</h1>
        <p>
          The audit opens when the game is over: until then its seed is secret.{' '}
          <a href={href({ page: 'table', id })}>Back to the table</a>
        </p>
      </>
    );
  }

  const seatName = seatNamer(summary.seats);
  const seating: Seating = { seatName, seats: summary.seats.length };
  const total = summary.version;
  const moveText = (n: number) => {
    const e = events?.[n - 1];
    return e ? `${seatName(e.seat)}: ${eventLabel(e, summary.kind)}` : 'the deal';
  };
  const shown = cache.current.get(at) ?? (replay && replay.at === at ? replay : null);

  return (
    <>
      <h1 tabIndex={-1}>Audit of {summary.title}</h1>
      <p class="audit-result">
        <strong>{summary.result ? capitalize(withNames(summary.result.summary, seatName)) : capitalize(summary.status)}.</strong>{' '}
        {total} moves · <a href={href({ page: 'table', id })}>the table</a>
      </p>
      <Alert problem={problem} />

      {events && (
        <section class="panel" aria-labelledby="step-h">
          <h2 id="step-h">Step through the game</h2>
          <div class="stepper">
            <button type="button" class="secondary" disabled={at === 0} onClick={() => setAt(at - 1)}>
              Previous move
            </button>
            <input
              type="range"
              min={0}
              max={total}
              value={at}
              aria-label="Move"
              aria-valuetext={`after move ${at} of ${total}: ${moveText(at)}`}
              onInput={(e) => setAt(e.currentTarget.valueAsNumber)}
            />
            <button type="button" class="secondary" disabled={at === total} onClick={() => setAt(at + 1)}>
              Next move
            </button>
          </div>
          <p class="position">
            After move {at} of {total}: <strong>{moveText(at)}</strong>
          </p>
          <details>
            <summary>Every move</summary>
            <ol class="moves">
              {events.map((e) => (
                <li key={e.seq}>
                  <button
                    type="button"
                    class="link"
                    aria-current={e.seq === at ? 'step' : undefined}
                    onClick={() => setAt(e.seq)}
                  >
                    {seatName(e.seat)}: {eventLabel(e, summary.kind)}
                  </button>
                </li>
              ))}
            </ol>
          </details>
        </section>
      )}

      {shown && (
        <section class="panel" aria-labelledby="replay-h" data-at={shown.at}>
          <h2 id="replay-h">
            State after move {shown.at} of {total}
          </h2>
          <p>
            {shown.finished ? 'The game is over.' : `To play: ${shown.toAct.map(seatName).join(', ') || 'nobody'}.`} Scores:{' '}
            {shown.scores.map((s, i) => `${seatName(i)} ${s}`).join(', ')}.
          </p>
          <ReplayFelt replay={shown} kind={summary.kind} schema={entry?.viewSchema} seating={seating} />
          <details>
            <summary>What each seat saw, field by field</summary>
            <div class="seat-views">
              {shown.views.map((v, seat) => (
                <section class="panel felt" key={seat} aria-labelledby={`seat-view-${seat}`}>
                  <h3 id={`seat-view-${seat}`}>What {seatName(seat)} saw</h3>
                  {v && typeof v === 'object' ? (
                    <Fields
                      value={v as Record<string, unknown>}
                      schema={entry?.viewSchema}
                      seating={seating}
                      renderers={FIELD_RENDERERS[summary.kind]}
                    />
                  ) : (
                    <Value value={v} seating={seating} />
                  )}
                </section>
              ))}
            </div>
          </details>
          <details onToggle={(e) => setFullState(e.currentTarget.open)}>
            <summary>The full state, every hidden card included</summary>
            {fullState && <Value value={shown.state} seating={seating} />}
          </details>
        </section>
      )}

      <details class="panel" id="check-yourself">
        <summary>How to check this game yourself</summary>
        <section aria-labelledby="fair-h">
          <h2 id="fair-h">Fair shuffles</h2>
          <p>
            Published at creation: <code class="hash">{summary.seedHash}</code>
            <br />
            Revealed at the end: <code class="hash">{summary.seed}</code>
          </p>
          <SeedCheckResult summary={summary} />
          <p>
            <a href={api.recordUrl(id)} download={`${summary.kind}-${id}.json`}>
              Download the game record
            </a>{' '}
            (JSON), and check it offline with the engine: <code>npm run verify -- record.json</code> replays every move and says
            what does not match.
          </p>
        </section>
        <section aria-labelledby="log-h">
          <h2 id="log-h">Tamper-evident log</h2>
          <p>
            The log’s last checkpoint: {summary.checkpoint.size} leaves (the genesis and {total} events), root{' '}
            <code class="hash">{summary.checkpoint.root}</code>, signature{' '}
            <code class="hash">{summary.checkpoint.signature}</code>
          </p>
          <LogCheckResult id={id} checkpoint={summary.checkpoint} />
          <p>
            A checkpoint you kept during play must be the beginning of this one (<code>GET /games/{'{id}'}/log/consistency</code>
            ); <code>npm run verify -- record.json --key &lt;publicKey&gt;</code> rebuilds the whole tree from the record.
          </p>
        </section>
      </details>
    </>
  );
}
