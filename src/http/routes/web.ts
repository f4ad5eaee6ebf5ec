import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendProblem } from '../problem';

/** Where `npm run build` writes the front end built from web/: dist/web, beside the compiled server. */
export const WEB_ROOT = fileURLToPath(new URL('../../../dist/web/', import.meta.url));

/**
 * The page runs only the bundle the server sends: no inline script or style, no other origin. Its
 * API calls go to this origin (connect-src 'self'), streams included.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const pageHeaders = (reply: FastifyReply) =>
  reply
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer');

/**
 * The web table at `/`: the page, and its bundle under /assets/ (file names carry a content hash, so
 * they are cached for good). Every other path stays the API's, with its problem+json 404.
 */
export const webRoutes: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  const index = join(root, 'index.html');
  const page = existsSync(index) ? readFileSync(index, 'utf8') : null;
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    if (page === null) {
      return sendProblem(reply, request, 404, 'web-not-built', 'the web front end is not built here: run npm run build');
    }
    return pageHeaders(reply).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });
  if (page === null) return;
  await app.register(fastifyStatic, {
    root: join(root, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    immutable: true,
    // The build writes each asset's .br and .gz beside it: the smallest the client accepts is sent as it is.
    preCompressed: true,
    maxAge: '365d',
    setHeaders: (reply) => {
      pageHeaders(reply);
    },
  });
};
