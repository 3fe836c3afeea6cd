import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { Config } from '../config';
import type { Services } from '../trpc/context';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session';
import { identityFromClaims, resolveUser } from './users';

const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

function providers(services: Services): NextAuthOptions['providers'] {
  const { config, db } = services;
  if (config.auth.devIssuer) {
    return [
      CredentialsProvider({
        id: 'dev-issuer',
        name: 'E-mail (development issuer)',
        credentials: { email: { label: 'E-mail', type: 'email' } },
        async authorize(credentials) {
          const email = credentials?.email?.trim().toLowerCase();
          if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return null;
          const user = await resolveUser(
            db,
            identityFromClaims({
              iss: config.auth.issuer,
              sub: email,
              email,
              email_verified: true,
            }),
          );
          return { id: user.id, email: user.email, name: user.displayName };
        },
      }),
    ];
  }
  if (!config.auth.clientId) return [];
  return [
    {
      id: 'oidc',
      name: 'your identity provider',
      type: 'oauth',
      wellKnown: `${config.auth.issuer}/.well-known/openid-configuration`,
      clientId: config.auth.clientId,
      clientSecret: config.auth.clientSecret,
      idToken: true,
      checks: ['pkce', 'state'],
      authorization: { params: { scope: 'openid email profile' } },
      async profile(profile: Record<string, unknown>) {
        const user = await resolveUser(
          db,
          identityFromClaims({ ...profile, iss: config.auth.issuer } as never),
        );
        return { id: user.id, email: user.email, name: user.displayName };
      },
    },
  ];
}

/**
 * next-auth for the web UI: the session is a JWT cookie holding our user id, which the tRPC
 * context reads back (server/auth/session.ts). Options come from our variables (DESIGN 2).
 */
export function authOptions(services: Services): NextAuthOptions {
  const config: Config = services.config;
  const secure = config.appUrl.startsWith('https://');
  return {
    secret: config.auth.secret,
    providers: providers(services),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: secure,
    cookies: {
      sessionToken: {
        name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure },
      },
    },
    pages: { signIn: '/signin' },
    callbacks: {
      jwt({ token, user }) {
        if (user) token.uid = user.id;
        return token;
      },
      session({ session, token }) {
        return { ...session, uid: token.uid };
      },
    },
  };
}
