/** Types of free-ports.js (CommonJS, shared with bench/). */
export function socketsOnPort(tables: string[], port: number): { state: string; inode: string }[];
export const PEER_ADDRESS: string;
export function freeUdpPort(address?: string, span?: number): Promise<number>;
export function udpTaken(port: number): boolean;
