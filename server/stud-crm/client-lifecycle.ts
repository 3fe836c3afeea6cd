import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { studClients, studClientTags, studServices, studTags } from '@/db/schema';
import { conflict, notFound, registerUniqueField, validationError } from '../kernel/errors';
import { moneyValue } from '../kernel/fields/record-fields';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { stallionError } from '../stud-herd/horse-queries';
import { getClient, scopeFilter, whatOf, type ClientScope } from './client-queries';
import {
  missingNames,
  type ClientDetail,
  type ClientFields,
  type ProspectFields,
} from './client-schema';

/*
 * A stud client's changes (DESIGN-MODULES B.8): created, updated while not anonymized,
 * deleted while without history, anonymized once; a prospect converted into a client. Each
 * write is one transaction, the client's row locked while its rules are checked.
 */

registerUniqueField('stud_clients_email_key', 'email', 'The email has already been taken.');

/** What the client and prospect routes write: their fields, with the stage they settle. */
type ClientWrite = Partial<ClientFields> & Partial<ProspectFields>;
type ClientRow = typeof studClients.$inferSelect;

const CONFLICT_ANONYMIZED = 'An anonymized client can no longer be edited.';

/** Columns of the given fields; absent ones stay undefined (default, or unchanged). */
function clientValues(input: ClientWrite) {
  return {
    stage: input.stage,
    kind: input.kind,
    firstName: input.first_name,
    lastName: input.last_name,
    companyName: input.company_name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    documentType: input.document_type,
    documentNumber: input.document_number,
    source: input.source,
    notes: input.notes,
    pipelineStatus: input.pipeline_status,
    interestStallionId: input.interest === null ? null : input.interest?.stallion_id,
    interestServiceId: input.interest === null ? null : input.interest?.service_id,
    expectedValue: moneyValue(input.expected_value),
  };
}

/**
 * The interest as it will stand, checked: a stallion of the stud, and a service of the stud
 * that is the interest stallion's (the one given, else the stored one). A new stallion given
 * alone clears a stored service of another stallion. Returns the errors and the service to
 * store (undefined: unchanged).
 */
async function checkInterest(
  db: Database,
  stud: Organization,
  interest: ClientWrite['interest'],
  current: ClientRow | null,
) {
  const errors: Record<string, string[]> = {};
  if (!interest) return { errors, serviceId: undefined };
  const serviceOf = async (id: string) => {
    const [service] = isUuid(id)
      ? await db
          .select({ stallionId: studServices.stallionId })
          .from(studServices)
          .where(and(eq(studServices.studId, stud.id), eq(studServices.id, id)))
      : [];
    return service;
  };
  const stallionId =
    interest.stallion_id !== undefined ? interest.stallion_id : current?.interestStallionId;
  if (interest.stallion_id) {
    const error = await stallionError(db, stud, interest.stallion_id, 'interest.stallion_id');
    if (error) errors['interest.stallion_id'] = [error];
  }
  let serviceId = interest.service_id;
  if (interest.service_id) {
    const service = await serviceOf(interest.service_id);
    if (!service) errors['interest.service_id'] = ['The selected interest service id is invalid.'];
    else if (stallionId && service.stallionId !== stallionId && !errors['interest.stallion_id'])
      errors['interest.service_id'] = ["The interest service must be the interest stallion's."];
  } else if (serviceId === undefined && interest.stallion_id && current?.interestServiceId) {
    const stored = await serviceOf(current.interestServiceId);
    if (stored && stored.stallionId !== interest.stallion_id) serviceId = null;
  }
  return { errors, serviceId };
}

/** Whether any of `tagIds` is not a tag of the stud, in one statement. */
async function hasUnknownTags(db: Database, stud: Organization, tagIds: string[]) {
  const ids = [...new Set(tagIds)];
  const found = await db
    .select({ id: studTags.id })
    .from(studTags)
    .where(and(eq(studTags.studId, stud.id), inArray(studTags.id, ids)));
  return found.length !== ids.length;
}

