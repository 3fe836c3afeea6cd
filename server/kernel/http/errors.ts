import type { TRPCError } from '@trpc/server';
import { AppError } from '../errors';
import { logError } from '../log';

const STATUS: Record<string, number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** The `error.code` a client reads, per HTTP status (DESIGN 5). */
const CODE: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

export function statusOf(error: TRPCError): number {
  return STATUS[error.code] ?? 500;
}

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const response = new Response(JSON.stringify(body), { status, headers });
  response.headers.set('content-type', 'application/json; charset=utf-8');
  return response;
}

export function errorBody(status: number, message: string): unknown {
  return { error: { code: CODE[status] ?? 'BAD_REQUEST', message } };
}

export function errorJson(status: number, message: string, headers?: HeadersInit): Response {
  return json(errorBody(status, message), status, headers);
}

export function serverErrorJson(requestId: string): Response {
  return json(
    { message: 'Server Error', error: `An unexpected error occurred (request ${requestId}).` },
    500,
  );
}

export function logServerError(requestId: string, error: unknown): void {
  logError({ request_id: requestId }, error);
}

/**
 * The DESIGN 5 body of an error, the one place that shapes them all. `plain401` is the
 * `{message}` body that `/api/auth/me` answers.
 */
export function errorResponse(
  error: TRPCError,
  requestId: string,
  options: { plain401?: boolean } = {},
): Response {
  const status = statusOf(error);
  if (status === 500) {
    logServerError(requestId, error);
    return serverErrorJson(requestId);
  }
  const headers = new Headers();
  if (error instanceof AppError && error.retryAfter !== undefined) {
    headers.set('retry-after', String(error.retryAfter));
  } else if (status === 429 || status === 503) {
    headers.set('retry-after', '30');
  }
  if (status === 422) {
    const fieldErrors = error instanceof AppError ? (error.fieldErrors ?? {}) : {};
    return json({ message: error.message, errors: fieldErrors }, 422, headers);
  }
  if (status === 401 && options.plain401) return json({ message: error.message }, 401, headers);
  const message =
    status === 400 && error.code !== 'BAD_REQUEST'
      ? 'The request body could not be read.'
      : error.message;
  return errorJson(status, message, headers);
}
