'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { get, type FieldErrors } from 'react-hook-form';
import { studHorseFields, type StudHorse } from '@/server/stud-herd/horse-schema';
import {
  blankAs,
  Button,
  FormActions,
  FormErrorSummary,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useRecordForm,
  useToast,
  type ComboboxOption,
} from '../../../components/ui';
import { IdentityPicker } from '../../../pedigree/identity-picker';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useStud } from '../stud-context';
import {
  blankIdentity,
  IdentityFieldset,
  identityForm,
  newStudFacts,
  StudFactsFieldset,
  studFactsForm,
  studFactsInput,
} from './horse-fields';
import { StudPickerField } from './pickers';

const linkForm = studFactsForm.extend({
  horse_identity_id: blankAs(studHorseFields.shape.horse_identity_id),
});
const newForm = studFactsForm.extend({ identity: identityForm });

type Mode = 'link' | 'new';

/** The identity a 422 of a number already recorded names (`…for the horse {id}: link…`). */
const TAKEN = /already recorded for the horse ([0-9a-f-]{36})/i;

function takenIdentity(errors: FieldErrors): string | null {
  for (const field of ['identity.ueln', 'identity.microchip', 'identity.registration_number']) {
    const message = (get(errors, field) as { message?: string } | undefined)?.message;
    const match = message && TAKEN.exec(message);
    if (match) return match[1]!;
  }
  return null;
}

/**
 * Adding a horse to the herd, two ways: link the platform's record of the animal (picked by
 * name or number), or describe a new one; then what the stud records of it.
 */
export function AddHorse({ onDone }: { onDone: (horse: StudHorse | null) => void }) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [mode, setMode] = useState<Mode>('link');
  const [linked, setLinked] = useState<ComboboxOption | null>(null);
  const saved = async (answer: { data: StudHorse }) => {
    await queryClient.invalidateQueries({ queryKey: trpc.studHorses.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.stallions.pathKey() });
    toast('success', `${answer.data.name} was added to the herd.`);
    onDone(answer.data);
  };
  const link = useRecordForm(linkForm, {
    defaultValues: { ...newStudFacts, horse_identity_id: '' },
    save: ({ horse_identity_id, ...facts }) =>
      client.studHorses.create.mutate({ studId, horse_identity_id, ...studFactsInput(facts) }),
    onSaved: (_, answer) => saved(answer),
  });
  const create = useRecordForm(newForm, {
    defaultValues: { ...newStudFacts, identity: blankIdentity },
    save: ({ identity, ...facts }) =>
      client.studHorses.create.mutate({ studId, identity, ...studFactsInput(facts) }),
    onSaved: (_, answer) => saved(answer),
  });

  const taken = takenIdentity(create.form.formState.errors);
  const existing = useQuery({
    ...trpc.pedigree.get.queryOptions({ id: taken ?? '' }),
    enabled: Boolean(taken),
  });
  const existingLabel = existing.data
    ? `${existing.data.data.name} (${existing.data.data.birth_year})`
    : null;

  /** Moves to linking the identity a number belongs to, keeping the stud facts typed. */
  function linkExisting(id: string, label: string) {
    const { identity: _, ...facts } = create.form.getValues();
    setLinked({ value: id, label });
    link.form.reset({ ...facts, horse_identity_id: id });
    setMode('link');
  }

  return (
    <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)}>
      <TabsList aria-label="How to add the horse">
        <TabsTrigger value="link">Link a horse of the platform</TabsTrigger>
        <TabsTrigger value="new">New horse</TabsTrigger>
      </TabsList>
      <TabsContent value="link">
        <form aria-label="Link a horse of the platform" noValidate onSubmit={link.onSubmit}>
          <StudPickerField
            key={linked?.value}
            form={link.form}
            name="horse_identity_id"
            label="Horse of the platform"
            picker={IdentityPicker}
            initial={linked}
            hint="The same animal, recorded once for every school and stud: search by name (3 letters or more), UELN or microchip."
          />
          <StudFactsFieldset form={link.form} />
          <FormErrorSummary form={link.form} />
          <FormActions label="Add horse" pending={link.pending} onCancel={() => onDone(null)} />
        </form>
      </TabsContent>
      <TabsContent value="new">
        <form aria-label="New horse" noValidate onSubmit={create.onSubmit}>
          <fieldset className="mb-3 rounded-md border border-border p-3">
            <legend className="px-1 font-semibold">The horse</legend>
            <IdentityFieldset form={create.form} prefix="identity." />
          </fieldset>
          {taken && (
            <div
              role="status"
              className="mb-3 flex flex-wrap items-center gap-2 rounded-md border border-border p-3"
            >
              <span>
                This horse is already on the platform
                {existingLabel ? `: ${existingLabel}` : ''}.
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => linkExisting(taken, existingLabel ?? taken)}
              >
                Link {existingLabel ?? 'that horse'} instead
              </Button>
            </div>
          )}
          <StudFactsFieldset form={create.form} />
          <FormErrorSummary form={create.form} />
          <FormActions label="Add horse" pending={create.pending} onCancel={() => onDone(null)} />
        </form>
      </TabsContent>
    </Tabs>
  );
}
