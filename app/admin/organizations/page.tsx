'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState, type FormEvent } from 'react';
import type { AppRouter } from '@/server/router';
import { useTRPC } from '../../trpc';
import {
  Dialog,
  Empty,
  fieldErrorsOf,
  FormErrorSummary,
  Pager,
  SelectField,
  TableWrap,
  TextField,
  useErrorToast,
  useToast,
} from '../../ui';
import { AdminShell, QueryState } from '../admin-shell';

type Organization = inferRouterOutputs<AppRouter>['admin']['organizations']['list']['data'][number];

const TYPES = ['school', 'stud'] as const;
const STATUSES = ['active', 'suspended'] as const;

/** Every organization of the platform: find, create and edit one. */
export default function AdminOrganizationsPage() {
  return (
    <AdminShell title="Organizations">
      <Organizations />
    </AdminShell>
  );
}

function useInvalidateOrganizations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.admin.organizations.pathFilter()),
      queryClient.invalidateQueries(trpc.schools.pathFilter()),
    ]);
}

function Organizations() {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<(typeof TYPES)[number] | ''>('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Organization | null>(null);
  const organizations = useQuery({
    ...trpc.admin.organizations.list.queryOptions({
      page,
      per_page: 20,
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(type ? { type } : {}),
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <div className="page-head">
        <form className="toolbar" role="search" onSubmit={(event) => event.preventDefault()}>
          <TextField
            label="Search organizations"
            name="search"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
          <SelectField
            label="Show"
            name="type"
            options={[{ value: '', label: 'all types' }, ...TYPES]}
            value={type}
            onChange={(event) => {
              setType(event.target.value as (typeof TYPES)[number] | '');
              setPage(1);
            }}
          />
        </form>
        {!creating && (
          <button type="button" onClick={() => setCreating(true)}>
            New organization
          </button>
        )}
      </div>
      {creating && <CreateForm onDone={() => setCreating(false)} />}
      {!organizations.data && <QueryState what="the organizations" query={organizations} />}
      {organizations.data && organizations.data.data.length === 0 && (
        <Empty>No organizations match.</Empty>
      )}
      {organizations.data && organizations.data.data.length > 0 && (
        <TableWrap className="card">
          <table aria-label="Organizations" aria-busy={organizations.isFetching}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col" className="hide-narrow">
                  Time zone
                </th>
                <th scope="col" className="hide-narrow">
                  Currency
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {organizations.data.data.map((org) => (
                <tr key={org.id}>
                  <td>
                    {org.name}
                    {org.verified && <span className="muted"> (verified)</span>}
                  </td>
                  <td>{org.type}</td>
                  <td className="hide-narrow">{org.timezone}</td>
                  <td className="hide-narrow">{org.currency}</td>
                  <td>
                    <span className={`badge ${org.status}`}>{org.status}</span>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="plain-button small"
                      aria-label={`Edit ${org.name}`}
                      onClick={() => setEditing(org)}
                    >
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {organizations.data && <Pager meta={organizations.data.meta} onPage={setPage} />}
      <Dialog title="Edit organization" open={editing !== null} onClose={() => setEditing(null)}>
        {editing && <EditForm organization={editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </>
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const invalidate = useInvalidateOrganizations();
  const [name, setName] = useState('');
  const [type, setType] = useState<(typeof TYPES)[number]>('school');
  const [timezone, setTimezone] = useState('');
  const [currency, setCurrency] = useState('');
  const [ownerEmail, setOwnerEmail] = useState('');
  const create = useMutation(
    trpc.admin.organizations.create.mutationOptions({
      onSuccess: async (result) => {
        await invalidate();
        toast('success', `${result.data.name} was created.`);
        onDone();
      },
      onError: showError,
    }),
  );
  const errors = fieldErrorsOf(create.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      name,
      type,
      ...(timezone.trim() ? { timezone } : {}),
      ...(currency.trim() ? { currency } : {}),
      ...(ownerEmail.trim() ? { owner_email: ownerEmail.trim() } : {}),
    });
  }
  return (
    <form className="card" onSubmit={submit} aria-label="New organization">
      <div className="form-grid">
        <TextField
          label="Name"
          name="name"
          required
          value={name}
          errors={errors}
          onChange={(e) => setName(e.target.value)}
        />
        <SelectField
          label="Type"
          name="type"
          options={TYPES}
          value={type}
          errors={errors}
          onChange={(e) => setType(e.target.value as (typeof TYPES)[number])}
        />
        <TextField
          label="Time zone"
          name="timezone"
          hint="e.g. Europe/Madrid; the platform's by default."
          value={timezone}
          errors={errors}
          onChange={(e) => setTimezone(e.target.value)}
        />
        <TextField
          label="Currency"
          name="currency"
          hint="3-letter code, e.g. EUR; USD by default."
          maxLength={3}
          value={currency}
          errors={errors}
          onChange={(e) => setCurrency(e.target.value)}
        />
        <TextField
          label="Owner's e-mail"
          name="owner_email"
          type="email"
          hint="Invited as the first owner."
          value={ownerEmail}
          errors={errors}
          onChange={(e) => setOwnerEmail(e.target.value)}
        />
      </div>
      <FormErrorSummary error={create.error} />
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create organization'}
        </button>
        <button type="button" className="plain-button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The profile, verification and status; suspending asks once more before it is saved. */
function EditForm({ organization, onDone }: { organization: Organization; onDone: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const invalidate = useInvalidateOrganizations();
  const [name, setName] = useState(organization.name);
  const [timezone, setTimezone] = useState(organization.timezone);
  const [currency, setCurrency] = useState(organization.currency);
  const [verified, setVerified] = useState(organization.verified);
  const [status, setStatus] = useState(organization.status);
  const [confirming, setConfirming] = useState(false);
  const update = useMutation(
    trpc.admin.organizations.update.mutationOptions({
      onSuccess: async (result) => {
        await invalidate();
        toast('success', `${result.data.name} was saved.`);
        onDone();
      },
      onError: showError,
    }),
  );
  const errors = fieldErrorsOf(update.error);
  const save = () =>
    update.mutate({ id: organization.id, name, timezone, currency, verified, status });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (status === 'suspended' && organization.status !== 'suspended') setConfirming(true);
    else save();
  }
  return (
    <form onSubmit={submit}>
      <TextField
        label="Name"
        name="name"
        required
        value={name}
        errors={errors}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="form-grid">
        <TextField
          label="Time zone"
          name="timezone"
          required
          value={timezone}
          errors={errors}
          onChange={(e) => setTimezone(e.target.value)}
        />
        <TextField
          label="Currency"
          name="currency"
          required
          maxLength={3}
          value={currency}
          errors={errors}
          onChange={(e) => setCurrency(e.target.value)}
        />
      </div>
      <SelectField
        label="Status"
        name="status"
        options={STATUSES}
        value={status}
        errors={errors}
        hint="A suspended organization is hidden from its members."
        onChange={(e) => {
          setStatus(e.target.value as (typeof STATUSES)[number]);
          setConfirming(false);
        }}
      />
      <div className="checkbox-field">
        <input
          id="organization-verified"
          type="checkbox"
          checked={verified}
          onChange={(e) => setVerified(e.target.checked)}
        />
        <label htmlFor="organization-verified">Verified</label>
      </div>
      <FormErrorSummary error={update.error} />
      {confirming ? (
        <div role="group" aria-label="Confirm suspension" className="confirm">
          <span>Suspend {organization.name}? Its members lose access to it.</span>
          <button type="button" className="danger small" disabled={update.isPending} onClick={save}>
            Yes, suspend and save
          </button>
          <button type="button" className="plain-button small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="actions">
          <button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save organization'}
          </button>
          <button type="button" className="plain-button" onClick={onDone}>
            Close
          </button>
        </div>
      )}
    </form>
  );
}
