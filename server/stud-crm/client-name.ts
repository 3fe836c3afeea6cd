import { sql } from 'drizzle-orm';

/**
 * A client's name as lists show it, in SQL over the alias `c`: the company's for a company,
 * else first and last name; a record without one says so.
 */
export const clientDisplayName = sql`coalesce(nullif(case when c.kind = 'company' then c.company_name
                         else concat_ws(' ', c.first_name, c.last_name) end, ''), 'Anonymized client')`;
