'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EMAIL_KIND_LABELS, EMAIL_KINDS, type EmailKind } from '@/emails/kinds';
import { useTRPC } from '../../trpc';
import { AdminShell, QueryState } from '../admin-shell';

/** Every kind of e-mail rendered with its sample data, as recipients will see it. */
export default function EmailPreviewsPage() {
  const trpc = useTRPC();
  const [kind, setKind] = useState<EmailKind>(EMAIL_KINDS[0]);
  const preview = useQuery(trpc.emailPreview.show.queryOptions({ kind }));

  return (
    <AdminShell title="E-mail previews">
      <div className="split">
        <nav aria-label="E-mail kinds">
          <ul className="plain">
            {EMAIL_KINDS.map((candidate) => (
              <li key={candidate}>
                <button
                  type="button"
                  className={candidate === kind ? 'choice selected' : 'choice'}
                  aria-pressed={candidate === kind}
                  onClick={() => setKind(candidate)}
                >
                  {EMAIL_KIND_LABELS[candidate]}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="card" aria-labelledby="preview-heading">
          <h2 id="preview-heading">{EMAIL_KIND_LABELS[kind]}</h2>
          <QueryState what="the preview" query={preview} />
          {preview.data && (
            <>
              <p>
                <span className="muted">Subject:</span> {preview.data.subject}
              </p>
              <iframe
                title={`Preview of the ${kind} e-mail`}
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
