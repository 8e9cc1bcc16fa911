import { useState, type FormEvent } from 'react';
import { ErrorNote, formFields } from '../parts';
import { api, type Me } from '../api';

/** The signed-in person's own settings: their password. */
export function Account({ me, onSignedIn }: { me: Me; onSignedIn: (me: Me) => void }) {
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const change = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const { currentPassword, newPassword, repeated } = formFields(form);
    setDone(false);
    if (newPassword !== repeated) return setError('The new password and its repetition differ.');
    try {
      // the answer is a fresh session for this browser (every other one was signed out)
      onSignedIn(await api<Me>('POST', '/auth/password', { currentPassword, newPassword }));
      form.reset();
      setError('');
      setDone(true);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <p>
        {me.name} · {me.role} of {me.workspace.name}
      </p>
      <h2>Change password</h2>
      <form onSubmit={change} className="panel" aria-label="Change password">
        <label>
          Current password <input name="currentPassword" type="password" required autoComplete="current-password" />
        </label>
        <label>
          New password <input name="newPassword" type="password" required autoComplete="new-password" />
        </label>
        <label>
          New password again <input name="repeated" type="password" required autoComplete="new-password" />
        </label>
        <button type="submit">Change password</button>
      </form>
      <ErrorNote error={error} />
      {done && (
        <p role="status" className="ok">
          Password changed. Every other browser signed in as you has been signed out.
        </p>
      )}
    </section>
  );
}
