import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Problem } from '../service/problem';
import { NAME_FORMAT, NAME_RULE } from './schemas/names';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: string,
  detail: string,
  extra = {},
) {
  return reply
    .code(status)
    .header('x-content-type-options', 'nosniff')
    .type('application/problem+json')
    .send({
      type: `urn:card-table:problem:${code}`,
      title: TITLES[status] ?? 'Error',
      status,
      code,
      detail,
      instance: request.url,
      ...extra,
    });
}

/** Fastify's own errors (validation, bad JSON, body too large...) mapped to stable codes. */
function fastifyCode(e: FastifyError): string {
  if (e.validation) return 'validation';
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'malformed-json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body-too-large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported-media-type';
    default:
      return e.statusCode === 429 ? 'rate-limited' : 'bad-request';
  }
}

/** A name's refusal in words: a client is told the rule, not a regular expression. */
function ruleOf(v: { keyword: string; params?: Record<string, unknown> }): string | undefined {
  return v.keyword === 'format' && v.params?.format === NAME_FORMAT ? NAME_RULE : undefined;
}

/** Every error leaves as RFC 9457 application/problem+json, including Fastify's own and 404s. */
export function problemHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Problem, request, reply) => {
    if (error instanceof Problem) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return sendProblem(reply, request, error.status, error.code, error.detail, error.extra);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendProblem(
        reply,
        request,
        status,
        status === 503 ? 'unavailable' : 'internal',
        'the server failed; the error is logged',
      );
    }
    const errors = error.validation?.map((v) => ({
      path: `${error.validationContext ?? ''}${v.instancePath}`,
      message: ruleOf(v) ?? v.message ?? 'invalid',
    }));
    const detail = errors?.length ? `${errors[0].path} ${errors[0].message}` : error.message;
    return sendProblem(reply, request, status, fastifyCode(error), detail, errors ? { errors } : {});
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, request, 404, 'route-not-found', `no route ${request.method} ${request.url}`),
  );
}
