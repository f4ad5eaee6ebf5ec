import { useEffect, useState } from 'preact/hooks';
import type { Action } from '../api';
import { shortName } from '../cards';
import { amountProblem } from '../costs';
import { actionLabel, cardsOf } from '../labels';
import { type Amount, grouped, outcome } from '../moves';

/** Past this many moves left by a choice, the page asks for more cards instead of listing them. */
const LISTED = 6;

/**
 * The moves on offer (BGA's action buttons): what the chosen cards make, to play at once or confirm;
 * the moves that need no card as buttons, each its own (no control changes another's meaning); an amount as a
 * stepper. Never more than a few dozen controls, whatever the number of legal actions.
 */
export function MoveControls({
  kind,
  legal,
  chosen,
  busy,
  clear,
  play,
  visible,
  elsewhere,
  placed,
  offered,
  placesHint,
  cost,
  state,
}: {
  kind: string;
  /** The legal actions. */
  legal: Action[];
  chosen: string[];
  busy: boolean;
  clear(): void;
  play(a: Action): void;
  /** The cards shown where a player can touch them: a move using another card gets a button. */
  visible: Set<string>;
  /** Amounts drawn elsewhere (a bet on its tableau's box): left out here. */
  elsewhere?(g: Amount): boolean;
  /** Moves made by touching a place of the game's own drawing (Cactus's positions): left out here. */
  placed?(a: Action): boolean;
  /** The moves a touched place offers, when it offers several. */
  offered: Action[];
  /** Some moves are made by touching places of the game's drawing. */
  placesHint?: boolean;
  /** What a move spends or brings, where the game prices it: said on its button. */
  cost?(a: Action): string | null;
  /** The view's state, that an amount is measured against. */
  state: Record<string, unknown> | null;
}) {
  const byCards = legal.filter((a) => cardsOf(a).length > 0 && cardsOf(a).every((c) => visible.has(c)));
  const plain = legal.filter((a) => !byCards.includes(a) && !placed?.(a));
  const { buttons, amounts: all } = grouped(plain);
  const amounts = all.filter((g) => !elsewhere?.(g));
  const made = outcome(byCards, chosen);

  // The one move a choice makes is played at once: a card played, a capture completed.
  const immediate = made.immediate;
  const immediateKey = immediate ? JSON.stringify(immediate) : null;
  useEffect(() => {
    if (immediate && !busy) play(immediate);
  }, [immediateKey]);

  const label = (a: Action) => {
    const spent = cost?.(a);
    return spent ? `${actionLabel(a, kind)} (${spent})` : actionLabel(a, kind);
  };
  const more = made.remaining.filter((a) => !made.complete.includes(a));
  // The moves left, each a button naming its cards: the complete ones, and the others while they are few.
  const shown =
    made.remaining.length <= LISTED ? [...made.complete, ...more] : made.complete.length <= LISTED ? made.complete : [];
  return (
    <section class="moves" aria-labelledby="moves-h">
      <h2 id="moves-h" class="sr">
        Your moves
      </h2>
      {placesHint && offered.length === 0 && (
        <p class="hint">{buttons.length + amounts.length > 0 ? 'Touch a lit place, or:' : 'Your move: touch a lit place.'}</p>
      )}
      {chosen.length === 0 && byCards.length > 0 && (
        <p class="hint">{buttons.length + amounts.length > 0 ? 'Choose a card, or:' : 'Your move: choose a card.'}</p>
      )}
      {offered.length > 0 && (
        <div class="choice">
          <span>Choose:</span>
          <div class="actions">
            {offered.map((a) => (
              <button type="button" key={JSON.stringify(a)} disabled={busy} onClick={() => play(a)}>
                {label(a)}
              </button>
            ))}
          </div>
          <button type="button" class="secondary" onClick={clear}>
            Clear
          </button>
        </div>
      )}
      {chosen.length > 0 && !immediate && (
        <div class="choice">
          <span>
            Chosen: <strong>{chosen.map(shortName).join(' ')}</strong>
          </span>
          <button type="button" class="secondary" onClick={clear}>
            Clear
          </button>
          {more.length > 0 && (
            <p class="hint">
              {made.remaining.length <= LISTED
                ? 'Touch a lit card to go on, or choose the whole move:'
                : `Touch more cards: ${more.length} moves use these.`}
            </p>
          )}
          {shown.length > 0 && (
            <div class="actions">
              {shown.map((a) => (
                <button type="button" key={JSON.stringify(a)} disabled={busy} onClick={() => play(a)}>
                  {label(a)}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      {(buttons.length > 0 || amounts.length > 0) && (
        <div class="actions">
          {buttons.map((a) => (
            <button type="button" key={JSON.stringify(a)} disabled={busy} onClick={() => play(a)}>
              {label(a)}
            </button>
          ))}
          {amounts.map((g) => (
            <AmountControl key={JSON.stringify(g.base)} group={g} kind={kind} busy={busy} play={play} state={state} />
          ))}
        </div>
      )}
    </section>
  );
}

/** One amount (a bet) as a number field and its button, the button saying the move it makes. */
export function AmountControl({
  group,
  kind,
  busy,
  play,
  short,
  state,
}: {
  group: Amount;
  kind: string;
  busy: boolean;
  play(a: Action): void;
  /** Where the place speaks for itself (inside its tableau): the button shows "Bet 5", and says the rest to screen readers. */
  short?: boolean;
  /** The view's state: what an amount not allowed is measured against ("the round’s cap"). */
  state: Record<string, unknown> | null;
}) {
  const [value, setValue] = useState(group.values[0]);
  const chosen = group.actions.find((a) => a[group.key] === value);
  const min = group.values[0];
  const max = group.values[group.values.length - 1];
  const id = `amount-${JSON.stringify(group.base).replace(/\W+/g, '-')}`;
  // An amount that is no move says why beside the field: the button alone, greyed, would not.
  const why = amountProblem(kind, value, group.values, state);
  return (
    <form
      class="amount"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) play(chosen);
      }}
    >
      <label for={id} class={short ? 'sr' : undefined}>
        {actionLabel({ ...group.base, [group.key]: '…' }, kind)}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-describedby={`${id}-range ${id}-why`}
        aria-invalid={why ? 'true' : undefined}
        onInput={(e) => setValue(e.currentTarget.valueAsNumber)}
      />
      <small id={`${id}-range`}>
        {min} to {max}
      </small>
      <span id={`${id}-why`} class="why" aria-live="polite">
        {why}
      </span>
      <button type="submit" disabled={busy || !chosen}>
        {short ? (
          <ShortLabel text={actionLabel({ ...group.base, [group.key]: value }, kind)} />
        ) : (
          actionLabel({ ...group.base, [group.key]: value }, kind)
        )}
      </button>
    </form>
  );
}

/** "Bet 5 on tableau 2" shown as "Bet 5", the rest read out: the name starts with what is seen. */
function ShortLabel({ text }: { text: string }) {
  const [seen, ...rest] = text.split(/ (?=on |to |for )/);
  return (
    <>
      {seen}
      {rest.length > 0 && <span class="sr"> {rest.join(' ')}</span>}
    </>
  );
}
