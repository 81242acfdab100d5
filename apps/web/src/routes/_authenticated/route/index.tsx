import { createFileRoute } from '@tanstack/react-router';

import { PageContainer } from '../../../components/layout/page';
import { RoutePlanner } from '../../../components/route/route-planner';

export const Route = createFileRoute('/_authenticated/route/')({
  head: () => ({ meta: [{ title: 'My route · YardSale' }] }),
  component: RoutePage,
});

function RoutePage() {
  return (
    <PageContainer width="wide" className="flex flex-col gap-5 sm:gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">My route</h1>
        <p className="max-w-2xl text-muted-foreground">
          Your picked sales in a sensible order, with when you’ll arrive at each. Distances are
          estimates for town driving.
        </p>
      </header>
      <RoutePlanner />
    </PageContainer>
  );
}
