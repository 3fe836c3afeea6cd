'use client';

import { Card, Empty } from '../../components/ui';
import { useStud } from './stud-context';

/** The stud's overview: its herd, breeding and contracts arrive with the stud modules. */
export default function StudOverviewPage() {
  const { stud } = useStud();
  return (
    <>
      <h1>{stud.name}</h1>
      <Card aria-labelledby="stud-overview">
        <h2 id="stud-overview">Overview</h2>
        <p className="text-muted-foreground">
          {stud.timezone} · {stud.currency}
        </p>
        <Empty>
          Nothing to show yet: the herd, breeding, contracts and finance of the stud come with the
          stud modules. Members can already be invited from the Members page.
        </Empty>
      </Card>
    </>
  );
}
