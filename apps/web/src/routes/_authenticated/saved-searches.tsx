import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Button, ConfirmDialog, EmptyState, toast } from '@yardsale/ui';
import type { SavedSearch } from '@yardsale/validators';
import { BellRingIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';

import { VerifyForAlerts } from '../../components/account/verify-for-alerts';
import { PageContainer, PageHeader } from '../../components/layout/page';
import { SavedSearchCard } from '../../components/saved-searches/saved-search-card';
import { SAVED_SEARCH_TEXTS as T } from '../../components/saved-searches/saved-search-texts';
import { serverMessage } from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

export const Route = createFileRoute('/_authenticated/saved-searches')({
  head: () => ({ meta: [{ title: 'Saved Searches · YardSale' }] }),
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.query({ ...trpc.savedSearches.list.queryOptions(), staleTime: 'static' }),
  component: SavedSearchesPage,
});

const LIST_ID = 'saved-searches';
const ALERTS_WAIT_ID = 'alerts-wait-for-verification';

function SavedSearchesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: searches } = useSuspenseQuery(trpc.savedSearches.list.queryOptions());
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const user = useCurrentUser();

  const remove = useMutation(
    trpc.savedSearches.delete.mutationOptions({
      onSuccess: async (_answer, { id }) => {
        setDeleting(null);
        queryClient.setQueryData(trpc.savedSearches.list.queryKey(), (current) =>
          current?.filter((saved) => saved.id !== id),
        );
        toast({ variant: 'success', title: T.deleted });
        // Its card (and the Delete button that had focus) is gone: keep the place in the list.
        requestAnimationFrame(() =>
          (document.getElementById(LIST_ID) ?? document.getElementById('main'))?.focus(),
        );
        await queryClient.invalidateQueries(trpc.savedSearches.pathFilter());
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: T.changeFailed,
          description: serverMessage(error) ?? T.tryAgain,
        }),
    }),
  );

  return (
    <PageContainer width="narrow">
      <PageHeader
        title={T.pageTitle}
        description={
          searches.length === 0
            ? T.pageDescription
            : `${T.count(searches.length)}. ${T.pageDescription}`
        }
        icon={<BellRingIcon />}
        back={{ to: '/profile', label: T.backToProfile }}
      />
      {user.emailVerified ? null : <VerifyForAlerts id={ALERTS_WAIT_ID} className="mb-4" />}
      {searches.length === 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          titleAs="h2"
          title={T.emptyTitle}
          description={T.emptyDescription}
          action={
            <Button asChild>
              <Link to="/home">
                <SearchIcon aria-hidden="true" />
                {T.browse}
              </Link>
            </Button>
          }
        />
      ) : (
        <ul
          id={LIST_ID}
          tabIndex={-1}
          aria-label={T.listLabel}
          className="flex flex-col gap-4 focus:outline-none"
        >
          {searches.map((saved) => (
            <li key={saved.id}>
              <SavedSearchCard
                saved={saved}
                onDelete={setDeleting}
                alertsWaitFor={user.emailVerified ? undefined : ALERTS_WAIT_ID}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? T.deleteTitle(deleting.name) : T.deleteConfirm}
        description={T.deleteDescription}
        confirmLabel={T.deleteConfirm}
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate({ id: deleting.id });
        }}
      />
    </PageContainer>
  );
}
