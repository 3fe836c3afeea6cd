import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyTRPCRouter } from '@trpc/server';
import { createRouteNamer, withNodeAccessLog } from './access-log';
import type { ApiHandler } from './handler';
import { isApiPath, nodeListener, routeRequests } from './node-adapter';
import { withPeerAddress } from './peer-address';

type NodeListener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * The production server's one listener: `/api` to the `/api` handler (which writes its own
 * access line), everything else to Next, each request with exactly one access line.
 */
export function productionListener(
  handleApi: ApiHandler,
  nextHandler: NodeListener,
  { router, benchRoute = false }: { router: AnyTRPCRouter; benchRoute?: boolean },
) {
  const routeOf = createRouteNamer(router);
  // The contact rate limit keys on the socket's address when no proxy is trusted.
  return withPeerAddress(
    withNodeAccessLog(
      routeRequests(nodeListener(handleApi), nextHandler, benchRoute),
      (path, status) => (isApiPath(path) ? routeOf(path, status) : path),
    ),
  );
}
