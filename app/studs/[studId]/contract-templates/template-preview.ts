import { money } from '../../../components/ui';
import { renderDocumentHtml } from '@/server/stud-contracts/document-html';
import {
  contractBody,
  fillKnownPlaceholders,
  markdownText,
  PLACEHOLDERS,
} from '@/server/stud-contracts/placeholders';

/*
 * The template editor's preview: the body with sample values filled, rendered as the server
 * renders a sent contract (server/stud-contracts/document-html.ts): raw HTML shown as text.
 */

/** Believable values for each placeholder, escaped as the server escapes people's input. */
export function sampleValues(studName: string, currency: string, today: string) {
  const values: Record<keyof typeof PLACEHOLDERS, string> = {
    stud: studName,
    client: 'María García',
    mare: 'Luna (Luna de la Sierra)',
    stallion: 'Valiente (Valiente XII)',
    season: today.slice(0, 4),
    terms: 'Guarantee: a live foal; balance due on a positive pregnancy check on day 14',
    fees: `Stud fee ${money(1200, currency)}, booking fee ${money(300, currency)}`,
    today,
  };
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, markdownText(value)]),
  ) as Record<keyof typeof PLACEHOLDERS, string>;
}

/**
 * The preview of `body`: its HTML with known placeholders filled by `values` (unknown ones
 * left as written), and the refusal the server would answer for the body, if any (unknown
 * placeholders, too long), worded as its 422.
 */
export function previewOf(body: string, values: Record<string, string>) {
  const checked = contractBody.safeParse(body);
  const problem =
    body.trim() === '' || checked.success
      ? null
      : (checked.error.issues[0]?.message ?? '').replaceAll(':attribute', 'body');
  const filled = fillKnownPlaceholders(body, values, markdownText);
  return { html: renderDocumentHtml(filled), problem };
}

/** A body as written, placeholders unfilled (a draft's text). */
export const previewMarkdown = renderDocumentHtml;
