/**
 * Security headers of pages (set in `proxy.ts`) and of `/api` answers (set by the one
 * handler). Pure functions of the request, so that both runtimes and the tests share them.
 */

/** Two years, with subdomains: what browsers' preload lists ask for. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Whether the client reached us over TLS: directly, through a TLS-terminating proxy that
 * says so, or behind an https `APP_URL`. Browsers ignore HSTS received over plain HTTP, so
 * a forged `X-Forwarded-Proto` gains nothing.
 */
export function servedOverTls(req: Request, appUrl: string | undefined): boolean {
  const forwarded = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return (
    forwarded === 'https' ||
    new URL(req.url).protocol === 'https:' ||
    Boolean(appUrl?.startsWith('https://'))
  );
}

/**
 * The pages' policy. Scripts and styles come from our origin only; `'unsafe-inline'` stays
 * because the pages are prerendered at build time and Next inlines its bootstrap and RSC
 * payload as `<script>` tags (a nonce needs every page rendered per request), and React
 * renders `style` attributes. `'unsafe-eval'` only in development, for React's debugging.
 */
export function pageContentSecurityPolicy(development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    // Rendered e-mails in the admin preview may show images of any https host.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function pageSecurityHeaders(options: {
  tls: boolean;
  development: boolean;
}): Record<string, string> {
  return {
    'content-security-policy': pageContentSecurityPolicy(options.development),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(options.tls ? { 'strict-transport-security': HSTS } : {}),
  };
}

/** JSON and files load nothing and are framed by no one. */
const API_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** Swagger UI runs its own inline bootstrap and styles; it still may not be framed. */
const DOCS_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

/**
 * Adds the security headers to an `/api` answer. A route that set its own policy (the HTML
 * e-mail preview) keeps it; an answer to a request with credentials is never cached, unless
 * the route declared its own caching (the docs' public static assets).
 */
export function addApiSecurityHeaders(req: Request, response: Response, appUrl: string): Response {
  const { pathname } = new URL(req.url);
  const headers = response.headers;
  headers.set('x-content-type-options', 'nosniff');
  if (!headers.has('content-security-policy')) {
    const docs = pathname === '/api/docs' || pathname.startsWith('/api/docs/');
    headers.set('content-security-policy', docs ? DOCS_POLICY : API_POLICY);
  }
  const credentials = req.headers.has('authorization') || req.headers.has('cookie');
  if (credentials && !headers.has('cache-control')) headers.set('cache-control', 'no-store');
  if (servedOverTls(req, appUrl)) headers.set('strict-transport-security', HSTS);
  return response;
}

/**
 * next-auth's own routes under `/api/auth/` (sign-out and error pages, callbacks, session
 * JSON), which Next serves outside both `proxy.ts` (it skips `/api/`) and the one `/api`
 * handler: the pages' headers, so that no one frames its sign-out form either.
 */
export function addAuthRouteSecurityHeaders(
  req: Request,
  response: Response,
  options: { appUrl: string; development: boolean },
): Response {
  const headers = pageSecurityHeaders({
    tls: servedOverTls(req, options.appUrl),
    development: options.development,
  });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
