'use client';

import { useQuery } from '@tanstack/react-query';
import type { Category, CategoryNode } from '@/server/marketplace/category-schema';
import { useTRPC } from '../trpc';

export type { CategoryNode };

/** The category tree, read once per page (it changes rarely). */
export function useCategoryTree() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.marketplaceCategories.list.queryOptions({}), staleTime: 300_000 });
}

/** Roots and their children in one list, children after their root. */
export function flatCategories(tree: CategoryNode[] | undefined): Category[] {
  return (tree ?? []).flatMap((root) => [root, ...root.children]);
}

/** The options of a category picker: each root, then its children indented under it. */
export function categoryOptions(tree: CategoryNode[] | undefined, { leavesOnly = false } = {}) {
  return (tree ?? []).flatMap((root) => [
    ...(leavesOnly && root.children.length ? [] : [{ value: root.id, label: root.name }]),
    ...root.children.map((child) => ({
      value: child.id,
      label: `${leavesOnly ? `${root.name} › ` : '— '}${child.name}`,
    })),
  ]);
}

export function findCategory(tree: CategoryNode[] | undefined, id: string | null | undefined) {
  return id ? flatCategories(tree).find((category) => category.id === id) : undefined;
}

/** A category's attribute definitions (what its listings fill in). */
export const attributesOf = (category: Category | undefined) => category?.attributes ?? [];
