import Type, { type Static } from 'typebox';

/**
 * A game record: one JSON document that holds everything needed to check a finished game offline:
 * what was played, by whom, from which seed, every event in order with its time, and how it ended,
 * with the log's Merkle tree: its genesis, each event's salt, every leaf hash and the signed head.
 * `npm run verify -- record.json` recomputes the tree and replays it through the engine (src/record/verify.ts).
 */
export const RECORD_FORMAT = 'card-table/record@2';

const Base64 = (description: string) => Type.String({ pattern: '^[A-Za-z0-9+/]*={0,2}$', description });

/** A game's tree head, signed: on every view, summary and move answer, and the last one in the record. */
export const CheckpointSchema = Type.Object(
  {
    size: Type.Integer({ minimum: 1, description: 'the leaves in the game’s log: its version + 1 (leaf 0 is the genesis)' }),
    root: Base64('the tree head (RFC 9162 §2.1.1), SHA-256, standard padded base64'),
    signature: Base64(
      'Ed25519 over the text `card-table/game/<id>\\n<size>\\n<root>\\n` (root in base64), standard padded base64; GET /log/key gives the key',
    ),
  },
  { description: 'the game’s log as the server signed it: keep the last one you saw, and check the next against it' },
);

const RecordClock = Type.Union(
  [
    Type.Object({ perMove: Type.Integer(), onTimeout: Type.String(), vacation: Type.Optional(Type.Boolean()) }),
    Type.Object({
      bank: Type.Object({ initial: Type.Integer(), increment: Type.Integer(), max: Type.Integer() }),
      onTimeout: Type.String(),
      vacation: Type.Boolean(),
    }),
    Type.Null(),
  ],
  { description: 'the clock, if any: a time per move or a time bank (seconds)' },
);

const TournamentTable = Type.Object(
  {
    id: Type.String({ description: 'the tournament' }),
    round: Type.Integer({ minimum: 1, description: 'its round, from 1' }),
    table: Type.Integer({ minimum: 1, description: 'the table, from 1, in the order the round lists them' }),
  },
  { description: 'the tournament table this game was seated as' },
);

const Genesis = Type.Object(
  {
    id: Type.String({ description: 'the game id' }),
    kind: Type.String({ description: 'the game kind' }),
    engineVersion: Type.Integer({ description: 'the engine version' }),
    options: Type.Record(Type.String(), Type.Unknown(), { description: 'the options as resolved at creation' }),
    clock: RecordClock,
    seatCount: Type.Integer({ minimum: 1, description: 'the number of seats' }),
    seedHash: Type.String({ description: 'the SHA-256 of the seed' }),
    dealtBy: Type.String({ description: 'server, client-seed or client-deck' }),
    createdAt: Type.String({ format: 'date-time', description: 'when the game was created' }),
    deckHash: Type.Optional(
      Type.String({
        description: 'for a stacked first deal: HMAC-SHA256 of `deck:<its canonical JSON>` keyed by the seed, lowercase hex',
      }),
    ),
    tournament: Type.Optional(TournamentTable),
  },
  { description: 'leaf 0 of the log: what the game is, fixed at its creation (its fields are the record’s own)' },
);

const Seat = Type.Object({
  seat: Type.Integer({ minimum: 0, description: 'the seat number, from 0 in turn order' }),
  name: Type.Union([Type.String(), Type.Null()], { description: 'the display name, if any' }),
  occupant: Type.String({ description: 'who held the seat: guest (a seat token), player, bot' }),
  player: Type.Optional(Type.String({ description: 'the player who held the seat' })),
  bot: Type.Optional(Type.String({ description: 'the bot that played the seat' })),
});

/** A rating as the API and the record show it (README: Ratings). */
export const RatingValue = (description: string) =>
  Type.Object(
    {
      rating: Type.Integer({ description: 'the shown rating: round((mu - 3 sigma) * 40 + 1000)' }),
      mu: Type.Number({ description: 'openskill’s estimate of skill' }),
      sigma: Type.Number({ description: 'the uncertainty of mu' }),
    },
    { description },
  );

