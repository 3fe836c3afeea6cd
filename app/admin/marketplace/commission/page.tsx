'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CommissionTier } from '@/server/marketplace/commission-schema';
import {
  Badge,
  Button,
  cardClass,
  cellClass,
  cn,
  Empty,
  headCellClass,
  Pager,
  QueryState,
  TableWrap,
  tableClass,
  useWriteOutcome,
  type Option,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { AdminShell } from '../../admin-shell';
import { RecordActions } from '../record-actions';
import { BandForm } from './band-form';
import { amountText, boundsText } from './commission-format';
import { CommissionPreview } from './commission-preview';

/** Commission tiers (E.5): the global bands and each category's, edits and a preview. */
export default function CommissionTiersPage() {
  return (
    <AdminShell title="Commission tiers">
      <CommissionTiers />
    </AdminShell>
  );
}

/** Consecutive bands of one scope, as the list orders them (global first). */
function byScope(tiers: CommissionTier[]) {
  const scopes: { id: string | null; title: string; tiers: CommissionTier[] }[] = [];
  for (const tier of tiers) {
    const last = scopes.at(-1);
    if (last && last.id === tier.category_id) last.tiers.push(tier);
    else
      scopes.push({
        id: tier.category_id,
        title: tier.category_name ? `${tier.category_name} bands` : 'Global bands',
        tiers: [tier],
      });
  }
  return scopes;
}

function CommissionTiers() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.admin.commissionTiers.list.queryOptions({ page, per_page: 100 }));
  const categories = useQuery(trpc.admin.marketplaceCategories.list.queryOptions({}));
  const [editing, setEditing] = useState<CommissionTier | 'new' | null>(null);
  const scopes: Option[] = [
    { value: '', label: 'Global (every category)' },
    ...(categories.data?.data ?? []).flatMap((root) =>
      [root, ...root.children]
        .filter((category) => category.active)
        .map((category) => ({
          value: category.id,
          label: category.parent_id ? `${root.name} › ${category.name}` : category.name,
        })),
    ),
  ];
  const tiers = list.data?.data ?? [];
  return (
    <>
      <p className="mt-0 text-muted-foreground">
        A line pays the rate and fee of the active band holding its amount (from included, up to
        excluded): its category&apos;s, else its parent category&apos;s, else a global one. The
        global bands always cover every amount.
      </p>
      <CommissionPreview scopes={scopes} />
      {editing ? (
        <BandForm
          key={editing === 'new' ? 'new' : editing.id}
          tier={editing === 'new' ? undefined : editing}
          scopes={scopes}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Button className="mb-3" onClick={() => setEditing('new')}>
          New band
        </Button>
      )}
      {!list.data && <QueryState what="the commission bands" query={list} />}
      {list.data && tiers.length === 0 && <Empty>No commission band yet.</Empty>}
      {byScope(tiers).map((scope) => (
        <ScopeBands
          key={scope.id ?? 'global'}
          title={scope.title}
          tiers={scope.tiers}
          onEdit={setEditing}
        />
      ))}
      {list.data && <Pager meta={list.data.meta} onPage={setPage} label="Band pages" />}
    </>
  );
}

/** One scope's bands: a table on wider screens, cards on a phone. */
function ScopeBands({
  title,
  tiers,
  onEdit,
}: {
  title: string;
  tiers: CommissionTier[];
  onEdit: (tier: CommissionTier) => void;
}) {
  return (
    <section aria-label={title} className="mb-6">
      <h2 className="mb-2 text-xl font-bold">{title}</h2>
      <TableWrap className="hidden sm:block">
        <table className={tableClass}>
          <thead>
            <tr>
              {['Band', 'Amounts', 'Rate', 'Fixed fee', 'Status', 'Actions'].map((head) => (
                <th key={head} scope="col" className={headCellClass}>
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier) => (
              <tr key={tier.id} className={cn(!tier.active && 'opacity-80')}>
                <th scope="row" className={cellClass}>
                  {tier.name}
                </th>
                <td className={cellClass}>{boundsText(tier)}</td>
                <td className={cellClass}>{tier.rate_percent} %</td>
                <td className={cellClass}>{amountText(tier.fixed_fee)}</td>
                <td className={cellClass}>
                  <Status tier={tier} />
                </td>
                <td className={cellClass}>
                  <BandActions tier={tier} onEdit={() => onEdit(tier)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <ul className="m-0 list-none p-0 sm:hidden">
        {tiers.map((tier) => (
          <li key={tier.id} className={cn(cardClass, !tier.active && 'opacity-80')}>
            <p className="m-0 font-semibold break-words">
              {tier.name} <Status tier={tier} />
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {boundsText(tier)} · {tier.rate_percent} % + {amountText(tier.fixed_fee)}
            </p>
            <BandActions tier={tier} onEdit={() => onEdit(tier)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Status({ tier }: { tier: CommissionTier }) {
  return tier.active ? <Badge tone="ok">Active</Badge> : <Badge tone="bad">Inactive</Badge>;
}

function BandActions({ tier, onEdit }: { tier: CommissionTier; onEdit: () => void }) {
  const trpc = useTRPC();
  const { onSuccess, onError } = useWriteOutcome();
  const keys = [trpc.admin.commissionTiers.pathKey()];
  const toggle = useMutation(
    trpc.admin.commissionTiers.update.mutationOptions({
      onSuccess: onSuccess(keys, (result) =>
        result.data.active
          ? `${result.data.name} is active.`
          : `${result.data.name} is deactivated.`,
      ),
      onError,
    }),
  );
  const remove = useMutation(
    trpc.admin.commissionTiers.remove.mutationOptions({
      onSuccess: onSuccess(keys, `${tier.name} was deleted.`),
      onError,
    }),
  );
  const busy = toggle.isPending || remove.isPending;
  return (
    <RecordActions
      name={tier.name}
      active={tier.active}
      busy={busy}
      deleteQuestion="Delete this band?"
      onEdit={onEdit}
      onToggle={() => toggle.mutate({ id: tier.id, active: !tier.active })}
      onDelete={() => remove.mutate({ id: tier.id })}
    />
  );
}
