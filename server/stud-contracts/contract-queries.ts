import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type Database } from '@/db/client';
import { contractEvents, contracts } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { escapeLike, isoTimestampSql, pageOfRows } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { clientDisplayName } from '../stud-crm/client-name';
import type { Contract, ContractFilters, contractEventsSchema } from './contract-schema';
import { verifyChain } from './event-chain';

type ContractEvents = z.infer<typeof contractEventsSchema>;

const iso = (column: string) => isoTimestampSql(sql.raw(column));

/** The contract `k`'s signers by their order, as a JSON array: a subquery of the same statement. */
const signersOf = sql`coalesce((
  select json_agg(json_build_object(
           'id', s.id, 'name', s.name, 'email', s.email, 'role', s.role, 'order', s.position,
           'status', s.status, 'signed_name', s.signed_name,
           'viewed_at', ${iso('s.viewed_at')}, 'signed_at', ${iso('s.signed_at')},
           'declined_at', ${iso('s.declined_at')}, 'decline_reason', s.decline_reason)
         order by s.position)
    from contract_signers s
   where s.stud_id = k.stud_id and s.contract_id = k.id), '[]'::json)`;

/** The stud's contracts under `where` (over `k`), as the API answers them, in one statement. */
const selectContracts = (stud: Organization, where: SQL) => sql`
  select k.id, k.number, k.kind, k.title, k.status, k.client_id,
         case when c.id is null then null
              else json_build_object('id', c.id, 'name', ${clientDisplayName}) end as client,
         k.reservation_id, k.template_id, k.body, ${signersOf} as signers,
         ${iso('k.expires_at')} as expires_at, ${iso('k.sent_at')} as sent_at,
         ${iso('k.completed_at')} as completed_at, k.document_sha256,
         case when m.id is null then null
              else json_build_object('sha256', k.signed_pdf_sha256, 'size_bytes', m.size_bytes)
         end as signed_pdf,
         k.void_reason, ${iso('k.created_at')} as created_at, ${iso('k.updated_at')} as updated_at
    from contracts k
    left join stud_clients c on c.stud_id = k.stud_id and c.id = k.client_id
    left join media m on m.organization_id = k.stud_id and m.id = k.signed_pdf_id
   where k.stud_id = ${stud.id} and ${where}`;

/**
 * GET /contracts: newest first; a page with its signers and clients, and the total, in one
 * statement whatever the page's size.
 */
export async function listContracts(
  db: Database,
  stud: Organization,
  input: ContractFilters,
  url: URL,
) {
  const filters: SQL[] = [sql`true`];
  if (input.status) filters.push(sql`k.status = ${input.status}`);
  if (input.kind) filters.push(sql`k.kind = ${input.kind}`);
  if (input.client_id) filters.push(sql`k.client_id = ${input.client_id}`);
  if (input.reservation_id) filters.push(sql`k.reservation_id = ${input.reservation_id}`);
  if (input.search) {
    const pattern = `%${escapeLike(input.search)}%`;
    filters.push(sql`(k.number ilike ${pattern} or k.title ilike ${pattern})`);
  }
  const [rows, total] = await pageOfRows<Contract>(
    db,
    selectContracts(stud, sql.join(filters, sql` and `)),
    // The ISO text sorts as the time it writes; the number breaks a tie within a millisecond.
    sql`created_at desc, number desc`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows, total, input, url);
}

/** One contract with its signers, in one statement; 404 when not the stud's. */
export async function getContract(
  db: Database,
  stud: Organization,
  contractId: string,
): Promise<Contract> {
  const [row] = isUuid(contractId)
    ? await queryRows<Contract>(db, selectContracts(stud, sql`k.id = ${contractId}`))
    : [];
  if (!row) throw notFound('Contract');
  return row;
}

/**
 * GET /contracts/{id}/events: the log by `seq`, and whether its hash chain holds (recomputed
 * from the stored fields); one statement, 404 when the contract is not the stud's.
 */
export async function getContractEvents(
  db: Database,
  stud: Organization,
  contractId: string,
): Promise<ContractEvents> {
  const rows = isUuid(contractId)
    ? await db
        .select({ id: contracts.id, event: contractEvents })
        .from(contracts)
        .leftJoin(
          contractEvents,
          and(
            eq(contractEvents.studId, contracts.studId),
            eq(contractEvents.contractId, contracts.id),
          ),
        )
        .where(and(eq(contracts.studId, stud.id), eq(contracts.id, contractId)))
        .orderBy(asc(contractEvents.seq))
    : [];
  if (rows.length === 0) throw notFound('Contract');
  const events = rows.flatMap((row) => (row.event ? [row.event] : []));
  return {
    data: events.map((e) => ({
      seq: e.seq,
      type: e.type,
      occurred_at: e.occurredAt.toISOString(),
      actor: e.actor,
      signer_id: e.signerId,
      ip: e.ip,
      user_agent: e.userAgent,
      details: e.details,
      prev_hash: e.prevHash,
      hash: e.hash,
    })),
    chain: verifyChain(events),
  };
}
