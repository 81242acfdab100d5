import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@yardsale/ui';
import { ImageIcon } from 'lucide-react';

import { PageContainer, PageHeader } from '../../components/layout/page';

export const Route = createFileRoute('/_authenticated/listing/$id')({
  head: () => ({ meta: [{ title: 'Listing · YardSale' }] }),
  component: ListingPage,
});

function ListingPage() {
  return (
    <PageContainer>
      <PageHeader title="Listing details" back={{ to: '/home', label: 'Back to Browse' }} />
      <EmptyState
        icon={<ImageIcon />}
        titleAs="h2"
        title="Listing pages are on their way"
        description="Photos, the price range, the address and sale times, the seller and buttons to message, save or share will appear here."
      />
    </PageContainer>
  );
}
