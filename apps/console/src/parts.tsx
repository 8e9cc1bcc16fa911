// Small pieces every page uses.
import { useEffect, useState, type SelectHTMLAttributes } from 'react';
import { api } from './api';
import type { Schemas } from './api-types';

/** An API error's message, announced to screen readers; nothing when there is none. */
export function ErrorNote({ error }: { error: string }) {
  return error ? (
    <p role="alert" className="error">
      {inFieldWords(error)}
    </p>
  ) : null;
}

/** What the console's forms call the API fields whose names are not their words (by path, then by name). */
const FIELD_WORDS: Record<string, string> = {
  url: 'URL',
  to: 'Number to call',
  from: 'Caller number',
  agentId: 'Assistant',
  'schedule.startAt': 'Start at',
  'schedule.timezone': 'Time zone',
  'schedule.window.start': 'Calls from',
  'schedule.window.end': 'Calls until',
  'schedule.window.days': 'Days',
  'retry.maxAttempts': 'Attempts',
  'retry.delaySec': 'Seconds apart',
  host: 'Gateway host',
  inboundCidrs: 'Inbound addresses',
  maxDurationSec: 'Longest call (seconds)',
};

/**
 * The API's refusals start with the path of the field at fault (`retry.delaySec must …`); people
 * read the form's words ("Seconds apart must …"). A name not listed is split into words.
 */
export const inFieldWords = (message: string) =>
  message.replace(/^[a-z][A-Za-z]*(?:\.[a-z][A-Za-z]*)*(?= (?:must|is|are|cannot|may|has|was) )/, (path) => {
    const name = path.split('.').at(-1)!;
    const words = FIELD_WORDS[path] ?? FIELD_WORDS[name] ?? name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
    return words[0].toUpperCase() + words.slice(1);
  });

/** A placeholder block while a page's data loads. */
export function Loading() {
  return <div className="skeleton" aria-busy="true" aria-label="Loading" />;
}

/** Previous / next over a list of `total` items in pages of `pageSize`. */
export function Pager(p: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Pages" className="toolbar">
      <button type="button" disabled={p.page <= 1} onClick={() => p.onPage(p.page - 1)}>
        Previous
      </button>
      <span>
        Page {p.page} of {Math.max(1, Math.ceil(p.total / p.pageSize))}
      </span>
      <button type="button" disabled={p.page * p.pageSize >= p.total} onClick={() => p.onPage(p.page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** A table with a header row of these column names ('' = an unnamed actions column). */
export function Table({ columns, children }: { columns: string[]; children: React.ReactNode }) {
  // Focusable, so a keyboard can scroll a table wider than a phone's screen.
  return (
    <div className="table-scroll" tabIndex={0}>
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c}>
                {c || <span className="visually-hidden">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * The API names a bad item by its place in the request, counted from 0 (`recipients[0]`,
 * `script[1].hangup`); people count from 1 and by what they gave: "line 2" of a file under its
 * header, "number 1" of a pasted list, "Script step 2: hangup …". Lists not named stay as they are.
 */
export const inUserWords = (message: string, lists: Record<string, (index: number) => string>) =>
  message.replace(/\b(\w+)\[(\d+)\](?:\.(\w+))?/g, (path: string, list: string, index: string, field?: string) =>
    lists[list] ? `${lists[list](Number(index))}${field ? `: ${field}` : ''}` : path,
  );

/** A form's fields as strings. */
export const formFields = (form: HTMLFormElement) => Object.fromEntries(new FormData(form)) as Record<string, string>;

export type AssistantRef = Pick<Schemas['AssistantRecord'], 'agentId' | 'name'>;

/** The workspace's assistants (the first 100), for the pages' pickers. */
export function useAssistants(): AssistantRef[] {
  const [assistants, setAssistants] = useState<AssistantRef[]>([]);
  useEffect(() => {
    api<Schemas['AssistantList']>('GET', '/voice/agent/list?pageSize=100').then((r) => setAssistants(r.list));
  }, []);
  return assistants;
}

/** A labelled assistant picker; `none` adds a first, empty choice with that text. */
export function AssistantSelect({
  assistants,
  none,
  ...select
}: { assistants: AssistantRef[]; none?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label>
      Assistant{' '}
      <select {...select}>
        {none === undefined ? null : <option value="">{none}</option>}
        {assistants.map((a) => (
          <option key={a.agentId} value={a.agentId}>
            {a.name}
          </option>
        ))}
      </select>
    </label>
  );
}
