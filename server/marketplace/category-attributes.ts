import { z } from 'zod';
import type { CategoryAttribute } from '@/db/schema/marketplace';
import { ATTRIBUTE_TYPES } from '@/db/schema/marketplace-values';

/*
 * A category's attribute definitions (C.1) and the check of a listing's values against them.
 * Client-safe (zod and the values file only): the category and listing forms validate with it.
 */

export const MAX_CATEGORY_ATTRIBUTES = 30;

const BOUNDED_TYPES = new Set(['integer', 'number']);

export const categoryAttributeSchema = z
  .object({
    name: z
      .string()
      .regex(
        /^[a-z][a-z0-9_]{0,39}$/,
        'The name must start with a lowercase letter and use lowercase letters, digits and underscores (at most 40).',
      ),
    label: z.string().trim().min(1).max(80),
    type: z.enum(ATTRIBUTE_TYPES),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(80)).max(100).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
  })
  .superRefine((attribute, ctx) => {
    if (attribute.type === 'select') {
      if (!attribute.options?.length)
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: 'The options field is required for a select attribute.',
        });
      else if (new Set(attribute.options).size !== attribute.options.length)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'The options must be unique.' });
    } else if (attribute.options !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'The options field is only for a select attribute.',
      });
    }
    if (!BOUNDED_TYPES.has(attribute.type)) {
      for (const bound of ['min', 'max'] as const)
        if (attribute[bound] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [bound],
            message: `The ${bound} field is only for an integer or number attribute.`,
          });
    } else if (
      attribute.min !== undefined &&
      attribute.max !== undefined &&
      attribute.min > attribute.max
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['max'],
        message: 'The max must be greater than or equal to the min.',
      });
    }
  });

export const categoryAttributesSchema = z
  .array(categoryAttributeSchema)
  .max(MAX_CATEGORY_ATTRIBUTES)
  .superRefine((attributes, ctx) => {
    const seen = new Set<string>();
    attributes.forEach((attribute, index) => {
      if (seen.has(attribute.name))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `The attribute name "${attribute.name}" is used twice.`,
        });
      seen.add(attribute.name);
    });
  });

/** Null, undefined and the empty string: "not filled in". */
const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Why `value` does not fit `definition`, or undefined when it does (value is not blank). */
function valueError(definition: CategoryAttribute, value: unknown): string | undefined {
  const { label } = definition;
  switch (definition.type) {
    case 'text':
      return typeof value === 'string' ? undefined : `The ${label} must be text.`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `The ${label} must be true or false.`;
    case 'select':
      return typeof value === 'string' && definition.options?.includes(value)
        ? undefined
        : `The ${label} must be one of: ${(definition.options ?? []).join(', ')}.`;
    case 'integer':
    case 'number': {
      if (definition.type === 'integer' ? !Number.isInteger(value) : !Number.isFinite(value))
        return `The ${label} must be ${definition.type === 'integer' ? 'an integer' : 'a number'}.`;
      const number = value as number;
      if (definition.min !== undefined && number < definition.min)
        return `The ${label} must be at least ${definition.min}.`;
      if (definition.max !== undefined && number > definition.max)
        return `The ${label} must be at most ${definition.max}.`;
      return undefined;
    }
  }
}

/**
 * A listing's attribute values checked against its category's definitions: errors keyed
 * `attributes.<name>` (empty when the values fit). Blank values count as absent.
 */
export function attributeErrors(
  definitions: CategoryAttribute[],
  values: Record<string, unknown>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  for (const definition of definitions) {
    const value = values[definition.name];
    const error = isBlank(value)
      ? definition.required
        ? `The ${definition.label} is required.`
        : undefined
      : valueError(definition, value);
    if (error) errors[`attributes.${definition.name}`] = [error];
  }
  for (const name of Object.keys(values))
    if (!byName.has(name))
      errors[`attributes.${name}`] = [`The ${name} field is not an attribute of this category.`];
  return errors;
}

/** The values worth storing: those of defined attributes that are not blank. */
export function normalizedAttributes(
  definitions: CategoryAttribute[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const normalized: Record<string, unknown> = {};
  for (const { name, type } of definitions) {
    const value = values[name];
    if (isBlank(value)) continue;
    normalized[name] = type === 'text' && typeof value === 'string' ? value.trim() : value;
  }
  return normalized;
}
