/** The clock part of the new-table form: none, a time per move, or a time bank, in minutes, hours or days. */

const UNITS = { minutes: 60, hours: 3600, days: 86400 } as const;
type Unit = keyof typeof UNITS;
const MAX_SECONDS = 90 * 86400;

/** An amount of time as the form holds it. */
interface Amount {
  amount: number;
  unit: Unit;
}

export interface ClockChoice {
  shape: 'none' | 'perMove' | 'bank';
  perMove: Amount;
  initial: Amount;
  increment: Amount;
  max: Amount;
  onTimeout: 'auto' | 'forfeit';
}

/** A day a move; a bank of three days, a day more a move, at most a week: a correspondence game's usual terms. */
export const DEFAULT_CLOCK: ClockChoice = {
  shape: 'none',
  perMove: { amount: 1, unit: 'days' },
  initial: { amount: 3, unit: 'days' },
  increment: { amount: 1, unit: 'days' },
  max: { amount: 7, unit: 'days' },
  onTimeout: 'auto',
};

const seconds = (a: Amount) => Math.round(a.amount * UNITS[a.unit]);

/** The `clock` option the form asks for, or undefined for none. */
export function clockOption(c: ClockChoice): Record<string, unknown> | undefined {
  if (c.shape === 'perMove') return { perMove: seconds(c.perMove), onTimeout: c.onTimeout };
  if (c.shape === 'bank') {
    return {
      bank: { initial: seconds(c.initial), increment: seconds(c.increment), max: seconds(c.max) },
      onTimeout: c.onTimeout,
    };
  }
  return undefined;
}

function AmountField(props: { id: string; label: string; value: Amount; min: number; onChange: (a: Amount) => void }) {
  const { id, label, value, min, onChange } = props;
  return (
    <div class="option">
      <label for={id}>{label}</label>
      <div class="row">
        <input
          id={id}
          type="number"
          min={min}
          max={Math.floor(MAX_SECONDS / UNITS[value.unit])}
          required
          value={value.amount}
          onInput={(e) => onChange({ ...value, amount: e.currentTarget.valueAsNumber })}
        />
        <select
          aria-label={`Unit of ${label.toLowerCase()}`}
          onChange={(e) => onChange({ ...value, unit: e.currentTarget.value as Unit })}
        >
          {(Object.keys(UNITS) as Unit[]).map((u) => (
            <option key={u} value={u} selected={u === value.unit}>
              {u}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export function ClockFields(props: { clock: ClockChoice; onChange: (c: ClockChoice) => void }) {
  const { clock, onChange } = props;
  const set = (part: Partial<ClockChoice>) => onChange({ ...clock, ...part });
  return (
    <fieldset>
      <legend>Clock</legend>
      <div class="option">
        <label for="clock-shape">Clock</label>
        <select id="clock-shape" onChange={(e) => set({ shape: e.currentTarget.value as ClockChoice['shape'] })}>
          <option value="none" selected={clock.shape === 'none'}>
            none
          </option>
          <option value="perMove" selected={clock.shape === 'perMove'}>
            per move
          </option>
          <option value="bank" selected={clock.shape === 'bank'}>
            time bank
          </option>
        </select>
      </div>
      {clock.shape === 'perMove' && (
        <AmountField
          id="clock-per-move"
          label="Time for each move"
          value={clock.perMove}
          min={1}
          onChange={(perMove) => set({ perMove })}
        />
      )}
      {clock.shape === 'bank' && (
        <>
          <AmountField
            id="clock-initial"
            label="Time in the bank at the start"
            value={clock.initial}
            min={1}
            onChange={(initial) => set({ initial })}
          />
          <AmountField
            id="clock-increment"
            label="Time added after each move"
            value={clock.increment}
            min={0}
            onChange={(increment) => set({ increment })}
          />
          <AmountField id="clock-max" label="The most a bank holds" value={clock.max} min={1} onChange={(max) => set({ max })} />
        </>
      )}
      {clock.shape !== 'none' && (
        <div class="option">
          <label for="clock-timeout">When time runs out</label>
          <select id="clock-timeout" onChange={(e) => set({ onTimeout: e.currentTarget.value as 'auto' | 'forfeit' })}>
            <option value="auto" selected={clock.onTimeout === 'auto'}>
              the seat's default move is played
            </option>
            <option value="forfeit" selected={clock.onTimeout === 'forfeit'}>
              the seat's side loses
            </option>
          </select>
        </div>
      )}
    </fieldset>
  );
}
