import { createHash } from 'node:crypto';
import MarkdownIt from 'markdown-it';

/*
 * A contract's document (B.7): its Markdown, placeholders filled, rendered once when it is
 * sent. The HTML is stored, so what a signer saw keeps its hash whatever the renderer becomes.
 */

/** Raw HTML in the body is shown as text, and links are checked: the page runs no script. */
export const markdown = new MarkdownIt('default', {
  html: false,
  linkify: false,
  typographer: false,
});

export const renderDocumentHtml = (documentMarkdown: string) => markdown.render(documentMarkdown);

/** Hex SHA-256 of text as UTF-8: what a signer presents (`document_sha256`) to sign. */
export const sha256Hex = (text: string | Uint8Array) =>
  createHash('sha256').update(text).digest('hex');
