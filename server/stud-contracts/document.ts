import { createHash } from 'node:crypto';

/*
 * A contract's document (B.7): its Markdown, placeholders filled, rendered once when it is
 * sent (document-html.ts). The HTML is stored, so what a signer saw keeps its hash whatever
 * the renderer becomes.
 */

export { markdown, renderDocumentHtml } from './document-html';

/** Hex SHA-256 of text as UTF-8: what a signer presents (`document_sha256`) to sign. */
export const sha256Hex = (text: string | Uint8Array) =>
  createHash('sha256').update(text).digest('hex');
