import fc from 'fast-check';
import type { ApiOperation, JsonSchema } from './api-routes';

/**
 * fast-check arbitraries for requests to one operation of the OpenAPI document: values
 * that fit each parameter's and body field's JSON schema (so validation passes and the
 * business code runs), mixed with hostile ones (wrong types, huge and odd strings, bad
 * numbers and dates, extra and missing fields, unreadable bodies, random path segments).
 */

/** Real values a field may take, by its name (`studentId`, `student_id`, `key`…). */
export type KnownValues = (name: string) => string[];

/** A request as the fuzzer sends it, before the principal's token is added. */
export type FuzzRequest = {
  method: string;
  /** Path and query, under `/api`. */
  url: string;
  headers: Record<string, string>;
  body?: string;
};

const HUGE = 100 * 1024;

const ODD_STRINGS = [
  '',
  ' ',
  '😀🐎👩‍👩‍👧',
  'مرحبا بالعالم',
  '\u202Eevil\u202C',
  'שלום',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  'e\u0301',
  '\uFEFFbom',
  '𝕏𝕐',
  '\r\n\t',
  "'; drop table students; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${x}',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
];

const ODD_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  0.001,
  1e-7,
  10.005,
  -1e308,
  1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  99_999_999_999,
];

/** Numbers as text: what a query string (or a careless client) sends. */
const NUMBER_TEXTS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '0x10',
  ' 1',
  '1 ',
  '00',
  '-0',
  '1,5',
  '1e2',
  '+1',
];

const ODD_DATES = [
  '2026-02-30',
  '2026-02-29',
  '2024-02-29',
  '99999-01-01',
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '3000-01-01',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '2026-01-01T00:00:00Z',
  '2026-W53',
  '2026-W00',
  '2026-W99',
  '2026-02',
  '2026-13',
  '24:00',
  '23:60',
  '9:5',
  '-01:00',
  'today',
];

/**
 * Names that a plain object inherits (or that set its prototype): as a query key each once
 * broke every GET (trpc-to-openapi builds its query map in a plain object), so every
 * operation is tried with them in the query and, for bodies, as JSON keys.
 */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
];

const KEYS = [
  'id',
  'school_id',
  'organization_id',
  'created_at',
  ...PROTOTYPE_KEYS,
  'is_platform_admin',
  '',
  ' ',
  '😀',
  'a.b',
  'a[0]',
];

/** Any JSON value, small. */
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** A string of `length` characters repeating `unit` (cut mid-pair sometimes: a lone surrogate). */
const hugeString = fc
  .tuple(fc.constantFrom('x', 'é', '😀', 'ع', '\u0000', ' '), fc.integer({ min: 256, max: HUGE }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/** Any UTF-16 code units, lone surrogates and NUL included. */
const rawUnicode = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});

const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.constantFrom(...ODD_DATES),
  fc.constantFrom(...NUMBER_TEXTS),
  rawUnicode,
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  hugeString,
);

/** Nested arrays or objects `depth` levels deep. */
const deeplyNested = fc
  .tuple(fc.integer({ min: 10, max: 2000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
    return value;
  });

/** A value of the wrong type, or of the right type but hostile. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
  {
    weight: 2,
    arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(anyJson, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 4 }) },
  { weight: 1, arbitrary: deeplyNested },
);

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

const isoDate = fc
  .date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2030-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

function stringValue(schema: JsonSchema, name: string, known: KnownValues): fc.Arbitrary<string> {
  const real = known(name);
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, 60);
  let generated: fc.Arbitrary<string>;
  if (schema.format === 'uuid') generated = fc.uuid();
  else if (schema.format === 'date') generated = isoDate;
  else if (schema.format === 'email') generated = fc.emailAddress();
  else if (schema.format === 'date-time')
    generated = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  else if (schema.pattern) generated = fc.stringMatching(new RegExp(schema.pattern));
  else
    generated = fc.string({
      unit: 'grapheme',
      minLength: Math.max(min, 1),
      maxLength: Math.max(max, min, 1),
    });
  // Boundary lengths: the longest string the schema allows.
  const longest =
    schema.maxLength !== undefined && !schema.format && !schema.pattern
      ? [fc.constant('L'.repeat(schema.maxLength))]
      : [];
  return real.length > 0
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...real) },
        { weight: 1, arbitrary: generated },
        ...longest,
      )
    : fc.oneof(generated, ...longest);
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined
      ? schema.exclusiveMinimum + (integer ? 1 : 0.01)
      : -1000);
  const high = Math.min(
    schema.maximum ??
      (schema.exclusiveMaximum !== undefined
        ? schema.exclusiveMaximum - (integer ? 1 : 0.01)
        : 1000),
    Number.MAX_SAFE_INTEGER,
  );
  const bounds = fc.constantFrom(low, high);
  const inside = integer
    ? fc.integer({ min: Math.ceil(Math.max(low, -1e9)), max: Math.floor(Math.min(high, 1e9)) })
    : fc
        .integer({
          min: Math.ceil(Math.max(low, -1e7) * 100),
          max: Math.floor(Math.min(high, 1e7) * 100),
        })
        .map((cents) => cents / 100);
  return fc.oneof({ weight: 4, arbitrary: inside }, { weight: 1, arbitrary: bounds });
}

/** A value that fits `schema`; `name` picks real ids and keys where the fixtures have them. */
function validValue(
  schema: JsonSchema,
  name: string,
  known: KnownValues,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => validValue(option, name, known, depth)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], name, known, depth);
  const arbitraries = types(schema).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringValue(schema, name, known);
      case 'integer':
        return numberValue(schema, true);
      case 'number':
        return numberValue(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(validValue(schema.items ?? {}, name, known, depth + 1), {
          minLength: Number(schema.minItems ?? 0),
          maxLength: Math.min(Number(schema.maxItems ?? 5), 5),
        });
      case 'object':
        return objectValue(schema, known, depth + 1);
      default:
        return anyJson;
    }
  });
  if (schema.nullable) arbitraries.push(fc.constant(null));
  if (arbitraries.length === 0)
    return schema.properties ? objectValue(schema, known, depth + 1) : anyJson;
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
}

