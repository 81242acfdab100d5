import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@yardsale/ui';
import { BookmarkIcon } from 'lucide-react';

import { PageContainer, PageHeader } from '../../components/layout/page';

export const Route = createFileRoute('/_authenticated/saved-listings')({
  head: () => ({ meta: [{ title: 'Saved Listings · YardSale' }] }),
  component: SavedListingsPage,
});

function SavedListingsPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Saved Listings"
        description="Sales and items you've saved to come back to."
        back={{ to: '/profile', label: 'Back to Profile' }}
      />
      <EmptyState
        icon={<BookmarkIcon />}
        titleAs="h2"
        title="Saving is on its way"
        description="Listings you save while browsing will be gathered here."
      />
    </PageContainer>
  );
}
