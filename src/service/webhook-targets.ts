import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Problem } from './problem';

/**
 * Where webhooks may point: http(s) URLs whose host resolves only to public addresses. Anything else
 * is refused (a webhook must not reach into the server's own network), unless the operator allows
 * it (WEBHOOK_ALLOW_PRIVATE=1, for local use and tests). Addresses are checked when the webhook is
 * registered and again at every delivery, on the very address connected to, so a name that later
 * resolves elsewhere (DNS rebinding) is refused too.
 */

/**
 * True when the address is a public unicast one. ipaddr.js classifies every special range, the IPv6
 * forms that carry an IPv4 address included (IPv4-mapped and -compatible, NAT64 64:ff9b::/96 and
 * 64:ff9b:1::/48, 6to4, Teredo), which a hand-kept list of ranges missed: only its `unicast` passes.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  // ipaddr.js names IPv4-compatible addresses (::/96, deprecated) only when written with a dotted
  // quad: `::7f00:1` is `::127.0.0.1`, and reaches loopback where anything still routes them.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return false;
  return parsed.range() === 'unicast';
}

const refused = (detail: string) => new Problem(400, 'webhook-url-refused', detail);

/** The host of a URL as an address when it is one (brackets of IPv6 removed). */
const literal = (host: string) => (host.startsWith('[') ? host.slice(1, -1) : host);

export type Resolve = (host: string) => Promise<string[]>;

export const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, addresses: LookupAddress[]) =>
      err ? reject(err) : resolve(addresses.map((a) => a.address)),
    ),
  );

/** Checks a webhook URL as given: its scheme, and (unless private targets are allowed) where its host resolves. */
export async function checkTarget(text: string, allowPrivate: boolean, resolve: Resolve = resolveAll): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused('the webhook URL is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('the webhook URL must be http or https');
  if (url.username || url.password) throw refused('the webhook URL must not hold credentials');
  if (allowPrivate) return url;
  const host = literal(url.hostname);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw refused(`the webhook host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw refused(`the webhook host ${host} is a private, loopback or reserved address`);
  }
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that resolves as usual and refuses any non-public address, so the
 * connection goes only to an address that was checked (no window for the name to change between).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, []);
      const usable = allowPrivate ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (usable.length === 0 || usable.length !== addresses.length) {
        const e: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private, loopback or reserved address`);
        e.code = 'EPRIVATE';
        return callback(e, []);
      }
      if (options.all) return callback(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };
}

/** The same check for a URL whose host is an address itself (no lookup happens for those). */
export function literalAllowed(url: URL, allowPrivate: boolean): boolean {
  const host = literal(url.hostname);
  return allowPrivate || !isIP(host) || isPublicAddress(host);
}
