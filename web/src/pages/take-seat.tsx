import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, type GameSummary, type Player, problemText } from '../api';
import { Alert } from '../problem';
import { canTake } from '../seats';
import { becomePlayer } from '../session';

/**
 * A waiting table seen by someone not at it (its share link opened): the seats they may take, one
 * click each. A newcomer gives a name first, in the same form: it becomes their player, then takes
 * the seat. A table with no seat for them says so; once full, the link simply shows the game.
 */
export function TakeSeat({
  summary,
  player,
  setPlayer,
  seatName,
  taken,
}: {
  summary: GameSummary;
  player: Player | null;
  setPlayer(p: Player): void;
  seatName(seat: number): string;
  taken(): void;
}) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const free = summary.seats.filter((s) => (player ? canTake(s, player.id) : s.occupant === 'open'));
  const take = async (seat: number) => {
    setProblem(null);
    try {
      let me = player;
      me ??= await becomePlayer(name, setPlayer);
      await api.join(summary.id, seat, me.token);
      taken();
    } catch (e) {
      setProblem(problemText(e));
    }
  };
  if (free.length === 0) return <p>No seat here is open to you: you may watch the game once it starts.</p>;
  const label = (seat: number) => (free.length === 1 ? 'Take the seat' : `Take the seat of ${seatName(seat)}`);
  const buttons = free.map((s) => (
    <button
      type="button"
      key={s.seat}
      onClick={(e) => {
        // A newcomer's name comes first: the form says what is missing.
        if (!player && !e.currentTarget.form?.reportValidity()) return;
        take(s.seat);
      }}
    >
      {label(s.seat)}
    </button>
  ));
  if (player) {
    return (
      <>
        <div class="row">{buttons}</div>
        <Alert problem={problem} />
      </>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        take(free[0].seat);
      }}
    >
      <NameField id="newcomer-name" name={name} setName={setName}>
        {buttons}
      </NameField>
      <small class="hint">You become a player on this browser (your token stays in its localStorage).</small>
      <Alert problem={problem} />
    </form>
  );
}

/** The name a newcomer sits under, with the button(s) that make them a player beside it. */
export function NameField({
  id,
  name,
  setName,
  children,
}: {
  id: string;
  name: string;
  setName(name: string): void;
  children: ComponentChildren;
}) {
  return (
    <>
      <label for={id}>Your name at the table</label>
      <div class="row">
        <input
          id={id}
          required
          maxLength={60}
          autoComplete="nickname"
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        {children}
      </div>
    </>
  );
}
