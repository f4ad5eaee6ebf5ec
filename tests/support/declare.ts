import { type Game, IllegalMove, type Static, Type } from '../../src/engine';

/**
 * A game whose result a test writes: each seat in turn declares its points (0 to 20), and the game
 * ends when every seat has; the most points win, ties share. For scripting rated results exactly.
 */
const actionSchema = Type.Object(
  { type: Type.Literal('declare'), points: Type.Integer({ minimum: 0, maximum: 20 }) },
  { additionalProperties: false },
);
type Action = Static<typeof actionSchema>;
interface State {
  points: (number | null)[];
}

const next = (s: State) => s.points.indexOf(null);

export const declare: Game<State, Action, Record<string, never>> = {
  kind: 'declare',
  title: 'Declare (test game)',
  blurb: 'Each seat declares its points; the most points win.',
  seats: { min: 2, max: 4 },
  optionsSchema: Type.Object({}, { additionalProperties: false }),
  actionSchema,
  viewSchema: Type.Object({
    points: Type.Array(Type.Union([Type.Integer(), Type.Null()]), { description: 'each seat’s points, null until declared' }),
  }),
  rules: 'Seat 0 declares, then seat 1, and so on; the most points win.',
  dealing: 'No cards.',
  cards: () => [],
  setup: (ctx) => ({ points: Array(ctx.seats).fill(null) }),
  legalActions: (s, seat) =>
    next(s) === seat ? Array.from({ length: 21 }, (_, points) => ({ type: 'declare' as const, points })) : [],
  apply(s, seat, action) {
    if (next(s) !== seat) throw new IllegalMove('not your turn');
    return { points: s.points.map((p, i) => (i === seat ? action.points : p)) };
  },
  defaultAction: () => ({ type: 'declare', points: 0 }),
  view: (s) => s,
  status: (s) => {
    const finished = next(s) === -1;
    const scores = s.points.map((p) => p ?? 0);
    const best = Math.max(...scores);
    const winners = scores.flatMap((p, seat) => (p === best ? [seat] : []));
    return {
      toAct: finished ? [] : [next(s)],
      finished,
      scores,
      ...(finished ? { result: { winners, summary: `seats ${winners.join(', ')} win` } } : {}),
    };
  },
};

/** The same game played by two partnerships, seats 0 and 2 against 1 and 3, as Kaiser's are. */
export const declareTeams: typeof declare = {
  ...declare,
  kind: 'declare-teams',
  title: 'Declare in teams (test game)',
  seats: { min: 4, max: 4 },
  sides: () => [
    [0, 2],
    [1, 3],
  ],
};
