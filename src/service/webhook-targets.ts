import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Problem } from './problem';

/**
 * Where webhooks may point: http(s) URLs whose host resolves only to public addresses. Private,
 * loopback, link-local, shared, multicast and reserved ranges are refused (a webhook must not reach
 * into the server's own network), unless the operator allows them (WEBHOOK_ALLOW_PRIVATE=1, for
 * local use and tests). Addresses are checked when the webhook is registered and again at every
 * delivery, on the very address connected to, so a name that later resolves elsewhere (DNS
 * rebinding) is refused too.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  // NAT64 would smuggle an IPv4 address past the IPv4 list (IPv4-mapped ones BlockList checks as IPv4 itself).
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True when the address is a public unicast one. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
