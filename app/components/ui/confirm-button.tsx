'use client';

import { useState } from 'react';
import { Button } from './button';

/**
 * A destructive action that asks once more before it runs; `what` names its record for screen
 * readers, or `name` gives the whole accessible name where `label what` does not read well.
 */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  disabled,
  what,
  name,
}: {
  label: string;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
  what?: string;
  name?: string;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button
        variant="destructive"
        size="sm"
        disabled={disabled}
        aria-label={name}
        onClick={() => setAsking(true)}
      >
        {label}
        {what && !name && <span className="sr-only"> {what}</span>}
      </Button>
    );
  }
  return (
    <span role="group" aria-label={question} className="inline-flex flex-wrap items-center gap-2">
      <span>{question}</span>
      <Button
        variant="destructive"
        size="sm"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Yes, {label.toLowerCase()}
      </Button>
      <Button variant="outline" size="sm" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  );
}
