'use client';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui';
import { NotAllowed, useSchool } from '../school-context';
import { Badges } from './badges';
import { Certificates } from './certificates';
import { Levels } from './levels';

/** The school's progression: its ladder of levels, its badges and the certificates it issued. */
export default function ProgressionPage() {
  const { may } = useSchool();
  if (!may('levels.view')) return <NotAllowed />;
  return (
    <Tabs defaultValue="levels">
      <TabsList aria-label="Progression">
        <TabsTrigger value="levels">Levels</TabsTrigger>
        {may('badges.view') && <TabsTrigger value="badges">Badges</TabsTrigger>}
        {may('certificates.view') && <TabsTrigger value="certificates">Certificates</TabsTrigger>}
      </TabsList>
      <TabsContent value="levels">
        <Levels />
      </TabsContent>
      <TabsContent value="badges">
        <Badges />
      </TabsContent>
      <TabsContent value="certificates">
        <Certificates />
      </TabsContent>
    </Tabs>
  );
}
