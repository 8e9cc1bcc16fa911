import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { isBlockedAddress, unmapIpv4 } from './address-policy';

/** Raised at connect time when a name resolves to a refused address; classified as "blocked". */
class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
}

/**
 * An undici dispatcher for requests to addresses our users choose (webhooks, MCP tool servers):
 * unless private networks are allowed, every resolved address is checked before connecting.
 */
export function outboundAgent(allowPrivate: boolean, timeoutMs: number): Agent {
  return new Agent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: timeoutMs,
    keepAliveTimeout: 10_000,
    connect: { lookup: allowPrivate ? dnsLookup : guardedLookup },
  });
}

/** A literal private address in a URL (names are checked by outboundAgent when resolved). */
export function isBlockedLiteral(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return isIP(unmapIpv4(host)) !== 0 && isBlockedAddress(host);
}

const guardedLookup: LookupFunction = (hostname, options: LookupOptions, callback) => {
  const opts = options ?? {};
  dnsLookup(hostname, { ...opts, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    const blocked = list.find((a) => isBlockedAddress(a.address));
    if (blocked)
      return callback(
        new BlockedAddressError(`refused: ${hostname} resolves to ${blocked.address}, a private or reserved address`),
        [],
      );
    if (opts.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
};
