import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { wakeOutboxWorker } from '../mail/worker';
import { studIdInput } from '../studs/tenant';
import {
  contractDocument,
  contractDocumentFile,
  contractDocumentSchema,
} from './contract-document';
import {
  createContract,
  deleteContract,
  memberActor,
  remindSigners,
  sendDraft,
  updateContract,
  voidContract,
} from './contract-lifecycle';
import { getContract, getContractEvents, listContracts } from './contract-queries';
import {
  contractEventsSchema,
  contractFields,
  contractFilters,
  contractIdInput,
  contractSchema,
  contractUpdateFields,
  remindFields,
  sendFields,
  voidFields,
} from './contract-schema';
import { evidenceOf } from './event-chain';
import { PLACEHOLDERS } from './placeholders';

const one = z.object({ data: contractSchema });
const tags = ['Stud contracts'];
const PATH = '/studs/{studId}/contracts/{contractId}';
const STATE_RULE = 'Any other state answers 409 naming it.';
const SIGNERS_RULE =
  '`signers`: 1 to 4 `{name, email, role (client or stud), order (1 to 4)}`, each order and e-mail once.';
const BODY_RULE = `\`body\`: Markdown whose placeholders \`{{name}}\` come from a fixed list (${Object.keys(PLACEHOLDERS).join(', ')}); an unknown one → 422.`;

/** The member calling, with the request's evidence, as the contract's events record them. */
const actorOf = (ctx: {
  caller: { user: Parameters<typeof memberActor>[0] };
  req: Request;
  config: Parameters<typeof evidenceOf>[1];
}) => memberActor(ctx.caller.user, evidenceOf(ctx.req, ctx.config));

