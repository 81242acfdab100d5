import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@yardsale/ui';
import { ClipboardPenIcon } from 'lucide-react';

import { PageContainer, PageHeader } from '../../components/layout/page';

export const Route = createFileRoute('/_authenticated/create-listing')({
  head: () => ({ meta: [{ title: 'Post a Listing · YardSale' }] }),
  component: CreateListingPage,
});

function CreateListingPage() {
  return (
    <PageContainer width="narrow">
      <PageHeader
        title="Post a Listing"
        description="List a whole garage sale or a single item for your neighbours."
        back={{ to: '/home', label: 'Back to Browse' }}
      />
      <EmptyState
        icon={<ClipboardPenIcon />}
        titleAs="h2"
        title="The listing form is on its way"
        description="A guided form will appear here: basic information, up to 5 photos, category and price range, address and sale times, and how buyers can reach you."
      />
    </PageContainer>
  );
}
