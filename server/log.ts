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
    const candidate = current as DatabaseFailure & { query?: unknown; params?: unknown; cause?: unknown };
    if (typeof candidate.query === 'string' && 'params' in candidate) query ??= candidate.query;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) database ??= candidate;
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

/** One JSON line on stderr: the context given and what may be logged of the error. */
export function logError(context: Record<string, unknown>, error: unknown): void {
  console.error(JSON.stringify({ level: 'error', ...context, ...loggableError(error) }));
}
