/** A view's fields, by name. */
type State = Record<string, unknown>;

/** The words said at the table when a play earns them: "Scopa!", "Xeri!", "Cactus!". */
export function announcement(kind: string, state: State, seatName: (seat: number) => string): string | null {
  const last = state.lastPlay as { seat?: number; scopa?: boolean; xeri?: boolean } | null | undefined;
  if ((kind === 'scopa' || kind === 'escoba') && last?.scopa && typeof last.seat === 'number')
    return `${kind === 'scopa' ? 'Scopa' : 'Escoba'}! ${seatName(last.seat)} swept the table.`;
  if (kind === 'xeri' && last?.xeri && typeof last.seat === 'number') return `Xeri! ${seatName(last.seat)} took a single card.`;
  if (kind === 'cactus' && typeof state.cactus === 'number' && state.end === null)
    return `Cactus! ${seatName(state.cactus)} called it: one more turn for the other.`;
  return null;
}
