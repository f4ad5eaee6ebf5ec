import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { sendProblem } from './problem';

/** Echoing a 20 KB URL back in `instance` would only amplify the request. */
const shortUrl = (url: string) => (url.length > 200 ? `${url.slice(0, 200)}…` : url);

function problemBody(status: number, code: string, detail: string, instance?: string) {
  return JSON.stringify({
    type: `urn:card-table:problem:${code}`,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    code,
    detail,
    instance,
  });
}

/**
 * Requests that Node's HTTP parser refuses before Fastify sees them (headers too large, not HTTP at
 * all, too slow). Node would answer in plain text and Fastify's default in its own JSON: both are
 * outside the problem+json contract, so the answer is written here, on the raw socket, which is then
 * closed (the parser cannot resynchronize on it).
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers-too-large', `the request line and headers exceed ${maxHeaderSize} bytes`]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request-timeout', 'the request did not arrive in time']
        : [400, 'malformed-request', 'the request is not valid HTTP/1.1'];
  if (socket.writable) {
    const body = problemBody(status, code, detail);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Errors Fastify's router raises before any route or hook runs: a URL it cannot decode, a path parameter too long. */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const instance = { instance: shortUrl(request.url) };
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return sendProblem(
        reply,
        request,
        400,
        'malformed-url',
        'the URL is not valid: a percent-escape does not decode',
        instance,
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendProblem(reply, request, 414, 'uri-too-long', 'a path parameter is longer than any id this API uses', instance);
    default:
      request.log.error({ err: error }, 'router failed');
      return sendProblem(reply, request, 500, 'internal', 'the server failed; the error is logged', instance);
  }
}

/** Fastify server options that keep errors raised below the routes in the problem+json contract. */
export const transportProblemOptions = {
  clientErrorHandler,
  frameworkErrors,
} satisfies Partial<FastifyServerOptions>;

const CODES: Record<number, string> = { 406: 'not-acceptable', 503: 'unavailable' };

/**
 * The last guard of the contract: an error answer that a plugin wrote in its own format (e.g. the SSE
 * plugin's 406 for a client that refuses text/event-stream) leaves as problem+json all the same.
 * Almost always, the payload is passed on untouched.
 */
export function asProblem(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const status = reply.statusCode;
  if (status < 400 || String(reply.getHeader('content-type') ?? '').startsWith('application/problem+json')) return payload;
  let detail = STATUS_CODES[status] ?? 'error';
  if (typeof payload === 'string') {
    try {
      const message = JSON.parse(payload).message;
      if (typeof message === 'string') detail = message;
    } catch {}
  }
  reply.type('application/problem+json; charset=utf-8');
  return problemBody(status, CODES[status] ?? (status >= 500 ? 'internal' : 'bad-request'), detail, shortUrl(request.url));
}
