import Type from 'typebox';
import { named } from '../openapi/components';

/** RFC 9457 problem details: every error answer of the API. */
export const ProblemRef = named(
  'Problem',
  Type.Object(
    {
      type: Type.String({ description: 'a stable URI naming the kind of problem: urn:card-table:problem:<code>' }),
      title: Type.String({ description: 'the HTTP status, in words' }),
      status: Type.Integer({ description: 'the HTTP status code' }),
      code: Type.String({ description: 'a stable machine-readable code, e.g. illegal-move, version-conflict' }),
      detail: Type.String({ description: 'what went wrong, for a person' }),
      instance: Type.Optional(Type.String({ description: 'the request URL' })),
      version: Type.Optional(Type.Integer({ description: 'the game version when the problem concerns a move' })),
      size: Type.Optional(
        Type.Integer({ description: 'the leaves in the game’s log now, when a proof was asked for a size beyond it' }),
      ),
      errors: Type.Optional(
        Type.Array(
          Type.Object({
            path: Type.String({ description: 'where in the request: body/action/type, querystring/limit...' }),
            message: Type.String({ description: 'what is wrong there' }),
          }),
          { description: 'each part of the request that does not fit the schema (code validation)' },
        ),
      ),
    },
    { description: 'RFC 9457 problem details (application/problem+json)' },
  ),
);
