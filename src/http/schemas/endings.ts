import Type from 'typebox';
import { named } from '../openapi/components';

/** Schemas of resign, abort and rematch. */

export const RematchAnswer = named(
  'RematchAnswer',
  Type.Object(
    {
      id: Type.String({ description: 'the game the rematch follows' }),
      asked: Type.Array(Type.Integer(), {
        description: 'the seats that have asked for the rematch so far (bots ask at once)',
      }),
      rematch: Type.Union(
        [
          Type.Object({
            id: Type.String({ description: 'the new game' }),
            seat: Type.Integer({ description: 'the caller’s seat there: its seat here plus one, the last seat going first' }),
            token: Type.String({ description: 'a seat token for that seat (a JWT): keep it secret' }),
          }),
          Type.Null(),
        ],
        { description: 'the rematch once every seat has asked; null until then' },
      ),
    },
    { additionalProperties: false, description: 'who has asked for a rematch, and the rematch once everyone has' },
  ),
);
