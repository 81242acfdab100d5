import { createFileRoute } from '@tanstack/react-router';

import { VerifyBefore } from '../../components/account/verify-before';
import { PageContainer, PageHeader } from '../../components/layout/page';
import { ListingForm } from '../../components/listing-form/listing-form';
import { useCurrentUser } from '../../lib/session';

export const Route = createFileRoute('/_authenticated/create-listing')({
  head: () => ({ meta: [{ title: 'Post a Listing · YardSale' }] }),
  component: CreateListingPage,
});

function CreateListingPage() {
  const { emailVerified } = useCurrentUser();
  return (
    <PageContainer width="narrow">
      <PageHeader
        title="Post a Listing"
        description="List a whole garage sale or a single item for your neighbours. It's free."
        back={{ to: '/home', label: 'Back to Browse' }}
      />
      {/* Before the form is filled in, not at Publish: the server refuses an unconfirmed address. */}
      {emailVerified ? null : <VerifyBefore action="publish" className="mb-4" />}
      <ListingForm mode="create" />
    </PageContainer>
  );
}
