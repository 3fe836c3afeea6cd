import { describe, expect, it } from 'vitest';
import type { CategoryAttribute } from '@/db/schema/marketplace';
import {
  attributeErrors,
  categoryAttributeSchema,
  categoryAttributesSchema,
  normalizedAttributes,
} from './category-attributes';

const DEFINITIONS: CategoryAttribute[] = [
  { name: 'breed', label: 'Breed', type: 'text', required: true },
  {
    name: 'birth_year',
    label: 'Birth year',
    type: 'integer',
    required: false,
    min: 1980,
    max: 2030,
  },
  { name: 'height_cm', label: 'Height', type: 'number', required: false, min: 50 },
  { name: 'sex', label: 'Sex', type: 'select', required: false, options: ['mare', 'stallion'] },
  { name: 'registered', label: 'Registered', type: 'boolean', required: false },
];

/** The dot paths of a failed parse's issues. */
function issuePaths(input: unknown, schema = categoryAttributeSchema as never): string[] {
  const result = (schema as typeof categoryAttributeSchema).safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('categoryAttributeSchema', () => {
  it('accepts each type and defaults required to false', () => {
    for (const definition of DEFINITIONS) expect(issuePaths(definition)).toEqual([]);
    expect(categoryAttributeSchema.parse({ name: 'a', label: 'A', type: 'text' }).required).toBe(
      false,
    );
  });

  it('checks the name', () => {
    for (const name of ['Breed', '1st', '_x', 'with space', 'a'.repeat(41), ''])
      expect(issuePaths({ name, label: 'X', type: 'text' })).toEqual(['name']);
    expect(issuePaths({ name: 'a'.repeat(40), label: 'X', type: 'text' })).toEqual([]);
  });

  it('requires non-empty, unique options for a select only', () => {
    expect(issuePaths({ name: 's', label: 'S', type: 'select' })).toEqual(['options']);
    expect(issuePaths({ name: 's', label: 'S', type: 'select', options: [] })).toEqual(['options']);
    expect(issuePaths({ name: 's', label: 'S', type: 'select', options: ['a', 'a'] })).toEqual([
      'options',
    ]);
    expect(issuePaths({ name: 't', label: 'T', type: 'text', options: ['a'] })).toEqual([
      'options',
    ]);
  });

  it('allows bounds on numbers only, min ≤ max', () => {
    expect(issuePaths({ name: 'n', label: 'N', type: 'integer', min: 5, max: 5 })).toEqual([]);
    expect(issuePaths({ name: 'n', label: 'N', type: 'number', min: 6, max: 5 })).toEqual(['max']);
    expect(issuePaths({ name: 't', label: 'T', type: 'text', min: 1 })).toEqual(['min']);
    expect(issuePaths({ name: 'b', label: 'B', type: 'boolean', max: 1 })).toEqual(['max']);
  });

  it('rejects unknown types and drops unknown keys', () => {
    expect(issuePaths({ name: 'd', label: 'D', type: 'date' })).toEqual(['type']);
    expect(
      categoryAttributeSchema.parse({ name: 'd', label: 'D', type: 'text', colour: 'red' }),
    ).toEqual({ name: 'd', label: 'D', type: 'text', required: false });
  });
});

describe('categoryAttributesSchema', () => {
  it('accepts a list with unique names', () => {
    expect(categoryAttributesSchema.safeParse(DEFINITIONS).success).toBe(true);
    expect(categoryAttributesSchema.safeParse([]).success).toBe(true);
  });

  it('rejects duplicate names and more than 30 attributes', () => {
    const duplicate = [DEFINITIONS[0], { ...DEFINITIONS[1], name: 'breed' }];
    expect(issuePaths(duplicate, categoryAttributesSchema as never)).toEqual(['1.name']);
    const many = Array.from({ length: 31 }, (_, i) => ({
      name: `a${i}`,
      label: 'A',
      type: 'text',
    }));
    expect(categoryAttributesSchema.safeParse(many).success).toBe(false);
  });
});

describe('attributeErrors', () => {
  it('accepts values that fit', () => {
    expect(
      attributeErrors(DEFINITIONS, {
        breed: 'Criollo',
        birth_year: 2015,
        height_cm: 148.5,
        sex: 'mare',
        registered: false,
      }),
    ).toEqual({});
    expect(attributeErrors(DEFINITIONS, { breed: 'Arab', birth_year: null, sex: '' })).toEqual({});
  });

  it('reports a required value that is missing, null or empty', () => {
    for (const values of [{}, { breed: null }, { breed: '' }, { breed: '  ' }])
      expect(attributeErrors(DEFINITIONS, values)).toEqual({
        'attributes.breed': ['The Breed is required.'],
      });
  });

  it('reports wrong types', () => {
    const errors = attributeErrors(DEFINITIONS, {
      breed: 12,
      birth_year: 2015.5,
      height_cm: 'tall',
      sex: 'gelding',
      registered: 'yes',
    });
    expect(Object.keys(errors).sort()).toEqual([
      'attributes.birth_year',
      'attributes.breed',
      'attributes.height_cm',
      'attributes.registered',
      'attributes.sex',
    ]);
    expect(errors['attributes.sex']).toEqual(['The Sex must be one of: mare, stallion.']);
    expect(attributeErrors(DEFINITIONS, { breed: 'x', height_cm: Number.NaN })).toHaveProperty(
      'attributes.height_cm',
    );
    expect(attributeErrors(DEFINITIONS, { breed: 'x', birth_year: '2015' })).toHaveProperty(
      'attributes.birth_year',
    );
  });

  it('reports values out of bounds', () => {
    expect(attributeErrors(DEFINITIONS, { breed: 'x', birth_year: 1979, height_cm: 49 })).toEqual({
      'attributes.birth_year': ['The Birth year must be at least 1980.'],
      'attributes.height_cm': ['The Height must be at least 50.'],
    });
    expect(attributeErrors(DEFINITIONS, { breed: 'x', birth_year: 2031 })).toEqual({
      'attributes.birth_year': ['The Birth year must be at most 2030.'],
    });
  });

  it('reports names the category does not define', () => {
    expect(attributeErrors(DEFINITIONS, { breed: 'x', colour: 'bay' })).toEqual({
      'attributes.colour': ['The colour field is not an attribute of this category.'],
    });
    expect(attributeErrors([], { colour: 'bay' })).toHaveProperty('attributes.colour');
  });
});

describe('normalizedAttributes', () => {
  it('keeps only meaningful values of defined attributes', () => {
    expect(
      normalizedAttributes(DEFINITIONS, {
        breed: ' Criollo ',
        birth_year: null,
        height_cm: 0,
        sex: '',
        registered: false,
      }),
    ).toEqual({ breed: 'Criollo', height_cm: 0, registered: false });
  });
});
