'use client';

import { TRPCClientError } from '@trpc/client';
import { useCallback } from 'react';
import { formatDate, humanize } from './format';
import { useToast } from './toast';

/** The `{field: [messages]}` of a 422 answer (tRPC `data.fieldErrors`, keyed by dot path), or none. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return (
    (error as { data?: { fieldErrors?: Record<string, string[]> } } | null)?.data?.fieldErrors ?? {}
  );
}

/*
 * The server words a field's message "The :attribute field …" with the field's dot path in
 * it (`fieldErrorsFromZod`: `student_id` → "The student id field is required."), and so does
 * `useZodForm` before sending. A person knows the field by its label instead: the messages
 * are reworded where they are shown, the API's 422 staying as it is. Only a message whose
 * subject is its own field ("The name field …", "The selected class id …", "The amount must
 * …") is reworded; any other (a schema's "Choose a lesson.") is already a person's sentence.
 */

/** A field's name in the server's messages: its dot path, underscores as spaces. */
export function attributeName(path: string): string {
  return path.replace(/_/g, ' ');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The field's name in a pattern: its whole path, or its last name alone, as a nested schema
 * words its own fields ("The name field …" of `identity.name`); each in words or as the path
 * itself, as a rule that names a list's row words it ("The selected attendance.2.horse_id …").
 */
const namePattern = (path: string) => {
  const leaf = path.split('.').findLast((part) => !/^\d+$/.test(part)) ?? path;
  const names = [...new Set([path, leaf].flatMap((name) => [attributeName(name), name]))];
  return `(?:${names.map(escapeRegExp).join('|')})`;
};

/** The label as a sentence's subject: without what it adds in parentheses ("Horse (optional)"). */
const subjectLabel = (label: string) => label.replace(/\s*\([^)]*\)$/, '');

