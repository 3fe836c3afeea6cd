/*
 * The production server (`npm start`, after `npm run build` compiles this file): one Node
 * process that serves `/api` with the one `/api` handler directly and everything else with
 * Next's request handler. `npm run dev` keeps Next's dev server, where the route files under
 * app/api mount the same handler (DESIGN 1).
 */
// Before anything loads React or reads the mode, as `next start` does.
(process.env as Record<string, string>).NODE_ENV ??= 'production';
const { serveProduction } = await import('./production-server');
await serveProduction();

export {};
