'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  get,
  useForm,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import { Button } from './button';
import { cn } from './cn';
import { attributeName, fieldErrorsOf, labelMessage, moveMessage, useErrorToast } from './errors';
import { Input, Label, NativeSelect, Textarea } from './input';

/*
 * The one form style: react-hook-form checked by the server's own zod schema (the shared
 * `server/<module>/*-schema.ts`), so a mistake is refused before sending and worded as the
 * server's 422 would word it; a 422 that still comes back is put beside its fields. Beside
 * its field, a message names the field by its label (`labelMessage`).
 */

/** A form of any values; components take it with its own value type (`FormOf<T>`). */
export type FormOf<T extends FieldValues> = UseFormReturn<T, any, any>;
export type AnyForm = FormOf<any>;

/** `useForm` with the zod resolver; values are the schema's input, `handleSubmit` gets its output. */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    resolver: withFieldNames(zodResolver(schema as never) as never) as never,
  });
}

/**
 * The shared schemas word a message "The :attribute field …" and the server puts the field's
 * name in (`fieldErrorsFromZod`); so does the form, by the error's path, so that a message
 * reads the same from either, and `FormField` rewords both with its label.
 */
function withFieldNames(resolver: Resolver<any, any, any>): Resolver<any, any, any> {
  return async (...args) => {
    const result = await resolver(...args);
    nameFields(result.errors as Record<string, unknown>, []);
    return result;
  };
}

function nameFields(errors: Record<string, unknown>, path: string[]) {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    const error = value as { message?: unknown };
    // `root` is where react-hook-form keeps a list's own error: the list is the field.
    const at = key === 'root' ? path : [...path, key];
    if (typeof error.message === 'string')
      error.message = error.message.replaceAll(':attribute', attributeName(at.join('.')));
    nameFields(value as Record<string, unknown>, at);
  }
}

/**
 * Puts a 422's field errors (dot paths such as `fees.0.amount`) beside the fields with
 * `setError`, `rename` mapping a server path to the form's own name (and the messages' name
 * of the field with it, for `FormField` to find); true when there were any, so the caller can
 * leave out a toast. The first is focused.
 */
export function applyServerErrors<T extends FieldValues>(
  form: FormOf<T>,
  error: unknown,
  rename: (path: string) => string = (path) => path,
): boolean {
  const entries = Object.entries(fieldErrorsOf(error));
  entries.forEach(([path, messages], index) => {
    const field = rename(path);
    form.setError(
      field as Path<T>,
      {
        type: 'server',
        message: messages.map((message) => moveMessage(message, path, field)).join(' '),
      },
      { shouldFocus: index === 0 },
    );
  });
  return entries.length > 0;
}

/**
 * A record's form (a new one, or changes to one): the schema's form and its one write.
 * `save` sends the checked values (creating or updating, as the record is new or not); a 422
 * lands beside its fields, any other error in a toast; `onSaved` gets the values and the answer.
 * `renamePath` maps a server path onto the form's field (`specialties.2` → `specialties`).
 */
export function useRecordForm<S extends z.ZodType<FieldValues, FieldValues>, R>(
  schema: S,
  {
    defaultValues,
    save,
    onSaved,
    renamePath,
  }: {
    defaultValues: UseFormProps<z.input<S>, unknown, z.output<S>>['defaultValues'];
    save: (values: z.output<S>) => Promise<R>;
    onSaved: (values: z.output<S>, result: R) => unknown;
    renamePath?: (path: string) => string;
  },
) {
  const form = useZodForm(schema, { defaultValues });
  const showError = useErrorToast({ inline: true });
  const write = useMutation({
    mutationFn: save,
    onSuccess: (result, values) => onSaved(values, result),
    onError: (error) => {
      applyServerErrors(form, error, renamePath);
      showError(error);
    },
  });
  return {
    form,
    onSubmit: form.handleSubmit((values) => write.mutate(values)),
    pending: write.isPending,
  };
}

