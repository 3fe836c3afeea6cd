import type { ApiOperation, JsonSchema } from './api-routes';

/**
 * The text a field or parameter named `name` should hold, where the schema cannot tell: the
 * id of a record (`student_id`, each of `class_ids`), a value a rule needs (an end after the
 * start). `undefined` leaves it to the schema.
 */
export type FieldValue = (name: string) => string | undefined;

/** A step into a JSON value: a property name or an array index. */
export type FieldPath = (string | number)[];

const ID_NAME = /_ids?$/;
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
// Strings tried in turn against a `pattern`: months, times, ISO weeks, currencies.
const PATTERN_CANDIDATES = ['2026-01', '10:00', '2026-W02', 'EUR', 'sample'];
// A file in base64 (an upload sent as JSON): a 1×1 PNG, which every media route takes.
const SAMPLE_FILE =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC';

// Named like ids, but numbers given by authorities, not records of the platform.
const NOT_RECORD_IDS = new Set(['tax_id']);

/** Whether a field or parameter holds record ids (`student_id`, `entry_ids`). */
export function isIdName(name: string): boolean {
  return ID_NAME.test(name) && !NOT_RECORD_IDS.has(name);
}

/**
 * The smallest value that satisfies `schema`: required properties only, the first enum
 * value, the lowest allowed number, strings from `given` or shaped by their format or
 * pattern.
 */
export function sampleValue(schema: JsonSchema, given: FieldValue, name = ''): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = firstVariant(schema);
  if (variant) return sampleValue(variant, given, name);
  switch (typeOf(schema)) {
    case 'object': {
      const properties = schema.properties ?? {};
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sampleValue(properties[key] ?? {}, given, key)]),
      );
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, () => sampleValue(schema.items ?? {}, given, name));
    }
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return sampleString(schema, given, name);
  }
}

/** Query parameters for `op`: its required ones, sampled like body fields. */
export function sampleQuery(op: ApiOperation, given: FieldValue): Record<string, string> {
  return Object.fromEntries(
    op.query
      .filter((p) => p.required)
      .map((p) => [p.name, String(sampleValue(p.schema, given, p.name))]),
  );
}

/** Every id-holding field of a body schema, nested ones included (`attendance.0.horse_id`). */
export function idFieldPaths(schema: JsonSchema | undefined, prefix: FieldPath = []): FieldPath[] {
  if (!schema) return [];
  const variant = firstVariant(schema);
  if (variant) return idFieldPaths(variant, prefix);
  if (typeOf(schema) === 'array') return idFieldPaths(schema.items, [...prefix, 0]);
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]) =>
    isIdName(key) ? [[...prefix, key]] : idFieldPaths(property, [...prefix, key]),
  );
}

/**
 * `value` with the field at `path` set to `leaf` (a list of it for a `*_ids` field);
 * containers missing on the way are sampled from `schema`, so the rest stays valid.
 */
export function withField(
  schema: JsonSchema,
  value: unknown,
  path: FieldPath,
  leaf: string,
  given: FieldValue,
): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return leaf;
  const node = firstVariant(schema) ?? schema;
  if (typeof step === 'number') {
    const items = node.items ?? {};
    const list = Array.isArray(value) ? [...value] : [];
    while (list.length <= step) list.push(sampleValue(items, given));
    list[step] = withField(items, list[step], rest, leaf, given);
    return list;
  }
  const property = node.properties?.[step] ?? {};
  const object = { ...(value as Record<string, unknown>) };
  object[step] =
    rest.length === 0
      ? typeOf(firstVariant(property) ?? property) === 'array'
        ? [leaf]
        : leaf
      : withField(property, object[step] ?? sampleValue(property, given, step), rest, leaf, given);
  // A polymorphic reference (`subject_id`) goes with its type (`subject_type`).
  const typeField = rest.length === 0 ? step.replace(/_id$/, '_type') : undefined;
  const typeProperty = typeField && typeField !== step ? node.properties?.[typeField] : undefined;
  if (typeField && typeProperty && object[typeField] === undefined)
    object[typeField] = sampleValue(typeProperty, given, typeField);
  return object;
}

/** The first non-null alternative of an `anyOf`/`oneOf`/`allOf`, or of a type list. */
function firstVariant(schema: JsonSchema): JsonSchema | undefined {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return options.find((o) => typeOf(o) !== 'null') ?? options[0];
  if (Array.isArray(schema.type)) {
    const type = schema.type.find((t) => t !== 'null') ?? 'null';
    return { ...schema, type };
  }
  return undefined;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function sampleNumber(schema: JsonSchema): number {
  const step = schema.type === 'integer' ? 1 : 0.01;
  const low =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : undefined);
  const high =
    schema.maximum ??
    (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : undefined);
  const value = Math.max(low ?? 1, 1);
  return high !== undefined && value > high ? high : value;
}

function sampleString(schema: JsonSchema, given: FieldValue, name: string): string {
  const value = given(name);
  if (value !== undefined) return value;
  if (schema.format === 'uuid') return PLACEHOLDER_ID;
  if (schema.contentEncoding === 'base64') return SAMPLE_FILE;
  if (schema.format === 'date') return '2026-01-05';
  if (schema.format === 'date-time') return '2026-01-05T10:00:00.000Z';
  if (schema.format === 'email') return 'sample@example.test';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const match = PATTERN_CANDIDATES.find((s) => pattern.test(s) && fits(s));
    if (match) return match;
  }
  return 'sample'.padEnd(min, 's').slice(0, max);
}
