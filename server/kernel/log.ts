import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Level, type LevelWithSilent, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { LOG_LEVELS } from './config';

type DatabaseFailure = {
  code?: string;
  constraint?: string;
  constraint_name?: string;
  table?: string;
  table_name?: string;
  column?: string;
  column_name?: string;
};

/** Stack frames without the message line(s) above them. */
function framesOf(error: Error): string | undefined {
  const at = error.stack?.indexOf('\n    at ') ?? -1;
  return at >= 0 ? error.stack!.slice(at + 1) : undefined;
}

/**
 * What may be logged of an error. Database errors carry personal data: Drizzle's message
 * lists the query's parameters and Postgres quotes the offending value ("invalid input
 * syntax for type integer: \"Ana\""). Of those only the query text (placeholders, no
 * values), the SQLSTATE, the constraint, table and column, and the stack frames are kept.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  let query: string | undefined;
  let database: DatabaseFailure | undefined;
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const candidate = current as DatabaseFailure & {
      query?: unknown;
      params?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.query === 'string' && 'params' in candidate) query ??= candidate.query;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      database ??= candidate;
    current = candidate.cause;
  }
  const top = (error as { cause?: unknown })?.cause ?? error;
  if (!query && !database) {
    return {
      message: top instanceof Error ? top.message : String(top),
      stack: top instanceof Error ? top.stack : undefined,
    };
  }
  return {
    message: `database error${database?.code ? ` ${database.code}` : ''}`,
    query,
    constraint: database?.constraint_name ?? database?.constraint,
    table: database?.table_name ?? database?.table,
    column: database?.column_name ?? database?.column,
    stack: top instanceof Error ? framesOf(top) : undefined,
  };
}

export const ACCESS_MESSAGE = 'request completed';
/** The fields of an access line besides level, time, pid and msg. */
const ACCESS_FIELDS = [
  'method',
  'route',
  'status',
  'duration_ms',
  'sql_statements',
  'request_id',
  'organization_id',
  'aborted',
];

/**
 * `LOG_LEVEL`, default `info`; under Vitest `silent` unless set, so tests print nothing and
 * capture what they need (`captureLogs`). An unknown value falls back to the default here;
 * `loadConfig` refuses it at start-up.
 */
export function logLevelFrom(
  env: Record<string, string | undefined> = process.env,
): LevelWithSilent {
  const given = env.LOG_LEVEL?.trim().toLowerCase();
  if (given && (LOG_LEVELS as readonly string[]).includes(given)) return given as LevelWithSilent;
  return env.VITEST ? 'silent' : 'info';
}

/**
 * Where lines go: pretty in development (`npm run dev`), JSON lines on stdout otherwise.
 * Written synchronously, so nothing is lost when the process exits right after a line.
 */
function defaultDestination(): DestinationStream {
  if (process.env.NODE_ENV === 'development') {
    return pretty({
      sync: true,
      colorize: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: `pid,${ACCESS_FIELDS.join(',')}`,
      messageFormat: (entry, messageKey) => {
        const request = entry.request_id ? ` (request ${String(entry.request_id)})` : '';
        if (entry[messageKey] !== ACCESS_MESSAGE) return `${String(entry[messageKey])}${request}`;
        const organization = entry.organization_id
          ? ` school ${String(entry.organization_id)}`
          : '';
        return `${entry.method} ${entry.route} ${entry.status} ${entry.duration_ms} ms ${entry.sql_statements} SQL${organization}${request}`;
      },
    });
  }
  return pino.destination({ dest: 1, sync: true });
}

/** The destination can be swapped (tests capture lines); the logger itself stays one. */
let destination: DestinationStream | undefined;
const switchable: DestinationStream = {
  write: (line: string) => (destination ??= defaultDestination()).write(line),
};

/** The process's logger (one per module copy: Next's bundle and the production server's). */
export const logger: Logger = pino(
  {
    level: logLevelFrom(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  switchable,
);

export type CapturedLogs = {
  /** The raw lines, as a destination receives them. */
  lines: string[];
  /** The lines parsed. */
  entries(): Record<string, any>[];
  /** Access lines only (one per request). */
  access(): Record<string, any>[];
  stop(): void;
};

/** Sends the logger's lines to memory at `level` until `stop()` (tests). */
export function captureLogs(level: Level = 'info'): CapturedLogs {
  const previous = { destination, level: logger.level };
  const lines: string[] = [];
  destination = { write: (line: string) => void lines.push(line) };
  logger.level = level;
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, any>);
  return {
    lines,
    entries,
    access: () => entries().filter((entry) => entry.msg === ACCESS_MESSAGE),
    stop: () => {
      destination = previous.destination;
      logger.level = previous.level;
    },
  };
}

/** One error line: the context given and what may be logged of the error. */
export function logError(context: Record<string, unknown>, error: unknown): void {
  const { message, ...details } = loggableError(error);
  logger.error({ ...context, ...details }, String(message));
}

/** What a request's access line learns while the request runs. */
type RequestScope = { organizationIds: string[]; written: boolean };
const requestScopes = new AsyncLocalStorage<RequestScope>();

/**
 * Runs `work` as one request for the access log. A scope inside another (the production
 * server's listener around the `/api` handler) shares the outer one, so a request written by
 * the inner scope is not written again by the outer.
 */
export function inRequestScope<T>(work: (scope: RequestScope) => T): T {
  const outer = requestScopes.getStore();
  if (outer) return work(outer);
  const scope: RequestScope = { organizationIds: [], written: false };
  return requestScopes.run(scope, () => work(scope));
}

/** The school a procedure resolved for the caller (a member, or a platform administrator). */
export function noteOrganization(id: string): void {
  const scope = requestScopes.getStore();
  if (scope && !scope.organizationIds.includes(id)) scope.organizationIds.push(id);
}

export type AccessLine = {
  method: string;
  /** The route template, `trpc:<procedures>`, or a path without its query. */
  route: string;
  status: number;
  durationMs: number;
  sqlStatements: number;
  requestId?: string;
  aborted?: boolean;
};

/** Writes the request's one access line, unless its scope has already written it. */
export function writeAccessLine(scope: RequestScope | undefined, line: AccessLine): void {
  if (scope?.written) return;
  if (scope) scope.written = true;
  logger.info(
    {
      method: line.method,
      route: line.route,
      status: line.status,
      duration_ms: Math.round(line.durationMs * 10) / 10,
      sql_statements: line.sqlStatements,
      request_id: line.requestId,
      organization_id: scope?.organizationIds.length ? scope.organizationIds.join(',') : undefined,
      aborted: line.aborted || undefined,
    },
    ACCESS_MESSAGE,
  );
}
