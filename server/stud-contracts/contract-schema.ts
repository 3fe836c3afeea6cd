import { z } from 'zod';
import {
  CONTRACT_EVENT_TYPES,
  CONTRACT_KINDS,
  CONTRACT_STATUSES,
  MAX_SIGNERS,
  SIGNER_ROLES,
  SIGNER_STATUSES,
} from '@/db/schema/stud-breeding-values';
import { pathId } from '../kernel/fields/params';
import { paginationInput } from '../kernel/trpc/pagination';
import { fieldMessage } from '../kernel/validation';
import { studIdInput } from '../studs/tenant';
import { contractBody } from './placeholders';

/*
 * Contract templates, contracts and their signing (DESIGN-MODULES B.7) as the API takes and
 * answers them. Client-safe (zod only): the web app's forms validate with these.
 */

export { CONTRACT_EVENT_TYPES, CONTRACT_KINDS, CONTRACT_STATUSES, SIGNER_ROLES, SIGNER_STATUSES };

export const CONTRACTS_PER_PAGE = 25;

/** What a signer agrees to by ticking the box; answered by the public read. */
export const CONSENT_TEXT =
  'I have read this contract. I agree to sign it electronically, and that the name I type is my signature with the same effect as a handwritten one.';

/* Templates. */

export const templateFields = z.object({
  name: z.string().trim().min(1).max(120),
  kind: z.enum(CONTRACT_KINDS),
  /** Markdown with placeholders from the fixed list (placeholders.ts). */
  body: contractBody,
  active: z.boolean().optional(),
});

export type TemplateFields = z.infer<typeof templateFields>;

export const templateIdInput = studIdInput.extend({ templateId: pathId });

export const templateFilters = studIdInput.extend({
  kind: z.enum(CONTRACT_KINDS).optional(),
  active: z.stringbool().optional(),
});

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  body: z.string(),
  active: z.boolean(),
  /** The placeholders the body uses. */
  placeholders: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Template = z.infer<typeof templateSchema>;

/* Contracts. */

export const signerFields = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.email().max(255),
  role: z.enum(SIGNER_ROLES),
  /** 1 to 4: the signer's place on the document; any signer may sign first. */
  order: z.int().min(1).max(MAX_SIGNERS),
});

export type SignerFields = z.infer<typeof signerFields>;

/** 1 to 4 signers, each order and e-mail once. */
export const signersField = z
  .array(signerFields)
  .min(1)
  .max(MAX_SIGNERS)
  .superRefine((signers, ctx) => {
    const orders = signers.map((s) => s.order);
    if (new Set(orders).size !== orders.length)
      ctx.addIssue({
        code: 'custom',
        message: fieldMessage('field must give each signer its own order.'),
      });
    const emails = signers.map((s) => s.email.toLowerCase());
    if (new Set(emails).size !== emails.length)
      ctx.addIssue({
        code: 'custom',
        message: fieldMessage('field must not name one e-mail twice.'),
      });
  });

const expiresAt = z.iso.datetime({ offset: true });

/** POST /contracts. */
export const contractFields = z.object({
  /** Default: the template's kind, else `breeding` with a reservation, else `other`. */
  kind: z.enum(CONTRACT_KINDS).optional(),
  title: z.string().trim().min(1).max(200),
  /** A client of the stud; the reservation's client unless given. */
  client_id: z.uuid().nullable().optional(),
  reservation_id: z.uuid().nullable().optional(),
  /** An active template of the stud: its body is copied unless `body` is given. */
  template_id: z.uuid().nullable().optional(),
  /** Required without a template. */
  body: contractBody.optional(),
  signers: signersField,
  /** When the signing links stop working; default: 30 days after sending. */
  expires_at: expiresAt.nullable().optional(),
});

export type ContractFields = z.infer<typeof contractFields>;

/** PUT /contracts/{id}, while a draft: the fields given; `signers` replaces them all. */
export const contractUpdateFields = contractFields
  .omit({ template_id: true, reservation_id: true })
  .partial();

