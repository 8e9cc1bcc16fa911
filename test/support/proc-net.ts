import { existsSync, readFileSync } from 'node:fs';

/**
 * The sockets the kernel lists on a local port in /proc/net tables (tcp, tcp6, udp): each one's
 * state ('0A' is a TCP LISTEN) and inode. Read, not probed: binding to test a port could take it.
 */
export function socketsOnPort(tables: string[], port: number): { state: string; inode: string }[] {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return tables
    .flatMap((table) => (existsSync(table) ? readFileSync(table, 'utf8').split('\n').slice(1) : []))
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[1]?.endsWith(`:${hex}`))
    .map((cols) => ({ state: cols[3], inode: cols[9] }));
}
