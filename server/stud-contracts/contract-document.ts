import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { contractSigners, contracts, media } from '@/db/schema';
import { conflict, notFound } from '../kernel/errors';
import type { Services } from '../kernel/trpc/context';
import type { FileAnswer, Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { openStoredFile, storedFile, storedFileOf } from '../media/stored-file';
import { draftMarkdown } from './contract-flow';
import { renderContractPdf } from './contract-pdf';

/*
 * GET /contracts/{id}/document (B.7): the sealed PDF once a signed contract has one; until
 * then the document drawn on request, watermarked with its state, so no copy of an unsigned
 * contract passes for a signed one.
 */

/** The procedure's output, which `meta.download` turns into the PDF's bytes. */
export const contractDocumentSchema = z.discriminatedUnion('source', [
  /** The sealed PDF, as stored. */
  storedFile.extend({ source: z.literal('sealed') }),
  /** Drawn for this request, watermarked. */
  z.object({
    source: z.literal('rendered'),
    filename: z.string(),
    watermark: z.enum(['DRAFT', 'NOT SIGNED', 'VOID']),
    content_base64: z.string(),
  }),
]);

export type ContractDocument = z.infer<typeof contractDocumentSchema>;

export const SEALING = 'The signed PDF is being sealed; try again in a minute.';

/**
 * The contract's PDF: the sealed one when made (409 while a signed contract waits for it),
 * else a draft's body as it would be sent (`DRAFT`), a voided contract's document (`VOID`),
 * or the document sent (`NOT SIGNED`).
 */
export async function contractDocument(
  db: Database,
  stud: Organization,
  contractId: string,
): Promise<ContractDocument> {
  const [contract] = isUuid(contractId)
    ? await db
        .select()
        .from(contracts)
        .where(and(eq(contracts.studId, stud.id), eq(contracts.id, contractId)))
    : [];
  if (!contract) throw notFound('Contract');
  const filename = `${contract.number}.pdf`;
  if (contract.signedPdfId) {
    const [file] = await db
      .select()
      .from(media)
      .where(and(eq(media.organizationId, stud.id), eq(media.id, contract.signedPdfId)));
    return { source: 'sealed', ...storedFileOf(file!), filename };
  }
  if (contract.status === 'signed') throw conflict(SEALING);
  const watermark =
    contract.status === 'draft' ? 'DRAFT' : contract.status === 'voided' ? 'VOID' : 'NOT SIGNED';
  const signers = await db
    .select()
    .from(contractSigners)
    .where(and(eq(contractSigners.studId, stud.id), eq(contractSigners.contractId, contract.id)))
    .orderBy(asc(contractSigners.position));
  const pdf = await renderContractPdf({
    studName: stud.name,
    number: contract.number,
    title: contract.title,
    timezone: stud.timezone,
    // A draft (or a draft voided) has no frozen document: its body as it would be sent.
    markdown: contract.documentMarkdown ?? (await draftMarkdown(db, stud, contract)),
    watermark,
    documentSha256: contract.documentSha256,
    signers: signers.map((s) => ({
      name: s.name,
      email: s.email,
      role: s.role,
      status: s.status,
      signedName: s.signedName,
      signedAt: s.signedAt,
      signatureImage: s.signatureImage,
    })),
  });
  return { source: 'rendered', filename, watermark, content_base64: pdf.toString('base64') };
}

/** `meta.download`: the stored file's bytes, or the rendered ones, shown inline. */
export const contractDocumentFile = (async (
  output: ContractDocument,
  services: Services,
): Promise<FileAnswer> => {
  if (output.source === 'sealed') return openStoredFile(output as never, services);
  const body = Buffer.from(output.content_base64, 'base64');
  return {
    body,
    contentType: 'application/pdf',
    filename: output.filename,
    size: body.length,
    disposition: 'inline',
  };
}) as (output: never, services: Services) => Promise<FileAnswer>;
