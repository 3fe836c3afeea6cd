import { z } from 'zod';
import { fieldMessage } from '../kernel/validation';

/*
 * The placeholders a contract template or body may use (B.7): a fixed list, written
 * `{{name}}` (spaces inside the braces allowed). Pure, so the template editor's help and
 * preview use the same list and the same filling as the server.
 */

export const PLACEHOLDERS = {
  stud: 'The stud’s name',
  client: 'The client’s name',
  mare: 'The mare’s name (and registered name)',
  stallion: 'The stallion’s name (and registered name)',
  season: 'The season of the reservation',
  terms: 'The reservation’s terms: guarantee, balance, pregnancy check, doses, substitution',
  fees: 'The reservation’s fees: stud fee, booking fee, extra dose, shipping',
  today: 'The date the contract is sent, in the stud’s time zone',
} as const;

export type Placeholder = keyof typeof PLACEHOLDERS;
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

const PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

const isPlaceholder = (name: string): name is Placeholder => Object.hasOwn(PLACEHOLDERS, name);

/** The placeholders `body` uses, each once, in order of first use. */
export function placeholdersIn(body: string): string[] {
  return [...new Set([...body.matchAll(PATTERN)].map((m) => m[1]!))];
}

/** The names in `{{...}}` that are not placeholders. */
export const unknownPlaceholders = (body: string) =>
  placeholdersIn(body).filter((name) => !isPlaceholder(name));

/** A template's or contract's body: Markdown of at most 50,000 characters, known placeholders. */
export const contractBody = z
  .string()
  .trim()
  .min(1)
  .max(50_000)
  .superRefine((body, ctx) => {
    const unknown = unknownPlaceholders(body);
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: fieldMessage(
          `field uses unknown placeholders: ${unknown.map((n) => `{{${n}}}`).join(', ')}. Known: ${Object.keys(PLACEHOLDERS).join(', ')}.`,
        ),
      });
  });

/** A value as Markdown text: its punctuation escaped, so a name cannot format the document. */
export const markdownText = (value: string) => value.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');

/**
 * `body` with the placeholders that have a value replaced by it; any other `{{...}}` becomes
 * `unfilled(written)` (kept as written unless given): a draft's or template's preview.
 */
export function fillKnownPlaceholders(
  body: string,
  values: PlaceholderValues,
  unfilled: (written: string) => string = (written) => written,
): string {
  return body.replace(PATTERN, (written, name: string) =>
    isPlaceholder(name) && values[name] ? values[name] : unfilled(written),
  );
}

/**
 * `body` with its placeholders replaced by `values` (Markdown, already escaped where it comes
 * from people's input). Answers the placeholders used that have no value instead, if any.
 */
export function fillPlaceholders(
  body: string,
  values: PlaceholderValues,
): { markdown: string; missing: [] } | { markdown: null; missing: string[] } {
  const missing = placeholdersIn(body).filter((name) => !isPlaceholder(name) || !values[name]);
  if (missing.length > 0) return { markdown: null, missing };
  return {
    markdown: body.replace(PATTERN, (_, name: Placeholder) => values[name]!),
    missing: [],
  };
}
