import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The address of the socket a request came in on, as the production server (`npm start`)
 * saw it. It travels beside the request, not in a header, so no client can set it. Next's
 * route handlers (`npm run dev`) see no socket: there it is unknown.
 */
const peer = new AsyncLocalStorage<string | undefined>();

/** A Node request listener that runs with its socket's address known to `peerAddress()`. */
export function withPeerAddress<T>(
  listener: (req: IncomingMessage, res: ServerResponse) => T,
): (req: IncomingMessage, res: ServerResponse) => T {
  return (req, res) => peer.run(req.socket.remoteAddress, () => listener(req, res));
}

/** The socket address of the request being handled, when a server passed one. */
export function peerAddress(): string | undefined {
  return peer.getStore();
}
