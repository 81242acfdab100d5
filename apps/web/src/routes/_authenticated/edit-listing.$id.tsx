import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@yardsale/ui';
import { PencilIcon } from 'lucide-react';

import { PageContainer, PageHeader } from '../../components/layout/page';

export const Route = createFileRoute('/_authenticated/edit-listing/$id')({
  head: () => ({ meta: [{ title: 'Edit Listing · YardSale' }] }),
  component: EditListingPage,
});

function EditListingPage() {
  return (
    <PageContainer width="narrow">
      <PageHeader title="Edit Listing" back={{ to: '/profile', label: 'Back to My Listings' }} />
      <EmptyState
        icon={<PencilIcon />}
        titleAs="h2"
        title="Editing is on its way"
        description="The same form as for posting will appear here, filled in with your listing so you can update it."
      />
    </PageContainer>
  );
}
