import { useEffect, useState } from 'preact/hooks';
import { api, type BotList, botList, type CatalogEntry, type Player, type PlayerFound, problemText, type SeatSpec } from '../api';
import { Alert } from '../problem';
import { go } from '../route';
import { changedOptions, SchemaFields } from '../schema-form';
import { partnered, seatPlace } from '../seats';
import { type ClockChoice, ClockFields, clockOption, DEFAULT_CLOCK } from './clock-form';

/** Who sits in a seat: me, anyone, a player invited by name, or a bot by its name ("bot:random"). */
type SeatChoice = 'me' | 'open' | 'invite' | `bot:${string}`;

/** The form that sets up a new table: the game, who sits where, its options and its clock. */
export function CreateTable({
  player,
  games,
  chosen,
  setChosen,
}: {
  player: Player;
  games: CatalogEntry[];
  chosen: string;
  setChosen(kind: string): void;
}) {
  const entry = games.find((g) => g.kind === chosen) ?? games[0];
  const [count, setCount] = useState(entry.seats.min);
  const [choices, setChoices] = useState<SeatChoice[]>([]);
  const [invites, setInvites] = useState<string[]>([]);
  // Names are not unique: where several players bear the name typed, the creator picks one of them.
  const [found, setFound] = useState<Record<number, PlayerFound[]>>({});
  const [picked, setPicked] = useState<Record<number, string>>({});
  const [options, setOptions] = useState<Record<string, unknown>>(entry.options);
  const [clock, setClock] = useState<ClockChoice>(DEFAULT_CLOCK);
  const [problem, setProblem] = useState<string | null>(null);
  const [bots, setBots] = useState<BotList['bots']>([]);
  useEffect(() => {
    botList().then(setBots, () => setBots([]));
  }, []);
  const playing = bots.filter((b) => b.kinds.includes(entry.kind));
  const firstBot: SeatChoice = `bot:${playing[0]?.name ?? 'random'}`;

  // A new kind starts from its own seats and defaults.
  useEffect(() => {
    setCount(entry.seats.counts.includes(count) ? count : entry.seats.min);
    setOptions(entry.options);
  }, [entry.kind]);

  const choiceOf = (seat: number): SeatChoice => choices[seat] ?? (seat === 0 ? 'me' : firstBot);
  const setChoice = (seat: number, c: SeatChoice) => {
    const next = Array.from({ length: count }, (_, i) => choiceOf(i));
    next[seat] = c;
    setChoices(next);
  };

  const mine = Array.from({ length: count }, (_, i) => choiceOf(i)).indexOf('me');
  const together = partnered(entry.kind, count, options);
  // Seats are named from where I sit; a table I do not sit at counts from its first seat.
  const place = (seat: number) => (mine < 0 ? `Seat ${seat + 1}` : seatPlace(seat, mine, count, together));

  /** The player invited to a seat, found by the name typed; null (with the reason said) when not one player. */
  const invitee = async (seat: number): Promise<string | null> => {
    const name = (invites[seat] ?? '').trim();
    const chosen = picked[seat];
    if (chosen && found[seat]?.some((p) => p.id === chosen)) return chosen;
    const { players } = await api.findPlayers(name, player.token);
    if (players.length === 1) return players[0].id;
    setFound((f) => ({ ...f, [seat]: players }));
    setProblem(
      players.length === 0
        ? `No player is called “${name}” (${place(seat).toLowerCase()}): names must match exactly.`
        : `Several players are called “${name}”: choose which one to invite (${place(seat).toLowerCase()}).`,
    );
    return null;
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    setProblem(null);
    const seats: SeatSpec[] = [];
    try {
      for (let i = 0; i < count; i++) {
        const c = choiceOf(i);
        if (c === 'me') seats.push({ player: 'me' });
        else if (c === 'open') seats.push({ open: true });
        else if (c === 'invite') {
          const id = await invitee(i);
          if (id === null) return;
          seats.push({ player: id });
        } else seats.push({ bot: c.slice('bot:'.length) });
      }
    } catch (err) {
      setProblem(problemText(err));
      return;
    }
    const changed = changedOptions(options, entry.options);
    const asked = clockOption(clock);
    if (asked) changed.clock = asked;
    try {
      const created = await api.createGame(
        { kind: entry.kind, seats, ...(Object.keys(changed).length ? { options: changed } : {}) },
        player.token,
      );
      go({ page: 'table', id: created.id });
    } catch (err) {
      setProblem(problemText(err));
    }
  };

  return (
    <section class="panel" id="create-table" aria-labelledby="create-h">
      <h2 id="create-h">Set up a table</h2>
      <form onSubmit={submit}>
        <div class="option">
          <label for="new-kind">Game</label>
          <select id="new-kind" onChange={(e) => setChosen(e.currentTarget.value)}>
            {games.map((g) => (
              <option key={g.kind} value={g.kind} selected={g.kind === entry.kind}>
                {g.title}
              </option>
            ))}
          </select>
        </div>
        <div class="option">
          <label for="new-seats">Seats</label>
          <select id="new-seats" onChange={(e) => setCount(Number(e.currentTarget.value))}>
            {entry.seats.counts.map((n) => (
              <option key={n} value={n} selected={n === count}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>Who sits where</legend>
          {Array.from({ length: count }, (_, seat) => (
            <div class="option seat-choice" key={seat}>
              <label for={`seat-${seat}`}>{place(seat)}</label>
              <select id={`seat-${seat}`} onChange={(e) => setChoice(seat, e.currentTarget.value as SeatChoice)}>
                <option value="me" selected={choiceOf(seat) === 'me'}>
                  Me
                </option>
                <option value="open" selected={choiceOf(seat) === 'open'}>
                  Open to anyone
                </option>
                {playing.map((b) => (
                  <option
                    key={b.name}
                    value={`bot:${b.name}`}
                    selected={choiceOf(seat) === `bot:${b.name}`}
                    title={b.description}
                  >
                    {b.title}
                  </option>
                ))}
                <option value="invite" selected={choiceOf(seat) === 'invite'}>
                  Invite a player by name
                </option>
              </select>
              {choiceOf(seat) === 'invite' && (
                <input
                  aria-label={`Name of the player to invite (${place(seat).toLowerCase()})`}
                  placeholder="their name"
                  required
                  maxLength={60}
                  value={invites[seat] ?? ''}
                  onInput={(e) => {
                    const next = [...invites];
                    next[seat] = e.currentTarget.value;
                    setInvites(next);
                    setFound(({ [seat]: _, ...rest }) => rest);
                    setPicked(({ [seat]: _, ...rest }) => rest);
                  }}
                />
              )}
              {choiceOf(seat) === 'invite' && (found[seat]?.length ?? 0) > 1 && (
                <select
                  class="invitee-choice"
                  aria-label={`Which “${(invites[seat] ?? '').trim()}” to invite`}
                  onChange={(e) => setPicked((p) => ({ ...p, [seat]: e.currentTarget.value }))}
                >
                  <option value="">Choose one…</option>
                  {found[seat].map((p) => (
                    <option key={p.id} value={p.id} selected={picked[seat] === p.id}>
                      {p.name}, a player since {new Date(p.createdAt).toLocaleDateString()}
                    </option>
                  ))}
                </select>
              )}
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend>Options</legend>
          <SchemaFields schema={entry.optionsSchema} values={options} onChange={setOptions} idPrefix="option" />
        </fieldset>
        <ClockFields clock={clock} onChange={setClock} />
        <Alert problem={problem && `The table was not created: ${problem}`} />
        <button type="submit">Create the table</button>
      </form>
    </section>
  );
}
