import { createFileRoute } from '@tanstack/react-router';
import { Card, CardDescription, CardHeader, CardTitle, EmptyState } from '@yardsale/ui';
import { CopyXIcon, FlagIcon, MegaphoneIcon, ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react';

import { PageContainer, PageHeader } from '../../components/layout/page';
import { useCurrentUser } from '../../lib/session';

export const Route = createFileRoute('/_authenticated/admin')({
  head: () => ({ meta: [{ title: 'Admin Dashboard · YardSale' }] }),
  component: AdminPage,
});

function AdminPage() {
  const user = useCurrentUser();
  // The server refuses every admin call from anyone else; this only spares them a useless screen.
  if (user.role !== 'admin') {
    return (
      <PageContainer width="narrow">
        <h1 className="sr-only">Admin Dashboard</h1>
        <EmptyState
          icon={<ShieldAlertIcon />}
          titleAs="h2"
          title="Access denied"
          description="You do not have permission to access this page."
        />
      </PageContainer>
    );
  }

  const sections = [
    {
      title: 'Send Announcement',
      icon: MegaphoneIcon,
      description:
        'A message from The YardSale Team to every member will be written and sent here.',
    },
    {
      title: 'Clean Up Duplicates',
      icon: CopyXIcon,
      description:
        'Repeated copies of the same listing will be removed from here, keeping the oldest.',
    },
    {
      title: 'User Reports',
      icon: FlagIcon,
      description: 'Reports from members will be listed here to review, resolve or dismiss.',
    },
  ];

  return (
    <PageContainer>
      <PageHeader
        title="Admin Dashboard"
        description="Keep YardSale friendly and tidy for everyone."
        icon={<ShieldCheckIcon />}
      />
      <div className="grid gap-4 md:grid-cols-3">
        {sections.map((section) => (
          <Card key={section.title}>
            <CardHeader>
              <section.icon aria-hidden="true" className="mb-2 size-6 text-primary" />
              <CardTitle asChild>
                <h2>{section.title}</h2>
              </CardTitle>
              <CardDescription>{section.description}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </PageContainer>
  );
}
