'use client';

import { RowActions } from '../../components/ui';

/**
 * Edit, (de)activate and delete of one record in an administrators' list (categories,
 * commission bands), each naming the record for screen readers; on a phone "Edit" stays a
 * button and the other two go behind "More".
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
  return (
    <RowActions
      what={name}
      actions={[
        { label: 'Edit', onSelect: onEdit },
        { label: active ? 'Deactivate' : 'Activate', onSelect: onToggle, disabled: busy },
        {
          label: 'Delete',
          onSelect: onDelete,
          destructive: true,
          confirm: deleteQuestion,
          disabled: busy,
        },
      ]}
    />
  );
}
