import { Card, CardContent } from '@yardsale/ui';
import type { ReportStatus } from '@yardsale/validators';
import { CopyXIcon, FlagIcon, MegaphoneIcon, ShieldCheckIcon } from 'lucide-react';

import { IconCardHeader } from '../layout/icon-card-header';
import { PageContainer, PageHeader } from '../layout/page';
import { AnnouncementForm } from './announcement-form';
import { CleanupDuplicates } from './cleanup-duplicates';
import { ReportList } from './report-list';

/** The admin's tools beside the reports: on phones the tools come first, then the reports. */
export function AdminDashboard({ status }: { status: ReportStatus | undefined }) {
  return (
    <PageContainer width="wide">
      <PageHeader
        title="Admin Dashboard"
        description="Keep YardSale friendly and tidy for everyone."
        icon={<ShieldCheckIcon />}
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:gap-8">
        <div className="grid gap-6 lg:sticky lg:top-20">
          <Card>
            <IconCardHeader
              icon={MegaphoneIcon}
              title="Send Announcement"
              titleId="announcement-heading"
              description="A message to every member, from The YardSale Team."
            />
            <CardContent>
              <AnnouncementForm />
            </CardContent>
          </Card>
          <Card>
            <IconCardHeader
              icon={CopyXIcon}
              title="Clean Up Duplicates"
              description="Remove repeated copies of the same listing."
            />
            <CardContent>
              <CleanupDuplicates />
            </CardContent>
          </Card>
        </div>
        <section aria-labelledby="reports-heading" className="grid min-w-0 gap-4">
          <div className="flex items-center gap-2">
            <FlagIcon aria-hidden="true" className="size-5 text-primary" />
            <h2 id="reports-heading" className="font-display text-xl font-semibold tracking-tight">
              User Reports
            </h2>
          </div>
          <ReportList status={status} />
        </section>
      </div>
    </PageContainer>
  );
}
