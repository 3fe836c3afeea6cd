import { organizationProcedure, router } from '../kernel/trpc/init';
import { contractIdInput, signFields } from './contract-schema';
import { evidenceOf } from './event-chain';
import { signingStatusSchema } from './public-contracts';
import { signInApp } from './signing';

/** A stud signer signs in the app (DESIGN-MODULES B.7), with the same evidence as by link. */
export const studContractSigningRouter = router({
  sign: organizationProcedure('stud', 'contracts.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/contracts/{contractId}/sign',
        tags: ['Stud contracts'],
        summary: 'Sign a contract as its stud signer',
        description:
          "The caller must be the contract's signer of role `stud`: the signer's e-mail is theirs and verified, else 409. Same rules as the public signing: `consent` true (422), `document_sha256` the sent document's (409), a contract out for signing (409 naming its state). Answers the contract's status.",
      },
    })
    .input(contractIdInput.extend(signFields.shape))
    .output(signingStatusSchema)
    .mutation(async ({ ctx, input }) => ({
      data: await signInApp(
        ctx.db,
        ctx.organization,
        input.contractId,
        ctx.caller.user,
        input,
        evidenceOf(ctx.req, ctx.config),
        ctx.config.appUrl,
      ),
    })),
});
