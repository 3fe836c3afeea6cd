'use client';

import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';
import { ConfirmButton } from './confirm-button';
import { Dialog } from './dialog';
import { DropdownMenu, DropdownMenuItem } from './dropdown-menu';
import { useMediaQuery } from './use-media-query';

/** One of a row's actions. */
export type RowAction = {
  label: string;
  onSelect: () => void;
  /** Red, and asked once more (`confirm`, the question) before it runs. */
  destructive?: boolean;
  confirm?: string;
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
      {shown.map((action) =>
        action.destructive ? (
          <ConfirmButton
            key={action.label}
            label={action.label}
            what={what}
            question={action.confirm ?? `${action.label} ${what}?`}
            disabled={action.disabled}
            onConfirm={action.onSelect}
          />
        ) : (
          <Button
            key={action.label}
            variant="outline"
            size="sm"
            disabled={action.disabled}
            onClick={action.onSelect}
          >
            {action.label}
            <span className="sr-only"> {what}</span>
          </Button>
        ),
      )}
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
            <DropdownMenuItem
              key={action.label}
              disabled={action.disabled}
              className={action.destructive ? 'text-destructive' : undefined}
              onSelect={() => (action.destructive ? setAsking(action) : action.onSelect())}
            >
              {action.label}
            </DropdownMenuItem>
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
