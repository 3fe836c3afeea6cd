'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { REPORT_REASONS } from '@/db/schema/marketplace-values';
import {
  applyServerErrors,
  Button,
  Dialog,
  errorMessage,
  fieldErrorsOf,
  FormActions,
  type FormOf,
  SelectInputField,
  TextareaField,
  TextInputField,
  useZodForm,
} from '../components/ui';
import { contactInput } from '@/server/marketplace/contact-schema';
import { reportInput } from '@/server/marketplace/report-schema';
import { useTRPC } from '../trpc';
import { REPORT_REASON_LABELS } from './format';

/*
 * The buyer's two dialogs on a listing: a contact request to its seller (C.4) and a report to
 * the moderators (G.10). Each says plainly what went wrong: too many messages in the hour
 * (429), a listing no longer active (409), a refused field (422, beside it).
 */

const contactForm = contactInput.pick({ message: true, phone: true });

const codeOf = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code;

/** Words for a refused request, by its status. */
function refusal(error: unknown): string {
  switch (codeOf(error)) {
    case 'TOO_MANY_REQUESTS':
      return `You have sent too many messages in the last hour. ${errorMessage(error)}`;
    case 'CONFLICT':
      return `This listing no longer takes messages. ${errorMessage(error)}`;
    default:
      return errorMessage(error);
  }
}

type Listing = { id: string; title: string; seller: { display_name: string } };
type DialogProps<L> = { listing: L; open: boolean; onClose: () => void };
type FormProps<L> = { listing: L; onClose: () => void };

/** A dialog of one form; the form mounts afresh at each opening (the Dialog's content does). */
function formDialog<L>(title: string, Form: (props: FormProps<L>) => ReactNode) {
  return function ListingDialog({ listing, open, onClose }: DialogProps<L>) {
    return (
      <Dialog title={title} open={open} onClose={onClose}>
        <Form listing={listing} onClose={onClose} />
      </Dialog>
    );
  };
}

/**
 * The outcome of a dialog's one request: a 422 on the form's `shown` fields lands beside
 * them; any other refusal is worded above the buttons.
 */
function useRefusal<T extends FieldValues>(form: FormOf<T>, shown: readonly string[]) {
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    onMutate: () => setFailure(null),
    onError: (error: unknown) => {
      applyServerErrors(form, error);
      const fields = Object.keys(fieldErrorsOf(error));
      if (!fields.length || !fields.every((field) => shown.includes(field)))
        setFailure(refusal(error));
    },
  };
}

/** A dialog's form until it is sent, then what was done and a way out. */
function SendForm({
  sent,
  done,
  failure,
  pending,
  label,
  onSubmit,
  onClose,
  children,
}: {
  sent: boolean;
  done: ReactNode;
  failure: string | null;
  pending: boolean;
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  onClose: () => void;
  children: ReactNode;
}) {
  if (sent) {
    return (
      <div role="status" className="mt-3">
        <p>{done}</p>
        <Button onClick={onClose}>Done</Button>
      </div>
    );
  }
  return (
    <form noValidate className="mt-3" onSubmit={onSubmit}>
      {children}
      {failure && (
        <p role="alert" className="text-destructive">
          {failure}
        </p>
      )}
      <FormActions label={label} pendingLabel="Sending…" pending={pending} onCancel={onClose} />
    </form>
  );
}

function ContactForm({ listing, onClose }: FormProps<Listing>) {
  const trpc = useTRPC();
  const form = useZodForm(contactForm, { defaultValues: { message: '', phone: '' } });
  const { failure, ...outcome } = useRefusal(form, ['message', 'phone']);
  const send = useMutation(trpc.listingContacts.send.mutationOptions(outcome));
  return (
    <SendForm
      sent={send.isSuccess}
      done={`Your message was sent to ${listing.seller.display_name}. They will answer you by e-mail${form.getValues('phone') ? ' or phone' : ''}.`}
      failure={failure}
      pending={send.isPending}
      label="Send message"
      onSubmit={form.handleSubmit((values) => send.mutate({ id: listing.id, ...values }))}
      onClose={onClose}
    >
      <p className="mt-0 text-muted-foreground">
        About “{listing.title}”. The seller gets your message and your e-mail address.
      </p>
      <TextareaField form={form} name="message" label="Message" rows={5} required />
      <TextInputField
        form={form}
        name="phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
      />
    </SendForm>
  );
}

export const ContactDialog = formDialog('Contact the seller', ContactForm);

function ReportForm({ listing, onClose }: FormProps<Pick<Listing, 'id' | 'title'>>) {
  const trpc = useTRPC();
  const form = useZodForm(reportInput, {
    defaultValues: { id: listing.id, reason: 'spam', details: '' },
  });
  const { failure, ...outcome } = useRefusal(form, ['reason', 'details']);
  const report = useMutation(trpc.listingReports.create.mutationOptions(outcome));
  return (
    <SendForm
      sent={report.isSuccess}
      done={`Thank you. The moderators will look at “${listing.title}”.`}
      failure={failure}
      pending={report.isPending}
      label="Send report"
      onSubmit={form.handleSubmit((values) => report.mutate(values))}
      onClose={onClose}
    >
      <SelectInputField
        form={form}
        name="reason"
        label="Reason"
        options={REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }))}
      />
      <TextareaField form={form} name="details" label="Details (optional)" rows={4} />
    </SendForm>
  );
}

export const ReportDialog = formDialog('Report this listing', ReportForm);
