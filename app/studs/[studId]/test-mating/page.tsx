'use client';

import { useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import { MAX_TEST_MATING_GENERATIONS, testMatingFields } from '@/server/studs/test-mating-schema';
import {
  blankAs,
  Card,
  DataTable,
  Empty,
  FormActions,
  FormErrorSummary,
  numberText,
  SelectInputField,
  useRecordForm,
  type ColumnDef,
} from '../../../components/ui';
import { IdentityPicker } from '../../../pedigree/identity-picker';
import { PedigreeTree } from '../../../pedigree/pedigree-tree';
import { PickerField } from '../../../schools/[schoolId]/pickers';
import { useTRPCClient } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';

type Result = inferRouterOutputs<AppRouter>['studPedigree']['testMating']['data'];
type Ancestor = Result['common_ancestors'][number];

const { shape } = testMatingFields;
const matingForm = testMatingFields.extend({
  sire_id: blankAs(shape.sire_id),
  dam_id: blankAs(shape.dam_id),
  generations: numberText(shape.generations),
});

const columns: ColumnDef<Ancestor>[] = [
  { id: 'name', header: 'Common ancestor', cell: ({ row }) => row.original.name },
  {
    id: 'share',
    header: 'Contribution',
    cell: ({ row }) => `${row.original.contribution_percent} %`,
  },
];

/**
 * A planned mating's coefficient of inbreeding (Wright), with the common ancestors behind
 * it and the foal's pedigree: horses of the whole platform, nothing is written.
 */
export default function TestMatingPage() {
  const { studId, may } = useStud();
  const client = useTRPCClient();
  const [result, setResult] = useState<Result | null>(null);
  const {
    form: mating,
    onSubmit,
    pending,
  } = useRecordForm(matingForm, {
    defaultValues: { sire_id: '', dam_id: '', generations: '6' },
    save: (input) => client.studPedigree.testMating.mutate({ studId, ...input }),
    onSaved: (_, answer) => setResult(answer.data),
  });
  if (!may('horses.view')) return <NotAllowed />;
  return (
    <>
      <h1>Test mating</h1>
      <Card aria-labelledby="mating-heading">
        <h2 id="mating-heading" className="mt-0">
          The pair
        </h2>
        <form aria-label="Test mating" noValidate onSubmit={onSubmit}>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <PickerField form={mating} name="sire_id" label="Sire" picker={IdentityPicker} />
            <PickerField form={mating} name="dam_id" label="Dam" picker={IdentityPicker} />
          </div>
          <SelectInputField
            form={mating}
            name="generations"
            label="Generations"
            className="max-w-40"
            options={Array.from({ length: MAX_TEST_MATING_GENERATIONS }, (_, n) => ({
              value: String(n + 1),
              label: String(n + 1),
            }))}
          />
          <FormErrorSummary form={mating} />
          <FormActions label="Compute" pending={pending} />
        </form>
      </Card>
      {result && (
        <Card aria-labelledby="result-heading">
          <h2 id="result-heading" className="mt-0">
            Coefficient of inbreeding: <output>{result.coi_percent} %</output>
          </h2>
          <p className="text-muted-foreground">
            Over {result.generations} generations of the foal, each common ancestor weighted by its
            own inbreeding where its ancestry is known.
          </p>
          {result.common_ancestors.length === 0 ? (
            <Empty>No common ancestor within {result.generations} generations.</Empty>
          ) : (
            <DataTable columns={columns} data={result.common_ancestors} getRowId={(a) => a.id} />
          )}
          <div className="grid gap-4 lg:grid-cols-2">
            {result.pedigree.sire && <PedigreeTree root={result.pedigree.sire} />}
            {result.pedigree.dam && <PedigreeTree root={result.pedigree.dam} />}
          </div>
        </Card>
      )}
    </>
  );
}
