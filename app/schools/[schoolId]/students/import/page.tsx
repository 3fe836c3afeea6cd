'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import {
  Button,
  Card,
  CardTitle,
  Input,
  Label,
  plural,
  useErrorToast,
  useToast,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { NotAllowed, useSchool } from '../../school-context';
import { previewOf, TEMPLATE, type Preview, type RowErrors } from './csv-preview';
import { ImportResult } from './import-result';
import { PreviewRows } from './preview-rows';

/** Student CSV import: preview and check the rows, then import the valid ones. */
export default function ImportStudentsPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const check = useMutation(trpc.students.import.mutationOptions({ onError: showError }));
  const run = useMutation(
    trpc.students.import.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.students.list.pathKey() });
        toast('success', `${plural(result.data.imported, 'student')} imported.`);
      },
      onError: showError,
    }),
  );

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    check.reset();
    run.reset();
    setPreview(null);
    setParseError(null);
    if (!file) return setText(null);
    const content = await file.text();
    setText(content);
    try {
      setPreview(previewOf(content));
    } catch (error) {
      setParseError(error instanceof Error ? error.message : String(error));
    }
    check.mutate({ schoolId, file: content, dry_run: true });
  }

  if (!may('students.create')) return <NotAllowed />;
  const checked = check.data?.data;
  const errorsByRow = new Map<number, Record<string, string[]>>(
    (checked?.errors as RowErrors | undefined)?.map((e) => [e.row, e.errors]) ?? [],
  );
  const result = run.data?.data;
  const ready = checked ? checked.total_rows - checked.errors.length : 0;

  return (
    <>
      <h1>Import students</h1>
      <Card aria-labelledby="file-heading">
        <CardTitle id="file-heading">1. Choose a CSV file</CardTitle>
        <p className="text-muted-foreground">
          One student per line; the first line names the columns (<code>first_name</code> and{' '}
          <code>last_name</code> are required). Commas or semicolons, UTF-8. Birth dates as
          YYYY-MM-DD, or as your school writes them (<code>03/04/2010</code>) when its time zone
          says which comes first, day or month.{' '}
          <a
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`}
            download="students-template.csv"
          >
            Download the template
          </a>
        </p>
        <div className="mb-4">
          <Label htmlFor={fileId}>CSV file</Label>
          <Input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event)}
          />
        </div>
        {parseError && (
          <p className="text-destructive" role="alert">
            This file cannot be read as CSV: {parseError}
          </p>
        )}
      </Card>
      {preview && (
        <Card aria-labelledby="preview-heading">
          <CardTitle id="preview-heading">2. Check the rows</CardTitle>
          {check.isPending && <p aria-busy="true">Checking the rows…</p>}
          {checked && (
            <p role="status">
              {checked.total_rows} rows: {ready} ready to import, {checked.errors.length} with
              errors.
            </p>
          )}
          <PreviewRows preview={preview} errorsByRow={errorsByRow} checked={Boolean(checked)} />
          {checked && !result && (
            <Button
              disabled={run.isPending || ready === 0}
              onClick={() => text !== null && run.mutate({ schoolId, file: text })}
            >
              {run.isPending ? 'Importing…' : `Import ${plural(ready, 'student')}`}
            </Button>
          )}
        </Card>
      )}
      {result && (
        <ImportResult
          schoolId={schoolId}
          result={{ ...result, errors: result.errors as RowErrors }}
        />
      )}
    </>
  );
}
