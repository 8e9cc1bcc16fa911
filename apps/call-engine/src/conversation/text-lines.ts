/** The lines of a streamed HTTP body as they arrive, trimmed, the last one even without a newline. */
export async function* textLines(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      yield buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
    }
  }
  if (buffer.trim()) yield buffer.trim();
}

/** A line parsed as JSON; `what` names the sender in the error. */
export function jsonLine<T>(line: string, what: string): T {
  try {
    return JSON.parse(line) as T;
  } catch {
    throw new Error(`${what} sent a line that is not JSON`);
  }
}
