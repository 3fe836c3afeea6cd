'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ATTRIBUTE_TYPES, CATEGORY_KINDS } from '@/db/schema/marketplace-values';
import type { CategoryAttribute } from '@/db/schema/marketplace';
import { MAX_CATEGORY_ATTRIBUTES } from '@/server/marketplace/category-attributes';
import {
  categoryFields,
  type Category,
  type CategoryFields,
  type CategoryNode,
} from '@/server/marketplace/category-schema';
import {
  blankAs,
  Button,
  cardClass,
  FormActions,
  FormErrorSummary,
  Label,
  numberText,
  SelectInputField,
  TextInputField,
  useRecordForm,
  useToast,
  type FormOf,
} from '../../../components/ui';
import { KIND_LABELS } from '../../../marketplace/format';
import { useTRPC, useTRPCClient } from '../../../trpc';

const TYPE_LABELS: Record<(typeof ATTRIBUTE_TYPES)[number], string> = {
  text: 'Text',
  integer: 'Whole number',
  number: 'Number',
  boolean: 'Yes or no',
  select: 'Choice',
};

/** An attribute as its row of the editor holds it: options one per line, bounds as text. */
const attributeRow = z.object({
  name: z.string().trim().min(1, 'The name is required.'),
  label: z.string().trim().min(1, 'The label is required.'),
  type: z.enum(ATTRIBUTE_TYPES),
  required: z.boolean(),
  options: z.string(),
  min: numberText(z.number().optional()),
  max: numberText(z.number().optional()),
});

const categoryForm = z.object({
  name: categoryFields.shape.name,
  slug: blankAs(categoryFields.shape.slug),
  parent_id: blankAs(z.uuid().nullable(), null),
  kind: blankAs(z.enum(CATEGORY_KINDS).optional()),
  position: numberText(z.number().int().min(0).max(100_000).optional()),
  active: z.boolean(),
  attributes: z.array(attributeRow).max(MAX_CATEGORY_ATTRIBUTES),
});
type CategoryFormValues = z.input<typeof categoryForm>;
type Form = FormOf<CategoryFormValues>;

function rowOf(attribute: CategoryAttribute) {
  return {
    name: attribute.name,
    label: attribute.label,
    type: attribute.type,
    required: attribute.required,
    options: (attribute.options ?? []).join('\n'),
    min: attribute.min?.toString() ?? '',
    max: attribute.max?.toString() ?? '',
  };
}

/** The API's attribute from a row: options for a choice only, bounds for numbers only. */
function attributeOf(row: z.output<typeof attributeRow>): CategoryAttribute {
  const numeric = row.type === 'integer' || row.type === 'number';
  return {
    name: row.name,
    label: row.label,
    type: row.type,
    required: row.required,
    ...(row.type === 'select'
      ? {
          options: row.options
            .split('\n')
            .map((option) => option.trim())
            .filter(Boolean),
        }
      : {}),
    ...(numeric && row.min !== undefined ? { min: row.min } : {}),
    ...(numeric && row.max !== undefined ? { max: row.max } : {}),
  };
}

/**
 * A category's form (C.1): name, place in the tree, kind, order, and the attribute editor
 * (each attribute's name, label, type, whether required, its options or bounds).
 */