/** The label inside a sentence: lower case, unless it opens with an acronym ("UELN"). */
function nounOf(label: string): string {
  const subject = subjectLabel(label);
  return /^.\p{Lu}/u.test(subject) ? subject : subject.charAt(0).toLowerCase() + subject.slice(1);
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/*
 * The date rules keep Laravel's words on the server ("must be a date before or equal to
 * today", "after or equal to start date") and its ISO dates; a person reads "cannot be in the
 * future", "on or after the start date", and a date as the pages print it ("27 Nov 2026").
 */

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b(?![T:\d])/g;

/** The ISO dates in a text as the pages print them (`formatDate`); an impossible one as sent. */
const datesInWords = (text: string) =>
  text.replace(ISO_DATE, (date) => (Number.isNaN(Date.parse(date)) ? date : formatDate(date)));

/**
 * What a rule compares with: a day ("today"), a date as the pages print it, or another field
 * by its name ("the start date", "the issued on date").
 */
function comparedWith(other: string, kind: string): string {
  if (/^(?:today|tomorrow|yesterday|now|\d{4}-\d{2}-\d{2})$/.test(other))
    return datesInWords(other);
  return other.endsWith(kind) ? `the ${other}` : `the ${other} ${kind}`;
}

/** What a message says of its field, a date rule worded as a person says it, dates in words. */
function dateWords(predicate: string): string {
  if (/^must (?:be a date before or equal to|not be after) today\.$/.test(predicate))
    return 'cannot be in the future.';
  if (/^must (?:be a date after or equal to|not be before) today\.$/.test(predicate))
    return 'cannot be in the past.';
  const compared =
    /^must be a (date|time) (?:(before|after) or equal to|(before|after)) (.+)\.$/.exec(predicate);
  if (compared) {
    const [, kind = 'date', orEqual, strict, other = ''] = compared;
    const relation = orEqual ? `${kind === 'date' ? 'on' : 'at'} or ${orEqual}` : strict;
    return `must be ${relation} ${comparedWith(other, kind)}.`;
  }
  return datesInWords(predicate.replace(/^must be a date between /, 'must be between '));
}

/**
 * What the roll's rules say of a row's enrolment ("The selected attendance.2.enrollment_id is
 * not an active enrollment on 2026-11-20."), said after the row's name, the student's:
 * "Not enrolled in this class on 20 Nov 2026.". Null for any other message.
 */
function enrolmentWords(predicate: string): string | null {
  if (predicate === 'is not an enrollment of this schedule.') return 'Not enrolled in this class.';
  const inactive = /^is not an active enrollment on (\d{4}-\d{2}-\d{2})\.$/.exec(predicate);
  return inactive ? `Not enrolled in this class on ${datesInWords(inactive[1]!)}.` : null;
}

/** One sentence about the field, by its label. */
function reword(sentence: string, path: string, label: string, choice: boolean): string {
  const match = new RegExp(`^The (selected )?${namePattern(path)} (.*)$`, 's').exec(sentence);
  if (!match) return sentence;
  const [, selected, rest = ''] = match;
  if (selected) return enrolmentWords(rest) ?? `The selected ${nounOf(label)} ${dateWords(rest)}`;
  // "Accepted" is a box to tick (a consent): the person is told what to do.
  const accepted = /^field must be accepted(.*)$/s.exec(rest);
  if (accepted) return `Tick the box to agree${accepted[1]}`;
  if (rest === 'field is required.')
    return choice ? `Choose ${withArticle(nounOf(label))}.` : `${subjectLabel(label)} is required.`;
  if (rest.startsWith('field '))
    return `${subjectLabel(label)} ${dateWords(rest.slice('field '.length))}`;
  return `The ${nounOf(label)} ${dateWords(rest)}`;
}

/**
 * The messages about the field at `path` (one, or several joined by spaces) naming it by its
 * `label`, in one wording: "First name is required.", "Email must be a valid email address.",
 * "The selected student is invalid."; for a `choice` (a select or a picker) a missing value is
 * asked for: "Choose a lesson."; a box that must be ticked says so: "Tick the box to agree.";
 * a date rule as a person says it: "Birth date cannot be in the future.", "End date must be on
 * or after the start date.", its dates as the pages print them. Other fields a message
 * mentions keep the server's words.
 */
export function labelMessage(
  message: string,
  path: string,
  label: string,
  { choice = false }: { choice?: boolean } = {},
): string {
  return message
    .split(new RegExp(`(?<=\\.) (?=The (?:selected )?${namePattern(path)} )`))
    .map((sentence) => reword(sentence, path, label, choice))
    .join(' ');
}

/**
 * A message about the field `from` (a server path) as one about the form's field `to`, which
 * shows it, so that `labelMessage` finds its subject under `to`.
 */
export function moveMessage(message: string, from: string, to: string): string {
  return message.replace(
    new RegExp(`^The (selected )?${namePattern(from)} `),
    (_, selected = '') => `The ${selected}${attributeName(to)} `,
  );
}

/**
 * A field's label guessed from its path, where no form says it (a toast): the last name of
 * the path, in words, without a trailing " id": `student_id` → "Student", `fees.0.amount` →
 * "Amount". An id is what the API sends for a chosen record; the person chose the record.
 */
export function labelOfPath(path: string): string {
  const name = path.split('.').findLast((part) => !/^\d+$/.test(part)) ?? path;
  return humanize(name.replace(/_ids?$/, '') || name);
}

/** A path into a row of a list: `attendance.2.horse_id` → the list, the row's index, the field. */
export function rowOf(path: string): { list: string; index: number; field: string } | null {
  const match = /^(.+?)\.(\d+)\.(.+)$/.exec(path);
  return match ? { list: match[1]!, index: Number(match[2]), field: match[3]! } : null;
}

/**
 * How messages shown together, away from the fields (a toast, a list), name a field: its
 * `label`, and for a field of a list's row the `row` as the person knows it ("Ana Torres").
 */
export type FieldName = { label?: string; row?: string };

/**
 * The messages of a 422's field errors (`{path: [messages]}`), each naming its field as
 * `nameOf` says, by `labelOfPath` where it says nothing, a row's field after its row:
 * "Ana Torres: The selected horse is invalid.".
 */
export function fieldMessages(
  errors: Record<string, string[]>,
  nameOf: (path: string) => FieldName | undefined = () => undefined,
): string[] {
  return Object.entries(errors).flatMap(([path, messages]) => {
    const { label = labelOfPath(path), row } = nameOf(path) ?? {};
    return messages.map((message) => {
      const said = labelMessage(message, path, label);
      return row ? `${row}: ${said}` : said;
    });
  });
}

/*
 * A request the server never answered fails with the browser's words for it ("Failed to
 * fetch", "NetworkError when attempting to fetch resource.", "Load failed"), and one whose
 * answer failed on the server with its status or "Internal server error": a person is told
 * what happened and what to do instead.
 */

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';
const SERVER_FAULT = 'Something went wrong on our side. Try again in a moment.';
const SIGNED_OUT = 'Your session has ended. Sign in again to continue.';

const NETWORK_FAILURE =
  /^(?:Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed)$/;

const isNetworkFailure = (error: unknown) =>
  error instanceof Error && NETWORK_FAILURE.test(error.message);

/**
 * Whether the request got no answer the client could read: a tRPC error without the server's
 * `data` nor a status (the fetch failed, or a proxy answered with its own page), or the
 * browser's words for a failed fetch.
 */
function unanswered(error: unknown, status: number | undefined): boolean {
  if (error instanceof TRPCClientError) return !error.data && status === undefined;
  return isNetworkFailure(error) || isNetworkFailure((error as Error | null)?.cause);
}

/**
 * What a person is told of a failed request: the server could not be reached; it failed on
 * the server (5xx: its details are not theirs); their session has ended (401); else the
 * server's own message, worded for them, a 503's maintenance message among them.
 */
export function requestErrorMessage(error: unknown): string {
  const data = (error as { data?: { code?: string; httpStatus?: number } | null } | null)?.data;
  // The status of an answer tRPC could not read (a body that is not its own), if any came.
  const answered = error instanceof TRPCClientError ? error.meta?.response : undefined;
  const status = data?.httpStatus ?? (answered as { status?: number } | undefined)?.status;
  if (unanswered(error, status)) return UNREACHABLE;
  if (status === 401 || data?.code === 'UNAUTHORIZED') return SIGNED_OUT;
  const message = error instanceof Error ? error.message : '';
  if (data && (status === 503 || data.code === 'SERVICE_UNAVAILABLE'))
    return message || SERVER_FAULT;
  if ((status ?? 0) >= 500 || data?.code === 'INTERNAL_SERVER_ERROR') return SERVER_FAULT;
  return message || 'Something went wrong.';
}

/**
 * A message for a failed request: the server's field messages of a 422, else as
 * `requestErrorMessage` words it. A toast has no form, so the fields are named by
 * `labelOfPath`, never by their dot paths.
 */
export function errorMessage(error: unknown): string {
  const messages = fieldMessages(fieldErrorsOf(error));
  if (messages.length > 0) return messages.join(' ');
  return requestErrorMessage(error);
}

/**
 * A kind of file an upload takes: its media types, its `name` ("photo") with its `formats` in
 * words ("JPEG, PNG or WebP"), and its largest size in MB.
 */
export type FileKind = { types: readonly string[]; name: string; formats?: string; maxMb: number };

const MB = 1024 * 1024;

const kindWords = ({ name, formats }: FileKind) =>
  formats ? `a ${formats} ${name}` : withArticle(name);

const orList = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');

/**
 * Why a chosen file is not sent, or null: empty, of a type no `kind` takes, or over its kind's
 * size; said before a long upload, with the types and the limit in words. The browser knows a
 * file's type by its name only: a file without one is left to the server, which reads the bytes.
 */
export function fileRefusal(
  file: { type: string; size: number },
  kinds: readonly FileKind[],
): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (!file.type) return null;
  const kind = kinds.find((candidate) => candidate.types.includes(file.type));
  if (!kind) return `The file must be ${orList(kinds.map(kindWords))}.`;
  if (file.size <= kind.maxMb * MB) return null;
  const limit = `${withArticle(kind.name)} may be at most ${kind.maxMb} MB`;
  const size = (file.size / MB).toFixed(1);
  return `${limit.charAt(0).toUpperCase()}${limit.slice(1)}; this one is ${size} MB.`;
}

/**
 * The `onError` of a mutation: a toast, except for the 422 answers of a form that shows its
 * field errors beside the fields (`inline`), where a toast would only repeat them.
 */
export function useErrorToast({ inline = false }: { inline?: boolean } = {}) {
  const toast = useToast();
  return useCallback(
    (error: unknown) => {
      if (inline && Object.keys(fieldErrorsOf(error)).length > 0) return;
      toast('error', errorMessage(error));
    },
    [inline, toast],
  );
}
