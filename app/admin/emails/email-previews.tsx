'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../trpc';
import { AdminShell, QueryState } from '../admin-shell';

/** A kind of e-mail of a module, with its label: plain data from the server page. */
export type EmailKindView = { kind: string; label: string };

/** Every kind of e-mail rendered with its sample data, as recipients will see it. */
export function EmailPreviews({ kinds }: { kinds: EmailKindView[] }) {
  const trpc = useTRPC();
  const [kind, setKind] = useState(kinds[0]!.kind);
  const current = kinds.find((candidate) => candidate.kind === kind);
  const preview = useQuery(trpc.emailPreview.show.queryOptions({ kind }));

  return (
    <AdminShell title="E-mail previews">
      <div className="split">
        <nav aria-label="E-mail kinds">
          <ul className="plain">
            {kinds.map((candidate) => (
              <li key={candidate.kind}>
                <button
                  type="button"
                  className={candidate === current ? 'choice selected' : 'choice'}
                  aria-pressed={candidate === current}
                  onClick={() => setKind(candidate.kind)}
                >
                  {candidate.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="card" aria-labelledby="preview-heading">
          <h2 id="preview-heading">{current?.label}</h2>
          <QueryState what="the preview" query={preview} />
          {preview.data && (
            <>
              <p>
                <span className="muted">Subject:</span> {preview.data.subject}
              </p>
              <iframe
                title={`Preview of the e-mail “${current?.label ?? kind}”`}
                className="email-frame"
                sandbox=""
                srcDoc={preview.data.html}
              />
              <p>
                <a href={`/api/email-preview/${kind}`} target="_blank" rel="noreferrer">
                  Open the HTML on its own
                </a>
              </p>
            </>
          )}
        </section>
      </div>
    </AdminShell>
  );
}
