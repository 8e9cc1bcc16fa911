import { isIP } from 'node:net';

/** What is wrong with a CIDR ("203.0.113.0/24", "2001:db8::/32", or one address), or null. */
export function cidrProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'inboundCidrs must hold strings';
  const [address, bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `${value} is not an address or CIDR`;
  if (bits === undefined) return null;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max ? null : `${value} has a prefix length outside 0-${max}`;
}
