/** Who may call a route, as the document says it (the handlers check it). */

type Requirement = Record<string, string[]>;

/** A seat token, or the player token of the player holding a seat. */
export const SEAT: Requirement[] = [{ seatToken: [] }, { playerToken: [] }];
/** The same, or nothing at all: a spectator. */
export const SEAT_OR_SPECTATOR: Requirement[] = [...SEAT, {}];
/** A player token. */
export const PLAYER: Requirement[] = [{ playerToken: [] }];
/** A player token, or nothing at all. */
export const PLAYER_OR_ANYONE: Requirement[] = [...PLAYER, {}];
