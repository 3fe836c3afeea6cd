'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button, Input, Label } from '../components/ui';

/** Type a certificate's code (as printed, in any case, with or without hyphens) to check it. */
export function CodeForm({ initial = '' }: { initial?: string }) {
  const router = useRouter();
  const [code, setCode] = useState(initial);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) router.push(`/verify/${encodeURIComponent(code.trim())}`);
      }}
    >
      <div>
        <Label htmlFor="certificate-code">Certificate code</Label>
        <Input
          id="certificate-code"
          value={code}
          placeholder="XXXX-XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <Button type="submit">Check</Button>
    </form>
  );
}