/** Said once above a form's submit button while some fields are refused. */
export function FormErrorSummary<T extends FieldValues>({ form }: { form: FormOf<T> }) {
  if (Object.keys(form.formState.errors).length === 0) return null;
  return (
    <p className="text-destructive" role="alert">
      Please correct the fields marked above.
    </p>
  );
}

type FieldProps<T extends FieldValues> = {
  form: FormOf<T>;
  name: Path<T>;
  label: string;
  /**
   * The field in its messages, where the label is no noun to begin a sentence with: "Starts"
   * is said "Start time is required.".
   */
  noun?: string;
  hint?: string;
  className?: string;
};

/**
 * Whether the control `id` picks one of given options (a select, a combobox), looked up in
 * the page once there is a `message`: the control is the caller's, and a missing choice is
 * asked for ("Choose a lesson.") rather than said to be required.
 */
function useIsChoice(id: string, message: string | undefined): boolean {
  const [choice, setChoice] = useState(false);
  useLayoutEffect(() => {
    if (message)
      setChoice(Boolean(document.getElementById(id)?.matches('select, [role="combobox"]')));
  }, [id, message]);
  return choice;
}

/**
 * Label, control, hint and error message, wired with `aria-describedby` and `aria-invalid`.
 * The message names the field by `noun` or `label`, whether the form's check or the server
 * said it.
 */
export function FormField<T extends FieldValues>({
  form,
  name,
  label,
  noun,
  hint,
  className,
  children,
}: FieldProps<T> & {
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const said = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  const choice = useIsChoice(id, said);
  const message = said && labelMessage(said, name, noun ?? label, { choice });
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean);
  return (
    <div className={cn('mb-4', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': describedBy.length ? describedBy.join(' ') : undefined,
      })}
      {hint && (
        <small id={`${id}-hint`} className="text-muted-foreground">
          {hint}
        </small>
      )}
      {message && (
        <p id={`${id}-error`} className="mt-1 mb-0 text-sm text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}

export function TextInputField<T extends FieldValues>({
  form,
  name,
  label,
  noun,
  hint,
  className,
  ...input
}: FieldProps<T> & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'form' | 'name'>) {
  return (
    <FormField form={form} name={name} label={label} noun={noun} hint={hint} className={className}>
      {(control) => <Input {...input} {...control} {...form.register(name)} />}
    </FormField>
  );
}

export function TextareaField<T extends FieldValues>({
  form,
  name,
  label,
  noun,
  hint,
  className,
  ...textarea
}: FieldProps<T> & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name'>) {
  return (
    <FormField form={form} name={name} label={label} noun={noun} hint={hint} className={className}>
      {(control) => <Textarea {...textarea} {...control} {...form.register(name)} />}
    </FormField>
  );
}

export type Option = string | { value: string; label: string };

export function SelectInputField<T extends FieldValues>({
  form,
  name,
  label,
  noun,
  hint,
  className,
  options,
  ...select
}: FieldProps<T> &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'form' | 'name'> & {
    options: readonly Option[];
  }) {
  return (
    <FormField form={form} name={name} label={label} noun={noun} hint={hint} className={className}>
      {(control) => (
        <NativeSelect {...select} {...control} {...form.register(name)}>
          <Options options={options} />
        </NativeSelect>
      )}
    </FormField>
  );
}

export function Options({ options }: { options: readonly Option[] }) {
  return options.map((option) => {
    const { value, label } =
      typeof option === 'string' ? { value: option, label: option || '—' } : option;
    return (
      <option key={value} value={value}>
        {label}
      </option>
    );
  });
}

/** The submit and cancel buttons that end a form. */
export function FormActions({
  label,
  pending,
  pendingLabel = 'Saving…',
  onCancel,
  cancelLabel = 'Cancel',
  disabled,
  children,
}: {
  label: string;
  pending: boolean;
  pendingLabel?: string;
  onCancel?: () => void;
  cancelLabel?: string;
  disabled?: boolean;
  /** Other ways to submit, after the main one ("Create and enrol"). */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="submit" disabled={pending || disabled}>
        {pending ? pendingLabel : label}
      </Button>
      {children}
      {onCancel && (
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
    </div>
  );
}
