import type { Database } from '@/db/client';
import type { Config } from '../kernel/config';

/** Who makes a transition of C.6, and the app's URL for the links of its e-mails. */
export type StepActor = { userId: string; config: Config; now?: Date };

type StepContext = { db: Database; caller: { user: { id: string } }; config: Config };

/**
 * A transition route's body: the transition, then the record as the caller now sees it (the
 * buyer's order, the seller's sale), in one transaction.
 */
export function answerAfterStep<T>(
  ctx: StepContext,
  step: (tx: Database, actor: StepActor) => Promise<unknown>,
  read: (tx: Database, userId: string) => Promise<T>,
): Promise<{ data: T }> {
  return ctx.db.transaction(async (tx) => {
    const actor = { userId: ctx.caller.user.id, config: ctx.config };
    await step(tx, actor);
    return { data: await read(tx, actor.userId) };
  });
}
