import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/** Compressed copies kept at most: the catalog's, the document's and the most recently asked records'. */
const KEPT = 500;

/** The best encoding the client accepts (brotli, then gzip), or none: `Accept-Encoding` read with its q-values. */
function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (!q || Number(q[1]) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

const compressors: Record<Encoding, (text: string) => Buffer> = {
  br: (text) =>
    brotliCompressSync(text, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) },
    }),
  gzip: (text) => gzipSync(text),
};

/**
 * Large answers that change only with their version (the OpenAPI document, the catalog, a finished
 * game's record) compressed once per (what, version, encoding) and then served from that copy:
 * compressing 760 KB with brotli on every request was a cheap way to load the server. Their routes
 * opt out of the per-request compression (`compress: false`).
 */
export function compressedCopies(options: { threshold: number; onCompress?: (key: string, encoding: string) => void }) {
  const copies = new Map<string, Buffer>();

  function copy(key: string, encoding: Encoding, json: string): Buffer {
    const id = `${key}\u0000${encoding}`;
    const kept = copies.get(id);
    if (kept) {
      // Most recently used last: the oldest goes first when the map is full.
      copies.delete(id);
      copies.set(id, kept);
      return kept;
    }
    options.onCompress?.(key, encoding);
    const made = compressors[encoding](json);
    if (copies.size >= KEPT) copies.delete(copies.keys().next().value as string);
    copies.set(id, made);
    return made;
  }

  return {
    /**
     * Sends the answer's JSON text compressed as the client accepts, from the copy kept under `key`
     * (which must name the version), or plain when the client takes no compression or the text is
     * too small to be worth it.
     */
    send(request: FastifyRequest, reply: FastifyReply, key: string, json: string) {
      // Added to what the answer varies on already (Origin, where CORS set it), never in its place.
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding').type('application/json; charset=utf-8');
      const encoding = json.length >= options.threshold ? acceptedEncoding(request.headers['accept-encoding']) : null;
      if (encoding === null) return reply.send(json as never);
      return reply.header('content-encoding', encoding).send(copy(key, encoding, json) as never);
    },
  };
}

export type CompressedCopies = ReturnType<typeof compressedCopies>;
