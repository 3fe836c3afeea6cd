'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORT_REASONS } from '@/db/schema/marketplace-values';
import {
  applyServerErrors,
  Button,
  Dialog,
  errorMessage,
  fieldErrorsOf,
  FormActions,
  SelectInputField,
  TextareaField,
  TextInputField,
  useZodForm,
} from '../components/ui';
import { contactInput } from '@/server/marketplace/contact-schema';
import { reportInput } from '@/server/marketplace/report-schema';
import { useTRPC } from '../trpc';

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

export function ContactDialog({
  listing,
  open,
  onClose,
}: {
  listing: { id: string; title: string; seller: { display_name: string } };
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog title="Contact the seller" open={open} onClose={onClose}>
      <ContactForm listing={listing} onClose={onClose} />
    </Dialog>
  );
}

function ContactForm({
  listing,
  onClose,
}: {
  listing: { id: string; title: string; seller: { display_name: string } };
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const form = useZodForm(contactForm, { defaultValues: { message: '', phone: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const send = useMutation(
    trpc.listingContacts.send.mutationOptions({
      onMutate: () => setFailure(null),
      onError: (error) => {
        applyServerErrors(form, error);
        const fields = Object.keys(fieldErrorsOf(error));
        // A 422 on the message or phone is beside its field; others (own listing) are said here.
        if (!fields.every((field) => field === 'message' || field === 'phone') || !fields.length)
          setFailure(refusal(error));
      },
    }),
  );
  if (send.isSuccess) {
    return (
      <div role="status" className="mt-3">
        <p>
          Your message was sent to {listing.seller.display_name}. They will answer you by e-mail
          {form.getValues('phone') ? ' or phone' : ''}.
        </p>
        <Button onClick={onClose}>Done</Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="mt-3"
      onSubmit={form.handleSubmit((values) => send.mutate({ id: listing.id, ...values }))}
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
      {failure && (
        <p role="alert" className="text-destructive">
          {failure}
        </p>
      )}
      <FormActions
        label="Send message"
        pendingLabel="Sending…"
        pending={send.isPending}
        onCancel={onClose}
      />
    </form>
  );
}

const REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: 'Spam',
  fraud: 'Fraud or scam',
  prohibited: 'Prohibited item',
  wrong_category: 'Wrong category',
  other: 'Something else',
};

export function ReportDialog({
  listing,
  open,
  onClose,
}: {
  listing: { id: string; title: string };
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog title="Report this listing" open={open} onClose={onClose}>
      <ReportForm listing={listing} onClose={onClose} />
    </Dialog>
  );
}

function ReportForm({
  listing,
  onClose,
}: {
  listing: { id: string; title: string };
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const form = useZodForm(reportInput, {
    defaultValues: { id: listing.id, reason: 'spam', details: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const report = useMutation(
    trpc.listingReports.create.mutationOptions({
      onMutate: () => setFailure(null),
      onError: (error) => {
        if (!applyServerErrors(form, error)) setFailure(refusal(error));
      },
    }),
  );
  if (report.isSuccess) {
    return (
      <div role="status" className="mt-3">
        <p>Thank you. The moderators will look at “{listing.title}”.</p>
        <Button onClick={onClose}>Done</Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="mt-3"
      onSubmit={form.handleSubmit((values) => report.mutate(values))}
    >
      <SelectInputField
        form={form}
        name="reason"
        label="Reason"
        options={REPORT_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }))}
      />
      <TextareaField form={form} name="details" label="Details (optional)" rows={4} />
      {failure && (
        <p role="alert" className="text-destructive">
          {failure}
        </p>
      )}
      <FormActions
        label="Send report"
        pendingLabel="Sending…"
        pending={report.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