export function CategoryForm({
  category,
  roots,
  onDone,
}: {
  category?: Category;
  roots: CategoryNode[];
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending } = useRecordForm(categoryForm, {
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      parent_id: category?.parent_id ?? '',
      kind: category?.kind ?? '',
      position: category ? String(category.position) : '',
      active: category?.active ?? true,
      attributes: (category?.attributes ?? []).map(rowOf),
    } as CategoryFormValues,
    save: (values) => {
      const body: CategoryFields = {
        ...values,
        attributes: values.attributes.map(attributeOf),
      };
      return category
        ? client.admin.marketplaceCategories.update.mutate({ id: category.id, ...body })
        : client.admin.marketplaceCategories.create.mutate(body);
    },
    onSaved: async (_values, result) => {
      await Promise.all(
        [trpc.admin.marketplaceCategories.pathKey(), trpc.marketplaceCategories.pathKey()].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      );
      toast('success', `${result.data.name} was saved.`);
      onDone();
    },
  });
  const activeId = useId();
  const parents = roots.filter((root) => root.id !== category?.id);
  return (
    <form
      className={cardClass}
      aria-label={category ? `Edit ${category.name}` : 'New category'}
      noValidate
      onSubmit={onSubmit}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="name" label="Name" required />
        <TextInputField
          form={form}
          name="slug"
          label="Slug"
          hint="Blank: made from the name"
          autoComplete="off"
        />
        <SelectInputField
          form={form}
          name="parent_id"
          label="Parent"
          options={[
            { value: '', label: 'None (a root category)' },
            ...parents.map((root) => ({ value: root.id, label: root.name })),
          ]}
        />
        <SelectInputField
          form={form}
          name="kind"
          label="Kind"
          hint="A child takes its parent's"
          options={[
            { value: '', label: '—' },
            ...CATEGORY_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
          ]}
        />
        <TextInputField
          form={form}
          name="position"
          label="Position"
          hint="Lower first"
          inputMode="numeric"
        />
        <div className="mb-4 flex items-center gap-2 self-center">
          <input id={activeId} type="checkbox" className="size-5" {...form.register('active')} />
          <Label htmlFor={activeId} className="mb-0 font-normal">
            Active (shown to users)
          </Label>
        </div>
      </div>
      <AttributeEditor form={form} />
      <FormErrorSummary form={form} />
      <FormActions
        label={category ? 'Save category' : 'Add category'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}

function AttributeEditor({ form }: { form: Form }) {
  const { fields, append, remove, move } = useFieldArray({
    control: form.control,
    name: 'attributes',
  });
  const rows = useWatch({ control: form.control, name: 'attributes' });
  return (
    <fieldset className="mb-4 border-0 p-0">
      <legend className="mb-2 text-lg font-bold">Attributes</legend>
      <p className="mt-0 text-muted-foreground">What listings of this category fill in.</p>
      {fields.length > 0 && (
        <ol aria-label="Attributes" className="m-0 mb-3 list-none p-0">
          {fields.map((field, index) => {
            const type = rows?.[index]?.type;
            const numeric = type === 'integer' || type === 'number';
            const n = index + 1;
            return (
              <li key={field.id} className="mb-3 rounded-md border border-border p-3">
                <p className="mt-0 font-semibold">Attribute {n}</p>
                <div className="grid gap-x-4 sm:grid-cols-3">
                  <TextInputField
                    form={form}
                    name={`attributes.${index}.name`}
                    label={`Name of attribute ${n}`}
                    hint="lowercase_with_underscores"
                    autoComplete="off"
                  />
                  <TextInputField
                    form={form}
                    name={`attributes.${index}.label`}
                    label={`Label of attribute ${n}`}
                  />
                  <SelectInputField
                    form={form}
                    name={`attributes.${index}.type`}
                    label={`Type of attribute ${n}`}
                    options={ATTRIBUTE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
                  />
                  {type === 'select' && (
                    <div className="sm:col-span-3">
                      <Label htmlFor={`attribute-${field.id}-options`}>
                        Options of attribute {n}, one per line
                      </Label>
                      <textarea
                        id={`attribute-${field.id}-options`}
                        rows={3}
                        className="block w-full rounded-md border border-input bg-card px-3 py-2"
                        aria-invalid={
                          form.formState.errors.attributes?.[index]?.options ? true : undefined
                        }
                        {...form.register(`attributes.${index}.options`)}
                      />
                      {form.formState.errors.attributes?.[index]?.options?.message && (
                        <p className="mt-1 mb-3 text-sm text-destructive">
                          {form.formState.errors.attributes[index].options.message}
                        </p>
                      )}
                    </div>
                  )}
                  {numeric && (
                    <>
                      <TextInputField
                        form={form}
                        name={`attributes.${index}.min`}
                        label={`Minimum of attribute ${n}`}
                        inputMode="decimal"
                      />
                      <TextInputField
                        form={form}
                        name={`attributes.${index}.max`}
                        label={`Maximum of attribute ${n}`}
                        inputMode="decimal"
                      />
                    </>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <label className="mb-0 flex items-center gap-2 font-normal">
                    <input
                      type="checkbox"
                      className="size-5"
                      {...form.register(`attributes.${index}.required`)}
                    />
                    Required
                  </label>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    Move up<span className="sr-only"> attribute {n}</span>
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => remove(index)}>
                    Remove<span className="sr-only"> attribute {n}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {fields.length < MAX_CATEGORY_ATTRIBUTES && (
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            append({
              name: '',
              label: '',
              type: 'text',
              required: false,
              options: '',
              min: '',
              max: '',
            })
          }
        >
          Add attribute
        </Button>
      )}
    </fieldset>
  );
}
