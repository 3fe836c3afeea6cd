/** What a settings action answered: its message as a status, its failure as an alert. */
export function Outcome({
  pending,
  message,
  error,
  failed,
}: {
  pending?: boolean;
  message: string | null | undefined;
  error: string | null | undefined;
  failed: string;
}) {
  return (
    <>
      <p role="status" className="text-muted-foreground">
        {pending ? 'Saving…' : message}
      </p>
      {error && (
        <p className="text-destructive" role="alert">
          {failed}: {error}
        </p>
      )}
    </>
  );
}
