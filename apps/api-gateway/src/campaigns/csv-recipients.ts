import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { ApiError } from '@app/platform';
import { type TextBodyReader } from '@app/platform/http';

/** 10,000 rows of a number, a time zone and some metadata columns fit well inside this. */
const CSV_LIMIT_BYTES = 5 * 1024 * 1024;
// The parser is fed this much at a time, with a turn of the event loop between pieces.
const CHUNK_CHARS = 64 * 1024;

/**
 * POST …/campaign/{id}/recipients also takes `text/csv`: a header row with `to`, optionally
 * `timezone`; every other column becomes metadata. The rows become the JSON body
 * `{recipients: [...]}`, so they are checked like JSON rows: recipients[i] is data row i + 1
 * (line i + 2 of the file). Read only after authentication (RequestBodyGuard), and parsed
 * in pieces so a large file never holds the event loop for long.
 */
export const csvRecipients: TextBodyReader = {
  mediaType: 'text/csv',
  limitBytes: CSV_LIMIT_BYTES,
  async toJson(text: string) {
    const parser = parse({ columns: true, skip_empty_lines: true, trim: true, bom: true });
    const rows: Record<string, string>[] = [];
    parser.on('readable', () => {
      for (let row; (row = parser.read()) !== null;) rows.push(row);
    });
    const done = new Promise<void>((resolve, reject) => parser.on('end', resolve).on('error', reject));
    try {
      for (let at = 0; at < text.length; at += CHUNK_CHARS) {
        parser.write(text.slice(at, at + CHUNK_CHARS));
        await yieldToEventLoop();
      }
      parser.end();
      await done;
    } catch (e) {
      throw ApiError.unprocessable(`Malformed CSV: ${(e as Error).message}`);
    }
    if (rows.length > 0 && !('to' in rows[0])) {
      throw ApiError.unprocessable('The CSV header row must have a "to" column');
    }
    return { recipients: rows.map(toRecipient) };
  },
};

function toRecipient(row: Record<string, string>) {
  const { to, timezone, ...rest } = row;
  const metadata = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== ''));
  return {
    to,
    ...(timezone ? { timezone } : {}),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
}