export type ContractUpdateFields = z.infer<typeof contractUpdateFields>;

export const contractIdInput = studIdInput.extend({ contractId: pathId });

export const contractFilters = paginationInput(CONTRACTS_PER_PAGE).extend({
  status: z.enum(CONTRACT_STATUSES).optional(),
  kind: z.enum(CONTRACT_KINDS).optional(),
  client_id: z.uuid().optional(),
  reservation_id: z.uuid().optional(),
  /** Part of the number or title. */
  search: z.string().trim().max(100).optional(),
});

export type ContractFilters = z.infer<typeof contractFilters>;

/** POST /contracts/{id}/send. */
export const sendFields = z.object({ expires_at: expiresAt.optional() });

/** POST /contracts/{id}/remind: one signer, or every signer who has not signed. */
export const remindFields = z.object({ signer_id: z.uuid().optional() });

export const voidFields = z.object({ reason: z.string().trim().min(1).max(1000) });

/** POST /contracts/{id}/sign and POST /public/contracts/{token}/sign. */
export const signFields = z.object({
  signed_name: z.string().trim().min(1).max(120),
  /** Must be true: the signer agrees to `consent_text`. */
  consent: z.boolean(),
  /** The SHA-256 of the document the signer read (`document_sha256` of the read). */
  document_sha256: z.string().trim().max(64),
  /** A drawn signature: a PNG data URL of at most 200 KB. */
  signature_image: z
    .string()
    .max(280_000)
    .regex(
      /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/,
      fieldMessage('field must be a PNG data URL.'),
    )
    .nullable()
    .optional(),
});

export type SignFields = z.infer<typeof signFields>;

export const declineFields = z.object({ reason: z.string().trim().min(1).max(1000) });

export const signerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(SIGNER_ROLES),
  order: z.number().int(),
  status: z.enum(SIGNER_STATUSES),
  signed_name: z.string().nullable(),
  viewed_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  declined_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
});

const named = z.object({ id: z.string(), name: z.string() });

export const contractSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  title: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  client_id: z.string().nullable(),
  client: named.nullable(),
  reservation_id: z.string().nullable(),
  template_id: z.string().nullable(),
  /** As written, placeholders unfilled; frozen once sent. */
  body: z.string(),
  signers: z.array(signerSchema),
  expires_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** SHA-256 of the document sent (`document_html`); null while a draft. */
  document_sha256: z.string().nullable(),
  /** The sealed PDF, once made after the last signature. */
  signed_pdf: z.object({ sha256: z.string(), size_bytes: z.number().int() }).nullable(),
  void_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Contract = z.infer<typeof contractSchema>;

export const contractEventSchema = z.object({
  seq: z.number().int(),
  type: z.enum(CONTRACT_EVENT_TYPES),
  occurred_at: z.string(),
  actor: z.string(),
  signer_id: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  prev_hash: z.string().nullable(),
  hash: z.string(),
});

export type ContractEvent = z.infer<typeof contractEventSchema>;

/** GET /contracts/{id}/events: the log, and whether its hash chain holds. */
export const contractEventsSchema = z.object({
  data: z.array(contractEventSchema),
  chain: z.object({
    valid: z.boolean(),
    /** The `seq` of the first event whose hash or link does not hold. */
    broken_at: z.number().int().nullable(),
  }),
});

/* The public signing page (0.2, B.7). */

export const tokenInput = z.object({ token: z.string().max(100) });

export const publicContractSchema = z.object({
  contract: z.object({
    number: z.string(),
    title: z.string(),
    stud: z.object({ name: z.string() }),
    status: z.enum(CONTRACT_STATUSES),
    expires_at: z.string().nullable(),
  }),
  signer: z.object({
    name: z.string(),
    role: z.enum(SIGNER_ROLES),
    status: z.enum(SIGNER_STATUSES),
  }),
  document_html: z.string(),
  document_sha256: z.string(),
  consent_text: z.string(),
});

export type PublicContract = z.infer<typeof publicContractSchema>;