/** A value for a field: mostly valid, sometimes hostile. */
function fieldValue(
  schema: JsonSchema,
  name: string,
  known: KnownValues,
  depth: number,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema, name, known, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** An object of the schema's properties: each valid, hostile or missing, plus extra fields. */
function objectValue(
  schema: JsonSchema,
  known: KnownValues,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([key, property]) =>
    fc.oneof(
      {
        weight: required.has(key) ? 12 : 4,
        arbitrary: fieldValue(property, key, known, depth).map((value) => [key, value] as const),
      },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
  );
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as [string, unknown][]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 10 })), anyJson),
        { maxLength: 3 },
      ),
    },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([present, extras]) => {
    const object: Record<string, unknown> = {};
    for (const entry of present) if (entry) object[entry[0]] = entry[1];
    // defineProperty, so that a `__proto__` key is an own field, as JSON.parse makes it.
    for (const [key, value] of extras)
      Object.defineProperty(object, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return object;
  });
}

/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses) is sent as the
 * three bytes UTF-8 would give it: invalid UTF-8 for the server to cope with.
 */
function encodeSegment(value: string): string {
  return [...value]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** A path segment: a real id or key, a random UUID, or anything at all. */
function pathSegment(schema: JsonSchema, name: string, known: KnownValues): fc.Arbitrary<string> {
  const real = known(name);
  const anything = fc.oneof(
    oddString.filter((value) => value.length <= 2000).map(encodeSegment),
    fc.constantFrom(
      '..',
      '.',
      '%',
      '%zz',
      '%00',
      '%2F',
      '%2e%2e',
      'a;b',
      '-1',
      '0',
      '1e3',
      '00000000-0000-0000-0000-000000000000',
    ),
  );
  return fc.oneof(
    {
      weight: real.length > 0 ? 8 : 0,
      arbitrary: real.length > 0 ? fc.constantFrom(...real) : fc.constant(''),
    },
    { weight: 2, arbitrary: validValue(schema, name, () => [], 0).map(String) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: anything },
  );
}

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** Query parameters: each absent, valid, hostile or repeated, plus unknown ones. */
function queryString(op: ApiOperation, known: KnownValues): fc.Arbitrary<string> {
  const params = op.query.map((param) =>
    fc
      .oneof(
        { weight: 3, arbitrary: fc.constant([] as string[]) },
        {
          weight: 5,
          arbitrary: validValue(param.schema, param.name, known).map((value) => [queryText(value)]),
        },
        { weight: 2, arbitrary: hostileValue.map((value) => [queryText(value)]) },
        {
          weight: 1,
          arbitrary: fc.array(validValue(param.schema, param.name, known).map(queryText), {
            minLength: 2,
            maxLength: 3,
          }),
        },
      )
      .map((values) => values.map((value) => [param.name, value] as const)),
  );
  const unknown = fc.oneof(
    { weight: 5, arbitrary: fc.constant([] as (readonly [string, string])[]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(
          fc.constantFrom('per_page', 'page', 'format', 'sort', 'school_id', 'x'),
          oddString.filter((v) => v.length < 4000),
        ),
        { maxLength: 3 },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom('1', '', '[]', '{}', 'x')),
        { minLength: 1, maxLength: 4 },
      ),
    },
  );
  return fc.tuple(fc.tuple(...params), unknown).map(([chosen, extras]) => {
    const search = new URLSearchParams();
    for (const [key, value] of [...chosen.flat(), ...extras]) search.append(key, value);
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  '',
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '\u0000',
  '{"a":1}{"b":2}',
  '{"a":"\\ud800"}',
  '{"a":"\\x"}',
  '\uFEFF{}',
  '{"a":1e999}',
  '{"a":-}',
];

/** An unreadable, oversized or oddly shaped body, as raw text with its content type. */
const hostileBody: fc.Arbitrary<{ body: string; contentType: string }> = fc.oneof(
  fc.constantFrom(...MALFORMED_JSON).map((body) => ({ body, contentType: 'application/json' })),
  fc
    .constantFrom('[]', '[{}]', '"text"', '123', 'null', 'true', '{}')
    .map((body) => ({ body, contentType: 'application/json' })),
  fc
    .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), anyJson)
    .map(([contentType, value]) => ({ body: JSON.stringify(value), contentType })),
  fc.integer({ min: 10, max: 20_000 }).map((depth) => ({
    body: '['.repeat(depth) + ']'.repeat(depth),
    contentType: 'application/json',
  })),
  fc.integer({ min: 10, max: 20_000 }).map((depth) => ({
    body: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    contentType: 'application/json',
  })),
  fc.constantFrom(1024 * 1024 + 1, 1100 * 1024).map((size) => ({
    body: JSON.stringify({ a: 'x'.repeat(size) }),
    contentType: 'application/json',
  })),
);

