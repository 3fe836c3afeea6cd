'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useId, useState, type KeyboardEvent } from 'react';
import { get, useController, type FieldValues, type Path } from 'react-hook-form';
import { stallionProfileFields, type StallionProfile } from '@/server/stud-herd/stallion-schema';
import {
  Badge,
  Button,
  Card,
  CardTitle,
  DetailList,
  FormActions,
  FormErrorSummary,
  Input,
  Label,
  numberText,
  QueryState,
  TextareaField,
  TextInputField,
  useRecordForm,
  useToast,
  type FormOf,
} from '../../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../../trpc';
import { CheckboxField } from '../../horses/herd-ui';
import { NotAllowed, useStud } from '../../stud-context';

const p = stallionProfileFields.shape;
const profileForm = stallionProfileFields.extend({
  book_limit: numberText(p.book_limit, null),
  height_cm: numberText(p.height_cm, null),
});

/** A stallion's profile: whether he stands this season, his book, height, approvals, text. */
export default function StallionProfilePage() {
  const { stallionId } = useParams<{ stallionId: string }>();
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const [editing, setEditing] = useState(false);
  const profile = useQuery({
    ...trpc.stallions.profile.queryOptions({ studId, stallionId }),
    enabled: may('horses.view'),
  });
  if (!may('horses.view')) return <NotAllowed />;
  if (!profile.data) return <QueryState what="the stallion" query={profile} />;
  const s = profile.data.data;

  return (
    <>
      <p className="mb-1">
        <Link href={`/studs/${studId}/stallions`}>← Stallions</Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="break-words">{s.name}</h1>
        <Button asChild variant="outline" size="sm">
          <Link href={`/studs/${studId}/horses/${s.horse_id}`}>Horse page</Link>
        </Button>
      </div>
      <Card aria-labelledby="profile-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="profile-heading">Stallion profile</CardTitle>
          {may('horses.edit') && !editing && (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              Edit profile
            </Button>
          )}
        </div>
        {editing ? (
          <ProfileForm profile={s} onDone={() => setEditing(false)} />
        ) : (
          <ProfileView profile={s} />
        )}
      </Card>
    </>
  );
}

function ProfileView({ profile: s }: { profile: StallionProfile }) {
  return (
    <>
      <DetailList>
        <dt>This season</dt>
        <dd>
          <Badge status={s.standing ? 'active' : undefined}>
            {s.standing ? 'Standing at stud' : 'Not standing'}
          </Badge>
        </dd>
        <dt>Book limit</dt>
        <dd>{s.book_limit === null ? 'No limit' : `${s.book_limit} mares`}</dd>
        <dt>Height</dt>
        <dd>{s.height_cm === null ? '—' : `${s.height_cm} cm`}</dd>
        <dt>Approvals</dt>
        <dd>
          {s.approvals.length === 0 ? (
            '—'
          ) : (
            <ul className="m-0 flex list-none flex-wrap gap-1 p-0" aria-label="Approvals">
              {s.approvals.map((approval) => (
                <li key={approval}>
                  <Badge>{approval}</Badge>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </DetailList>
      <h3 className="mb-1 text-base">Public description</h3>
      <p className="m-0 whitespace-pre-line">{s.public_description ?? '—'}</p>
      {!s.updated_at && (
        <p className="mb-0 text-sm text-muted-foreground">
          The profile has not been saved yet: these are its defaults.
        </p>
      )}
    </>
  );
}

function ProfileForm({ profile, onDone }: { profile: StallionProfile; onDone: () => void }) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { form, onSubmit, pending } = useRecordForm(profileForm, {
    defaultValues: {
      standing: profile.standing,
      book_limit: profile.book_limit?.toString() ?? '',
      height_cm: profile.height_cm?.toString() ?? '',
      approvals: profile.approvals,
      public_description: profile.public_description ?? '',
    },
    save: (values) =>
      client.stallions.saveProfile.mutate({ studId, stallionId: profile.horse_id, ...values }),
    onSaved: async (_, answer) => {
      await queryClient.invalidateQueries({ queryKey: trpc.stallions.pathKey() });
      toast('success', `The profile of ${answer.data.name} was saved.`);
      onDone();
    },
    // A refused approval (`approvals.2`) shows under the approvals.
    renamePath: (path) => path.replace(/^approvals\.\d+$/, 'approvals'),
  });
  return (
    <form aria-label="Stallion profile" noValidate onSubmit={onSubmit}>
      <CheckboxField
        form={form}
        name="standing"
        label="Standing at stud this season"
        hint="Offered for breeding."
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField
          form={form}
          name="book_limit"
          label="Book limit"
          type="number"
          inputMode="numeric"
          hint="Mares he covers in a season; empty: no limit."
        />
        <TextInputField
          form={form}
          name="height_cm"
          label="Height (cm)"
          type="number"
          inputMode="numeric"
        />
      </div>
      <TagListField form={form} />
      <TextareaField form={form} name="public_description" label="Public description" rows={6} />
      <FormErrorSummary form={form} />
      <FormActions label="Save profile" pending={pending} onCancel={onDone} />
    </form>
  );
}

/** The approvals as removable tags, and a box that adds one on Enter or with its button. */
function TagListField<T extends FieldValues>({ form }: { form: FormOf<T> }) {
  const id = useId();
  const { field } = useController({ control: form.control, name: 'approvals' as Path<T> });
  const [draft, setDraft] = useState('');
  const tags: string[] = field.value ?? [];
  // The list's own error, or the first of a tag refused (`approvals.2`).
  type Error = { message?: string };
  const error = get(form.formState.errors, 'approvals') as
    (Error & { root?: Error }) | (Error | undefined)[] | undefined;
  const message = Array.isArray(error)
    ? error.find((e) => e?.message)?.message
    : (error?.message ?? error?.root?.message);
  function add() {
    const tag = draft.trim();
    if (!tag) return;
    if (!tags.includes(tag)) field.onChange([...tags, tag]);
    setDraft('');
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  }
  return (
    <div className="mb-4">
      <Label htmlFor={id}>Approvals</Label>
      {tags.length > 0 && (
        <ul className="m-0 mb-2 flex list-none flex-wrap gap-2 p-0" aria-label="Approvals chosen">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-border py-0.5 pr-1 pl-3 text-sm"
            >
              {tag}
              <Button
                variant="ghost"
                size="icon"
                className="size-6 rounded-full"
                aria-label={`Remove ${tag}`}
                onClick={() => field.onChange(tags.filter((t) => t !== tag))}
              >
                <X aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={100}
          autoComplete="off"
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={field.onBlur}
        />
        <Button type="button" variant="outline" onClick={add}>
          Add
        </Button>
      </div>
      <small id={`${id}-hint`} className="text-muted-foreground">
        Studbooks and societies that approved him: type one and press Enter.
      </small>
      {message && (
        <p id={`${id}-error`} className="mt-1 mb-0 text-sm text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}
