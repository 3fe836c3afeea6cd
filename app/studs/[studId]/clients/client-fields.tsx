'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useId } from 'react';
import { useController, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import {
  CLIENT_KINDS,
  CLIENT_SOURCES,
  clientFields,
  missingNames,
  type Client,
} from '@/server/stud-crm/client-schema';
import {
  blankAs,
  humanize,
  QueryState,
  SelectInputField,
  TextareaField,
  TextInputField,
  type FormOf,
  wordOptions,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';
import { Swatch } from './crm-ui';

/*
 * The fields a client and a prospect share, checked by the API's own schemas
 * (server/stud-crm/client-schema.ts): a text box left blank clears its value, as the server
 * reads it, and the names the kind requires are asked for before sending.
 */

const shape = clientFields.shape;

/** The person, contact and tag fields, as the form's controls hold them. */
export const personForm = {
  kind: shape.kind,
  first_name: shape.first_name,
  last_name: shape.last_name,
  company_name: shape.company_name,
  email: shape.email,
  phone: shape.phone,
  address: shape.address,
  document_type: shape.document_type,
  document_number: shape.document_number,
  source: blankAs(shape.source, null),
  tag_ids: shape.tag_ids,
  notes: shape.notes,
};

/** The names of a client or prospect, as its kind requires them. */
export type Names = {
  kind?: (typeof CLIENT_KINDS)[number];
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
};

/** The schema's own check of the names a kind requires, beside the fields it names. */
export function requireNames(values: Names, ctx: z.RefinementCtx) {
  const missing = missingNames({
    kind: values.kind ?? 'person',
    first_name: values.first_name ?? null,
    last_name: values.last_name ?? null,
    company_name: values.company_name ?? null,
  });
  for (const [path, [message]] of Object.entries(missing))
    ctx.addIssue({ code: 'custom', path: [path], message });
}

/** The person fields as the form starts them: the client's, or blank for a new one. */
export function personDefaults(client?: Client) {
  return {
    kind: client?.kind ?? ('person' as const),
    first_name: client?.first_name ?? '',
    last_name: client?.last_name ?? '',
    company_name: client?.company_name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    address: client?.address ?? '',
    document_type: client?.document_type ?? '',
    document_number: client?.document_number ?? '',
    source: client?.source ?? '',
    tag_ids: client?.tags.map((tag) => tag.id) ?? [],
    notes: client?.notes ?? '',
  };
}

/** The values to send: the names of the other kind, hidden in the form, are left as they are. */
export function namesOfKind<T extends Names>(values: T): T {
  const { first_name, last_name, company_name, ...rest } = values;
  return (
    values.kind === 'company' ? { ...rest, company_name } : { ...rest, first_name, last_name }
  ) as T;
}

/** Person or company, as two toggle buttons (radios); the name fields follow the choice. */
function KindSwitch<T extends FieldValues>({ form }: { form: FormOf<T> }) {
  return (
    <fieldset className="mb-4 flex flex-wrap gap-1 border-0 p-0">
      <legend className="mb-1 font-semibold">Kind</legend>
      {CLIENT_KINDS.map((kind) => (
        <label key={kind} className="mb-0 font-normal">
          <input
            type="radio"
            className="peer sr-only"
            value={kind}
            {...form.register('kind' as Path<T>)}
          />
          <span className="inline-block cursor-pointer rounded-md border border-border bg-card px-3 py-2 peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring">
            {humanize(kind)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Kind, names, contact, document and source of a client or prospect. */
export function PersonFields<T extends FieldValues>({ form }: { form: FormOf<T> }) {
  const name = (field: string) => field as Path<T>;
  const company = form.watch(name('kind')) === 'company';
  return (
    <>
      <KindSwitch form={form} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {company ? (
          <TextInputField
            form={form}
            name={name('company_name')}
            label="Company name"
            className="sm:col-span-2"
            required
            autoComplete="off"
          />
        ) : (
          <>
            <TextInputField
              form={form}
              name={name('first_name')}
              label="First name"
              required
              autoComplete="off"
            />
            <TextInputField
              form={form}
              name={name('last_name')}
              label="Last name"
              required
              autoComplete="off"
            />
          </>
        )}
        <TextInputField
          form={form}
          name={name('email')}
          label="Email"
          type="email"
          autoComplete="off"
        />
        <TextInputField
          form={form}
          name={name('phone')}
          label="Phone"
          type="tel"
          autoComplete="off"
        />
        <TextInputField form={form} name={name('document_type')} label="Document type" />
        <TextInputField form={form} name={name('document_number')} label="Document number" />
        <TextareaField
          form={form}
          name={name('address')}
          label="Address"
          rows={2}
          className="sm:col-span-2"
        />
        <SelectInputField
          form={form}
          name={name('source')}
          label="Source"
          options={[{ value: '', label: 'Not known' }, ...wordOptions(CLIENT_SOURCES)]}
        />
      </div>
    </>
  );
}

/** The stud's tags as checkboxes: the ones checked are the client's whole set. */
export function TagsField<T extends FieldValues>({ form }: { form: FormOf<T> }) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const tags = useQuery(trpc.studTags.list.queryOptions({ studId }));
  const errorId = useId();
  const { field, fieldState } = useController({
    control: form.control,
    name: 'tag_ids' as Path<T>,
  });
  const chosen: string[] = field.value ?? [];
  const toggle = (id: string, on: boolean) =>
    field.onChange(on ? [...chosen, id] : chosen.filter((tagId) => tagId !== id));
  return (
    <fieldset
      className="mb-4 rounded-md border border-border p-3"
      aria-describedby={fieldState.error ? errorId : undefined}
    >
      <legend className="px-1 font-semibold">Tags</legend>
      {!tags.data && <QueryState what="the tags" query={tags} />}
      {tags.data?.data.length === 0 && (
        <p className="m-0 text-muted-foreground">
          No tags yet.{' '}
          {may('clients.create') && <Link href={`/studs/${studId}/tags`}>Create tags</Link>}
        </p>
      )}
      {tags.data && tags.data.data.length > 0 && (
        <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-2 p-0">
          {tags.data.data.map((tag) => (
            <li key={tag.id}>
              <label className="mb-0 inline-flex cursor-pointer items-center gap-2 font-normal">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={chosen.includes(tag.id)}
                  onChange={(event) => toggle(tag.id, event.target.checked)}
                  onBlur={field.onBlur}
                />
                <Swatch colour={tag.colour} />
                {tag.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {fieldState.error?.message && (
        <p id={errorId} className="mt-1 mb-0 text-sm text-destructive">
          {fieldState.error.message}
        </p>
      )}
    </fieldset>
  );
}