/** A path under `/api`: the operation's, with each parameter filled, sometimes extended. */
function pathOf(op: ApiOperation, known: KnownValues): fc.Arbitrary<string> {
  const segments = op.pathParams.map((param) => pathSegment(param.schema, param.name, known));
  const suffix = fc.oneof(
    { weight: 12, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('/', '/x', '/..', '//', '/%00', '/' + 'a'.repeat(3000)),
    },
  );
  return fc.tuple(fc.tuple(...segments), suffix).map(([values, extra]) => {
    let path = op.path;
    op.pathParams.forEach((param, i) => {
      path = path.replace(`{${param.name}}`, values[i]!);
    });
    return `/api${path}${extra}`;
  });
}

/** Requests for `op`: its method and path, query and body derived from its schemas. */
export function requestFor(op: ApiOperation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const jsonBody = op.body
    ? objectValue(op.body, known, 0).map((value) => ({
        body: JSON.stringify(value),
        contentType: 'application/json',
      }))
    : fc.constant(undefined);
  const body = fc.oneof(
    { weight: op.body ? 8 : 4, arbitrary: jsonBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: hostileBody },
    {
      weight: 1,
      arbitrary: fc
        .array(anyJson, { maxLength: 3 })
        .map((value) => ({ body: JSON.stringify(value), contentType: 'application/json' })),
    },
  );
  return fc
    .tuple(pathOf(op, known), queryString(op, known), body)
    .map(([path, query, chosen]): FuzzRequest => {
      const sendsBody = chosen !== undefined && op.method !== 'GET';
      return {
        method: op.method,
        url: path + query,
        headers: sendsBody && chosen.contentType ? { 'content-type': chosen.contentType } : {},
        body: sendsBody ? chosen.body : undefined,
      };
    });
}

/**
 * For every operation, one request with each of `PROTOTYPE_KEYS` in the query (the
 * `__proto__` and `constructor` ones twice, which makes arrays of them) and, where the
 * operation takes a body, as JSON keys beside valid-looking fields: `__proto__` holding an
 * object, `constructor` holding `{prototype: {...}}`. The fuzz suite runs these first.
 */
export function prototypeKeyRequest(op: ApiOperation, known: KnownValues): FuzzRequest {
  let path = op.path;
  for (const param of op.pathParams)
    path = path.replace(
      `{${param.name}}`,
      known(param.name)[0] ?? '00000000-0000-4000-8000-000000000000',
    );
  const search = new URLSearchParams();
  for (const key of PROTOTYPE_KEYS) search.append(key, '1');
  search.append('__proto__', '2');
  search.append('constructor', '2');
  const request: FuzzRequest = { method: op.method, url: `/api${path}?${search}`, headers: {} };
  if (op.method === 'GET') return request;
  const fields = Object.keys(op.body?.properties ?? {});
  const body = `{${[
    '"__proto__":{"is_platform_admin":true,"role":"owner","school_id":"x"}',
    '"constructor":{"prototype":{"is_platform_admin":true}}',
    ...PROTOTYPE_KEYS.filter((key) => key !== '__proto__' && key !== 'constructor').map(
      (key) => `${JSON.stringify(key)}:"x"`,
    ),
    ...fields.map((field) => `${JSON.stringify(field)}:${JSON.stringify(known(field)[0] ?? 'x')}`),
  ].join(',')}}`;
  return { ...request, headers: { 'content-type': 'application/json' }, body };
}
