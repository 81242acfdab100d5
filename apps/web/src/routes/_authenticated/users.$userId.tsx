import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@yardsale/ui';
import { UserRoundIcon } from 'lucide-react';

import { PageContainer, PageHeader } from '../../components/layout/page';

export const Route = createFileRoute('/_authenticated/users/$userId')({
  head: () => ({ meta: [{ title: 'Seller · YardSale' }] }),
  component: SellerPage,
});

function SellerPage() {
  return (
    <PageContainer>
      <PageHeader title="Seller Profile" back={{ to: '/home', label: 'Back to Browse' }} />
      <EmptyState
        icon={<UserRoundIcon />}
        titleAs="h2"
        title="Seller pages are on their way"
        description="The seller's photo, rating, current listings and most recent reviews will appear here."
      />
    </PageContainer>
  );
}
