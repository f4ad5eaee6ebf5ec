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
/** EventSource cannot send headers: the stream routes also take the token from a cookie. */
const IN_COOKIE: Requirement = { streamToken: [] };
/** A game's stream: a seat's or player's token, in a header or the cookie, or nothing (a spectator). */
export const STREAM_SEAT_OR_SPECTATOR: Requirement[] = [...SEAT, IN_COOKIE, {}];
/** A player's stream: a player token, in a header or the cookie. */
export const STREAM_PLAYER: Requirement[] = [...PLAYER, IN_COOKIE];
