import { fieldMessages } from '../../../../components/ui/errors';

/*
 * A row's errors come keyed by the file's column (`email`, `emergency_contact_phone`) and
 * worded for the API ("The email field must be …"); they are said by the column in words:
 * "Email must be a valid email address.". The row itself is named beside them by the server's
 * number: the line of the file it starts on, the header being line 1 (server/kernel/csv.ts),
 * which is the row number a spreadsheet shows unless a cell above holds a line break.
 */

/** A row's problems, one message a line. */
export function ErrorList({ errors }: { errors: Record<string, string[]> }) {
  return (
    <ul className="m-0 list-none p-0 text-destructive">
      {fieldMessages(errors).map((message, index) => (
        <li key={`${index}-${message}`}>{message}</li>
      ))}
    </ul>
  );
}
