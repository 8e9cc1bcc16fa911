import { parse } from 'csv-parse/sync';
import { text, type NextFunction, type Request, type Response } from 'express';
import { ApiError } from '@app/platform';

/** 10,000 rows of a number, a time zone and some metadata columns fit well inside this. */
const CSV_LIMIT_BYTES = 5 * 1024 * 1024;
const RECIPIENTS_PATH = /^\/api\/core\/voice\/campaign\/[^/]+\/recipients\/?$/;
const readText = text({ type: () => true, limit: CSV_LIMIT_BYTES });

/**
 * POST …/campaign/{id}/recipients also takes `text/csv`: a header row with `to`, optionally
 * `timezone`; every other column becomes metadata. The rows become the JSON body
 * `{recipients: [...]}`, so they are checked like JSON rows: recipients[i] is data row i + 1
 * (line i + 2 of the file).
 */
export function csvRecipientsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (req.method !== 'POST' || type !== 'text/csv' || !RECIPIENTS_PATH.test(req.path)) return next();
  readText(req, res, (err?: unknown) => {
    if (err) {
      const tooLarge = (err as { type?: string }).type === 'entity.too.large';
      return next(tooLarge ? new ApiError(413, 'CSV body exceeds 5 MB') : ApiError.badRequest('Unreadable CSV body'));
    }
    let rows: Record<string, string>[];
    try {
      rows = parse(String(req.body ?? ''), { columns: true, skip_empty_lines: true, trim: true, bom: true });
    } catch (e) {
      return next(ApiError.unprocessable(`Malformed CSV: ${(e as Error).message}`));
    }
    if (rows.length > 0 && !('to' in rows[0])) {
      return next(ApiError.unprocessable('The CSV header row must have a "to" column'));
    }
    req.body = { recipients: rows.map(toRecipient) };
    next();
  });
}

function toRecipient(row: Record<string, string>) {
  const { to, timezone, ...rest } = row;
  const metadata = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== ''));
  return {
    to,
    ...(timezone ? { timezone } : {}),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
}