const RecordedEvent = Type.Object({
  seq: Type.Integer({ minimum: 1, description: 'the position in the log: 1, 2, 3...' }),
  seat: Type.Integer({ minimum: 0, description: 'the seat the event belongs to' }),
  kind: Type.String({
    description:
      'move (a game action), what the table did (resign, forfeit, abort), or what the clocks did (vacation, resume, gift)',
  }),
  by: Type.String({ description: 'who made it: the seat, its clock, its bot, or the service' }),
  action: Type.Object({ type: Type.String() }, { additionalProperties: true, description: 'the action, as logged' }),
  at: Type.String({ format: 'date-time', description: 'when it was appended' }),
  salt: Type.String({
    pattern: '^[0-9a-f]{64}$',
    description: 'HMAC-SHA256 of `event:<seq>` keyed by the seed, lowercase hex: it hid the leaf from guesses during play',
  }),
});

export const GameRecordDocument = Type.Object(
  {
    format: Type.Literal(RECORD_FORMAT, { description: 'the record format and its version' }),
    id: Type.String({ description: 'the game id' }),
    kind: Type.String({ description: 'the game kind, from the catalog' }),
    title: Type.String({ description: 'the game title' }),
    engineVersion: Type.Integer({ description: 'the engine version that played it: a verifier must run the same rules' }),
    options: Type.Record(Type.String(), Type.Unknown(), { description: 'the options as resolved at creation' }),
    clock: RecordClock,
    seats: Type.Array(Seat, { description: 'every seat, in order' }),
    seed: Type.String({ description: 'the seed of every shuffle' }),
    seedHash: Type.String({ description: 'the SHA-256 of the seed, published when the game was created' }),
    dealtBy: Type.String({ description: 'server (provably fair), client-seed or client-deck' }),
    deck: Type.Optional(Type.Array(Type.String(), { description: 'the stacked first deal, top first, if one was given' })),
    tournament: Type.Optional(TournamentTable),
    status: Type.String({ description: 'finished or aborted' }),
    scores: Type.Array(Type.Number(), { description: 'the final scores, by seat' }),
    result: Type.Union([Type.Object({ winners: Type.Array(Type.Integer()), summary: Type.String() }), Type.Null()], {
      description: 'who won, or null for an aborted game',
    }),
    createdAt: Type.String({ format: 'date-time', description: 'when the game was created' }),
    ratingChanges: Type.Optional(
      Type.Array(
        Type.Object({
          seat: Type.Integer({ minimum: 0, description: 'the seat' }),
          player: Type.String({ description: 'the rated identity who held it: a player id, or bot:<name>' }),
          before: RatingValue('the rating of this kind before the game'),
          after: RatingValue('the rating of this kind after it'),
        }),
        {
          description:
            'a rated game’s rating changes, by seat (openskill Plackett-Luce; README: Ratings); not part of the signed log: `npm run admin -- ratings verify` recomputes them',
        },
      ),
    ),
    events: Type.Array(RecordedEvent, {
      description:
        'every event of the log, in order: leaf i of the tree is event i, exactly as listed here (RFC 8785 canonical JSON)',
    }),
    genesis: Genesis,
    leafHashes: Type.Array(Base64('a leaf hash, SHA-256(0x00 || canonical JSON), base64'), {
      description:
        'every leaf hash (0: the genesis, then each event) as the server stored it when the leaf was appended: an event that does not hash to its own was changed',
    }),
    checkpoint: CheckpointSchema,
    logKey: Base64(
      'the public key that signed the checkpoint: 32 raw Ed25519 bytes, base64 (trust it only if it is GET /log/key’s)',
    ),
  },
  { description: 'everything needed to check a finished game offline' },
);
export type GameRecordDocument = Static<typeof GameRecordDocument>;
