import { z, type ZodError } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

export type FieldErrors = Record<string, string[]>;

/** Placeholder replaced by the field's name, as Laravel words its messages. */
const ATTRIBUTE = ':attribute';

function describeType(expected: string): string {
  switch (expected) {
    case 'int':
      return 'an integer';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    default:
      return `a ${expected}`;
  }
}

function laravelMessage(issue: $ZodRawIssue): string | undefined {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || input === null) return `The ${ATTRIBUTE} field is required.`;
      return `The ${ATTRIBUTE} field must be ${describeType(String(issue.expected))}.`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1
          ? `The ${ATTRIBUTE} field is required.`
          : `The ${ATTRIBUTE} field must be at least ${min} characters.`;
      }
      if (issue.origin === 'array')
        return `The ${ATTRIBUTE} field must have at least ${min} items.`;
      return issue.inclusive === false
        ? `The ${ATTRIBUTE} field must be greater than ${min}.`
        : `The ${ATTRIBUTE} field must be at least ${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') {
        return `The ${ATTRIBUTE} field must not be greater than ${max} characters.`;
      }
      if (issue.origin === 'array') {
        return `The ${ATTRIBUTE} field must not have more than ${max} items.`;
      }
      return issue.inclusive === false
        ? `The ${ATTRIBUTE} field must be less than ${max}.`
        : `The ${ATTRIBUTE} field must not be greater than ${max}.`;
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return `The ${ATTRIBUTE} field must be a valid email address.`;
        case 'uuid':
        case 'guid':
          return `The ${ATTRIBUTE} field must be a valid UUID.`;
        case 'date':
          return `The ${ATTRIBUTE} field must be a valid date (YYYY-MM-DD).`;
        case 'datetime':
          return `The ${ATTRIBUTE} field must be a valid date and time.`;
        case 'url':
          return `The ${ATTRIBUTE} field must be a valid URL.`;
        default:
          return `The ${ATTRIBUTE} field format is invalid.`;
      }
    case 'invalid_value':
    case 'invalid_union':
      if (input === undefined || input === null) return `The ${ATTRIBUTE} field is required.`;
      return `The selected ${ATTRIBUTE} is invalid.`;
    case 'not_multiple_of':
      return `The ${ATTRIBUTE} field must be a multiple of ${String(issue.divisor)}.`;
    default:
      return undefined;
  }
}

z.config({ customError: laravelMessage });

function attributeName(path: PropertyKey[]): string {
  return path.map(String).join('.').replace(/_/g, ' ');
}

/** `{field: [messages]}` with nested fields by dot path (`attendance.0.status`). */
export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    const message = issue.message.replaceAll(ATTRIBUTE, attributeName(issue.path) || 'input');
    (errors[key] ??= []).push(message);
  }
  return errors;
}

/** A message written in a schema (`refine`), worded for a field: "The :attribute ...". */
export const fieldMessage = (text: string) => `The ${ATTRIBUTE} ${text}`;

/** `fieldMessage` for a field given by its dot path, with the field's name filled in. */
export const fieldMessageFor = (path: string, text: string) =>
  fieldMessage(text).replaceAll(ATTRIBUTE, attributeName(path.split('.')));

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path ids are matched, not validated: a malformed id is simply not found (404). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
