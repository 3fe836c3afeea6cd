import { loadConfig } from '@/server/kernel/config';
import { SignInForm } from './sign-in-form';

export const dynamic = 'force-dynamic';

export default function SignInPage() {
  const { auth } = loadConfig();
  const mode = auth.devIssuer ? 'email' : auth.clientId ? 'oidc' : 'none';
  return (
    <main>
      <h1>Sign in to the Equestrian Platform</h1>
      <SignInForm mode={mode} />
    </main>
  );
}
