/**
 * The `Prefer` request header (RFC 7240): a comma-separated list of `token [ "=" word ] *( ";" parameter )`.
 * Names are case-insensitive, a value may be a quoted string (which may hold commas), and a preference
 * given twice counts only the first time. Whatever is malformed is skipped, as the RFC asks of
 * preferences a server does not understand: a preference never makes a request fail.
 */

/** The header cut at its commas outside quoted strings: one piece per preference. */
function pieces(header: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const c = header[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(header.slice(start, i));
      start = i + 1;
    }
  }
  out.push(header.slice(start));
  return out;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The preferences the header states, by lowercase name, each with its value ('' when it has none). */
export function preferences(header: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const piece of header ? pieces(header) : []) {
    // The parameters after the first ';' belong to the preference; no preference this server knows has any.
    const head = piece.split(';', 1)[0];
    const eq = head.indexOf('=');
    const name = (eq < 0 ? head : head.slice(0, eq)).trim().toLowerCase();
    if (!TOKEN.test(name) || found.has(name)) continue;
    const raw = eq < 0 ? '' : head.slice(eq + 1).trim();
    found.set(name, raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw);
  }
  return found;
}

/** Whether the client asked for a minimal answer (`Prefer: return=minimal`). */
export const prefersMinimal = (header: string | undefined) => preferences(header).get('return')?.toLowerCase() === 'minimal';
