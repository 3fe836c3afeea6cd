'use client';

import {
  useId,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { z, ZodType } from 'zod';
import { fieldErrorsFromZod, type FieldErrors } from '@/server/kernel/validation';
import { fieldErrorsOf } from './components/ui';

/*
 * The older form helpers of pages not yet moved to the component kit (app/components/ui,
 * react-hook-form with the zod resolver), and small formatting helpers. What the kit has is
 * re-exported from it; new code imports the kit.
 */
export {
  ConfirmButton,
  Dialog,
  Empty,
  errorMessage,
  fieldErrorsOf,
  Pager,
  QueryState,
  TableWrap,
  ToastProvider,
  useErrorToast,
  useToast,
} from './components/ui';

/**
 * Said once above a form's submit button when some fields were refused: by the server
 * (`error`, a 422) or by the form's own check (`errors`).
 */
export function FormErrorSummary({ error, errors }: { error?: unknown; errors?: FieldErrors }) {
  if (Object.keys(errors ?? fieldErrorsOf(error)).length === 0) return null;
  return (
    <p className="error" role="alert">
      Please correct the fields marked above.
    </p>
  );
}

type FieldProps = { label: string; name: string; errors?: Record<string, string[]>; hint?: string };

function FieldFrame({
  label,
  name,
  errors,
  hint,
  id,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  const messages = errors?.[name];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {messages?.map((message) => (
        <p key={message} id={`${id}-error`} className="error field-error">
          {message}
        </p>
      ))}
    </div>
  );
}

function describedBy(id: string, name: string, errors?: Record<string, string[]>, hint?: string) {
  const ids = [hint ? `${id}-hint` : null, errors?.[name] ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function TextField({
  label,
  name,
  errors,
  hint,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldFrame label={label} name={name} errors={errors} hint={hint} id={id}>
      <input
        id={id}
        name={name}
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={describedBy(id, name, errors, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  name,
  errors,
  hint,
  options,
  ...select
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly (string | { value: string; label: string })[];
  }) {
  const id = useId();
  return (
    <FieldFrame label={label} name={name} errors={errors} hint={hint} id={id}>
      <select
        id={id}
        name={name}
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={describedBy(id, name, errors, hint)}
        {...select}
      >
        {options.map((option) => {
          const { value, label: text } =
            typeof option === 'string' ? { value: option, label: option || '—' } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  name,
  errors,
  hint,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldFrame label={label} name={name} errors={errors} hint={hint} id={id}>
      <textarea
        id={id}
        name={name}
        rows={3}
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={describedBy(id, name, errors, hint)}
        {...textarea}
      />
    </FieldFrame>
  );
}

type FormValues = Record<string, string>;

/**
 * A form's fields as texts, checked with the server's own zod schema before anything is
 * sent, so a mistake is worded exactly as a 422 would word it. Errors shown are the form's
 * own, else the server's 422 field errors (`serverError`); `errorKey` maps an error's field
 * path to the form's name for it (nested fields).
 */
export function useSchemaForm<V extends FormValues, S extends ZodType>({
  initial,
  schema,
  toInput,
  send,
  serverError,
  errorKey = (field) => field,
}: {
  initial: V;
  schema: S;
  /** What the form would send; a required field left empty is best left out (undefined). */
  toInput: (values: V) => Partial<z.input<S>>;
  send: (input: z.input<S>) => void;
  serverError: unknown;
  errorKey?: (field: string) => string;
}) {
  const [values, setValues] = useState<V>(initial);
  const [ownErrors, setOwnErrors] = useState<FieldErrors>({});
  const shown = Object.keys(ownErrors).length > 0 ? ownErrors : fieldErrorsOf(serverError);
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(shown)) errors[errorKey(field)] = messages;

  const bind = (name: keyof V & string) => ({
    name,
    value: values[name],
    errors,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = toInput(values);
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      setOwnErrors({});
      // The schema accepted it, so it is the schema's input.
      send(input as z.input<S>);
      return;
    }
    setOwnErrors(fieldErrorsFromZod(parsed.error));
    // The keyboard goes where the first correction is needed.
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  return { values, setValues, errors, bind, onSubmit };
}

/** Optional number fields: an empty text is "not given" (`empty`), anything else a number. */
export function numberOr<E extends null | undefined>(text: string, empty: E): number | E {
  return text.trim() === '' ? empty : Number(text);
}

/** The submit and cancel buttons that end a form. */
export function FormActions({
  label,
  pending,
  onCancel,
}: {
  label: string;
  pending: boolean;
  onCancel?: () => void;
}) {
  return (
    <div className="actions">
      <button type="submit" disabled={pending}>
        {pending ? 'Saving…' : label}
      </button>
      {onCancel && (
        <button type="button" className="plain-button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

export function money(amount: number, currency: string) {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
}

export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** A small bar chart with a screen-reader table of the same figures. */
export function BarChart({
  label,
  bars,
  format,
}: {
  label: string;
  bars: { key: string; label: string; value: number }[];
  format: (value: number) => string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const barWidth = 40;
  const height = 160;
  return (
    <>
      <svg
        className="chart"
        viewBox={`0 0 ${Math.max(bars.length, 1) * barWidth} ${height + 30}`}
        role="img"
        aria-label={`${label}, highest ${format(max)}`}
      >
        {bars.map((bar, i) => {
          const h = Math.round((bar.value / max) * height);
          return (
            <g key={bar.key}>
              <title>{`${bar.key}: ${format(bar.value)}`}</title>
              <rect
                x={i * barWidth + 6}
                y={height - h}
                width={barWidth - 12}
                height={h}
                className="bar"
              />
              <text
                x={i * barWidth + barWidth / 2}
                y={height + 18}
                textAnchor="middle"
                className="axis"
              >
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.key}</th>
              <td>{format(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