/**
 * The names the kind requires, the tags and the interest, against the stud's records; else
 * 422. Returns the interest service to store (undefined: unchanged).
 */
async function checkClient(
  db: Database,
  stud: Organization,
  input: ClientWrite,
  names: Parameters<typeof missingNames>[0],
  current: ClientRow | null,
): Promise<string | null | undefined> {
  const errors: Record<string, string[]> = missingNames(names);
  if (input.tag_ids?.length && (await hasUnknownTags(db, stud, input.tag_ids)))
    errors.tag_ids = ['The selected tag ids is invalid.'];
  const interest = await checkInterest(db, stud, input.interest, current);
  Object.assign(errors, interest.errors);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return interest.serviceId;
}

/** The client's tags become `tagIds` (absent: unchanged), in at most two statements. */
async function writeTags(
  db: Database,
  stud: Organization,
  clientId: string,
  tagIds: string[] | undefined,
) {
  if (tagIds === undefined) return;
  const ids = [...new Set(tagIds)];
  await db
    .delete(studClientTags)
    .where(
      and(
        eq(studClientTags.studId, stud.id),
        eq(studClientTags.clientId, clientId),
        ids.length > 0 ? notInArray(studClientTags.tagId, ids) : undefined,
      ),
    );
  if (ids.length > 0)
    await db
      .insert(studClientTags)
      .values(ids.map((tagId) => ({ studId: stud.id, clientId, tagId })))
      .onConflictDoNothing();
}

/** The client's row, locked for the rest of the transaction, or 404. */
async function lockClient(
  db: Database,
  stud: Organization,
  clientId: string,
  scope: ClientScope,
): Promise<ClientRow> {
  const [row] = isUuid(clientId)
    ? await db
        .select()
        .from(studClients)
        .where(
          and(
            eq(studClients.studId, stud.id),
            eq(studClients.id, clientId),
            scope === 'prospect' ? eq(studClients.stage, 'prospect') : undefined,
          ),
        )
        .for('update')
    : [];
  if (!row) throw notFound(whatOf(scope));
  return row;
}

const ofClient = (stud: Organization, clientId: string) =>
  and(eq(studClients.studId, stud.id), eq(studClients.id, clientId));

async function insertClient(
  db: Database,
  stud: Organization,
  input: ClientWrite & { stage: ClientRow['stage'] },
): Promise<string> {
  return db.transaction(async (tx) => {
    await checkClient(
      tx,
      stud,
      input,
      {
        kind: input.kind ?? 'person',
        first_name: input.first_name ?? null,
        last_name: input.last_name ?? null,
        company_name: input.company_name ?? null,
      },
      null,
    );
    // A taken e-mail, even from a concurrent request, is the unique index's 422.
    const [row] = await tx
      .insert(studClients)
      .values({ ...clientValues(input), studId: stud.id, stage: input.stage })
      .returning({ id: studClients.id });
    await writeTags(tx, stud, row!.id, input.tag_ids);
    return row!.id;
  });
}

/** POST /clients: stage `client` unless given; a prospect made here starts the pipeline. */
export async function createClient(
  db: Database,
  stud: Organization,
  input: ClientFields,
): Promise<ClientDetail> {
  const stage = input.stage ?? 'client';
  const id = await insertClient(db, stud, {
    ...input,
    stage,
    pipeline_status: stage === 'prospect' ? 'new' : undefined,
  });
  return getClient(db, stud, id);
}

/** POST /prospects: a client in stage prospect, pipeline status `new` unless given. */
export async function createProspect(
  db: Database,
  stud: Organization,
  input: ProspectFields,
): Promise<ClientDetail> {
  const id = await insertClient(db, stud, {
    ...input,
    stage: 'prospect',
    pipeline_status: input.pipeline_status ?? 'new',
  });
  return getClient(db, stud, id, 'prospect');
}

