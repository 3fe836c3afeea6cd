'use client';

import { useState, type FormEvent } from 'react';
import { CATEGORY_KINDS, SALE_MODES } from '@/db/schema/marketplace-values';
import { Button, cn, Input, Label, NativeSelect, Options } from '../components/ui';
import { attributesOf, categoryOptions, findCategory, type CategoryNode } from './categories';
import { KIND_LABELS, SALE_MODE_LABELS } from './format';

/** The search's filters as the address holds them (C.3's query parameters), text all. */
export const FILTER_NAMES = [
  'category_id',
  'kind',
  'min_price',
  'max_price',
  'city',
  'state',
  'sale_mode',
  'breed',
  'sex',
  'min_age',
  'max_age',
  'min_height',
  'max_height',
  'discipline',
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
export type Filters = Partial<Record<FilterName, string>>;

const HORSE_FILTERS: FilterName[] = [
  'breed',
  'sex',
  'min_age',
  'max_age',
  'min_height',
  'max_height',
  'discipline',
];

/** Whether the horse filters apply: a horse category, or the horse kind, is chosen. */
export function horseSearch(tree: CategoryNode[] | undefined, filters: Filters) {
  const category = findCategory(tree, filters.category_id);
  return category ? category.kind === 'horse' : filters.kind === 'horse';
}

/**
 * The filter form: a sidebar on wide screens, the body of a sheet on phones. Nothing is
 * searched until "Show results", so a phone does not reload under the user's thumb;
 * `stickyActions` keeps that button in reach at the foot of a scrolling sheet.
 */
export function SearchFilters({
  idPrefix,
  tree,
  initial,
  onApply,
  stickyActions = false,
}: {
  idPrefix: string;
  tree: CategoryNode[] | undefined;
  initial: Filters;
  onApply: (filters: Filters) => void;
  stickyActions?: boolean;
}) {
  const [filters, setFilters] = useState<Filters>(initial);
  const id = (name: string) => `${idPrefix}-${name}`;
  const bind = (name: FilterName) => ({
    id: id(name),
    value: filters[name] ?? '',
    onChange: (event: { target: { value: string } }) =>
      setFilters((current) => ({ ...current, [name]: event.target.value })),
  });
  const horse = horseSearch(tree, filters);
  const definitions = attributesOf(findCategory(tree, filters.category_id));
  const optionsOf = (name: string) =>
    definitions.find((definition) => definition.name === name)?.options;

  function submit(event: FormEvent) {
    event.preventDefault();
    const kept = Object.fromEntries(
      Object.entries(filters)
        .map(([name, value]) => [name, (value ?? '').trim()])
        .filter(
          ([name, value]) => value !== '' && (horse || !HORSE_FILTERS.includes(name as FilterName)),
        ),
    );
    onApply(kept);
  }

  /** A text box, or a select where the category lists the attribute's values. */
  const attributeFilter = (name: FilterName, label: string) => {
    const options = optionsOf(name);
    return (
      <div>
        <Label htmlFor={id(name)}>{label}</Label>
        {options ? (
          <NativeSelect {...bind(name)}>
            <Options options={[{ value: '', label: 'any' }, ...options]} />
          </NativeSelect>
        ) : (
          <Input {...bind(name)} />
        )}
      </div>
    );
  };

  const range = (label: string, min: FilterName, max: FilterName, unit: string) => (
    <fieldset className="m-0 border-0 p-0">
      <legend className="mb-1 font-semibold">{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <Label htmlFor={id(min)} className="text-sm font-normal">
            From{unit && ` (${unit})`}
          </Label>
          <Input type="number" inputMode="decimal" min={0} {...bind(min)} />
        </div>
        <div>
          <Label htmlFor={id(max)} className="text-sm font-normal">
            To{unit && ` (${unit})`}
          </Label>
          <Input type="number" inputMode="decimal" min={0} {...bind(max)} />
        </div>
      </div>
    </fieldset>
  );

  return (
    <form aria-label="Search filters" noValidate onSubmit={submit} className="flex flex-col gap-3">
      <div>
        <Label htmlFor={id('category_id')}>Category</Label>
        <NativeSelect {...bind('category_id')}>
          <Options options={[{ value: '', label: 'All categories' }, ...categoryOptions(tree)]} />
        </NativeSelect>
      </div>
      <div>
        <Label htmlFor={id('kind')}>Kind</Label>
        <NativeSelect {...bind('kind')}>
          <Options
            options={[
              { value: '', label: 'any' },
              ...CATEGORY_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
            ]}
          />
        </NativeSelect>
      </div>
      {range('Price', 'min_price', 'max_price', '')}
      <div className="grid grid-cols-2 gap-2">
        <div>
          <Label htmlFor={id('city')}>City</Label>
          <Input autoComplete="address-level2" {...bind('city')} />
        </div>
        <div>
          <Label htmlFor={id('state')}>State</Label>
          <Input autoComplete="address-level1" {...bind('state')} />
        </div>
      </div>
      <div>
        <Label htmlFor={id('sale_mode')}>Sale mode</Label>
        <NativeSelect {...bind('sale_mode')}>
          <Options
            options={[
              { value: '', label: 'any' },
              ...SALE_MODES.map((mode) => ({ value: mode, label: SALE_MODE_LABELS[mode] })),
            ]}
          />
        </NativeSelect>
      </div>
      {horse && (
        <fieldset className="m-0 flex flex-col gap-3 border-0 p-0">
          <legend className="mb-1 text-lg font-bold">Horse</legend>
          {attributeFilter('breed', 'Breed')}
          {attributeFilter('sex', 'Sex')}
          {range('Age', 'min_age', 'max_age', 'years')}
          {range('Height', 'min_height', 'max_height', 'cm')}
          {attributeFilter('discipline', 'Discipline')}
        </fieldset>
      )}
      <div
        className={cn(
          'flex flex-wrap gap-2',
          // Edge to edge across the sheet's padding, over the fields that scroll beneath it.
          stickyActions && 'sticky bottom-0 -mx-4 border-t border-border bg-card px-4 py-3',
        )}
      >
        <Button type="submit">Show results</Button>
        <Button
          variant="outline"
          onClick={() => {
            setFilters({});
            onApply({});
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}
