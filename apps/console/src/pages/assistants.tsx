import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ErrorNote, formFields, inUserWords } from '../parts';
import { api, roleAtLeast, type Me } from '../api';
import type { Schemas } from '../api-types';
import { TalkPanel } from './talk';

type Assistant = Schemas['AssistantRecord'];

/** JSON of a textarea, or undefined when empty; a SyntaxError names the field. */
function parseJson(field: string, text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${field} is not valid JSON`);
  }
}

export function Assistants({ me }: { me: Me }) {
  const [list, setList] = useState<Assistant[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [talking, setTalking] = useState<string | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    api<Schemas['AssistantList']>('GET', '/voice/agent/list?pageSize=100').then((r) => setList(r.list));
  }, []);
  useEffect(load, [load]);
  const admin = roleAtLeast(me.role, 'admin');

  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = formFields(formEl);
    setError('');
    try {
      await api('POST', '/voice/agent', { name: form.name, firstMessage: form.firstMessage || undefined });
      formEl.reset();
      load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const save = async (a: Assistant, e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = formFields(e.currentTarget);
    setError('');
    try {
      // Tool headers are shown masked: the tools are sent only when edited, so secrets stay.
      const toolsEdited = form.tools !== JSON.stringify(a.tools ?? [], null, 2);
      await api('PATCH', `/voice/agent/${a.agentId}`, {
        name: form.name,
        firstMessage: form.firstMessage || null,
        script: parseJson('Script', form.script) ?? [],
        ...(toolsEdited ? { tools: parseJson('MCP tools', form.tools) ?? [] } : {}),
      });
      setEditing(null);
      load();
    } catch (err) {
      const steps = { script: (i: number) => `Script step ${i + 1}`, tools: (i: number) => `MCP tool ${i + 1}` };
      setError(inUserWords((err as Error).message, steps));
    }
  };
  const remove = async (a: Assistant) => {
    if (!confirm(`Delete the assistant "${a.name}"?`)) return;
    await api('DELETE', `/voice/agent/${a.agentId}`).then(load, (e: Error) => setError(e.message));
  };
  const testCall = async (a: Assistant) => {
    const to = prompt('Number to call (E.164, e.g. +14155552671)');
    if (!to) return;
    await api<Schemas['StartedCall']>('POST', '/voice/agent/call', { agentId: a.agentId, to }).then(
      (c) => (location.hash = `/calls/${c.callId}`),
      (e: Error) => setError(e.message),
    );
  };

  return (
    <section aria-labelledby="assistants-title">
      <h1 id="assistants-title">Assistants</h1>
      {admin ? (
        <form onSubmit={create} className="panel" aria-label="Create an assistant">
          <label>
            Name <input name="name" required />
          </label>
          <label>
            First message <input name="firstMessage" />
          </label>
          <button type="submit">Create assistant</button>
        </form>
      ) : null}
      <ErrorNote error={error} />
      {list.length === 0 ? <p className="muted">No assistants yet.</p> : null}
      {list.map((a) => (
        <article key={a.agentId} className="panel" aria-label={`Assistant ${a.name}`}>
          <h2>{a.name}</h2>
          <p className="muted">
            {a.agentId} · {a.language}
          </p>
          <div className="toolbar">
            {roleAtLeast(me.role, 'member') ? (
              <>
                <button type="button" onClick={() => setTalking(a.agentId)} disabled={talking !== null}>
                  Talk
                </button>
                <button type="button" onClick={() => testCall(a)}>
                  Test call
                </button>
              </>
            ) : null}
            {admin ? (
              <>
                <button type="button" onClick={() => setEditing(editing === a.agentId ? null : a.agentId)}>
                  Edit
                </button>
                <button type="button" onClick={() => remove(a)}>
                  Delete
                </button>
              </>
            ) : null}
          </div>
          {talking === a.agentId ? (
            <TalkPanel agentId={a.agentId} name={a.name} onClose={() => setTalking(null)} />
          ) : null}
          {editing === a.agentId ? (
            <form onSubmit={(e) => save(a, e)} aria-label={`Edit ${a.name}`}>
              <label>
                Name <input name="name" defaultValue={a.name} required />
              </label>
              <label>
                First message <input name="firstMessage" defaultValue={a.firstMessage ?? ''} />
              </label>
              <label>
                Script steps (JSON: {'[{"say": "…"}, {"hear": "…"}, {"tool": "server.tool"}, {"hangup": "assistant"}]'})
                <textarea name="script" rows={6} defaultValue={JSON.stringify(a.script ?? [], null, 2)} />
              </label>
              <label>
                MCP tools (JSON: {'[{"type": "mcp", "name": "…", "url": "https://…"}]'})
                <textarea name="tools" rows={4} defaultValue={JSON.stringify(a.tools ?? [], null, 2)} />
              </label>
              <button type="submit">Save</button>
            </form>
          ) : null}
        </article>
      ))}
    </section>
  );
}
