'use client';

import { z } from 'zod';
import { MAX_VERIFICATION_DOCUMENTS } from '@/db/schema/admin-values';
import { verificationFields } from '@/server/admin/verification-schema';
import {
  FormActions,
  FormErrorSummary,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
} from '../components/ui';
import { uploadMedia } from '../media/upload';
import type { VerificationApi } from './verification-api';

const DOCUMENT_TYPES = 'application/pdf,image/jpeg,image/png,image/webp';

// The documents are files here; they are uploaded as media, and their ids sent.
const verificationForm = verificationFields.omit({ documents: true }).extend({
  documents: z
    .custom<FileList | undefined>()
    .refine(
      (files) => !files || files.length <= MAX_VERIFICATION_DOCUMENTS,
      `At most ${MAX_VERIFICATION_DOCUMENTS} documents.`,
    ),
});

/** Legal details and documents for the platform's team. */
export function VerificationForm({ api }: { api: VerificationApi }) {
  const refresh = useRefresh();
  const toast = useToast();
  const { form, onSubmit, pending } = useRecordForm(verificationForm, {
    defaultValues: {
      legal_name: '',
      tax_id: '',
      registration_number: '',
      address: '',
      phone: '',
      documents: undefined,
    },
    save: async ({ documents, ...fields }) => {
      const uploaded = [];
      // One at a time: a refused file stops before the request is made.
      for (const file of Array.from(documents ?? [])) {
        uploaded.push((await uploadMedia(api.mediaPath, file, {})).id);
      }
      return api.create({ ...fields, documents: uploaded });
    },
    // A refused upload names `file`; the request's own errors name `documents.N`.
    renamePath: (path) => (path === 'file' || path.startsWith('documents') ? 'documents' : path),
    onSaved: async () => {
      await refresh([api.queryKey]);
      toast('success', 'Your request was sent to the platform’s team.');
    },
  });
  return (
    <form aria-label="Ask for verification" noValidate onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="legal_name" label="Legal name" required />
        <TextInputField form={form} name="tax_id" label="Tax id" />
        <TextInputField form={form} name="registration_number" label="Registration number" />
        <TextInputField form={form} name="phone" label="Phone" type="tel" />
      </div>
      <TextareaField form={form} name="address" label="Address" rows={2} />
      <TextInputField
        form={form}
        name="documents"
        label="Documents"
        type="file"
        multiple
        accept={DOCUMENT_TYPES}
        hint={`PDF or photos, up to ${MAX_VERIFICATION_DOCUMENTS}: a registration certificate, a licence.`}
      />
      <FormErrorSummary form={form} />
      <FormActions label="Ask for verification" pending={pending} pendingLabel="Sending…" />
    </form>
  );
}
