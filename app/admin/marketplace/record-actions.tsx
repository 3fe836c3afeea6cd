'use client';

import { Button, ConfirmButton } from '../../components/ui';

/**
 * Edit, (de)activate and delete of one record in an administrators' list (categories,
 * commission bands): each button names the record for screen readers.
 */
export function RecordActions({
  name,
  active,
  busy,
  deleteQuestion,
  onEdit,
  onToggle,
  onDelete,
}: {
  name: string;
  active: boolean;
  busy: boolean;
  deleteQuestion: string;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const what = <span className="sr-only"> {name}</span>;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={onEdit}>
        Edit{what}
      </Button>
      <Button variant="outline" size="sm" disabled={busy} onClick={onToggle}>
        {active ? 'Deactivate' : 'Activate'}
        {what}
      </Button>
      <ConfirmButton
        label="Delete"
        question={deleteQuestion}
        what={name}
        disabled={busy}
        onConfirm={onDelete}
      />
    </div>
  );
}
