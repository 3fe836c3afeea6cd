'use client';

import { useDeferredValue, useRef } from 'react';
import { todayIn } from '@/server/kernel/fields/calendar';
import {
  CONTRACT_KINDS,
  templateFields,
  type Template,
} from '@/server/stud-contracts/contract-schema';
import { PLACEHOLDERS } from '@/server/stud-contracts/placeholders';
import {
  Button,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
  wordOptions,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { DocumentArticle } from '../../../sign/document-article';
import { CheckboxField } from '../horses/herd-ui';
import { useStud } from '../stud-context';
import { previewOf, sampleValues } from './template-preview';

const STARTER = `# Breeding contract

Between **{{stud}}** and **{{client}}**, on {{today}}.

## The service

The mare {{mare}} is booked to {{stallion}} for the {{season}} season.

- Fees: {{fees}}
- Terms: {{terms}}
`;

/**
 * A new template, or with `template` its changes: name, kind, whether offered, and the body
 * in Markdown. Beside the body the placeholders with what each becomes (a click inserts one
 * at the cursor) and a live preview with sample values; an unknown placeholder is refused as
 * the server's 422 words it, below the body and above the preview.
 */
export function TemplateForm({ template, onDone }: { template?: Template; onDone: () => void }) {
  const { stud, studId } = useStud();
  const trpc = useTRPC();
  const api = useTRPCClient();
  const refresh = useRefresh();
  const toast = useToast();
  const formBox = useRef<HTMLFormElement>(null);
  const { form, onSubmit, pending } = useRecordForm(templateFields, {
    defaultValues: {
      name: template?.name ?? '',
      kind: template?.kind ?? 'breeding',
      body: template?.body ?? STARTER,
      active: template?.active ?? true,
    },
    save: (values) =>
      template
        ? api.studContractTemplates.update.mutate({ studId, templateId: template.id, ...values })
        : api.studContractTemplates.create.mutate({ studId, ...values }),
    onSaved: async (_, { data }) => {
      await refresh([trpc.studContractTemplates.pathKey()]);
      toast('success', `${data.name} was ${template ? 'saved' : 'added'}.`);
      onDone();
    },
  });
  const body = useDeferredValue(form.watch('body') ?? '');
  const preview = previewOf(body, sampleValues(stud.name, stud.currency, todayIn(stud.timezone)));

  /** Puts `{{name}}` where the cursor is in the body (or at its end), and the cursor after it. */
  function insert(name: string) {
    const box = formBox.current?.elements.namedItem('body') as HTMLTextAreaElement | null;
    const text = `{{${name}}}`;
    const current = form.getValues('body') ?? '';
    const start = box?.selectionStart ?? current.length;
    const end = box?.selectionEnd ?? current.length;
    form.setValue('body', current.slice(0, start) + text + current.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + text.length, start + text.length);
    });
  }

  return (
    <form
      ref={formBox}
      aria-label={template ? 'Edit template' : 'New template'}
      className="mt-3"
      noValidate
      onSubmit={onSubmit}
    >
      <div className="grid gap-x-4 sm:grid-cols-[2fr_1fr]">
        <TextInputField form={form} name="name" label="Name" required autoComplete="off" />
        <SelectInputField
          form={form}
          name="kind"
          label="Kind"
          options={wordOptions(CONTRACT_KINDS)}
        />
      </div>
      <CheckboxField
        form={form}
        name="active"
        label="Active"
        hint="Only active templates are offered for new contracts."
      />
      <div className="grid gap-x-4 lg:grid-cols-2">
        <div className="min-w-0">
          <TextareaField
            form={form}
            name="body"
            label="Body"
            hint="Markdown: # a heading, **bold**, - a list item. Placeholders in double braces."
            rows={16}
            required
            className="[&_textarea]:font-mono [&_textarea]:text-sm"
          />
          <section aria-labelledby="template-placeholders" className="mb-4">
            <h3 id="template-placeholders" className="mt-0 text-base">
              Placeholders
            </h3>
            <p className="mt-0 text-sm text-muted-foreground">
              Filled when the contract is sent; a click inserts one at the cursor.
            </p>
            <ul className="m-0 grid list-none gap-2 p-0">
              {Object.entries(PLACEHOLDERS).map(([name, description]) => (
                <li key={name} className="flex flex-wrap items-baseline gap-x-2">
                  <Button
                    variant="outline"
                    size="sm"
                    className="font-mono"
                    onClick={() => insert(name)}
                  >
                    <span className="sr-only">Insert </span>
                    {`{{${name}}}`}
                  </Button>
                  <span className="min-w-0 text-sm break-words">{description}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <section aria-labelledby="template-preview" className="mb-4 min-w-0">
          <h3 id="template-preview" className="mt-0 text-base">
            Preview
          </h3>
          <p className="mt-0 text-sm text-muted-foreground">With sample values.</p>
          {preview.problem && (
            <p className="text-sm text-destructive" role="alert">
              {preview.problem}
            </p>
          )}
          {body.trim() === '' ? (
            <p className="text-muted-foreground">Write the body to see it here.</p>
          ) : (
            <DocumentArticle html={preview.html} label="Preview of the template" />
          )}
        </section>
      </div>
      <FormErrorSummary form={form} />
      <FormActions
        label={template ? 'Save template' : 'Create template'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}
