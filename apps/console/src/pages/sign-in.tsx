import { useState, type FormEvent } from 'react';
import { ErrorNote, formFields } from '../parts';
import { api, type Me } from '../api';

export function SignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = formFields(e.currentTarget);
    setError('');
    try {
      onSignedIn(await api<Me>('POST', mode === 'login' ? '/auth/login' : '/auth/signup', form));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <main className="narrow">
      <h1>{mode === 'login' ? 'Sign in' : 'Create a workspace'}</h1>
      <form onSubmit={submit}>
        {mode === 'signup' ? (
          <>
            <label>
              Your name <input name="name" required autoComplete="name" />
            </label>
            <label>
              Workspace name <input name="workspaceName" required />
            </label>
          </>
        ) : null}
        <label>
          Email <input name="email" type="email" required autoComplete="email" />
        </label>
        <label>
          Password{' '}
          <input
            name="password"
            type="password"
            required
            minLength={mode === 'signup' ? 12 : undefined}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          />
        </label>
        <ErrorNote error={error} />
        <button type="submit">{mode === 'login' ? 'Sign in' : 'Sign up'}</button>
      </form>
      <p>
        <button type="button" className="link" onClick={() => setMode(mode === 'login' ? 'signup' : 'login')}>
          {mode === 'login' ? 'New here? Create a workspace' : 'Have an account? Sign in'}
        </button>
      </p>
    </main>
  );
}
