// Small pieces every page uses.
import { useEffect, useState, type SelectHTMLAttributes } from 'react';
import { api } from './api';
import type { Schemas } from './api-types';

/** An API error's message, announced to screen readers; nothing when there is none. */
export function ErrorNote({ error }: { error: string }) {
  return error ? (
    <p role="alert" className="error">
      {error}
    </p>
  ) : null;
}

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
 * The API names a bad row by its place in the request (`recipients[0]`, from 0); people count from 1
 * and by what they gave: "number 1" of a pasted list, "line 2" of a file under its header.
 */
export const rowsInUserWords = (message: string, row: (index: number) => string) =>
  message.replace(/recipients\[(\d+)\]/g, (_, index: string) => row(Number(index)));

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
