'use client';

import { useId } from 'react';
import { get } from 'react-hook-form';
import { Button, FormField, Input, type FormOf } from '../../../components/ui';

type Values = { categories: string[] };

/** The competition's categories: a box each, removable, and one more on demand. */
export function CategoryFields<T extends Values>({ form: anyForm }: { form: FormOf<T> }) {
  const form = anyForm as unknown as FormOf<Values>;
  const id = useId();
  const categories = form.watch('categories');
  const message = (get(form.formState.errors, 'categories') as { message?: string } | undefined)
    ?.message;
  const set = (next: string[]) => form.setValue('categories', next, { shouldDirty: true });
  return (
    <fieldset
      className="mb-3 rounded-md border border-border p-3"
      aria-describedby={message ? `${id}-error` : undefined}
    >
      <legend className="px-1 font-semibold">Categories</legend>
      {categories.map((category, i) => (
        <div key={i} className="flex items-end gap-2">
          <FormField
            form={form}
            name={`categories.${i}`}
            label={`Category ${i + 1}`}
            className="flex-1"
          >
            {(control) => (
              <Input
                {...control}
                value={category}
                onChange={(e) => set(categories.map((c, j) => (j === i ? e.target.value : c)))}
              />
            )}
          </FormField>
          <Button
            variant="outline"
            size="sm"
            className="mb-4"
            aria-label={`Remove category ${i + 1}`}
            onClick={() => set(categories.filter((_, j) => j !== i))}
          >
            Remove
          </Button>
        </div>
      ))}
      {message && (
        <p id={`${id}-error`} className="mt-1 mb-2 text-sm text-destructive">
          {message}
        </p>
      )}
      <Button variant="outline" size="sm" onClick={() => set([...categories, ''])}>
        Add a category
      </Button>
    </fieldset>
  );
}
