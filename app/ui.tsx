'use client';

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { z, ZodType } from 'zod';
import { fieldErrorsFromZod, type FieldErrors } from '@/server/kernel/validation';

/*
 * The few UI pieces every school screen shares: toasts, form fields with their server
 * errors, a confirmation step for destructive actions, a modal dialog, and query states.
 */

type Toast = { id: number; kind: 'success' | 'error'; message: string };
const ToastContext = createContext<(kind: Toast['kind'], message: string) => void>(() => {});

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const push = useCallback((kind: Toast['kind'], message: string) => {
    const id = ++next.current;
    setToasts((current) => [...current, { id, kind, message }]);
    // Errors stay longer: they usually need reading.
    setTimeout(
      () => setToasts((current) => current.filter((t) => t.id !== id)),
      kind === 'error' ? 8000 : 4000,
    );
  }, []);
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div className="toasts">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast ${toast.kind}`}
            role={toast.kind === 'error' ? 'alert' : 'status'}
          >
            {toast.message}
            <button
              type="button"
              className="link"
              aria-label="Dismiss"
              onClick={() => setToasts((current) => current.filter((t) => t.id !== toast.id))}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}

/** The `{field: [messages]}` of a 422 answer, or none. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return (
    (error as { data?: { fieldErrors?: Record<string, string[]> } } | null)?.data?.fieldErrors ?? {}
  );
}

/** A message for a failed request: the server's field messages of a 422, else its message. */
export function errorMessage(error: unknown): string {
  const messages = Object.values(fieldErrorsOf(error)).flat();
  if (messages.length > 0) return messages.join(' ');
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/**
 * The `onError` of a mutation: a toast, except for the 422 answers of a form that shows its
 * field errors beside the fields (`inline`), where a toast would only repeat them.
 */
export function useErrorToast({ inline = false }: { inline?: boolean } = {}) {
  const toast = useToast();
  return useCallback(
    (error: unknown) => {
      if (inline && Object.keys(fieldErrorsOf(error)).length > 0) return;
      toast('error', errorMessage(error));
    },
    [inline, toast],
  );
}

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

/** A destructive action that asks once more before it runs; `what` names its record for screen readers. */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  disabled,
  what,
}: {
  label: string;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
  what?: string;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="danger small"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
        {what && <span className="visually-hidden"> {what}</span>}
      </button>
    );
  }
  return (
    <span role="group" aria-label={question} className="confirm">
      <span>{question}</span>
      <button
        type="button"
        className="danger small"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Yes, {label.toLowerCase()}
      </button>
      <button type="button" className="plain-button small" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

/** A modal dialog (the native `<dialog>`: focus trapping and Escape come with it). */
export function Dialog({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose} className="dialog">
      <h2 id={titleId}>{title}</h2>
      {open && children}
    </dialog>
  );
}

/** Loading and error states of a query, worded for what it loads. */
export function QueryState({
  what,
  query,
}: {
  what: string;
  query: { isPending: boolean; error: { message: string } | null };
}) {
  if (query.isPending) return <p aria-busy="true">Loading {what}…</p>;
  if (query.error) {
    return (
      <p className="error" role="alert">
        Could not load {what}: {query.error.message}
      </p>
    );
  }
  return null;
}

/** Previous/next for a paginated list; nothing when it fits on one page. */
export function Pager({
  meta,
  onPage,
  label = 'Pages',
  noun,
}: {
  meta: { current_page: number; last_page: number; total?: number };
  onPage: (page: number) => void;
  label?: string;
  /** Shows the total after the page, e.g. "(120 students)". */
  noun?: string;
}) {
  if (meta.last_page <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="plain-button small"
        disabled={meta.current_page <= 1}
        onClick={() => onPage(meta.current_page - 1)}
      >
        Previous
      </button>
      <span>
        Page {meta.current_page} of {meta.last_page}
        {noun && meta.total !== undefined && ` (${meta.total} ${noun})`}
      </span>
      <button
        type="button"
        className="plain-button small"
        disabled={meta.current_page >= meta.last_page}
        onClick={() => onPage(meta.current_page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/**
 * The horizontal scroller around a table that may be wider than the screen. While it does
 * scroll it is a tab stop, so that a keyboard alone can scroll it with the arrow keys (WCAG
 * 2.1.1, axe's scrollable-region-focusable); while the table fits it is none.
 */
export function TableWrap({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const wrap = ref.current;
    if (!wrap) return;
    const measure = () => setScrolls(wrap.scrollWidth > wrap.clientWidth);
    measure();
    // The wrapper resizes with the window and the table with its rows.
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    for (const child of Array.from(wrap.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={className ? `table-wrap ${className}` : 'table-wrap'}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="card muted empty">{children}</p>;
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
