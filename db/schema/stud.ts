import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  type PgColumn,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { memberships, users } from './identity';
import { media } from './media';
import { horseIdentities } from './pedigree';
import {
  CLIENT_KINDS,
  CLIENT_SOURCES,
  CLIENT_STAGES,
  DEFAULT_CHECK_DAYS,
  DEFAULT_GESTATION_DAYS,
  MEDICAL_RECORD_TYPES,
  PIPELINE_STATUSES,
  STUD_HORSE_OWNERSHIPS,
  STUD_HORSE_STATUSES,
  TASK_PRIORITIES,
  TASK_SOURCES,
  TASK_STATUSES,
} from './stud-values';
import {
  BALANCE_DUE_ON,
  BIRTH_OUTCOMES,
  BREEDING_KINDS,
  CHECK_METHODS,
  CHECK_REPORTERS,
  CHECK_RESULTS,
  CONTRACT_EVENT_TYPES,
  CONTRACT_KINDS,
  CONTRACT_STATUSES,
  DEFAULT_CONFIRMATION_DAY,
  FETAL_SEXES,
  OPEN_PREGNANCY_STATUSES,
  OPEN_RESERVATION_STATUSES,
  PREGNANCY_STATUSES,
  RESERVATION_OUTCOMES,
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  SEMEN_KINDS,
  SERVICE_DELIVERIES,
  SERVICE_GUARANTEES,
  SERVICE_METHODS,
  SHIPMENT_STATUSES,
  SHIPMENT_TYPES,
  SIGNER_ROLES,
  SIGNER_STATUSES,
} from './stud-breeding-values';
import {
  EXPENSE_CATEGORIES,
  INCOME_CATEGORIES,
  RECEIVABLE_KINDS,
  RECEIVABLE_SOURCES,
  RECEIVABLE_STATUSES,
  RESERVATION_RECEIVABLE_KINDS,
  SHIPMENT_RECEIVABLE_KINDS,
  STUD_PAYMENT_STATUSES,
} from './stud-finance-values';
import { PAYMENT_METHODS } from './payment-values';
import { inList, money, recordId, studId } from './tenant';

/*
 * A stud's herd, the people it works with and its breeding offer (DESIGN-MODULES B.1, B.8,
 * B.2). Keyed (stud_id, id)
 * and referenced within the stud as school tables are within their school. History keeps its
 * horse (a medical record: ON DELETE RESTRICT → 409); optional links are cleared instead
 * (`ON DELETE SET NULL (column)` in the migration, so that stud_id stays).
 */

export * from './stud-values';
export * from './stud-breeding-values';
export * from './stud-finance-values';

/** Clients and prospects (B.8): a prospect is a client in stage `prospect`. */
export const studClients = pgTable(
  'stud_clients',
  {
    studId: studId(),
    id: recordId(),
    stage: text('stage', { enum: CLIENT_STAGES }).notNull().default('client'),
    kind: text('kind', { enum: CLIENT_KINDS }).notNull().default('person'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyName: text('company_name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    documentType: text('document_type'),
    documentNumber: text('document_number'),
    source: text('source', { enum: CLIENT_SOURCES }),
    notes: text('notes'),
    pipelineStatus: text('pipeline_status', { enum: PIPELINE_STATUSES }),
    interestStallionId: uuid('interest_stallion_id'),
    /** A service of the stud (B.2). */
    interestServiceId: uuid('interest_service_id'),
    expectedValue: money('expected_value'),
    /** Set once: the personal fields were erased (B.8, as students under DESIGN 4). */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    ...timestamps,
  },
  // Typed: clients and horses reference each other, which defeats inference.
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ columns: [t.studId, t.id] }),
    // One client per e-mail in a stud: a marketplace request (C.9) finds it by that address.
    uniqueIndex('stud_clients_email_key')
      .on(t.studId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    index('stud_clients_stud_stage_idx').on(t.studId, t.stage),
    foreignKey({
      columns: [t.studId, t.interestStallionId],
      foreignColumns: [studHorses.studId, studHorses.id],
      name: 'stud_clients_interest_stallion_fk',
    }).onDelete('set null'),
    foreignKey({
      columns: [t.studId, t.interestServiceId],
      foreignColumns: [studServices.studId, studServices.id],
      name: 'stud_clients_interest_service_fk',
    }).onDelete('set null'),
    check('stud_clients_stage_check', inList(t.stage, CLIENT_STAGES)),
    check('stud_clients_kind_check', inList(t.kind, CLIENT_KINDS)),
    check('stud_clients_source_check', inList(t.source, CLIENT_SOURCES)),
    check('stud_clients_pipeline_check', inList(t.pipelineStatus, PIPELINE_STATUSES)),
    check(
      'stud_clients_name_check',
      sql`${t.anonymizedAt} is not null or (case ${t.kind} when 'company' then ${t.companyName} is not null
          else ${t.firstName} is not null and ${t.lastName} is not null end)`,
    ),
    check('stud_clients_expected_value_check', sql`${t.expectedValue} >= 0`),
  ],
);

/** A horse the stud handles (B.1): its own, a client's or a leased one; always an identity. */
export const studHorses = pgTable(
  'stud_horses',
  {
    studId: studId(),
    id: recordId(),
    horseIdentityId: uuid('horse_identity_id')
      .notNull()
      .references(() => horseIdentities.id, { onDelete: 'restrict' }),
    ownership: text('ownership', { enum: STUD_HORSE_OWNERSHIPS }).notNull().default('own'),
    ownerClientId: uuid('owner_client_id'),
    onPremises: boolean('on_premises').notNull().default(true),
    status: text('status', { enum: STUD_HORSE_STATUSES }).notNull().default('active'),
    arrivalDate: date('arrival_date', { mode: 'string' }),
    departureDate: date('departure_date', { mode: 'string' }),
    location: text('location'),
    notes: text('notes'),
    ...timestamps,
  },
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ columns: [t.studId, t.id] }),
    // One record of an animal per stud: a second one would split its history.
    uniqueIndex('stud_horses_identity_key').on(t.studId, t.horseIdentityId),
    index('stud_horses_identity_idx').on(t.horseIdentityId),
    index('stud_horses_owner_idx').on(t.studId, t.ownerClientId),
    foreignKey({
      columns: [t.studId, t.ownerClientId],
      foreignColumns: [studClients.studId, studClients.id],
      name: 'stud_horses_owner_client_fk',
    }).onDelete('restrict'),
    check('stud_horses_ownership_check', inList(t.ownership, STUD_HORSE_OWNERSHIPS)),
    check('stud_horses_status_check', inList(t.status, STUD_HORSE_STATUSES)),
    // A client's or a leased horse names its owner; the stud's own names none.
    check('stud_horses_owner_check', sql`(${t.ownership} = 'own') = (${t.ownerClientId} is null)`),
    check(
      'stud_horses_dates_check',
      sql`${t.departureDate} is null or ${t.arrivalDate} is null or ${t.departureDate} >= ${t.arrivalDate}`,
    ),
  ],
);

