'use client';

import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { STUDENT_LEVELS, STUDENT_STATUSES, studentFields } from '@/server/schools/student-schema';
import type { AppRouter } from '@/server/router';
import {
  FormErrorSummary,
  SelectField,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '../../../ui';

export type StudentInput = Omit<inferRouterInputs<AppRouter>['students']['create'], 'schoolId'>;
export type Student = inferRouterOutputs<AppRouter>['students']['get']['data'];

/** The form's fields, flat: the nested address and emergency contact are prefixed. */
type Values = Record<
  | 'first_name'
  | 'last_name'
  | 'birth_date'
  | 'gender'
  | 'document_type'
  | 'document_number'
  | 'phone'
  | 'email'
  | 'street'
  | 'city'
  | 'state'
  | 'emergency_contact_name'
  | 'emergency_contact_relationship'
  | 'emergency_contact_phone'
  | 'level'
  | 'status'
  | 'notes',
  string
>;

function valuesOf(student?: Student): Values {
  return {
    first_name: student?.first_name ?? '',
    last_name: student?.last_name ?? '',
    birth_date: student?.birth_date ?? '',
    gender: student?.gender ?? '',
    document_type: student?.document_type ?? '',
    document_number: student?.document_number ?? '',
    phone: student?.phone ?? '',
    email: student?.email ?? '',
    street: student?.address.street ?? '',
    city: student?.address.city ?? '',
    state: student?.address.state ?? '',
    emergency_contact_name: student?.emergency_contact.name ?? '',
    emergency_contact_relationship: student?.emergency_contact.relationship ?? '',
    emergency_contact_phone: student?.emergency_contact.phone ?? '',
    level: student?.level ?? 'beginner',
    status: student?.status ?? 'active',
    notes: student?.notes ?? '',
  };
}

/** The body the server's student schema takes; empty texts clear a field there. */
function inputOf(v: Values): StudentInput {
  return {
    first_name: v.first_name,
    last_name: v.last_name,
    birth_date: v.birth_date,
    gender: v.gender,
    document_type: v.document_type,
    document_number: v.document_number,
    phone: v.phone,
    email: v.email,
    address: { street: v.street, city: v.city, state: v.state },
    emergency_contact: {
      name: v.emergency_contact_name,
      relationship: v.emergency_contact_relationship,
      phone: v.emergency_contact_phone,
    },
    level: v.level as StudentInput['level'],
    status: v.status as StudentInput['status'],
    notes: v.notes,
  };
}

/** Schema field paths (`address.city`) → the form's flat names. */
function flatName(field: string): string {
  return field.replace(/^address\./, '').replace(/^emergency_contact\./, 'emergency_contact_');
}

/**
 * The student form: checked in the browser with the server's own schema, then sent; the
 * 422 answers of the server (a taken document number, a future birth date) show beside the
 * fields too.
 */
export function StudentForm({
  student,
  submitLabel,
  pending,
  serverError,
  onSubmit,
}: {
  student?: Student;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit: (input: StudentInput) => void;
}) {
  const form = useSchemaForm({
    initial: valuesOf(student),
    schema: studentFields,
    toInput: inputOf,
    send: onSubmit,
    serverError,
    errorKey: flatName,
  });
  const { bind } = form;
  return (
    <form className="card" onSubmit={form.onSubmit} noValidate>
      <fieldset>
        <legend>Student</legend>
        <div className="form-grid">
          <TextField label="First name" required autoComplete="off" {...bind('first_name')} />
          <TextField label="Last name" required autoComplete="off" {...bind('last_name')} />
          <TextField label="Birth date" type="date" {...bind('birth_date')} />
          <TextField label="Gender" {...bind('gender')} />
          <TextField label="Document type" {...bind('document_type')} />
          <TextField label="Document number" {...bind('document_number')} />
          <TextField label="Phone" type="tel" {...bind('phone')} />
          <TextField label="Email" type="email" {...bind('email')} />
          <SelectField label="Level" options={STUDENT_LEVELS} {...bind('level')} />
          <SelectField label="Status" options={STUDENT_STATUSES} {...bind('status')} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Address</legend>
        <div className="form-grid">
          <TextField label="Street" {...bind('street')} />
          <TextField label="City" {...bind('city')} />
          <TextField label="State" {...bind('state')} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Emergency contact</legend>
        <div className="form-grid">
          <TextField label="Contact name" {...bind('emergency_contact_name')} />
          <TextField label="Relationship" {...bind('emergency_contact_relationship')} />
          <TextField label="Contact phone" type="tel" {...bind('emergency_contact_phone')} />
        </div>
      </fieldset>
      <TextAreaField label="Notes" {...bind('notes')} />
      <FormErrorSummary errors={form.errors} />
      <button type="submit" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
