import MarkdownIt from 'markdown-it';

/*
 * A contract's document as HTML (B.7), apart from its hashing (document.ts) so that the
 * template editor's preview renders exactly as the server renders a sent contract.
 */

/** Raw HTML in the body is shown as text, and links are checked: the page runs no script. */
export const markdown = new MarkdownIt('default', {
  html: false,
  linkify: false,
  typographer: false,
});

export const renderDocumentHtml = (documentMarkdown: string) => markdown.render(documentMarkdown);
