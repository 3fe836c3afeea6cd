import { z } from 'zod';
import {
  CLIENT_KINDS,
  CLIENT_SOURCES,
  CLIENT_STAGES,
  PIPELINE_STATUSES,
} from '@/db/schema/stud-values';
import { pathId } from '../kernel/fields/params';
import { moneyField, optionalEmail, optionalText } from '../kernel/fields/record-fields';
import { paginationInput } from '../kernel/trpc/pagination';
import { studIdInput } from '../studs/tenant';

/*
 * A stud's clients and prospects (DESIGN-MODULES B.8) as the API takes and answers them: a
 * prospect is a client in stage `prospect`. Client-safe (zod only): the client and prospect
 * forms validate with these schemas and take their value lists from here.
 */

export { CLIENT_KINDS, CLIENT_SOURCES, CLIENT_STAGES, PIPELINE_STATUSES };

export const CLIENTS_PER_PAGE = 25;

/** The fields of a client and of a prospect alike. */
const personFields = {
  kind: z.enum(CLIENT_KINDS).optional(),
  first_name: optionalText(255),
  last_name: optionalText(255),
  company_name: optionalText(255),
  email: optionalEmail,
  phone: optionalText(50),
  address: optionalText(500),
  document_type: optionalText(50),
  document_number: optionalText(50),
  source: z.enum(CLIENT_SOURCES).nullable().optional(),
  /** The client's tags (the whole set: what is left out is removed). */
  tag_ids: z.array(z.uuid()).max(50).optional(),
  notes: optionalText(5000),
};

/** POST and PUT /clients (PUT: the fields sent change). Stage `client` unless given. */
export const clientFields = z.object({
  stage: z.enum(CLIENT_STAGES).optional(),
  ...personFields,
});

export type ClientFields = z.infer<typeof clientFields>;

/** What a prospect is interested in; each key sent changes, `null` clears. */
export const interestFields = z.object({
  /** A stallion of the stud (an entire male of a year or more). */
  stallion_id: z.uuid().nullable().optional(),
  /** A breeding service of the stud (B.2), the interest stallion's when he is named. */
  service_id: z.uuid().nullable().optional(),
});

/** POST and PUT /prospects (PUT: the fields sent change). Pipeline status `new` unless given. */
export const prospectFields = z.object({
  ...personFields,
  pipeline_status: z.enum(PIPELINE_STATUSES).optional(),
  interest: interestFields.nullable().optional(),
  expected_value: moneyField.nullable().optional(),
});

export type ProspectFields = z.infer<typeof prospectFields>;

type Names = {
  kind: (typeof CLIENT_KINDS)[number];
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
};

/** The names a client's kind requires (B.8) that are missing, as 422 field errors. */
export function missingNames(client: Names): Record<string, string[]> {
  const required: (keyof Names)[] =
    client.kind === 'company' ? ['company_name'] : ['first_name', 'last_name'];
  return Object.fromEntries(
    required
      .filter((field) => !client[field])
      .map((field) => [
        field,
        [`The ${field.replace(/_/g, ' ')} field is required when kind is ${client.kind}.`],
      ]),
  );
}

export const clientIdInput = studIdInput.extend({ clientId: pathId });
export const prospectIdInput = studIdInput.extend({ prospectId: pathId });

const listFilters = {
  /** A tag's id: the clients that carry it. */
  tag: z.uuid().optional(),
  /** Part of a name, the company's name or the e-mail address, in any case. */
  search: z.string().trim().max(255).optional(),
};

export const clientFilters = paginationInput(CLIENTS_PER_PAGE).extend({
  stage: z.enum(CLIENT_STAGES).optional(),
  ...listFilters,
});

export type ClientFilters = z.infer<typeof clientFilters>;

export const prospectFilters = paginationInput(CLIENTS_PER_PAGE).extend({
  pipeline_status: z.enum(PIPELINE_STATUSES).optional(),
  ...listFilters,
});

export type ProspectFilters = z.infer<typeof prospectFilters>;

export const clientTagSchema = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string().nullable(),
});

export const clientSchema = z.object({
  id: z.string(),
  stage: z.enum(CLIENT_STAGES),
  kind: z.enum(CLIENT_KINDS),
  /** The company's name for a company, else "first last". */
  display_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
  source: z.enum(CLIENT_SOURCES).nullable(),
  tags: z.array(clientTagSchema),
  notes: z.string().nullable(),
  pipeline_status: z.enum(PIPELINE_STATUSES).nullable(),
  interest: z.object({
    stallion_id: z.string().nullable(),
    service_id: z.string().nullable(),
  }),
  expected_value: z.number().nullable(),
  anonymized_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Client = z.infer<typeof clientSchema>;

/** One client as its detail shows it: with the stud horses it owns, by name. */
export const clientDetailSchema = clientSchema.extend({
  horses: z.array(z.object({ id: z.string(), name: z.string() })),
});

export type ClientDetail = z.infer<typeof clientDetailSchema>;
