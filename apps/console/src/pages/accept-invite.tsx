import { useState, type FormEvent } from 'react';
import { ErrorNote, formFields } from '../parts';
import { api, type Me } from '../api';

/** /accept-invite#token=…: the token stays in the fragment, never sent to a server log. */
export function AcceptInvite() {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  const [error, setError] = useState(token ? '' : 'This link has no invitation token.');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = formFields(e.currentTarget);
    try {
      await api<Me>('POST', '/auth/accept-invite', { ...form, token });
      location.replace('/#/calls'); // signed in: the console proper, without the token in the address
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <main className="narrow">
      <h1>Join the workspace</h1>
      <form onSubmit={submit}>
        <label>
          Your name <input name="name" required autoComplete="name" />
        </label>
        <label>
          Choose a password{' '}
          <input name="password" type="password" required minLength={12} autoComplete="new-password" />
        </label>
        <ErrorNote error={error} />
        <button type="submit">Join</button>
      </form>
    </main>
  );
}
