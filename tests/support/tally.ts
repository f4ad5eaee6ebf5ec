import { type Game, IllegalMove, type Static, Type } from '../../src/engine';

/**
 * A game for testing the service under concurrency: any seat may add a mark at any time, each mark
 * numbered by the client, until `target` marks are down. Every ordering of marks is legal, so a burst
 * of concurrent posts contends only for positions in the log.
 */
const actionSchema = Type.Object({ type: Type.Literal('mark'), n: Type.Integer() }, { additionalProperties: false });
type Action = Static<typeof actionSchema>;
interface State {
  marks: { seat: number; n: number }[];
  target: number;
}

export const tally: Game<State, Action, { target: number }> = {
  kind: 'tally',
  title: 'Tally (test game)',
  blurb: 'Each seat adds marks until the tally reaches the target.',
  seats: { min: 2, max: 2 },
  optionsSchema: Type.Object(
    { target: Type.Optional(Type.Integer({ minimum: 1, default: 1000 })) },
    { additionalProperties: false },
  ),
  actionSchema,
  viewSchema: Type.Object({
    marks: Type.Array(Type.Object({ seat: Type.Integer(), n: Type.Integer() }), { description: 'the marks down, in order' }),
    target: Type.Integer({ description: 'how many marks end the game' }),
  }),
  rules: 'Any seat marks any number not yet marked; the game ends when target marks are down.',
  dealing: 'No cards.',
  cards: () => [],
  setup: (ctx) => ({ marks: [], target: ctx.options.target }),
  legalActions: (s) => {
    if (s.marks.length >= s.target) return [];
    const taken = new Set(s.marks.map((m) => m.n));
    return Array.from({ length: 500 }, (_, n) => ({ type: 'mark' as const, n })).filter((a) => !taken.has(a.n));
  },
  apply(s, seat, action) {
    if (s.marks.some((m) => m.n === action.n)) throw new IllegalMove(`${action.n} is already marked`);
    return { ...s, marks: [...s.marks, { seat, n: action.n }] };
  },
  defaultAction: (s) => {
    const taken = new Set(s.marks.map((m) => m.n));
    return { type: 'mark', n: [...Array(s.target + 1).keys()].find((n) => !taken.has(n)) ?? 0 };
  },
  view: (s) => s,
  status: (s) => {
    const finished = s.marks.length >= s.target;
    return {
      toAct: finished ? [] : [0, 1],
      finished,
      scores: [0, 1].map((seat) => s.marks.filter((m) => m.seat === seat).length),
      ...(finished ? { result: { winners: [0, 1], summary: 'done' } } : {}),
    };
  },
};
