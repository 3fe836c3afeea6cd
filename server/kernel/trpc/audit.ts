import type { Database } from '@/db/client';
import { adminActions } from '@/db/schema';
import { AppError } from '../errors';

/*
 * The audit log of platform administration (DESIGN-MODULES E, "every admin write is
 * logged"): each mutation of an admin route runs in one transaction with its
 * `admin_actions` row, so a write and its record commit or fail together.
 */

/** What an admin route's audit row names; every admin mutation declares one (tested). */
export type AuditSpec = {
  /** The kind of record written: `user`, `organization`, `settings`… */
  subject: string;
  /** The raw input field naming the subject (default `id`); else the answer's `data.id`. */
  idField?: string;
  /**
   * The subject as stored, read in the write's transaction before and after it; without
   * it, `before` is null and `after` the answer's data.
   */
  read?: (db: Database, id: string | null) => Promise<unknown>;
};

/** Keys never copied from an answer into the log: a code shown once, secrets. */
const SECRET_KEYS = new Set(['code', 'secret_key', 'webhook_secret', 'token', 'password']);

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEYS.has(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

const idOf = (value: unknown, field: string): string | null => {
  const id = (value as Record<string, unknown> | null | undefined)?.[field];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
};

/** The failed answer of a write, carried out of its transaction so that it rolls back. */
class RolledBack {
  constructor(readonly result: unknown) {}
}

type Result = { ok: true; data: unknown } | { ok: false; error: unknown };

/**
 * Runs `write` (the rest of the procedure, given the transaction as its database) and logs
 * it. A failed write leaves no row and no change.
 */
export async function audited<R extends Result>(
  db: Database,
  action: string,
  actorId: string,
  spec: AuditSpec,
  rawInput: unknown,
  write: (tx: Database) => Promise<R>,
): Promise<R> {
  try {
    return await db.transaction(async (tx) => {
      // An unknown subject reads as null: the write itself answers its 404 or 422.
      const read = async (id: string | null) =>
        spec.read
          ? spec.read(tx, id).catch((error: unknown) => {
              if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
              throw error;
            })
          : null;
      const inputId = idOf(rawInput, spec.idField ?? 'id');
      const before = await read(inputId);
      const result = await write(tx);
      if (!result.ok) throw new RolledBack(result);
      const answer = result.data as { data?: unknown } | null;
      const data = answer && typeof answer === 'object' && 'data' in answer ? answer.data : answer;
      const subjectId = inputId ?? idOf(data, 'id');
      const after = spec.read ? await read(subjectId) : withoutSecrets(data);
      await tx.insert(adminActions).values({
        actorId,
        action,
        subjectType: spec.subject,
        subjectId,
        before: before ?? null,
        after: after ?? null,
      });
      return result;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result as R;
    throw error;
  }
}
