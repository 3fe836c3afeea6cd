'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Category } from '@/server/marketplace/category-schema';
import {
  Badge,
  Button,
  cardClass,
  cn,
  Empty,
  plural,
  QueryState,
  useWriteOutcome,
} from '../../../components/ui';
import { KIND_LABELS } from '../../../marketplace/format';
import { useTRPC } from '../../../trpc';
import { AdminShell } from '../../admin-shell';
import { RecordActions } from '../record-actions';
import { CategoryForm } from './category-form';

/** The marketplace's categories (C.1): the tree, a new one, edits, (de)activation, deletion. */
export default function MarketplaceCategoriesPage() {
  return (
    <AdminShell title="Marketplace categories">
      <Categories />
    </AdminShell>
  );
}

function Categories() {
  const trpc = useTRPC();
  const tree = useQuery(trpc.admin.marketplaceCategories.list.queryOptions({}));
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const roots = tree.data?.data ?? [];
  return (
    <>
      {editing ? (
        <CategoryForm
          key={editing === 'new' ? 'new' : editing.id}
          category={editing === 'new' ? undefined : editing}
          roots={roots}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Button className="mb-3" onClick={() => setEditing('new')}>
          New category
        </Button>
      )}
      {!tree.data && <QueryState what="the categories" query={tree} />}
      {tree.data && roots.length === 0 && <Empty>No category yet.</Empty>}
      {roots.length > 0 && (
        <ul aria-label="Categories" className="m-0 list-none p-0">
          {roots.map((root) => (
            <li key={root.id} className={cardClass}>
              <CategoryRow category={root} onEdit={() => setEditing(root)} />
              {root.children.length > 0 && (
                <ul aria-label={`Children of ${root.name}`} className="m-0 mt-2 list-none p-0">
                  {root.children.map((child) => (
                    <li key={child.id} className="mt-2 border-l-2 border-border pl-3">
                      <CategoryRow category={child} onEdit={() => setEditing(child)} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CategoryRow({ category, onEdit }: { category: Category; onEdit: () => void }) {
  const trpc = useTRPC();
  const { onSuccess, onError } = useWriteOutcome();
  const keys = [trpc.admin.marketplaceCategories.pathKey(), trpc.marketplaceCategories.pathKey()];
  const toggle = useMutation(
    trpc.admin.marketplaceCategories.update.mutationOptions({
      onSuccess: onSuccess(keys, (result) =>
        result.data.active
          ? `${result.data.name} is active.`
          : `${result.data.name} is deactivated.`,
      ),
      onError,
    }),
  );
  const remove = useMutation(
    trpc.admin.marketplaceCategories.remove.mutationOptions({
      onSuccess: onSuccess(keys, `${category.name} was deleted.`),
      onError,
    }),
  );
  const busy = toggle.isPending || remove.isPending;
  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-2',
        !category.active && 'opacity-80',
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="m-0 font-semibold break-words">
          {category.name} {!category.active && <Badge tone="bad">Inactive</Badge>}
        </p>
        <p className="m-0 text-sm text-muted-foreground">
          {KIND_LABELS[category.kind]} · {category.slug} ·{' '}
          {plural(category.attributes.length, 'attribute')} ·{' '}
          {plural(category.listings_count, 'active listing')}
        </p>
      </div>
      <RecordActions
        name={category.name}
        active={category.active}
        busy={busy}
        deleteQuestion="Delete it? A category with listings can only be deactivated."
        onEdit={onEdit}
        onToggle={() => toggle.mutate({ id: category.id, active: !category.active })}
        onDelete={() => remove.mutate({ id: category.id })}
      />
    </div>
  );
}