/** One per stallion (B.1); absent until first saved. */
export const stallionProfiles = pgTable(
  'stallion_profiles',
  {
    studId: studId(),
    horseId: uuid('horse_id').notNull(),
    standing: boolean('standing').notNull().default(true),
    bookLimit: smallint('book_limit'),
    publicDescription: text('public_description'),
    heightCm: smallint('height_cm'),
    approvals: text('approvals')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.horseId] }),
    foreignKey({
      columns: [t.studId, t.horseId],
      foreignColumns: [studHorses.studId, studHorses.id],
      name: 'stallion_profiles_horse_fk',
    }).onDelete('cascade'),
    check('stallion_profiles_book_limit_check', sql`${t.bookLimit} >= 1`),
    check('stallion_profiles_height_check', sql`${t.heightCm} between 50 and 250`),
  ],
);

/** A stud's breeding settings (B.1); absent until first saved, the defaults stand. */
export const studSettings = pgTable(
  'stud_settings',
  {
    studId: studId().primaryKey(),
    gestationDays: smallint('gestation_days').notNull().default(DEFAULT_GESTATION_DAYS),
    checkDays: smallint('check_days')
      .array()
      .notNull()
      .default(sql.raw(`'{${DEFAULT_CHECK_DAYS.join(',')}}'::smallint[]`)),
    defaultAssigneeId: uuid('default_assignee_id'),
    /** The stud's local date of the last morning digest of due tasks (`stud.task_due`). */
    taskDigestOn: date('task_digest_on', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    // The assignee is a member of the stud; leaving the stud clears it.
    foreignKey({
      columns: [t.studId, t.defaultAssigneeId],
      foreignColumns: [memberships.organizationId, memberships.userId],
      name: 'stud_settings_default_assignee_fk',
    }).onDelete('set null'),
    check('stud_settings_gestation_check', sql`${t.gestationDays} between 300 and 400`),
  ],
);

export const medicalRecords = pgTable(
  'medical_records',
  {
    studId: studId(),
    id: recordId(),
    horseId: uuid('horse_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    type: text('type', { enum: MEDICAL_RECORD_TYPES }).notNull(),
    title: text('title').notNull(),
    description: text('description'),
    vetName: text('vet_name'),
    product: text('product'),
    dose: text('dose'),
    nextDueOn: date('next_due_on', { mode: 'string' }),
    cost: money('cost'),
    /** Asks for an expense of `cost`; the finance module books it and sets `expense_id`. */
    recordExpense: boolean('record_expense').notNull().default(false),
    expenseId: uuid('expense_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    index('medical_records_horse_idx').on(t.studId, t.horseId, t.date.desc()),
    index('medical_records_due_idx')
      .on(t.studId, t.nextDueOn)
      .where(sql`${t.nextDueOn} is not null`),
    foreignKey({
      columns: [t.studId, t.horseId],
      foreignColumns: [studHorses.studId, studHorses.id],
      name: 'medical_records_horse_fk',
    }).onDelete('restrict'),
    // The expense booked for `cost` (B.9); deleting the expense clears the link only.
    foreignKey({
      columns: [t.studId, t.expenseId],
      foreignColumns: [studExpenses.studId, studExpenses.id],
      name: 'medical_records_expense_fk',
    }).onDelete('set null'),
    uniqueIndex('medical_records_expense_key')
      .on(t.studId, t.expenseId)
      .where(sql`${t.expenseId} is not null`),
    check('medical_records_type_check', inList(t.type, MEDICAL_RECORD_TYPES)),
    check('medical_records_cost_check', sql`${t.cost} >= 0`),
    check('medical_records_expense_check', sql`not ${t.recordExpense} or ${t.cost} is not null`),
    check('medical_records_due_check', sql`${t.nextDueOn} is null or ${t.nextDueOn} >= ${t.date}`),
  ],
);

export const studTags = pgTable(
  'stud_tags',
  {
    studId: studId(),
    id: recordId(),
    name: text('name').notNull(),
    colour: text('colour'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    uniqueIndex('stud_tags_name_key').on(t.studId, sql`lower(${t.name})`),
  ],
);

export const studClientTags = pgTable(
  'stud_client_tags',
  {
    studId: studId(),
    clientId: uuid('client_id').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.clientId, t.tagId] }),
    index('stud_client_tags_tag_idx').on(t.studId, t.tagId),
    foreignKey({
      columns: [t.studId, t.clientId],
      foreignColumns: [studClients.studId, studClients.id],
      name: 'stud_client_tags_client_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.studId, t.tagId],
      foreignColumns: [studTags.studId, studTags.id],
      name: 'stud_client_tags_tag_fk',
    }).onDelete('cascade'),
  ],
);

/** Work to do (B.8): by hand, or opened by a record (a medical record's next due date). */
export const studTasks = pgTable(
  'stud_tasks',
  {
    studId: studId(),
    id: recordId(),
    title: text('title').notNull(),
    description: text('description'),
    dueOn: date('due_on', { mode: 'string' }),
    dueTime: time('due_time'),
    assignedTo: uuid('assigned_to'),
    priority: text('priority', { enum: TASK_PRIORITIES }).notNull().default('normal'),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('open'),
    source: text('source', { enum: TASK_SOURCES }).notNull().default('manual'),
    clientId: uuid('client_id'),
    horseId: uuid('horse_id'),
    reservationId: uuid('reservation_id'),
    pregnancyId: uuid('pregnancy_id'),
    /** The day of the pregnancy a suggested check or foaling watch is for (B.5), one task each. */
    pregnancyDay: smallint('pregnancy_day'),
    /** The medical record whose `next_due_on` opened the task (one per record). */
    medicalRecordId: uuid('medical_record_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    index('stud_tasks_stud_status_due_idx').on(t.studId, t.status, t.dueOn),
    index('stud_tasks_assignee_idx').on(t.studId, t.assignedTo, t.status),
    // The morning digest reads open tasks due today across studs.
    index('stud_tasks_due_open_idx')
      .on(t.dueOn)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('stud_tasks_medical_record_key')
      .on(t.studId, t.medicalRecordId)
      .where(sql`${t.medicalRecordId} is not null`),
    foreignKey({
      columns: [t.studId, t.assignedTo],
      foreignColumns: [memberships.organizationId, memberships.userId],
      name: 'stud_tasks_assignee_fk',
    }).onDelete('set null'),
    foreignKey({
      columns: [t.studId, t.clientId],
      foreignColumns: [studClients.studId, studClients.id],
      name: 'stud_tasks_client_fk',
    }).onDelete('set null'),
    foreignKey({
      columns: [t.studId, t.horseId],
      foreignColumns: [studHorses.studId, studHorses.id],
      name: 'stud_tasks_horse_fk',
    }).onDelete('set null'),
    foreignKey({
      columns: [t.studId, t.medicalRecordId],
      foreignColumns: [medicalRecords.studId, medicalRecords.id],
      name: 'stud_tasks_medical_record_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.studId, t.reservationId],
      foreignColumns: [studReservations.studId, studReservations.id],
      name: 'stud_tasks_reservation_fk',
    }).onDelete('set null'),
    foreignKey({
      columns: [t.studId, t.pregnancyId],
      foreignColumns: [pregnancies.studId, pregnancies.id],
      name: 'stud_tasks_pregnancy_fk',
    }).onDelete('set null'),
    uniqueIndex('stud_tasks_pregnancy_day_key')
      .on(t.studId, t.pregnancyId, t.pregnancyDay)
      .where(sql`${t.pregnancyDay} is not null`),
    check('stud_tasks_priority_check', inList(t.priority, TASK_PRIORITIES)),
    check('stud_tasks_status_check', inList(t.status, TASK_STATUSES)),
    check('stud_tasks_source_check', inList(t.source, TASK_SOURCES)),
    check(
      'stud_tasks_completed_check',
      sql`(${t.status} = 'done') = (${t.completedAt} is not null)`,
    ),
  ],
);

/** Photos and documents of the herd (0.4): `subject_type` horse and medical_record. */
export const studHorseMedia = pgTable(
  'stud_horse_media',
  {
    studId: studId(),
    horseId: uuid('horse_id').notNull(),
    mediaId: uuid('media_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.mediaId] }),
    index('stud_horse_media_horse_idx').on(t.studId, t.horseId),
    foreignKey({
      columns: [t.studId, t.horseId],
      foreignColumns: [studHorses.studId, studHorses.id],
      name: 'stud_horse_media_horse_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.studId, t.mediaId],
      foreignColumns: [media.organizationId, media.id],
      name: 'stud_horse_media_media_fk',
    }).onDelete('cascade'),
  ],
);

export const medicalRecordMedia = pgTable(
  'medical_record_media',
  {
    studId: studId(),
    medicalRecordId: uuid('medical_record_id').notNull(),
    mediaId: uuid('media_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.mediaId] }),
    index('medical_record_media_record_idx').on(t.studId, t.medicalRecordId),
    foreignKey({
      columns: [t.studId, t.medicalRecordId],
      foreignColumns: [medicalRecords.studId, medicalRecords.id],
      name: 'medical_record_media_record_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.studId, t.mediaId],
      foreignColumns: [media.organizationId, media.id],
      name: 'medical_record_media_media_fk',
    }).onDelete('cascade'),
  ],
);

/*
 * A stud's breeding offer and semen stock (DESIGN-MODULES B.2), keyed (stud_id, id) as the
 * herd. Both keep their stallion (ON DELETE RESTRICT → 409): a stallion with services or
 * batches has history.
 */

/** A stallion's service of a season: method, delivery, fees and terms (B.2). */
export const studServices = pgTable(
  'stud_services',
  {
    studId: studId(),
    id: recordId(),
    stallionId: uuid('stallion_id').notNull(),
    /** A label, e.g. `2026`. */
    season: text('season').notNull(),
    method: text('method', { enum: SERVICE_METHODS }).notNull(),
    delivery: text('delivery', { enum: SERVICE_DELIVERIES }).notNull().default('on_site'),
    studFee: money('stud_fee').notNull(),
    /** The part of the stud fee paid on booking. */
    bookingFee: money('booking_fee').notNull().default('0'),
    dosesIncluded: smallint('doses_included').notNull().default(1),
    extraDosePrice: money('extra_dose_price'),
    shippingFee: money('shipping_fee'),
    guarantee: text('guarantee', { enum: SERVICE_GUARANTEES }).notNull().default('none'),
    balanceDueOn: text('balance_due_on', { enum: BALANCE_DUE_ON })
      .notNull()
      .default('confirmation'),
    balanceDueDate: date('balance_due_date', { mode: 'string' }),
    confirmationDay: smallint('confirmation_day').notNull().default(DEFAULT_CONFIRMATION_DAY),
    substituteMareAllowed: boolean('substitute_mare_allowed').notNull().default(false),
    requiresSignedContract: boolean('requires_signed_contract').notNull().default(true),
    /** The template a confirmed reservation's contract is drafted from (B.7). */
    contractTemplateId: uuid('contract_template_id'),
    /** Shown on the stallion's listing. */
    public: boolean('public').notNull().default(false),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    // One offer per stallion, season, method and delivery; also the stallion's index.
    uniqueIndex('stud_services_offer_key').on(
      t.studId,
      t.stallionId,
      t.season,
      t.method,
      t.delivery,
    ),
    foreignKey({
      columns: [t.studId, t.stallionId],
      foreignColumns: [studHorses.studId, studHorses.id],
      name: 'stud_services_stallion_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.studId, t.contractTemplateId],
      foreignColumns: [contractTemplates.studId, contractTemplates.id],
      name: 'stud_services_contract_template_fk',
    }).onDelete('set null'),
    check('stud_services_season_check', sql`char_length(${t.season}) between 1 and 20`),
    check('stud_services_method_check', inList(t.method, SERVICE_METHODS)),
    check('stud_services_delivery_check', inList(t.delivery, SERVICE_DELIVERIES)),
    check(
      'stud_services_natural_cover_check',
      sql`${t.method} <> 'natural_cover' or ${t.delivery} = 'on_site'`,
    ),
    check('stud_services_guarantee_check', inList(t.guarantee, SERVICE_GUARANTEES)),
    check('stud_services_balance_due_on_check', inList(t.balanceDueOn, BALANCE_DUE_ON)),
    check(
      'stud_services_balance_due_date_check',
      sql`(${t.balanceDueOn} = 'fixed_date') = (${t.balanceDueDate} is not null)`,
    ),
    check(
      'stud_services_fees_check',
      sql`${t.studFee} >= 0 and ${t.bookingFee} between 0 and ${t.studFee}
          and ${t.extraDosePrice} >= 0 and ${t.shippingFee} >= 0`,
    ),
    check('stud_services_doses_check', sql`${t.dosesIncluded} >= 0`),
    check('stud_services_confirmation_day_check', sql`${t.confirmationDay} between 1 and 120`),
  ],
);

/**
 * Frozen semen of a stallion (B.2). `doses_available` never goes below 0 nor above the total:
 * the check holds it, and `takeDoses`/`returnDoses` change it in one conditional statement.
 */
export const semenBatches = pgTable(
  'semen_batches',
  {
    studId: studId(),
    id: recordId(),
    stallionId: uuid('stallion_id').notNull(),
    collectedOn: date('collected_on', { mode: 'string' }).notNull(),
    /** A dose is several straws. */
    strawsPerDose: smallint('straws_per_dose').notNull(),
    dosesTotal: integer('doses_total').notNull(),
    dosesAvailable: integer('doses_available').notNull(),
    /** Where it is kept: tank, canister. */
    storage: text('storage'),
    /** Percent of motile sperm after thawing. */
    postThawMotility: numeric('post_thaw_motility', { precision: 5, scale: 2, mode: 'string' }),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    index('semen_batches_stallion_idx').on(t.studId, t.stallionId, t.collectedOn.desc()),
    foreignKey({
      columns: [t.studId, t.stallionId],
      foreignColumns: [studHorses.studId, studHorses.id],
      name: 'semen_batches_stallion_fk',
    }).onDelete('restrict'),
    check('semen_batches_straws_check', sql`${t.strawsPerDose} >= 1`),
    check(
      'semen_batches_doses_check',
      sql`${t.dosesTotal} >= 1 and ${t.dosesAvailable} between 0 and ${t.dosesTotal}`,
    ),
    check('semen_batches_motility_check', sql`${t.postThawMotility} between 0 and 100`),
  ],
);

/*
 * The breeding season (B.3 to B.6): a mare booked to a service, bred on site or with shipped
 * semen, scanned, and foaled. History keeps what it names (ON DELETE RESTRICT → 409).
 */

/** A reference to a record of the same stud, by the composite key. */
const inStud = (
  name: string,
  columns: [PgColumn, PgColumn],
  table: { studId: PgColumn; id: PgColumn },
) => foreignKey({ columns, foreignColumns: [table.studId, table.id], name });

/**
 * A mare booked to a service (B.3), with the service's fees and terms as they were when booked
 * (a later change of the service does not reach her). `stallion_id` and `season` are the
 * service's, kept here for the book count and the open-reservation rule.
 */
export const studReservations = pgTable(
  'stud_reservations',
  {
    studId: studId(),
    id: recordId(),
    serviceId: uuid('service_id').notNull(),
    stallionId: uuid('stallion_id').notNull(),
    season: text('season').notNull(),
    mareId: uuid('mare_id').notNull(),
    /** The mare's owner; none when the mare is the stud's own. */
    clientId: uuid('client_id'),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('requested'),
    source: text('source', { enum: RESERVATION_SOURCES }).notNull().default('staff'),
    /** The failed reservation whose return privilege this one uses. */
    returnOfId: uuid('return_of_id'),
    /** Its contract (B.7), drafted when it is confirmed. */
    contractId: uuid('contract_id'),
    outcome: text('outcome', { enum: RESERVATION_OUTCOMES }),
    returnPrivilege: boolean('return_privilege').notNull().default(false),
    /** Why it was rejected or cancelled. */
    reason: text('reason'),
    notes: text('notes'),
    // The terms snapshot.
    method: text('method', { enum: SERVICE_METHODS }).notNull(),
    delivery: text('delivery', { enum: SERVICE_DELIVERIES }).notNull(),
    studFee: money('stud_fee').notNull(),
    bookingFee: money('booking_fee').notNull(),
    dosesIncluded: smallint('doses_included').notNull(),
    extraDosePrice: money('extra_dose_price'),
    shippingFee: money('shipping_fee'),
    guarantee: text('guarantee', { enum: SERVICE_GUARANTEES }).notNull(),
    balanceDueOn: text('balance_due_on', { enum: BALANCE_DUE_ON }).notNull(),
    balanceDueDate: date('balance_due_date', { mode: 'string' }),
    confirmationDay: smallint('confirmation_day').notNull(),
    substituteMareAllowed: boolean('substitute_mare_allowed').notNull(),
    requiresSignedContract: boolean('requires_signed_contract').notNull(),
    // When it moved; the reservation page's timeline reads them.
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ columns: [t.studId, t.id] }),
    // One open reservation of a mare per season (B.3; 409).
    uniqueIndex('stud_reservations_open_mare_key')
      .on(t.studId, t.mareId, t.season)
      .where(inList(t.status, OPEN_RESERVATION_STATUSES)),
    // A return privilege is used once.
    uniqueIndex('stud_reservations_return_key')
      .on(t.studId, t.returnOfId)
      .where(sql`${t.returnOfId} is not null`),
    // The book count and the season board.
    index('stud_reservations_book_idx').on(t.studId, t.stallionId, t.season, t.status),
    index('stud_reservations_service_idx').on(t.studId, t.serviceId),
    index('stud_reservations_client_idx').on(t.studId, t.clientId),
    index('stud_reservations_mare_idx').on(t.studId, t.mareId),
    inStud('stud_reservations_service_fk', [t.studId, t.serviceId], studServices).onDelete(
      'restrict',
    ),
    inStud('stud_reservations_stallion_fk', [t.studId, t.stallionId], studHorses).onDelete(
      'restrict',
    ),
    inStud('stud_reservations_mare_fk', [t.studId, t.mareId], studHorses).onDelete('restrict'),
    inStud('stud_reservations_client_fk', [t.studId, t.clientId], studClients).onDelete('restrict'),
    inStud('stud_reservations_return_of_fk', [t.studId, t.returnOfId], studReservations).onDelete(
      'restrict',
    ),
    inStud('stud_reservations_contract_fk', [t.studId, t.contractId], contracts).onDelete(
      'set null',
    ),
    check('stud_reservations_status_check', inList(t.status, RESERVATION_STATUSES)),
    check('stud_reservations_source_check', inList(t.source, RESERVATION_SOURCES)),
    check(
      'stud_reservations_outcome_check',
      sql`${t.outcome} is null or (${inList(t.outcome, RESERVATION_OUTCOMES)}
          and ${t.status} in ('completed', 'failed'))`,
    ),
    check(
      'stud_reservations_fees_check',
      sql`${t.studFee} >= 0 and ${t.bookingFee} between 0 and ${t.studFee}
          and ${t.extraDosePrice} >= 0 and ${t.shippingFee} >= 0`,
    ),
  ],
);

/** Chilled or frozen semen sent to a client's mare (B.4). */
export const semenShipments = pgTable(
  'semen_shipments',
  {
    studId: studId(),
    id: recordId(),
    reservationId: uuid('reservation_id').notNull(),
    type: text('type', { enum: SHIPMENT_TYPES }).notNull(),
    doses: smallint('doses').notNull(),
    /** Frozen only: the batch the doses leave when the shipment is prepared. */
    batchId: uuid('batch_id'),
    /** Chilled only: the collection the semen comes from. */
    collectedOn: date('collected_on', { mode: 'string' }),
    requestedFor: date('requested_for', { mode: 'string' }),
    shippedOn: date('shipped_on', { mode: 'string' }),
    deliveredOn: date('delivered_on', { mode: 'string' }),
    returnedOn: date('returned_on', { mode: 'string' }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** `{name, street, city, state, country, phone}`. */
    destination: jsonb('destination').$type<ShipmentDestination>(),
    containerRef: text('container_ref'),
    containerReturnDue: date('container_return_due', { mode: 'string' }),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('requested'),
    cancelledReason: text('cancelled_reason'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    index('semen_shipments_reservation_idx').on(t.studId, t.reservationId),
    index('semen_shipments_status_idx').on(t.studId, t.status, t.requestedFor),
    index('semen_shipments_batch_idx').on(t.studId, t.batchId),
    inStud(
      'semen_shipments_reservation_fk',
      [t.studId, t.reservationId],
      studReservations,
    ).onDelete('restrict'),
    inStud('semen_shipments_batch_fk', [t.studId, t.batchId], semenBatches).onDelete('restrict'),
    check('semen_shipments_type_check', inList(t.type, SHIPMENT_TYPES)),
    check('semen_shipments_status_check', inList(t.status, SHIPMENT_STATUSES)),
    check('semen_shipments_doses_check', sql`${t.doses} >= 1`),
    check('semen_shipments_batch_check', sql`(${t.type} = 'frozen') = (${t.batchId} is not null)`),
  ],
);

export type ShipmentDestination = {
  name: string;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  phone?: string | null;
};

/** A cover or an insemination of a mare (B.4); one of a reservation unless both horses are the stud's. */
export const breedingEvents = pgTable(
  'breeding_events',
  {
    studId: studId(),
    id: recordId(),
    reservationId: uuid('reservation_id'),
    mareId: uuid('mare_id').notNull(),
    stallionId: uuid('stallion_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: BREEDING_KINDS }).notNull(),
    /** None for a natural cover. */
    semen: text('semen', { enum: SEMEN_KINDS }),
    batchId: uuid('batch_id'),
    shipmentId: uuid('shipment_id'),
    dosesUsed: smallint('doses_used'),
    ovulationOn: date('ovulation_on', { mode: 'string' }),
    /** Who bred the mare: a vet's or a hand's name. */
    performedBy: text('performed_by'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    index('breeding_events_mare_idx').on(t.studId, t.mareId, t.date),
    index('breeding_events_reservation_idx').on(t.studId, t.reservationId),
    index('breeding_events_stallion_idx').on(t.studId, t.stallionId, t.date),
    inStud(
      'breeding_events_reservation_fk',
      [t.studId, t.reservationId],
      studReservations,
    ).onDelete('restrict'),
    inStud('breeding_events_mare_fk', [t.studId, t.mareId], studHorses).onDelete('restrict'),
    inStud('breeding_events_stallion_fk', [t.studId, t.stallionId], studHorses).onDelete(
      'restrict',
    ),
    inStud('breeding_events_batch_fk', [t.studId, t.batchId], semenBatches).onDelete('restrict'),
    inStud('breeding_events_shipment_fk', [t.studId, t.shipmentId], semenShipments).onDelete(
      'restrict',
    ),
    check('breeding_events_kind_check', inList(t.kind, BREEDING_KINDS)),
    check(
      'breeding_events_semen_check',
      sql`(${t.kind} = 'natural_cover') = (${t.semen} is null)
          and (${t.semen} is null or ${inList(t.semen, SEMEN_KINDS)})`,
    ),
    check('breeding_events_doses_check', sql`${t.dosesUsed} is null or ${t.dosesUsed} >= 1`),
  ],
);

/**
 * A mare's pregnancy (B.5), opened by a breeding event. `due_date` = base + the stud's
 * gestation days when opened (kept in `gestation_days`, so a later change of the setting does
 * not move it).
 */
export const pregnancies = pgTable(
  'pregnancies',
  {
    studId: studId(),
    id: recordId(),
    mareId: uuid('mare_id').notNull(),
    stallionId: uuid('stallion_id').notNull(),
    reservationId: uuid('reservation_id'),
    breedingEventId: uuid('breeding_event_id'),
    /** The ovulation date if recorded, else the service date. */
    baseDate: date('base_date', { mode: 'string' }).notNull(),
    gestationDays: smallint('gestation_days').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: PREGNANCY_STATUSES }).notNull().default('checking'),
    twins: boolean('twins').notNull().default(false),
    fetalSex: text('fetal_sex', { enum: FETAL_SEXES }),
    /** When it stopped being open: a negative scan, a loss or the birth. */
    endedOn: date('ended_on', { mode: 'string' }),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    // One open pregnancy per mare (B.5; 409).
    uniqueIndex('pregnancies_open_mare_key')
      .on(t.studId, t.mareId)
      .where(inList(t.status, OPEN_PREGNANCY_STATUSES)),
    index('pregnancies_due_idx').on(t.studId, t.status, t.dueDate),
    index('pregnancies_mare_idx').on(t.studId, t.mareId, t.baseDate),
    index('pregnancies_reservation_idx').on(t.studId, t.reservationId),
    index('pregnancies_event_idx').on(t.studId, t.breedingEventId),
    inStud('pregnancies_mare_fk', [t.studId, t.mareId], studHorses).onDelete('restrict'),
    inStud('pregnancies_stallion_fk', [t.studId, t.stallionId], studHorses).onDelete('restrict'),
    inStud('pregnancies_reservation_fk', [t.studId, t.reservationId], studReservations).onDelete(
      'restrict',
    ),
    inStud('pregnancies_breeding_event_fk', [t.studId, t.breedingEventId], breedingEvents).onDelete(
      'restrict',
    ),
    check('pregnancies_status_check', inList(t.status, PREGNANCY_STATUSES)),
    check(
      'pregnancies_fetal_sex_check',
      sql`${t.fetalSex} is null or ${inList(t.fetalSex, FETAL_SEXES)}`,
    ),
    check('pregnancies_gestation_check', sql`${t.gestationDays} between 300 and 400`),
    check('pregnancies_due_check', sql`${t.dueDate} = ${t.baseDate} + ${t.gestationDays}`),
  ],
);

/** A scan, palpation or blood test of a pregnancy (B.5). */
export const pregnancyChecks = pgTable(
  'pregnancy_checks',
  {
    studId: studId(),
    id: recordId(),
    pregnancyId: uuid('pregnancy_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    method: text('method', { enum: CHECK_METHODS }).notNull(),
    result: text('result', { enum: CHECK_RESULTS }).notNull(),
    heartbeat: boolean('heartbeat'),
    fetalSex: text('fetal_sex', { enum: FETAL_SEXES }),
    reportedBy: text('reported_by', { enum: CHECK_REPORTERS }).notNull().default('stud'),
    vetName: text('vet_name'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    index('pregnancy_checks_pregnancy_idx').on(t.studId, t.pregnancyId, t.date),
    inStud('pregnancy_checks_pregnancy_fk', [t.studId, t.pregnancyId], pregnancies).onDelete(
      'cascade',
    ),
    check('pregnancy_checks_method_check', inList(t.method, CHECK_METHODS)),
    check('pregnancy_checks_result_check', inList(t.result, CHECK_RESULTS)),
    check('pregnancy_checks_reporter_check', inList(t.reportedBy, CHECK_REPORTERS)),
    check(
      'pregnancy_checks_fetal_sex_check',
      sql`${t.fetalSex} is null or ${inList(t.fetalSex, FETAL_SEXES)}`,
    ),
  ],
);

/** The end of a pregnancy by foaling, stillbirth or abortion (B.6); one per pregnancy. */
export const births = pgTable(
  'births',
  {
    studId: studId(),
    id: recordId(),
    pregnancyId: uuid('pregnancy_id').notNull(),
    bornOn: date('born_on', { mode: 'string' }).notNull(),
    outcome: text('outcome', { enum: BIRTH_OUTCOMES }).notNull(),
    vetName: text('vet_name'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    uniqueIndex('births_pregnancy_key').on(t.studId, t.pregnancyId),
    index('births_born_idx').on(t.studId, t.bornOn),
    inStud('births_pregnancy_fk', [t.studId, t.pregnancyId], pregnancies).onDelete('restrict'),
    check('births_outcome_check', inList(t.outcome, BIRTH_OUTCOMES)),
  ],
);

/**
 * A foal of a birth (B.6): the stud horse made for it (its identity holds sex, colour, name and
 * parents) and what is recorded of it at birth.
 */
export const birthFoals = pgTable(
  'birth_foals',
  {
    studId: studId(),
    birthId: uuid('birth_id').notNull(),
    horseId: uuid('horse_id').notNull(),
    /** 1, or 2 for a second twin. */
    position: smallint('position').notNull(),
    markings: text('markings'),
    standsAndNurses: boolean('stands_and_nurses').notNull(),
    weightKg: numeric('weight_kg', { precision: 5, scale: 1, mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.horseId] }),
    uniqueIndex('birth_foals_position_key').on(t.studId, t.birthId, t.position),
    inStud('birth_foals_birth_fk', [t.studId, t.birthId], births).onDelete('cascade'),
    inStud('birth_foals_horse_fk', [t.studId, t.horseId], studHorses).onDelete('restrict'),
    check('birth_foals_position_check', sql`${t.position} in (1, 2)`),
    check('birth_foals_weight_check', sql`${t.weightKg} is null or ${t.weightKg} > 0`),
  ],
);

/*
 * Contracts and e-signing (B.7): templates, contracts with their signers, and the event log
 * whose hashes chain each event to the one before, so altering one breaks the chain.
 */

/** Markdown with placeholders from a fixed list (server/stud-contracts/placeholders.ts). */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    studId: studId(),
    id: recordId(),
    name: text('name').notNull(),
    kind: text('kind', { enum: CONTRACT_KINDS }).notNull(),
    body: text('body').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    uniqueIndex('contract_templates_name_key').on(t.studId, sql`lower(${t.name})`),
    check('contract_templates_kind_check', inList(t.kind, CONTRACT_KINDS)),
  ],
);

/**
 * A contract: its body is edited while a draft; sending freezes it into `document_markdown`
 * (placeholders filled) and `document_html`, whose SHA-256 a signer must present to sign.
 */
export const contracts = pgTable(
  'contracts',
  {
    studId: studId(),
    id: recordId(),
    /** `C-2026-0001`, per stud and year. */
    number: text('number').notNull(),
    kind: text('kind', { enum: CONTRACT_KINDS }).notNull(),
    title: text('title').notNull(),
    clientId: uuid('client_id'),
    reservationId: uuid('reservation_id'),
    templateId: uuid('template_id'),
    body: text('body').notNull(),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull().default('draft'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    documentMarkdown: text('document_markdown'),
    documentHtml: text('document_html'),
    documentSha256: text('document_sha256'),
    /** The sealed PDF (document, signatures, event log, hashes), stored as media. */
    signedPdfId: uuid('signed_pdf_id'),
    signedPdfSha256: text('signed_pdf_sha256'),
    voidReason: text('void_reason'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    uniqueIndex('contracts_number_key').on(t.studId, t.number),
    index('contracts_status_idx').on(t.studId, t.status, t.createdAt.desc()),
    index('contracts_client_idx').on(t.studId, t.clientId),
    index('contracts_reservation_idx').on(t.studId, t.reservationId),
    // Expiry sweeps every stud's sent contracts.
    index('contracts_expiry_idx')
      .on(t.expiresAt)
      .where(inList(t.status, ['sent', 'partially_signed'])),
    inStud('contracts_client_fk', [t.studId, t.clientId], studClients).onDelete('restrict'),
    inStud('contracts_reservation_fk', [t.studId, t.reservationId], studReservations).onDelete(
      'restrict',
    ),
    inStud('contracts_template_fk', [t.studId, t.templateId], contractTemplates).onDelete(
      'set null',
    ),
    foreignKey({
      columns: [t.studId, t.signedPdfId],
      foreignColumns: [media.organizationId, media.id],
      name: 'contracts_signed_pdf_fk',
    }).onDelete('restrict'),
    check('contracts_kind_check', inList(t.kind, CONTRACT_KINDS)),
    check('contracts_status_check', inList(t.status, CONTRACT_STATUSES)),
    // Sent means frozen: what was sent has its document and hash, a draft none; a voided
    // contract has them when it was sent before.
    check(
      'contracts_document_check',
      sql`(${t.status} <> 'draft' or ${t.documentSha256} is null)
          and (${t.status} in ('draft', 'voided') or ${t.documentSha256} is not null)
          and (${t.documentSha256} is null) = (${t.documentHtml} is null)`,
    ),
  ],
);

/** A person who signs a contract; `token_hash` is the SHA-256 of their live link's token. */
export const contractSigners = pgTable(
  'contract_signers',
  {
    studId: studId(),
    id: recordId(),
    contractId: uuid('contract_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: SIGNER_ROLES }).notNull(),
    /** 1 to 4: the order on the document; any signer may sign first. */
    position: smallint('position').notNull(),
    status: text('status', { enum: SIGNER_STATUSES }).notNull().default('pending'),
    tokenHash: text('token_hash'),
    /** Issued when the contract is signed by all: the completion e-mail's link to the PDF. */
    downloadTokenHash: text('download_token_hash'),
    signedName: text('signed_name'),
    /** A PNG data URL of a drawn signature, when one was given. */
    signatureImage: text('signature_image'),
    /** The user who signed in the app (a stud signer). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    declinedAt: timestamp('declined_at', { withTimezone: true, mode: 'date' }),
    declineReason: text('decline_reason'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    uniqueIndex('contract_signers_position_key').on(t.studId, t.contractId, t.position),
    uniqueIndex('contract_signers_email_key').on(t.studId, t.contractId, sql`lower(${t.email})`),
    uniqueIndex('contract_signers_token_key').on(t.tokenHash),
    uniqueIndex('contract_signers_download_token_key').on(t.downloadTokenHash),
    inStud('contract_signers_contract_fk', [t.studId, t.contractId], contracts).onDelete('cascade'),
    check('contract_signers_role_check', inList(t.role, SIGNER_ROLES)),
    check('contract_signers_status_check', inList(t.status, SIGNER_STATUSES)),
    check('contract_signers_position_check', sql`${t.position} between 1 and 4`),
    check(
      'contract_signers_signed_check',
      sql`(${t.status} = 'signed') = (${t.signedName} is not null and ${t.signedAt} is not null)`,
    ),
  ],
);

/**
 * The evidence (B.7): `hash` = SHA-256 of the event's canonical form and `prev_hash` (the
 * hash of the event `seq - 1`), so altering, removing or reordering one breaks the chain.
 * Appended under the contract's row lock; never updated.
 */
export const contractEvents = pgTable(
  'contract_events',
  {
    studId: studId(),
    id: recordId(),
    contractId: uuid('contract_id').notNull(),
    seq: integer('seq').notNull(),
    type: text('type', { enum: CONTRACT_EVENT_TYPES }).notNull(),
    signerId: uuid('signer_id'),
    /** Who acted, as they were then: a user's or signer's name and e-mail, or `system`. */
    actor: text('actor').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    prevHash: text('prev_hash'),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    uniqueIndex('contract_events_seq_key').on(t.studId, t.contractId, t.seq),
    inStud('contract_events_contract_fk', [t.studId, t.contractId], contracts).onDelete('cascade'),
    // NO ACTION: checked at the end of the statement that deletes a draft with both.
    inStud('contract_events_signer_fk', [t.studId, t.signerId], contractSigners),
    check('contract_events_type_check', inList(t.type, CONTRACT_EVENT_TYPES)),
    check('contract_events_seq_check', sql`${t.seq} >= 1`),
  ],
);

/*
 * A stud's money (B.9): what clients owe (receivables, written by contract terms or by hand),
 * what they paid against it, and the stud's income and expenses. A payment writes its income
 * entry in its own transaction; the receivable's `paid_amount` and status follow its payments.
 */

/**
 * Owed by a client. Automatic ones are unique per trigger: per reservation and kind for the
 * booking fee and the balance, per shipment and kind for extra doses and shipping, so a
 * repeated trigger (also a concurrent one) writes nothing.
 */
export const studReceivables = pgTable(
  'stud_receivables',
  {
    studId: studId(),
    id: recordId(),
    clientId: uuid('client_id').notNull(),
    reservationId: uuid('reservation_id'),
    /** The shipment an `extra_doses` or `shipping` receivable charges. */
    shipmentId: uuid('shipment_id'),
    kind: text('kind', { enum: RECEIVABLE_KINDS }).notNull(),
    description: text('description').notNull(),
    amount: money('amount').notNull(),
    paidAmount: money('paid_amount').notNull().default('0'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: RECEIVABLE_STATUSES }).notNull().default('pending'),
    source: text('source', { enum: RECEIVABLE_SOURCES }).notNull().default('manual'),
    notes: text('notes'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    uniqueIndex('stud_receivables_reservation_key')
      .on(t.studId, t.reservationId, t.kind)
      .where(sql`${t.source} = 'auto' and ${inList(t.kind, RESERVATION_RECEIVABLE_KINDS)}`),
    uniqueIndex('stud_receivables_shipment_key')
      .on(t.studId, t.shipmentId, t.kind)
      .where(sql`${t.source} = 'auto' and ${t.shipmentId} is not null`),
    // Ageing, the dashboard and the list's default order read open receivables by due date.
    index('stud_receivables_open_idx')
      .on(t.studId, t.dueDate, t.clientId, t.amount, t.paidAmount)
      .where(inList(t.status, ['pending', 'partially_paid'])),
    index('stud_receivables_client_idx').on(t.studId, t.clientId, t.dueDate),
    index('stud_receivables_due_idx').on(t.studId, t.dueDate),
    inStud('stud_receivables_client_fk', [t.studId, t.clientId], studClients).onDelete('restrict'),
    inStud(
      'stud_receivables_reservation_fk',
      [t.studId, t.reservationId],
      studReservations,
    ).onDelete('restrict'),
    inStud('stud_receivables_shipment_fk', [t.studId, t.shipmentId], semenShipments).onDelete(
      'restrict',
    ),
    check('stud_receivables_kind_check', inList(t.kind, RECEIVABLE_KINDS)),
    check('stud_receivables_status_check', inList(t.status, RECEIVABLE_STATUSES)),
    check('stud_receivables_source_check', inList(t.source, RECEIVABLE_SOURCES)),
    check(
      'stud_receivables_shipment_check',
      sql`${t.shipmentId} is null or ${inList(t.kind, SHIPMENT_RECEIVABLE_KINDS)}`,
    ),
    // The status follows what was paid; a cancelled receivable had nothing paid.
    check(
      'stud_receivables_paid_check',
      sql`${t.amount} > 0 and ${t.paidAmount} between 0 and ${t.amount} and case ${t.status}
          when 'paid' then ${t.paidAmount} = ${t.amount}
          when 'partially_paid' then ${t.paidAmount} > 0 and ${t.paidAmount} < ${t.amount}
          else ${t.paidAmount} = 0 end`,
    ),
  ],
);

/** Money received against a receivable; a void reverses it (status `voided`), never deletes it. */
export const studPayments = pgTable(
  'stud_payments',
  {
    studId: studId(),
    id: recordId(),
    receivableId: uuid('receivable_id').notNull(),
    amount: money('amount').notNull(),
    paidDate: date('paid_date', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    /** `R-2026-000001` per stud and year unless given. */
    receiptNumber: text('receipt_number').notNull(),
    notes: text('notes'),
    status: text('status', { enum: STUD_PAYMENT_STATUSES }).notNull().default('recorded'),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    uniqueIndex('stud_payments_receipt_number_key').on(t.studId, t.receiptNumber),
    index('stud_payments_receivable_idx').on(t.studId, t.receivableId),
    index('stud_payments_paid_date_idx').on(t.studId, t.paidDate),
    inStud('stud_payments_receivable_fk', [t.studId, t.receivableId], studReceivables).onDelete(
      'restrict',
    ),
    check('stud_payments_amount_check', sql`${t.amount} > 0`),
    check('stud_payments_method_check', inList(t.paymentMethod, PAYMENT_METHODS)),
    check('stud_payments_status_check', inList(t.status, STUD_PAYMENT_STATUSES)),
    check('stud_payments_void_check', sql`(${t.status} = 'voided') = (${t.voidedAt} is not null)`),
  ],
);

/** Money in. An entry a payment wrote (`payment_id`) is read-only and goes when it is voided. */
export const studIncome = pgTable(
  'stud_income',
  {
    studId: studId(),
    id: recordId(),
    date: date('date', { mode: 'string' }).notNull(),
    category: text('category', { enum: INCOME_CATEGORIES }).notNull(),
    amount: money('amount').notNull(),
    description: text('description'),
    clientId: uuid('client_id'),
    horseId: uuid('horse_id'),
    paymentId: uuid('payment_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    uniqueIndex('stud_income_payment_key')
      .on(t.studId, t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    // The financial report and the dashboard sum a date range by category.
    index('stud_income_date_idx').on(t.studId, t.date, t.category, t.amount),
    index('stud_income_client_idx').on(t.studId, t.clientId),
    index('stud_income_horse_idx').on(t.studId, t.horseId),
    inStud('stud_income_client_fk', [t.studId, t.clientId], studClients).onDelete('restrict'),
    inStud('stud_income_horse_fk', [t.studId, t.horseId], studHorses).onDelete('restrict'),
    inStud('stud_income_payment_fk', [t.studId, t.paymentId], studPayments).onDelete('restrict'),
    check('stud_income_category_check', inList(t.category, INCOME_CATEGORIES)),
    check('stud_income_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Money out, with its receipts (media, `subject_type: expense`). */
export const studExpenses = pgTable(
  'stud_expenses',
  {
    studId: studId(),
    id: recordId(),
    date: date('date', { mode: 'string' }).notNull(),
    category: text('category', { enum: EXPENSE_CATEGORIES }).notNull(),
    amount: money('amount').notNull(),
    supplier: text('supplier'),
    description: text('description'),
    horseId: uuid('horse_id'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.id] }),
    index('stud_expenses_date_idx').on(t.studId, t.date, t.category, t.amount),
    index('stud_expenses_horse_idx').on(t.studId, t.horseId),
    inStud('stud_expenses_horse_fk', [t.studId, t.horseId], studHorses).onDelete('restrict'),
    check('stud_expenses_category_check', inList(t.category, EXPENSE_CATEGORIES)),
    check('stud_expenses_method_check', inList(t.paymentMethod, PAYMENT_METHODS)),
    check('stud_expenses_amount_check', sql`${t.amount} > 0`),
  ],
);

/** The receipts of an expense (a scan, a PDF invoice). */
export const studExpenseMedia = pgTable(
  'stud_expense_media',
  {
    studId: studId(),
    expenseId: uuid('expense_id').notNull(),
    mediaId: uuid('media_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studId, t.mediaId] }),
    index('stud_expense_media_expense_idx').on(t.studId, t.expenseId),
    inStud('stud_expense_media_expense_fk', [t.studId, t.expenseId], studExpenses).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.studId, t.mediaId],
      foreignColumns: [media.organizationId, media.id],
      name: 'stud_expense_media_media_fk',
    }).onDelete('cascade'),
  ],
);
