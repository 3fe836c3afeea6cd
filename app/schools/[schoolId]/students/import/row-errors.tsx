/** A row's problems, one message a line. */
export function ErrorList({ errors }: { errors: Record<string, string[]> }) {
  return (
    <ul className="m-0 list-none p-0 text-destructive">
      {Object.entries(errors).flatMap(([field, messages]) =>
        messages.map((m) => <li key={field + m}>{m}</li>),
      )}
    </ul>
  );
}