/** PUT /clients/{id} and /prospects/{id}: the fields sent change; an anonymized client → 409. */
export async function updateClient(
  db: Database,
  stud: Organization,
  clientId: string,
  input: ClientWrite,
  scope: ClientScope,
): Promise<ClientDetail> {
  await db.transaction(async (tx) => {
    const current = await lockClient(tx, stud, clientId, scope);
    if (current.anonymizedAt) throw conflict(CONFLICT_ANONYMIZED);
    const given = <T>(value: T | undefined, stored: T) => (value === undefined ? stored : value);
    const serviceId = await checkClient(
      tx,
      stud,
      input,
      {
        kind: given(input.kind, current.kind),
        first_name: given(input.first_name, current.firstName),
        last_name: given(input.last_name, current.lastName),
        company_name: given(input.company_name, current.companyName),
      },
      current,
    );
    const values = clientValues(input);
    // A new stallion of interest given alone has cleared a service of another stallion.
    if (serviceId === null) values.interestServiceId = null;
    // A client moved back among the prospects takes up the pipeline where it left it.
    if (input.stage === 'prospect' && current.stage !== 'prospect')
      values.pipelineStatus ??= current.pipelineStatus ?? 'new';
    await tx
      .update(studClients)
      .set({ ...values, updatedAt: sql`now()` })
      .where(ofClient(stud, current.id));
    await writeTags(tx, stud, current.id, input.tag_ids);
  });
  return getClient(db, stud, clientId, scope);
}

/**
 * DELETE /clients/{id} and /prospects/{id}. A client owning stud horses is kept (409), as is
 * one with any other history its foreign keys guard (ON DELETE RESTRICT → 409).
 */
export async function deleteClient(
  db: Database,
  stud: Organization,
  clientId: string,
  scope: ClientScope,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = isUuid(clientId)
      ? await queryRows<{ id: string; owns_horses: boolean }>(
          tx,
          sql`select c.id, exists (select 1 from stud_horses h
                                    where h.stud_id = c.stud_id and h.owner_client_id = c.id)
                           as owns_horses
                from stud_clients c
               where c.stud_id = ${stud.id} and c.id = ${clientId} and ${scopeFilter(scope)}
                 for update of c`,
        )
      : [];
    if (!row) throw notFound(whatOf(scope));
    if (row.owns_horses)
      throw conflict(
        `The ${whatOf(scope).toLowerCase()} owns horses of the stud and cannot be deleted: set its stage to inactive, or anonymize it.`,
      );
    await tx.delete(studClients).where(ofClient(stud, row.id));
  });
}

/**
 * POST /clients/{id}/anonymize: the personal fields are erased and the tags removed; the
 * record and what refers to it stay. Once only (409), and no edits afterwards.
 */
export async function anonymizeClient(
  db: Database,
  stud: Organization,
  clientId: string,
): Promise<ClientDetail> {
  await db.transaction(async (tx) => {
    const current = await lockClient(tx, stud, clientId, 'client');
    if (current.anonymizedAt) throw conflict('The client is already anonymized.');
    await tx
      .update(studClients)
      .set({
        firstName: 'Anonymized',
        lastName: 'client',
        companyName: current.kind === 'company' ? 'Anonymized client' : null,
        email: null,
        phone: null,
        address: null,
        documentType: null,
        documentNumber: null,
        notes: null,
        anonymizedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(ofClient(stud, current.id));
    await writeTags(tx, stud, current.id, []);
  });
  return getClient(db, stud, clientId);
}

/** POST /prospects/{id}/convert: the prospect becomes a client, its pipeline won. */
export async function convertProspect(
  db: Database,
  stud: Organization,
  prospectId: string,
): Promise<ClientDetail> {
  await db.transaction(async (tx) => {
    const current = await lockClient(tx, stud, prospectId, 'prospect');
    if (current.anonymizedAt) throw conflict(CONFLICT_ANONYMIZED);
    await tx
      .update(studClients)
      .set({ stage: 'client', pipelineStatus: 'won', updatedAt: sql`now()` })
      .where(ofClient(stud, current.id));
  });
  return getClient(db, stud, prospectId);
}
