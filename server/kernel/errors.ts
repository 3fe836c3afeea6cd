import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { fieldErrorsFromZod, fieldMessageFor, type FieldErrors } from './validation';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_SUPPORTED'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNPROCESSABLE_CONTENT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

/**
 * The one domain error. It is a TRPCError so that the UI's tRPC client and the REST
 * wrapper see the same status; `fieldErrors` carries 422 details, `retryAfter` seconds
 * for 429 and 503.
 */
export class AppError extends TRPCError {
  readonly fieldErrors: FieldErrors | undefined;
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fieldErrors?: FieldErrors; retryAfter?: number; cause?: unknown } = {},
  ) {
    super({ code, message, cause: options.cause });
    this.fieldErrors = options.fieldErrors;
    this.retryAfter = options.retryAfter;
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found.`);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const unauthorized = (message = 'Unauthenticated.') => new AppError('UNAUTHORIZED', message);

/** 422 about one request field, worded as a validation message. */
export function invalidField(field: string, message: string): AppError {
  return validationError({ [field]: [message] });
}

export function validationError(fieldErrors: FieldErrors): AppError {
  const messages = Object.values(fieldErrors).flat();
  const first = messages[0] ?? 'The given data was invalid.';
  const rest = messages.length - 1;
  const message =
    rest > 0 ? `${first} (and ${rest} more ${rest === 1 ? 'error' : 'errors'})` : first;
  return new AppError('UNPROCESSABLE_CONTENT', message, { fieldErrors });
}

/**
 * Unique constraints whose violation is a validation error on a request field; any other
 * violation is a 409. Modules register theirs beside their schema.
 */
const uniqueFieldRules = new Map<string, { field: string; message: string }>();

export function registerUniqueField(constraint: string, field: string, message: string): void {
  uniqueFieldRules.set(constraint, { field, message });
}

type PgError = { code?: string; constraint_name?: string; constraint?: string; message?: string };

function findPgError(error: unknown): PgError | undefined {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const candidate = current as PgError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** The constraint a unique violation (23505) names, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  const pg = findPgError(error);
  return pg?.code === '23505' ? (pg.constraint_name ?? pg.constraint ?? '') : undefined;
}

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The dot paths of the strings in `input` that contain a NUL character. */
function fieldsWithNul(input: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof input === 'string') {
    if (input.includes('\u0000')) found.push(path.join('.'));
  } else if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) fieldsWithNul(value, [...path, key], found);
  }
  return found;
}

/**
 * Postgres text cannot hold a NUL character (22021 as a parameter, 22P05 inside jsonb). The
 * schemas let it through like any other character, so the database's refusal is a 422 on
 * the fields of the raw `input` that carry one.
 */
function nulError(input: unknown): AppError {
  const fields = fieldsWithNul(input);
  return validationError(
    Object.fromEntries(
      (fields.length > 0 ? fields : ['input']).map((field) => [
        field,
        [fieldMessageFor(field, 'field must not contain NUL characters.')],
      ]),
    ),
  );
}

/**
 * Maps whatever a procedure threw to the error the client sees: zod input failures to
 * 422, database constraint failures to 409/422, an unreachable database to 503. Anything
 * unknown stays a 500 whose message never reaches the client. `input` is the request's raw
 * input, for errors about a field that only the database detects.
 */
export function toAppError(error: unknown, input?: unknown): TRPCError {
  if (error instanceof AppError) return error;
  const cause = error instanceof TRPCError ? error.cause : error;
  if (error instanceof TRPCError && error.code === 'BAD_REQUEST' && cause instanceof ZodError) {
    return validationError(fieldErrorsFromZod(cause));
  }
  if (cause instanceof AppError) return cause;
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') return error;

  const pg = findPgError(cause);
  // 23503: a NO ACTION foreign key; 23001: an ON DELETE RESTRICT one (the school records').
  if (pg?.code === '23503' || pg?.code === '23001') {
    return new AppError(
      'CONFLICT',
      'This record has history and cannot be deleted; change its status instead.',
      { cause },
    );
  }
  if (pg?.code === '23505') {
    const rule = uniqueFieldRules.get(pg.constraint_name ?? pg.constraint ?? '');
    if (rule) return invalidField(rule.field, rule.message);
    return new AppError('CONFLICT', 'The record conflicts with an existing one.', { cause });
  }
  if (pg?.code === '22021' || pg?.code === '22P05') return nulError(input);
  if (pg?.code === '40001' || pg?.code === '40P01') {
    return new AppError('CONFLICT', 'A concurrent change conflicted with this one; try again.', {
      cause,
    });
  }
  // 57014: cancelled, by the statement timeout above all; the request may simply be retried.
  if (pg?.code === '57014') {
    return new AppError(
      'SERVICE_UNAVAILABLE',
      'The database took too long to answer; try again shortly.',
      {
        retryAfter: 5,
        cause,
      },
    );
  }
  if ((pg?.code && /^(08|57P0[1-3]|53300)/.test(pg.code)) || isConnectionError(cause)) {
    return new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable; try again shortly.', {
      retryAfter: 5,
      cause,
    });
  }
  return error instanceof TRPCError
    ? error
    : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', cause });
}
