/*
 * Wright's coefficient of inbreeding of a planned foal (DESIGN-MODULES B.1, test mating),
 * computed in memory over the parents' ancestry read by one recursive query.
 *
 * F(foal) = Σ over common ancestors A of the sire and the dam, over each pair of paths
 * sire → A and dam → A that meet only in A: (½)^(n₁ + n₂ + 1) · (1 + F(A)), where n₁ and
 * n₂ count the generations from each parent up to A. F(A), the ancestor's own inbreeding, is
 * the coancestry of its parents over everything known of them (Falconer & Mackay, ch. 5).
 */

export type Parents = { sire: string | null; dam: string | null };

export type Inbreeding = {
  /** F of the foal, 0 to 1. */
  coefficient: number;
  /** Each common ancestor's share of F, largest first. */
  contributions: { id: string; coefficient: number }[];
};

/** Every path from `start` up its ancestry (`start` first), at most `maxSteps` generations up. */
function pathsUp(start: string, parents: ReadonlyMap<string, Parents>, maxSteps: number) {
  const byAncestor = new Map<string, string[][]>();
  const walk = (path: string[]) => {
    const here = path.at(-1)!;
    byAncestor.set(here, [...(byAncestor.get(here) ?? []), path]);
    if (path.length - 1 >= maxSteps) return;
    const { sire, dam } = parents.get(here) ?? { sire: null, dam: null };
    for (const parent of [sire, dam]) if (parent) walk([...path, parent]);
  };
  walk([start]);
  return byAncestor;
}

/** Coancestry and inbreeding over the whole known ancestry, memoized. */
function kinship(parents: ReadonlyMap<string, Parents>) {
  const ancestors = new Map<string, ReadonlySet<string>>();
  const ancestorsOf = (id: string): ReadonlySet<string> => {
    const known = ancestors.get(id);
    if (known) return known;
    const found = new Set<string>();
    const { sire, dam } = parents.get(id) ?? { sire: null, dam: null };
    for (const parent of [sire, dam]) {
      if (!parent) continue;
      found.add(parent);
      for (const above of ancestorsOf(parent)) found.add(above);
    }
    ancestors.set(id, found);
    return found;
  };
  const memo = new Map<string, number>();
  const coancestry = (a: string | null, b: string | null): number => {
    if (!a || !b) return 0;
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let value: number;
    if (a === b) {
      value = 0.5 * (1 + inbreedingOf(a));
    } else {
      // Recurse on the one that is not an ancestor of the other.
      const [young, old] = ancestorsOf(b).has(a) ? [b, a] : [a, b];
      const { sire, dam } = parents.get(young) ?? { sire: null, dam: null };
      value = 0.5 * (coancestry(sire, old) + coancestry(dam, old));
    }
    memo.set(key, value);
    return value;
  };
  const inbreedingOf = (id: string): number => {
    const { sire, dam } = parents.get(id) ?? { sire: null, dam: null };
    return coancestry(sire, dam);
  };
  return { inbreedingOf };
}

/**
 * The inbreeding of a foal of `sire` and `dam` over the common ancestors within
 * `generations` of the foal (its parents are the first generation).
 */
export function testMatingInbreeding(
  sire: string,
  dam: string,
  parents: ReadonlyMap<string, Parents>,
  generations: number,
): Inbreeding {
  const fromSire = pathsUp(sire, parents, generations - 1);
  const fromDam = pathsUp(dam, parents, generations - 1);
  const { inbreedingOf } = kinship(parents);
  const contributions: { id: string; coefficient: number }[] = [];
  for (const [ancestor, sirePaths] of fromSire) {
    const damPaths = fromDam.get(ancestor);
    if (!damPaths) continue;
    let share = 0;
    for (const up of sirePaths) {
      const onSireSide = new Set(up.slice(0, -1));
      for (const down of damPaths) {
        // Wright's paths meet only in the common ancestor.
        if (down.slice(0, -1).some((id) => onSireSide.has(id))) continue;
        share += 0.5 ** (up.length - 1 + (down.length - 1) + 1);
      }
    }
    if (share > 0)
      contributions.push({ id: ancestor, coefficient: share * (1 + inbreedingOf(ancestor)) });
  }
  contributions.sort((a, b) => b.coefficient - a.coefficient || a.id.localeCompare(b.id));
  return {
    coefficient: contributions.reduce((sum, c) => sum + c.coefficient, 0),
    contributions,
  };
}
