'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ImportResult } from '@/server/kernel/csv';
import {
  Button,
  Card,
  CardTitle,
  Input,
  Label,
  useErrorToast,
  useToast,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { AdminShell } from '../../admin-shell';

const COLUMNS =
  'name, registered_name, sex, gelded, birth_date, birth_year, breed, colour, country, ueln, microchip, studbook, registration_number, deceased_on, sire, dam';

/** A CSV of horses into the platform's pedigree: checked first (dry run), then imported. */
export default function AdminPedigreeImportPage() {
  return (
    <AdminShell title="Pedigree import">
      <PedigreeImport />
    </AdminShell>
  );
}

function PedigreeImport() {
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const fileId = useId();
  const [text, setText] = useState<string | null>(null);
  const [report, setReport] = useState<{ dryRun: boolean; result: ImportResult } | null>(null);
  const run = useMutation(
    trpc.admin.pedigree.import.mutationOptions({
      onSuccess: ({ data }, input) => {
        const dryRun = input.dry_run === true;
        setReport({ dryRun, result: data });
        if (!dryRun) toast('success', `${data.imported} horses were imported.`);
      },
      onError: showError,
    }),
  );
  return (
    <>
      <Card aria-labelledby="file-heading">
        <CardTitle id="file-heading">1. Choose a CSV file</CardTitle>
        <p className="mt-0 text-sm text-muted-foreground">
          Columns: {COLUMNS}. <code>sire</code> and <code>dam</code> name a parent by UELN or
          registration number, on the platform or anywhere in the file. At most 10,000 rows.
        </p>
        <Label htmlFor={fileId}>CSV file</Label>
        <Input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            setReport(null);
            setText(file ? await file.text() : null);
          }}
        />
        <div className="mt-3 flex flex-wrap gap-3">
          <Button
            disabled={text === null || run.isPending}
            onClick={() => text !== null && run.mutate({ file: text, dry_run: true })}
          >
            Check the file
          </Button>
          <Button
            variant="outline"
            disabled={text === null || run.isPending || !report?.dryRun}
            onClick={() => text !== null && run.mutate({ file: text })}
          >
            Import
          </Button>
        </div>
      </Card>
      {report && (
        <Card aria-labelledby="report-heading">
          <CardTitle id="report-heading">
            {report.dryRun ? '2. What the import would do' : 'Imported'}
          </CardTitle>
          <p role="status" className="mt-0">
            {report.result.total_rows} rows: {report.result.imported}{' '}
            {report.dryRun ? 'would be imported' : 'imported'}, {report.result.skipped} refused.
          </p>
          {report.result.errors.length > 0 && (
            <ul aria-label="Refused lines">
              {report.result.errors.map((error) => (
                <li key={error.row}>
                  Line {error.row}:{' '}
                  {Object.entries(error.errors)
                    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
                    .join('; ')}
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
    </>
  );
}
