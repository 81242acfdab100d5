import { Link, createFileRoute } from '@tanstack/react-router';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@yardsale/ui';
import { CalendarDaysIcon, PlusIcon, SunIcon, ZapIcon } from 'lucide-react';

import { PageContainer, PageHeader } from '../../components/layout/page';

export const Route = createFileRoute('/_authenticated/current')({
  head: () => ({ meta: [{ title: 'Live Sales Now · YardSale' }] }),
  component: LiveSalesPage,
});

function LiveSalesPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Live Sales Now"
        description="Garage sales open today and coming up this weekend in your neighbourhood."
        icon={<ZapIcon />}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/home">Browse All</Link>
            </Button>
            <Button asChild>
              <Link to="/create-listing">
                <PlusIcon aria-hidden="true" />
                Post Your Sale
              </Link>
            </Button>
          </>
        }
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="flex items-center gap-2">
                <SunIcon aria-hidden="true" className="size-5 text-primary" />
                Happening Today
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">
              Sales that open today will be listed here.
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="flex items-center gap-2">
                <CalendarDaysIcon aria-hidden="true" className="size-5 text-primary" />
                This Weekend
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">
              Sales on the coming Saturday and Sunday will be listed here.
            </p>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
