import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outbound request of ours (webhooks, MCP tool servers) must never reach unless
 * private networks are explicitly allowed: the SSRF guard. IPv4-mapped IPv6 forms are unwrapped
 * first so ::ffff:127.0.0.1 is judged as 127.0.0.1.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96], // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4: wraps any IPv4 address, private ones included (deprecated, RFC 7526)
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** "::ffff:7f00:1" / "::ffff:127.0.0.1" → "127.0.0.1"; other addresses unchanged. */
export function unmapIpv4(address: string): string {
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  const m = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(.+)$/.exec(a) ?? /^::ffff:(.+)$/.exec(a);
  if (!m) return a;
  const rest = m[1];
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex) return a;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

export function isBlockedAddress(address: string): boolean {
  const ip = unmapIpv4(address);
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) return blocked.check(ip, 'ipv6');
  return true; // not an address at all: refuse rather than guess
}

export interface OutboundUrlPolicy {
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
}

/**
 * The first reason this URL may not be used for outbound requests, or null. Literal addresses
 * and names that resolve (now) to blocked addresses are refused; the dispatcher checks the
 * resolved address again at connect time, since DNS answers change.
 */
export async function outboundUrlProblem(
  raw: string,
  policy: OutboundUrlPolicy,
  field = 'url',
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${field} must be an absolute URL`;
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    return `${field} must use https`;
  }
  if (url.username || url.password) return `${field} must not contain credentials`;
  if (policy.allowPrivateNetworks) return null;
  // "localhost." is localhost: names are judged without their trailing dots
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  const refused = `${field} points to a private, loopback or reserved address, which is not allowed`;
  if (isIP(unmapIpv4(host)) !== 0) return isBlockedAddress(host) ? refused : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return refused;
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    if (addresses.some((a) => isBlockedAddress(a.address))) return refused;
  } catch {
    // Not resolvable now: accepted; delivery attempts will check (and record) it.
  }
  return null;
}
