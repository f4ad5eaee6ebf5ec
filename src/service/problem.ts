/**
 * An error the client caused or must know about, with the HTTP status and the stable `code` that
 * the http layer turns into an RFC 9457 problem+json body.
 */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
    /** Headers that go with the answer (Retry-After with a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'Problem';
  }
}

export const notFound = (id: string) => new Problem(404, 'game-not-found', `there is no game ${id}`);
