import { NOTIFICATION_TYPES, notificationSchemaName, webhookSchemaName } from '../schemas/events';
import { API_INFO } from './document';

/**
 * The AsyncAPI 3 document of the events (openapi/asyncapi.json): the game stream, the player stream
 * and the webhooks, made from the OpenAPI document the server serves, so both speak of the same
 * schemas. AsyncAPI has no binding for Server-Sent Events: the streams are described with the HTTP
 * binding (a GET whose answer carries the messages), the webhooks as POSTs to the player's URL.
 */

type Json = Record<string, unknown>;
interface OpenApiDocument {
  info: { version: string };
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, { description?: string }>>;
  webhooks: Record<string, { post: { parameters: { name: string; description: string; schema: Json }[]; description: string } }>;
}

const HTTP = { bindingVersion: '0.3.0' };

/**
 * An OpenAPI schema as an AsyncAPI one: the same JSON Schema, but an AsyncAPI schema's
 * `discriminator` is the property's name alone, where OpenAPI's is an object with a mapping.
 */
function converted(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(converted);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'discriminator' && value && typeof value === 'object' && 'propertyName' in value
        ? (value as { propertyName: string }).propertyName
        : key === 'properties' || key === '$defs'
          ? Object.fromEntries(Object.entries(value as Json).map(([name, s]) => [name, converted(s)]))
          : converted(value),
    ]),
  );
}

const ref = (to: string) => ({ $ref: to });
const schema = (name: string) => ref(`#/components/schemas/${name}`);

/** One stream message: its SSE event name, its data's schema, and what its id is. */
function streamMessage(event: string, payload: string, summary: string, id: string): Json {
  return {
    name: event,
    title: `\`${event}\``,
    summary,
    description: `An SSE message \`event: ${event}\`, its \`data\` one line of JSON (the payload); its \`id\`: ${id}.`,
    contentType: 'application/json',
    payload: schema(payload),
    bindings: { http: { ...HTTP, statusCode: 200 } },
  };
}

export function asyncApiDocument(openapi: OpenApiDocument): Json {
  const hook = Object.values(openapi.webhooks)[0].post;
  const headers = {
    type: 'object',
    required: hook.parameters.map((p) => p.name),
    properties: Object.fromEntries(hook.parameters.map((p) => [p.name, { ...p.schema, description: p.description }])),
  };
  const meaning = (type: string) =>
    String((openapi.components.schemas[notificationSchemaName(type as never)] as Json).description);

  const gameMessages = {
    view: streamMessage('view', 'View', 'the caller’s view, whole, after a change', 'the game’s revision (Last-Event-ID)'),
    end: streamMessage('end', 'GameStreamEnd', 'the stream closes, and why', 'the last revision, when the game is over'),
  };
  const playerMessages = {
    ...Object.fromEntries(
      NOTIFICATION_TYPES.map((t) => [
        t,
        streamMessage(t, notificationSchemaName(t), meaning(t), 'the notification’s seq (Last-Event-ID)'),
      ]),
    ),
    end: streamMessage('end', 'PlayerStreamEnd', 'the stream closes, and why', 'none'),
  };
  const webhookMessages = Object.fromEntries(
    NOTIFICATION_TYPES.map((t) => [
      t,
      {
        name: t,
        title: `\`${t}\` webhook`,
        summary: meaning(t),
        description: hook.description,
        contentType: 'application/json',
        headers,
        payload: schema(webhookSchemaName(t)),
        bindings: { http: HTTP },
      },
    ]),
  );
  const messagesOf = (channel: string, messages: Json) =>
    Object.keys(messages).map((name) => ref(`#/channels/${channel}/messages/${name}`));

  return {
    asyncapi: '3.1.0',
    info: {
      title: `${API_INFO.title}: events`,
      version: openapi.info.version,
      description:
        'The events of the card-table API: the Server-Sent Events of a game’s stream and of a player’s stream, and the ' +
        'notifications POSTed to webhooks (Standard Webhooks). The same schemas as the OpenAPI document (openapi.json).',
      contact: API_INFO.contact,
    },
    defaultContentType: 'application/json',
    channels: {
      gameStream: {
        address: '/games/{id}/stream',
        title: 'A game’s stream',
        description: openapi.paths['/games/{id}/stream'].get.description,
        parameters: { id: { description: 'the game id' } },
        messages: gameMessages,
      },
      playerStream: {
        address: '/players/me/stream',
        title: 'My stream',
        description: openapi.paths['/players/me/stream'].get.description,
        messages: playerMessages,
      },
      webhook: {
        address: null,
        title: 'A webhook',
        description: 'The URL a player registered (POST /players/me/webhooks): every notification is POSTed there.',
        messages: webhookMessages,
      },
    },
    operations: {
      streamGame: {
        action: 'send',
        title: 'A game’s stream',
        summary: 'GET /games/{id}/stream (text/event-stream): `view` after every change, then `end`',
        channel: ref('#/channels/gameStream'),
        messages: messagesOf('gameStream', gameMessages),
        bindings: { http: { ...HTTP, method: 'GET' } },
      },
      streamMyNotifications: {
        action: 'send',
        title: 'My stream',
        summary: 'GET /players/me/stream (text/event-stream): each notification as it comes, then `end`',
        channel: ref('#/channels/playerStream'),
        messages: messagesOf('playerStream', playerMessages),
        bindings: { http: { ...HTTP, method: 'GET' } },
      },
      deliverWebhook: {
        action: 'send',
        title: 'Webhook deliveries',
        summary: 'POST to each of the player’s webhooks: 2xx takes it, 410 ends the webhook, anything else is retried',
        channel: ref('#/channels/webhook'),
        messages: messagesOf('webhook', webhookMessages),
        bindings: { http: { ...HTTP, method: 'POST' } },
      },
    },
    components: { schemas: converted(openapi.components.schemas) },
  };
}
