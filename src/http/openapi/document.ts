import type { SwaggerOptions } from '@fastify/swagger';
import type { AnyGame } from '../../engine';
import { notificationWebhooks } from '../schemas/webhooks';
import { refineByKind } from './by-kind';

type Media = { schema?: { $ref?: string }; examples?: Record<string, { summary: string; value: unknown }> };
type Document = ReturnType<typeof refineByKind>;

/**
 * A request body's examples, offered where Swagger UI and other tools look first: on the body itself,
 * named, from its schema's `examples` (a test sends each one and expects the documented status).
 */
function requestExamples(doc: Document): Document {
  for (const item of Object.values(
    doc.paths as Record<string, Record<string, { requestBody?: { content: Record<string, Media> } }>>,
  ))
    for (const operation of Object.values(item)) {
      const media = operation.requestBody?.content['application/json'];
      const name = media?.schema?.$ref?.replace('#/components/schemas/', '');
      const values = name ? (doc.components.schemas[name].examples as unknown[] | undefined) : undefined;
      if (!media || !values) continue;
      media.examples = Object.fromEntries(values.map((value, i) => [`example${i + 1}`, { summary: `Example ${i + 1}`, value }]));
    }
  return doc;
}

export const API_INFO = {
  title: 'Card table',
  version: '1.0.0',
  description:
    'Eighteen traditional card games, played asynchronously over REST. Create a game, hand each player a seat token, ' +
    'post moves whenever you like, read a view that shows only what your seat may know, and audit the whole history afterwards. ' +
    'Every error is RFC 9457 application/problem+json with a stable `code`; each operation lists the codes it may send.',
  // Who runs this server; deployments name themselves here.
  contact: { name: 'Card table maintainers' },
};

/** The options of @fastify/swagger: the document's frame, its named schemas, and its refinement per kind. */
export function documentOptions(games: ReadonlyMap<string, AnyGame>): SwaggerOptions {
  return {
    // A named schema (openapi/components.ts) is a component under its own name.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    // `const` is JSON Schema 2020-12, which OpenAPI 3.1 speaks: generators make literal types of it.
    convertConstToEnum: false,
    openapi: {
      openapi: '3.1.0',
      info: API_INFO,
      // A public API (x-internal: false): its document is served by the server it describes.
      servers: [
        {
          url: '/',
          description: 'the server that serves this document, local or production alike',
          'x-internal': false,
        } as { url: string; description: string },
      ],
      tags: [
        { name: 'catalog', description: 'The games and their rules' },
        { name: 'games', description: 'Creating games and their public summaries' },
        { name: 'lobby', description: 'Tables waiting for players: listing, joining, leaving' },
        { name: 'play', description: 'Seat views, moves and live updates' },
        { name: 'players', description: 'Players, their games, notifications (a stream, webhooks)' },
        { name: 'ratings', description: 'Ratings per kind: leaderboards, public profiles, rating histories' },
        { name: 'history', description: 'The move log and replays, for auditing' },
        { name: 'tournaments', description: 'Swiss and round robin tournaments, duplicate deals, standings' },
        {
          name: 'log',
          description: 'The tamper-evident log: the key that signs every checkpoint, inclusion and consistency proofs',
        },
        { name: 'service', description: 'Health' },
      ],
      // Anyone by default: each route that needs a token says which.
      security: [{}],
      // A TypeBox schema is the JSON Schema OpenAPI 3.1 takes, though the swagger types spell schemas otherwise.
      webhooks: notificationWebhooks as never,
      components: {
        securitySchemes: {
          seatToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The seat token from POST /games (or a join, or a rematch): a JWT scoped to one game and one seat. Signed ' +
              'with HS256 under a server secret, the algorithm pinned when it is verified (never taken from the token), its ' +
              'audience and subject checked, as RFC8725 (JWT Best Current Practices) asks. It names the holding of the seat ' +
              'it was issued for: it lives as long as that holding (the seat changing hands, or its player rotating its ' +
              'token, ends it: 401 token-revoked).',
          },
          playerToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The player token from POST /players (ctp_...): random, not a JWT, kept by the server only as a hash. It ' +
              'works wherever a seat token does, for the seat the player holds.',
          },
          streamToken: {
            type: 'apiKey',
            in: 'cookie',
            name: 'card_table_token',
            description:
              'A stream ticket (POST /games/{id}/stream-ticket, POST /players/me/stream-ticket) in the cookie card_table_token, ' +
              'read on the two stream routes only, for EventSource (which cannot send headers). It opens that one stream, for ' +
              'a day, and nothing else: never put a seat or player token in a cookie. A page sets it for the stream’s own ' +
              'path, SameSite=Strict; an Authorization header wins over it.',
          },
        },
      },
    },
    transformObject: (documents) =>
      requestExamples(refineByKind((documents as { openapiObject: never }).openapiObject, games)) as never,
  };
}
