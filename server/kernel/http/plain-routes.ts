import type { AnyTRPCRouter } from '@trpc/server';
import { normalizePath, type OpenApiRouter } from 'trpc-to-openapi';
import { toAppError } from '../errors';
import { createContext, type Services } from '../trpc/context';
import { createCallerFactory, type FileAnswer } from '../trpc/init';
import { errorResponse } from './errors';
import { API_PREFIX, collectRestRoutes, pathParams, queryMap, type RestRoute } from './rest';

type PlainRoute = RestRoute & {
  /** Whether this request asks for the plain answer (a CSV route answers JSON otherwise). */
  wants(url: URL): boolean;
  render(output: never): Response | Promise<Response>;
};

function htmlAnswer(output: { html: string }): Response {
  return new Response(output.html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      'x-content-type-options': 'nosniff',
    },
  });
}

function csvAnswer(file: { filename: string; body: string }): Response {
  return new Response(file.body as BodyInit, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'x-content-type-options': 'nosniff',
    },
  });
}

/** RFC 6266: an ASCII fallback and the UTF-8 name, so no name can break out of the header. */
function contentDisposition(disposition: string, filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function fileAnswer(file: FileAnswer): Response {
  return new Response(file.body as BodyInit, {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.size),
      'content-disposition': contentDisposition(file.disposition, file.filename),
      'x-content-type-options': 'nosniff',
      // A stored PDF opened in the browser runs no script of ours or of its author's.
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=300',
    },
  });
}

/**
 * REST routes whose answer is not JSON (DESIGN 7): an HTML page (`meta.produces`), a stored
 * file (`meta.download`) or a CSV download (`format=csv`). The REST adapter speaks only JSON, so these call their procedure
 * through a server-side caller (same guards, same validation) and render its output; their
 * errors keep the JSON bodies of DESIGN 5. The procedures stay documented in OpenAPI.
 */
export function createPlainRoutes(router: AnyTRPCRouter, services: Services) {
  const createCaller = createCallerFactory(router);
  const plain: PlainRoute[] = collectRestRoutes(router as OpenApiRouter).flatMap(
    (route): PlainRoute[] => {
      if (route.method !== 'GET') return [];
      if (route.meta.produces === 'text/html') {
        return [{ ...route, wants: () => true, render: (output: never) => htmlAnswer(output) }];
      }
      const download = route.meta.download;
      if (download) {
        return [
          {
            ...route,
            wants: () => true,
            render: async (output: never) => fileAnswer(await download(output, services)),
          },
        ];
      }
      const csv = route.meta.csv;
      if (csv) {
        return [
          {
            ...route,
            wants: (url) => url.searchParams.get('format') === 'csv',
            render: (output: { data: never }) => csvAnswer(csv(output.data)),
          } as PlainRoute,
        ];
      }
      return [];
    },
  );

  return async function plainRoute(req: Request, requestId: string): Promise<Response | null> {
    if (req.method !== 'GET' || plain.length === 0) return null;
    const url = new URL(req.url);
    const path = normalizePath(url.pathname.slice(API_PREFIX.length));
    for (const route of plain) {
      const match = route.pattern.exec(path);
      if (!match || !route.wants(url)) continue;
      // Without a prototype, as the REST adapter's query (see queryMap): no key is inherited.
      const input = Object.create(null) as Record<string, string>;
      for (const [key, values] of Object.entries(queryMap(url.searchParams)))
        input[key] = values.at(-1)!;
      Object.assign(input, pathParams(match));
      try {
        const caller = createCaller(createContext(services, req, requestId)) as unknown as Record<
          string,
          unknown
        >;
        const procedure = route.procedure
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
          input: unknown,
        ) => Promise<never>;
        return await route.render(await procedure(input));
      } catch (error) {
        return errorResponse(toAppError(error), requestId);
      }
    }
    return null;
  };
}
