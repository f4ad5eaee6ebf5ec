import Type, { type Static } from 'typebox';

/**
 * A game record: one JSON document that holds everything needed to check a finished game offline:
 * what was played, by whom, from which seed, every event in order with its time, and how it ended.
 * `npm run verify -- record.json` replays it through the engine (src/record/verify.ts).
 */
export const RECORD_FORMAT = 'card-table/record@1';

const Seat = Type.Object({
  seat: Type.Integer({ minimum: 0, description: 'the seat number, from 0 in turn order' }),
  name: Type.Union([Type.String(), Type.Null()], { description: 'the display name, if any' }),
  occupant: Type.String({ description: 'who held the seat: guest (a seat token), player, bot' }),
  player: Type.Optional(Type.String({ description: 'the player who held the seat' })),
  bot: Type.Optional(Type.String({ description: 'the bot that played the seat' })),
});

const RecordedEvent = Type.Object({
  seq: Type.Integer({ minimum: 1, description: 'the position in the log: 1, 2, 3...' }),
  seat: Type.Integer({ minimum: 0, description: 'the seat the event belongs to' }),
  kind: Type.String({ description: 'move (a game action), or what the table did: resign, forfeit, abort' }),
  by: Type.String({ description: 'who made it: the seat, its clock, its bot, or the service' }),
  action: Type.Object({ type: Type.String() }, { additionalProperties: true, description: 'the action, as logged' }),
  at: Type.String({ format: 'date-time', description: 'when it was appended' }),
});

export const GameRecordDocument = Type.Object(
  {
    format: Type.Literal(RECORD_FORMAT, { description: 'the record format and its version' }),
    id: Type.String({ description: 'the game id' }),
    kind: Type.String({ description: 'the game kind, from the catalog' }),
    title: Type.String({ description: 'the game title' }),
    engineVersion: Type.Integer({ description: 'the engine version that played it: a verifier must run the same rules' }),
    options: Type.Record(Type.String(), Type.Unknown(), { description: 'the options as resolved at creation' }),
    clock: Type.Union([Type.Object({ perMove: Type.Integer(), onTimeout: Type.String() }), Type.Null()], {
      description: 'the clock, if any',
    }),
    seats: Type.Array(Seat, { description: 'every seat, in order' }),
    seed: Type.String({ description: 'the seed of every shuffle' }),
    seedHash: Type.String({ description: 'the SHA-256 of the seed, published when the game was created' }),
    dealtBy: Type.String({ description: 'server (provably fair), client-seed or client-deck' }),
    deck: Type.Optional(Type.Array(Type.String(), { description: 'the stacked first deal, top first, if one was given' })),
    status: Type.String({ description: 'finished or aborted' }),
    scores: Type.Array(Type.Number(), { description: 'the final scores, by seat' }),
    result: Type.Union([Type.Object({ winners: Type.Array(Type.Integer()), summary: Type.String() }), Type.Null()], {
      description: 'who won, or null for an aborted game',
    }),
    createdAt: Type.String({ format: 'date-time', description: 'when the game was created' }),
    events: Type.Array(RecordedEvent, { description: 'every event of the log, in order' }),
  },
  { description: 'everything needed to check a finished game offline' },
);
export type GameRecordDocument = Static<typeof GameRecordDocument>;
