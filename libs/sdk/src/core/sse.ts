export interface SseMessage {
  /** The stream's last event id when this message was dispatched. */
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Decodes text/event-stream as the HTML standard defines it: lines ending in CRLF, LF or CR,
 * `event`/`data`/`id`/`retry` fields, multi-line data, comment lines (heartbeats) skipped.
 */
export class SseDecoder {
  lastEventId: string | undefined;
  /** The reconnection delay the server asked for with `retry:`. */
  retryMs: number | undefined;
  private buffer = '';
  private data: string[] = [];
  private event = '';

  /** Feeds decoded text; returns the messages it completed. */
  push(text: string): SseMessage[] {
    const messages: SseMessage[] = [];
    const input = this.buffer + text;
    let start = 0;
    for (let i = 0; i < input.length; i++) {
      const c = input[i];
      if (c !== '\n' && c !== '\r') continue;
      if (c === '\r' && i === input.length - 1) break; // maybe the first half of CRLF: wait for more
      const line = input.slice(start, i);
      if (c === '\r' && input[i + 1] === '\n') i++;
      start = i + 1;
      const message = this.line(line);
      if (message) messages.push(message);
    }
    this.buffer = input.slice(start);
    return messages;
  }

  private line(line: string): SseMessage | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return undefined;
  }

  private dispatch(): SseMessage | undefined {
    const data = this.data;
    const event = this.event || 'message';
    this.data = [];
    this.event = '';
    return data.length ? { id: this.lastEventId, event, data: data.join('\n') } : undefined;
  }
}
