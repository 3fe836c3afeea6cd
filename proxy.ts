import { NextResponse, type NextRequest } from 'next/server';
import { pageSecurityHeaders, servedOverTls } from '@/server/kernel/http/security-headers';

/** Security headers of every page; `/api` sets its own in the one handler. */
export function proxy(request: NextRequest) {
  const response = NextResponse.next();
  const headers = pageSecurityHeaders({
    tls: servedOverTls(request, process.env.APP_URL),
    development: process.env.NODE_ENV === 'development',
  });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: ['/((?!api/|_next/static/|_next/image).*)'],
};
