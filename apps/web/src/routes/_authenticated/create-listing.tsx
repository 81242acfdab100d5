import { createFileRoute } from '@tanstack/react-router';

import { PageContainer, PageHeader } from '../../components/layout/page';
import { ListingForm } from '../../components/listing-form/listing-form';

export const Route = createFileRoute('/_authenticated/create-listing')({
  head: () => ({ meta: [{ title: 'Post a Listing · YardSale' }] }),
  component: CreateListingPage,
});

function CreateListingPage() {
  return (
    <PageContainer width="narrow">
      <PageHeader
        title="Post a Listing"
        description="List a whole garage sale or a single item for your neighbours. It's free."
        back={{ to: '/home', label: 'Back to Browse' }}
      />
      <ListingForm mode="create" />
    </PageContainer>
  );
}
