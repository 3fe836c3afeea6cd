'use client';

import type { PedigreeNode } from '@/server/pedigree/identity-schema';
import { Badge } from '../components/ui';

export const GENERATIONS = 4;
const SEX_LABEL = { male: 'stallion or gelding', female: 'mare', unknown: 'sex unknown' };

/**
 * A horse's ancestors to four generations: a chart of columns by generation on wide
 * screens; on a phone the same tree as nested lists (sire above dam), readable at 375 px.
 */
export function PedigreeTree({ root }: { root: PedigreeNode }) {
  return (
    <>
      <PedigreeChart root={root} />
      <ul className="m-0 list-none p-0 sm:hidden" aria-label={`Ancestors of ${root.name}`}>
        <TreeItem node={root} role="Horse" />
      </ul>
    </>
  );
}

function Ancestor({ node, role }: { node: PedigreeNode | null; role: string }) {
  if (!node)
    return (
      <span className="text-muted-foreground">
        {role}: <em>unknown</em>
      </span>
    );
  return (
    <span>
      <span className="text-sm text-muted-foreground">{role}: </span>
      <strong>{node.name}</strong>
      <span className="text-sm text-muted-foreground">
        {' '}
        · {node.birth_year} · {SEX_LABEL[node.sex]}
        {node.breed && ` · ${node.breed}`}
      </span>
      {node.status === 'verified' && (
        <>
          {' '}
          <Badge status="active">Verified</Badge>
        </>
      )}
    </span>
  );
}

function TreeItem({
  node,
  role,
  depth = 0,
}: {
  node: PedigreeNode | null;
  role: string;
  depth?: number;
}) {
  const parents = node && depth < GENERATIONS && (node.sire || node.dam);
  return (
    <li className={depth > 0 ? 'mt-1 border-l-2 border-border pl-3' : ''}>
      <Ancestor node={node} role={role} />
      {parents && (
        <ul className="m-0 list-none p-0 pl-1">
          <TreeItem node={node.sire} role="Sire" depth={depth + 1} />
          <TreeItem node={node.dam} role="Dam" depth={depth + 1} />
        </ul>
      )}
    </li>
  );
}

/** Columns by generation, parents first: each ancestor spans the rows of its own ancestors. */
function PedigreeChart({ root }: { root: PedigreeNode }) {
  const rows = 2 ** GENERATIONS;
  const cells: { node: PedigreeNode | null; role: string; generation: number; row: number }[] = [];
  const place = (node: PedigreeNode | null, role: string, generation: number, row: number) => {
    cells.push({ node, role, generation, row });
    // An unknown ancestor's cell runs to the last column: nothing is known beyond it.
    if (!node || generation === GENERATIONS) return;
    const half = 2 ** (GENERATIONS - generation - 1);
    place(node?.sire ?? null, 'Sire', generation + 1, row);
    place(node?.dam ?? null, 'Dam', generation + 1, row + half);
  };
  place(root.sire, 'Sire', 1, 0);
  place(root.dam, 'Dam', 1, rows / 2);
  return (
    <div
      role="group"
      aria-label={`Pedigree chart of ${root.name}`}
      className="hidden gap-1 text-sm sm:grid"
      style={{ gridTemplateColumns: `repeat(${GENERATIONS}, minmax(0, 1fr))` }}
    >
      {cells.map(({ node, role, generation, row }) => (
        <div
          key={`${generation}-${row}`}
          className="flex items-center rounded-md border border-border px-2 py-1"
          style={{
            gridColumn: node ? generation : `${generation} / -1`,
            gridRow: `${row + 1} / span ${2 ** (GENERATIONS - generation)}`,
          }}
        >
          <Ancestor node={node} role={role} />
        </div>
      ))}
    </div>
  );
}
