'use client';

import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';
import { ConfirmButton } from './confirm-button';
import { Dialog } from './dialog';
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuItem } from './dropdown-menu';
import { useMediaQuery } from './use-media-query';

/** One of a row's actions. */
export type RowAction = {
  label: string;
  onSelect: () => void;
  /** The whole accessible name, where `${label} ${what}` does not read well: "Usage of Canela". */
  name?: string;
  /** Given for a toggle (one that shows or hides a panel): whether it is on. */
  pressed?: boolean;
  /** Red, and asked once more (`confirm`, the question) before it runs. */
  destructive?: boolean;
  confirm?: string;
  /** Red but run at once: an action whose own dialog (the reason to give) is its confirmation. */
  danger?: boolean;
  disabled?: boolean;
};

/**
 * A row's actions, `what` naming the row for screen readers. From a tablet's width all are
 * buttons; on a phone's card the first stays a button (the one tap a daily task needs) and,
 * when two or more follow, those go behind "More", so a card does not end in a stack of
 * buttons with a red one among them. A destructive action asks in a dialog from the menu.
 */
export function RowActions({ what, actions }: { what: string; actions: RowAction[] }) {
  const phone = useMediaQuery('(max-width: 767.98px)');
  const [asking, setAsking] = useState<RowAction | null>(null);
  const [first, ...rest] = actions;
  if (!first) return null;
  const folded = phone && rest.length >= 2;
  const shown = folded ? [first] : actions;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {shown.map((action) => (
        <ActionButton key={action.label} action={action} what={what} />
      ))}
      {folded && (
        <DropdownMenu
          label={
            <>
              <MoreHorizontal aria-hidden className="size-4" />
              More<span className="sr-only"> actions for {what}</span>
            </>
          }
        >
          {rest.map((action) => (
            <ActionItem
              key={action.label}
              action={action}
              onSelect={() => (action.destructive ? setAsking(action) : action.onSelect())}
            />
          ))}
        </DropdownMenu>
      )}
      <Dialog
        title={asking ? (asking.confirm ?? `${asking.label} ${what}?`) : ''}
        open={asking !== null}
        onClose={() => setAsking(null)}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" size="sm" onClick={() => setAsking(null)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            size="sm"
            onClick={() => {
              asking?.onSelect();
              setAsking(null);
            }}
          >
            Yes, {asking?.label.toLowerCase()}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** An action as a button: a toggle filled while on, a red one red, a destructive one asking. */
function ActionButton({ action, what }: { action: RowAction; what: string }) {
  if (action.destructive) {
    return (
      <ConfirmButton
        label={action.label}
        what={what}
        name={action.name}
        question={action.confirm ?? `${action.label} ${what}?`}
        disabled={action.disabled}
        onConfirm={action.onSelect}
      />
    );
  }
  return (
    <Button
      variant={action.danger ? 'destructive' : action.pressed ? 'default' : 'outline'}
      size="sm"
      disabled={action.disabled}
      aria-pressed={action.pressed}
      aria-label={action.name}
      onClick={action.onSelect}
    >
      {action.label}
      {!action.name && <span className="sr-only"> {what}</span>}
    </Button>
  );
}

/** An action in the "More" menu: a toggle ticked while on, a red one in red. */
function ActionItem({ action, onSelect }: { action: RowAction; onSelect: () => void }) {
  const props = {
    disabled: action.disabled,
    className: action.destructive || action.danger ? 'text-destructive' : undefined,
    onSelect,
    children: action.label,
  };
  return action.pressed === undefined ? (
    <DropdownMenuItem {...props} />
  ) : (
    <DropdownMenuCheckboxItem checked={action.pressed} {...props} />
  );
}
