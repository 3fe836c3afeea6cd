/** Runs once per server process, before the first request (Next.js instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServer } = await import('./server/start');
    await startServer();
  }
}
