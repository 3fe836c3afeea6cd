import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyTRPCRouter } from '@trpc/server';
import { appRouter } from '../router';
import { createRouteNamer, withNodeAccessLog } from './access-log';
import type { ApiHandler } from './handler';
import { isApiPath, nodeListener } from './node-adapter';

type NodeListener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * The production server's one listener: `/api` to the `/api` handler (which writes its own
 * access line), everything else to Next, each request with exactly one access line.
 */
export function productionListener(
  handleApi: ApiHandler,
  nextHandler: NodeListener,
  router: AnyTRPCRouter = appRouter,
) {
  const api = nodeListener(handleApi);
  const routeOf = createRouteNamer(router);
  return withNodeAccessLog(
    (req, res) => {
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      if (isApiPath(query === -1 ? url : url.slice(0, query))) void api(req, res);
      else void nextHandler(req, res);
    },
    (path, status) => (isApiPath(path) ? routeOf(path, status) : path),
  );
}
