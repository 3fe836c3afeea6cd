'use client';

import { useQuery } from '@tanstack/react-query';
import { Card, CardTitle, Empty, QueryState } from '../../../components/ui';
import { GENERATIONS, PedigreeTree } from '../../../pedigree/pedigree-tree';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';

/** A horse's four generations from the platform's pedigree. */
export function HorsePedigree({ horse }: { horse: { id: string; name: string } }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const pedigree = useQuery(
    trpc.horses.pedigree.queryOptions({ schoolId, horseId: horse.id, generations: GENERATIONS }),
  );
  return (
    <Card aria-labelledby="pedigree-heading">
      <CardTitle id="pedigree-heading">Pedigree of {horse.name}</CardTitle>
      {!pedigree.data ? (
        <QueryState what="the pedigree" query={pedigree} />
      ) : !pedigree.data.data ? (
        <Empty>
          {horse.name} is not linked to a horse of the platform yet: edit the horse to link or
          create its identity.
        </Empty>
      ) : (
        <PedigreeTree root={pedigree.data.data} />
      )}
    </Card>
  );
}
