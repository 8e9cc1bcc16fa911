// Types of the parts of the npm `sip` package (pure JavaScript, no types of its own) we use.
declare module 'sip' {
  export interface SipUri {
    schema?: string;
    user?: string;
    password?: string;
    host: string;
    port?: number;
    params: Record<string, string | undefined>;
    headers?: Record<string, string>;
  }
  export interface NameAddr {
    name?: string;
    uri: string;
    params: Record<string, string | undefined>;
  }
  export interface Via {
    version?: string;
    protocol?: string;
    host?: string;
    port?: number;
    params: Record<string, string | undefined>;
  }
  export interface SipHeaders {
    via?: Via[];
    from?: NameAddr;
    to?: NameAddr;
    'call-id'?: string;
    cseq?: { seq: number; method: string };
    contact?: NameAddr[] | '*';
    'record-route'?: NameAddr[];
    route?: NameAddr[];
    'content-type'?: string;
    'content-length'?: number;
    [name: string]: unknown;
  }
  export interface SipMessage {
    method?: string;
    uri?: string;
    status?: number;
    reason?: string;
    version?: string;
    headers: SipHeaders;
    content?: string;
  }
  export interface SipRemote {
    protocol: string;
    address: string;
    port: number;
    local?: { address: string; port: number };
  }
  export interface SipOptions {
    port?: number;
    address?: string;
    publicAddress?: string;
    hostname?: string;
    udp?: boolean;
    tcp?: boolean;
    rport?: boolean;
    maxBytesHeaders?: number;
    maxContentLength?: number;
    logger?: {
      error?(e: unknown): void;
      send?(m: SipMessage, target: unknown): void;
      recv?(m: SipMessage, remote: SipRemote): void;
    };
  }
  export interface SipEndpoint {
    send(m: SipMessage, callback?: (rs: SipMessage) => void): void;
    destroy(): void;
    hostname(): string;
  }
  export function create(options: SipOptions, onRequest: (rq: SipMessage, remote: SipRemote) => void): SipEndpoint;
  export function makeResponse(rq: SipMessage, status: number, reason?: string): SipMessage;
  export function parseUri(uri: string): SipUri;
  export function stringifyUri(uri: SipUri | string): string;
  export function generateBranch(): string;
  export function stringify(m: SipMessage): string;
  export function parse(data: string): SipMessage | undefined;
}

declare module 'sip/digest' {
  import type { SipMessage } from 'sip';
  export interface DigestContext {
    [key: string]: unknown;
  }
  export function signRequest(
    ctx: DigestContext,
    rq: SipMessage,
    rs?: SipMessage,
    creds?: { user: string; password: string },
  ): DigestContext | null;
  export function challenge(ctx: DigestContext, rs: SipMessage): SipMessage;
  export function authenticateRequest(
    ctx: DigestContext,
    rq: SipMessage,
    creds?: { user: string; password: string },
  ): boolean;
}
