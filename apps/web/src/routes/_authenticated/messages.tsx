import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@yardsale/ui';
import { MessagesSquareIcon } from 'lucide-react';
import { z } from 'zod';

import { PageContainer, PageHeader } from '../../components/layout/page';

const messagesSearchSchema = z.object({
  /** Preselects a conversation, e.g. right after "Message seller". */
  conversation: z.coerce.number().int().positive().optional().catch(undefined),
});

export const Route = createFileRoute('/_authenticated/messages')({
  validateSearch: messagesSearchSchema,
  head: () => ({ meta: [{ title: 'Messages · YardSale' }] }),
  component: MessagesPage,
});

function MessagesPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Messages"
        description="Your conversations with buyers and sellers, in one place."
      />
      <EmptyState
        icon={<MessagesSquareIcon />}
        titleAs="h2"
        title="Messaging is on its way"
        description="Your conversations will be listed here, with each thread beside them on larger screens. New messages will arrive live."
      />
    </PageContainer>
  );
}
