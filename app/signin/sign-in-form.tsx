'use client';

import { signIn } from 'next-auth/react';
import { useState, useSyncExternalStore, type FormEvent } from 'react';

type Mode = 'email' | 'oidc' | 'none';

const subscribeNever = () => () => {};

/** False in the server-rendered HTML, true once React runs in the browser. */
function useHydrated() {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

export function SignInForm({ mode }: { mode: Mode }) {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Until the form is hydrated, typing would be lost and a click would submit natively.
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const result = await signIn('dev-issuer', { email, redirect: false });
    if (result?.ok) {
      window.location.assign('/');
    } else {
      setError('Enter a valid e-mail address.');
      setPending(false);
    }
  }

  if (mode === 'none') {
    return (
      <p className="card error" role="alert">
        Web sign-in is not configured: set AUTH_CLIENT_ID and AUTH_CLIENT_SECRET.
      </p>
    );
  }
  if (mode === 'oidc') {
    return (
      <div className="card">
        <button type="button" onClick={() => void signIn('oidc', { callbackUrl: '/' })}>
          Sign in with your identity provider
        </button>
      </div>
    );
  }
  return (
    <form className="card" onSubmit={(event) => void submit(event)} aria-describedby="dev-note">
      <p id="dev-note" className="muted">
        Development issuer: sign in with any e-mail address (demo school owner: owner@demo.school).
      </p>
      <div className="field">
        <label htmlFor="email">E-mail</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          disabled={!hydrated}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={pending || !hydrated}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
