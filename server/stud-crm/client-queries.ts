import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { escapeLike, isoTimestampSql, pageOfRows, toMoney } from '../kernel/records';
import { paginate, pageOffset, type PageRequest } from '../kernel/trpc/pagination';
import { clientDisplayName } from './client-name';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { Client, ClientDetail, ClientFilters, ProspectFilters } from './client-schema';

/** Which clients a route serves: every stage (/clients) or the prospects (/prospects). */
export type ClientScope = 'client' | 'prospect';

export const scopeFilter = (scope: ClientScope): SQL =>
  scope === 'prospect' ? sql`c.stage = 'prospect'` : sql`true`;

export const whatOf = (scope: ClientScope) => (scope === 'prospect' ? 'Prospect' : 'Client');

/** The client's tags by name, as a JSON array (one subquery per row of the same statement). */
const tagsOf = sql`coalesce((
    select json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', t.colour)
                    order by lower(t.name), t.id)
      from stud_client_tags ct
      join stud_tags t on t.stud_id = ct.stud_id and t.id = ct.tag_id
     where ct.stud_id = c.stud_id and ct.client_id = c.id), '[]'::json)`;

/** The stud horses the client owns, by name (their names are their identities'). */
const horsesOf = sql`coalesce((
    select json_agg(json_build_object('id', h.id, 'name', i.name) order by lower(i.name), h.id)
      from stud_horses h
      join horse_identities i on i.id = h.horse_identity_id
     where h.stud_id = c.stud_id and h.owner_client_id = c.id), '[]'::json)`;

/** The stud's clients under `where`, each row in the API's shape but for `expected_value`. */
function selectClients(stud: Organization, where: SQL, detail: boolean): SQL {
  return sql`
  select c.id, c.stage, c.kind, ${clientDisplayName} as display_name,
         c.first_name, c.last_name, c.company_name, c.email, c.phone, c.address,
         c.document_type, c.document_number, c.source, ${tagsOf} as tags, c.notes,
         c.pipeline_status,
         json_build_object('stallion_id', c.interest_stallion_id,
                           'service_id', c.interest_service_id) as interest,
         c.expected_value::text as expected_value,
         ${isoTimestampSql(sql`c.anonymized_at`)} as anonymized_at,
         ${isoTimestampSql(sql`c.created_at`)} as created_at,
         ${isoTimestampSql(sql`c.updated_at`)} as updated_at
         ${detail ? sql`, ${horsesOf} as horses` : sql``}
    from stud_clients c
   where c.stud_id = ${stud.id} and ${where}`;
}

type Row<T> = Omit<T, 'expected_value'> & { expected_value: string | null };

const toClient = <T extends Client>(row: Row<T>): T =>
  ({ ...row, expected_value: toMoney(row.expected_value) }) as T;

/** A page of clients by display name (then id), and the total, in one statement. */
async function pageOfClients(
  db: Database,
  stud: Organization,
  filters: SQL[],
  input: PageRequest & { tag?: string; search?: string },
  url: URL,
) {
  if (input.tag) {
    filters.push(sql`exists (select 1 from stud_client_tags ct
                              where ct.stud_id = c.stud_id and ct.client_id = c.id
                                and ct.tag_id = ${input.tag})`);
  }
  if (input.search) {
    const pattern = `%${escapeLike(input.search)}%`;
    filters.push(sql`(c.first_name || ' ' || c.last_name ilike ${pattern}
                      or c.company_name ilike ${pattern} or c.email ilike ${pattern})`);
  }
  const [rows, total] = await pageOfRows<Row<Client>>(
    db,
    selectClients(stud, sql.join(filters, sql` and `), false),
    sql`lower(display_name), display_name, id`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows.map(toClient), total, input, url);
}

/** GET /clients: every stage unless `stage` says which. */
export function listClients(db: Database, stud: Organization, input: ClientFilters, url: URL) {
  const filters: SQL[] = [sql`true`];
  if (input.stage) filters.push(sql`c.stage = ${input.stage}`);
  return pageOfClients(db, stud, filters, input, url);
}

/** GET /prospects: the clients in stage prospect. */
export function listProspects(db: Database, stud: Organization, input: ProspectFilters, url: URL) {
  const filters: SQL[] = [scopeFilter('prospect')];
  if (input.pipeline_status) filters.push(sql`c.pipeline_status = ${input.pipeline_status}`);
  return pageOfClients(db, stud, filters, input, url);
}

/** One client with its horses, in one statement; under /prospects only a prospect. */
export async function getClient(
  db: Database,
  stud: Organization,
  clientId: string,
  scope: ClientScope = 'client',
): Promise<ClientDetail> {
  const [row] = isUuid(clientId)
    ? await queryRows<Row<ClientDetail>>(
        db,
        selectClients(stud, sql`c.id = ${clientId} and ${scopeFilter(scope)}`, true),
      )
    : [];
  if (!row) throw notFound(whatOf(scope));
  return toClient(row);
}
