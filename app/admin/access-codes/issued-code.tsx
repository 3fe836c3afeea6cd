'use client';

import { useState } from 'react';
import { Button, formatDateTime } from '../../components/ui';
import type { IssuedCode } from './create-access-code-form';

/**
 * The new code, shown this once (only its hash and last four characters are kept): a big
 * box with a copy button and the warning. Closing it is the end of the code's display.
 */
export function IssuedCodeBox({ issued, onDone }: { issued: IssuedCode; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard
      .writeText(issued.code)
      .then(() => setCopied('yes'))
      // No clipboard (an insecure address, a refused permission): the code is selectable.
      .catch(() => setCopied('failed'));
  return (
    <section
      aria-labelledby="issued-code-heading"
      className="mb-3 rounded-lg border-2 border-primary bg-card p-4"
    >
      <h2 id="issued-code-heading" className="mt-0">
        New {issued.organization_type} access code
      </h2>
      <p className="mt-0 font-semibold">
        Copy it now: it will not be shown again. Only its last four characters are kept.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <output
          aria-label="Access code"
          className="rounded-md border border-border bg-background px-3 py-2 font-mono text-xl tracking-wider break-all select-all sm:text-2xl"
        >
          {issued.code}
        </output>
        <Button onClick={() => void copy()}>Copy</Button>
        <span role="status" className="font-semibold">
          {copied === 'yes' && 'Copied'}
          {copied === 'failed' && 'Could not copy: select the code and copy it by hand.'}
        </span>
      </div>
      <p className="mb-0 text-muted-foreground">
        {issued.max_redemptions === 1 ? 'One use' : `${issued.max_redemptions} uses`}
        {issued.expires_at && `, until ${formatDateTime(issued.expires_at)}`}
        {issued.auto_verify && ', verified at once'}.
      </p>
      <Button variant="outline" className="mt-3" onClick={onDone}>
        I have copied it
      </Button>
    </section>
  );
}
