import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { organizations, users } from './identity';
import { CORRECTION_STATUSES, HORSE_SEXES, IDENTITY_STATUSES } from './pedigree-values';
import { inList } from './tenant';

/**
 * One record per animal across the platform (DESIGN-MODULES 0.3): what identifies a horse
 * and its parents, never its owner, price, health or place (those stay in tenant records).
 * `birth_year` is always set (from `birth_date` when that is known): the parent age rule and
 * the tree read it.
 */
export const horseIdentities = pgTable(
  'horse_identities',
  {
    id: id(),
    name: text('name').notNull(),
    registeredName: text('registered_name'),
    sex: text('sex', { enum: HORSE_SEXES }).notNull().default('unknown'),
    gelded: boolean('gelded').notNull().default(false),
    birthDate: date('birth_date', { mode: 'string' }),
    birthYear: smallint('birth_year').notNull(),
    breed: text('breed'),
    colour: text('colour'),
    country: text('country'),
    ueln: text('ueln'),
    microchip: text('microchip'),
    studbook: text('studbook'),
    registrationNumber: text('registration_number'),
    sireId: uuid('sire_id'),
    damId: uuid('dam_id'),
    status: text('status', { enum: IDENTITY_STATUSES }).notNull().default('unverified'),
    mergedIntoId: uuid('merged_into_id'),
    createdByOrgId: uuid('created_by_org_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    deceasedOn: date('deceased_on', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    unique('horse_identities_ueln_key').on(t.ueln),
    unique('horse_identities_microchip_key').on(t.microchip),
    unique('horse_identities_registration_key').on(t.studbook, t.registrationNumber),
    foreignKey({ columns: [t.sireId], foreignColumns: [t.id], name: 'horse_identities_sire_fk' }),
    foreignKey({ columns: [t.damId], foreignColumns: [t.id], name: 'horse_identities_dam_fk' }),
    foreignKey({
      columns: [t.mergedIntoId],
      foreignColumns: [t.id],
      name: 'horse_identities_merged_into_fk',
    }),
    index('horse_identities_name_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('horse_identities_registration_number_idx').on(t.registrationNumber),
    index('horse_identities_sire_idx').on(t.sireId),
    index('horse_identities_dam_idx').on(t.damId),
    // Deleting an identity checks that none was merged into it: by this index, not a scan.
    index('horse_identities_merged_into_idx')
      .on(t.mergedIntoId)
      .where(sql`${t.mergedIntoId} is not null`),
    check('horse_identities_name_check', sql`char_length(${t.name}) between 1 and 120`),
    check('horse_identities_sex_check', inList(t.sex, HORSE_SEXES)),
    check('horse_identities_status_check', inList(t.status, IDENTITY_STATUSES)),
    check('horse_identities_ueln_check', sql`${t.ueln} ~ '^[A-Z0-9]{15}$'`),
    check('horse_identities_microchip_check', sql`${t.microchip} ~ '^[0-9]{15}$'`),
    check('horse_identities_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check(
      'horse_identities_birth_check',
      sql`${t.birthDate} is null or extract(year from ${t.birthDate}) = ${t.birthYear}`,
    ),
    check(
      'horse_identities_parents_check',
      sql`${t.sireId} is distinct from ${t.id} and ${t.damId} is distinct from ${t.id}`,
    ),
    check(
      'horse_identities_merged_check',
      sql`(${t.status} = 'merged') = (${t.mergedIntoId} is not null)`,
    ),
  ],
);

/** A change to an identity asked for by someone who may not make it (E.6). */
export const pedigreeCorrections = pgTable(
  'pedigree_corrections',
  {
    id: id(),
    horseIdentityId: uuid('horse_identity_id')
      .notNull()
      .references(() => horseIdentities.id, { onDelete: 'cascade' }),
    filedBy: uuid('filed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The identity fields to change, as the API names them. */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    mediaIds: uuid('media_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status', { enum: CORRECTION_STATUSES }).notNull().default('pending'),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('pedigree_corrections_queue_idx').on(t.status, t.createdAt, t.id),
    index('pedigree_corrections_identity_idx').on(t.horseIdentityId),
    check('pedigree_corrections_status_check', inList(t.status, CORRECTION_STATUSES)),
  ],
);
