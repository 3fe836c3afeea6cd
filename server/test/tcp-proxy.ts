import net from 'node:net';

export type TcpProxy = {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Connections accepted so far. */
  accepted(): number;
  /** Resets every open connection and refuses new ones, as an unreachable server would. */
  cut(): Promise<void>;
  /** Accepts and forwards connections again, on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A TCP proxy to `target` that a test controls, to take a database away from the app and
 * give it back without touching the shared server.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;

  function pipe(client: net.Socket) {
    accepted += 1;
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // A reset on one side resets the other; the errors themselves are expected.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }

  let server: net.Server | undefined;
  let port = 0;

  async function listen() {
    const next = net.createServer(pipe);
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as net.AddressInfo).port;
    server = next;
  }

  async function stopListening() {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  async function cut() {
    const closing = stopListening();
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
    await closing;
  }

  await listen();
  return {
    port,
    accepted: () => accepted,
    cut,
    resume: async () => {
      if (!server) await listen();
    },
    close: cut,
  };
}
