import { parseArgs } from 'node:util';
import { openDatabase } from '@/db/client';
import { loadConfig } from '../kernel/config';
import { signDevToken } from '../kernel/auth/dev-issuer';

/**
 * `npm run token -- <email> [--name "Full Name"]`: a one-hour ID token from the
 * development issuer. When the app is running it asks the app (which holds the embedded
 * database); otherwise it opens the database itself.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' } },
});
const email = positionals[0];
if (!email || !email.includes('@')) {
  console.error('Usage: npm run token -- <email> [--name "Full Name"]');
  process.exit(1);
}
const config = loadConfig();
if (!config.auth.devIssuer) {
  console.error('AUTH_ISSUER names an external identity provider: get tokens from it.');
  process.exit(1);
}

async function fromRunningApp(): Promise<string | null> {
  try {
    const response = await fetch(`${config.appUrl}/api/dev-idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: values.name }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return null;
    return ((await response.json()) as { token: string }).token;
  } catch {
    return null;
  }
}

let token = await fromRunningApp();
if (!token) {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    token = await signDevToken(database.db, config, { email, name: values.name });
  } finally {
    await database.close();
  }
}
console.log(token);
