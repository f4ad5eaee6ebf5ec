import ipaddr from 'ipaddr.js';

/**
 * The network a client address stands for in per-address limits: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4), an IPv6 address as its /`ipv6Prefix` network (by default
 * the /64 one subscriber is given: minting addresses inside it buys nothing).
 */
export function networkOf(address: string, ipv6Prefix: number): string {
  // The usual case, a plain IPv4 address, is answered without parsing.
  if (!address.includes(':')) return address;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return address;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const bytes = parsed.toByteArray();
  for (let bit = ipv6Prefix; bit < 128; bit++) bytes[bit >> 3] &= ~(0x80 >> (bit & 7));
  return `${ipaddr.fromByteArray(bytes).toString()}/${ipv6Prefix}`;
}