/** A stud's contracts and their e-signing (DESIGN-MODULES B.7). */
export const studContractsRouter = router({
  list: organizationProcedure('stud', 'contracts.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/contracts',
        tags,
        summary: 'The contracts, newest first, paginated',
        description:
          'With their signers and client. Filters `status`, `kind`, `client_id`, `reservation_id`, `search` (part of the number or title); 25 per page unless `per_page` says.',
      },
    })
    .input(studIdInput.extend(contractFilters.shape))
    .output(paginatedSchema(contractSchema))
    .query(({ ctx, input }) => listContracts(ctx.db, ctx.organization, input, ctx.url)),

  create: organizationProcedure('stud', 'contracts.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/contracts',
        tags,
        summary: 'Write a draft contract',
        description: `Numbered \`C-<year>-0001\` in the stud's series. \`client_id\` and \`reservation_id\` name the stud's records, \`template_id\` an active template of the stud (422 on each). The client is the reservation's unless given; the body the template's unless given (one of them is required); the kind the template's, else \`breeding\` for a reservation, else \`other\`. ${BODY_RULE} ${SIGNERS_RULE} \`expires_at\`, when given, is in the future. A reservation without a contract in force gets this one.`,
      },
    })
    .input(studIdInput.extend(contractFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await ctx.db.transaction((tx) =>
        createContract(tx, ctx.organization, actorOf(ctx), input),
      ),
    })),

  get: organizationProcedure('stud', 'contracts.view')
    .meta({
      openapi: {
        method: 'GET',
        path: PATH,
        tags,
        summary: 'A contract with its signers',
        description:
          '`body` is as written (placeholders unfilled); `document_sha256` is the sent document’s.',
      },
    })
    .input(contractIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getContract(ctx.db, ctx.organization, input.contractId),
    })),

  update: organizationProcedure('stud', 'contracts.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: PATH,
        tags,
        summary: 'Edit a draft (fields given)',
        description: `A draft only: once sent, a contract is frozen (409). \`signers\` replaces them all. ${BODY_RULE} ${SIGNERS_RULE}`,
      },
    })
    .input(contractIdInput.extend(contractUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await ctx.db.transaction((tx) =>
        updateContract(tx, ctx.organization, input.contractId, input),
      ),
    })),

  remove: organizationProcedure('stud', 'contracts.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: PATH,
        tags,
        summary: 'Delete a draft',
        description: `A draft only, with its signers and events; a sent contract is voided instead. ${STATE_RULE}`,
      },
    })
    .input(contractIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction((tx) => deleteContract(tx, ctx.organization, input.contractId));
      return { message: 'Contract deleted.' };
    }),

  send: organizationProcedure('stud', 'contracts.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/send`,
        tags,
        summary: 'Send a draft for signing',
        description: `Fills the placeholders (one without a value for this contract → 422 on \`body\`), freezes and renders the document and stores its SHA-256, sets the links' expiry (\`expires_at\`, in the future; default the draft's, else 30 days), gives each signer a link by a \`contract-signing\` e-mail. No signer → 422 on \`signers\`. ${STATE_RULE}`,
      },
    })
    .input(contractIdInput.extend(sendFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const data = await ctx.db.transaction((tx) =>
        sendDraft(
          tx,
          ctx.organization,
          input.contractId,
          input.expires_at,
          actorOf(ctx),
          ctx.config.appUrl,
        ),
      );
      wakeOutboxWorker();
      return { data };
    }),

  remind: organizationProcedure('stud', 'contracts.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/remind`,
        tags,
        summary: 'Send the signing link again',
        description: `While sent or partially signed and before \`expires_at\` (else 409 naming the state, \`expired\` past it). To \`signer_id\` (a signer of this contract who has not signed, else 422), or to every signer who has not signed: each gets a new link by e-mail and the old one stops working.`,
      },
    })
    .input(contractIdInput.extend(remindFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const data = await ctx.db.transaction((tx) =>
        remindSigners(
          tx,
          ctx.organization,
          input.contractId,
          input.signer_id,
          actorOf(ctx),
          ctx.config.appUrl,
        ),
      );
      wakeOutboxWorker();
      return { data };
    }),

  void: organizationProcedure('stud', 'contracts.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/void`,
        tags,
        summary: 'Void a contract, with the reason',
        description: `From draft, sent, partially signed or expired; its links then answer 409. A signed contract is never voided: an amendment is a new contract (409). ${STATE_RULE}`,
      },
    })
    .input(contractIdInput.extend(voidFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await ctx.db.transaction((tx) =>
        voidContract(tx, ctx.organization, input.contractId, input.reason, actorOf(ctx)),
      ),
    })),

  events: organizationProcedure('stud', 'contracts.view')
    .meta({
      openapi: {
        method: 'GET',
        path: `${PATH}/events`,
        tags,
        summary: "The contract's event log and whether its hash chain holds",
        description:
          'By `seq`. Each event carries the SHA-256 of its fields and of the previous hash; `chain.valid` is false when one was altered, removed or moved, `chain.broken_at` the first such `seq`.',
      },
    })
    .input(contractIdInput)
    .output(contractEventsSchema)
    .query(({ ctx, input }) => getContractEvents(ctx.db, ctx.organization, input.contractId)),

  document: organizationProcedure('stud', 'contracts.view')
    .meta({
      download: contractDocumentFile,
      openapi: {
        method: 'GET',
        path: `${PATH}/document`,
        tags,
        summary: 'The contract as a PDF (`<number>.pdf`, inline)',
        description:
          'The REST route answers the PDF itself (`application/pdf`); the procedure’s output says where its bytes come from. Signed: the sealed PDF (document, signatures, event log, hashes); while it is being sealed, 409. Otherwise drawn on request and watermarked: `DRAFT` (the body with its placeholders filled as they would be on sending), `VOID`, or `NOT SIGNED` (the document sent).',
      },
    })
    .input(contractIdInput)
    .output(contractDocumentSchema)
    .query(({ ctx, input }) => contractDocument(ctx.db, ctx.organization, input.contractId)),
});
