import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@yardsale/ui';
import type { ListingSummary } from '@yardsale/validators';

import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { LISTING_TEXTS } from './listing-texts';

/**
 * Whether the signed-in user has saved this listing, and a toggle for it. The saved list is one
 * query shared by every card on the screen; a change shows at once (spec section 4) and is then
 * refreshed from the server, or put back with a toast when the server refuses.
 */
export function useSaveListing(listing: ListingSummary) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const savedListKey = trpc.saved.list.queryKey();
  const isSavedKey = trpc.saved.isSaved.queryKey({ listingId: listing.id });

  const { data: isSaved } = useQuery({
    ...trpc.saved.list.queryOptions(),
    select: (saved) => saved.some((item) => item.id === listing.id),
  });

  const applyOptimistically = async (saved: boolean) => {
    await queryClient.cancelQueries(trpc.saved.pathFilter());
    const previous = {
      list: queryClient.getQueryData(savedListKey),
      state: queryClient.getQueryData(isSavedKey),
    };
    queryClient.setQueryData(savedListKey, (list) => {
      if (!list) return list;
      const others = list.filter((item) => item.id !== listing.id);
      // Newest save first, as the server orders them.
      return saved ? [listing, ...others] : others;
    });
    queryClient.setQueryData(isSavedKey, { isSaved: saved });
    return previous;
  };

  const refresh = () => queryClient.invalidateQueries(trpc.saved.pathFilter());

  // Saving and unsaving differ only in the direction and the toasts' titles.
  const toggleOptions = (saved: boolean, titles: { done: string; failed: string }) => ({
    onMutate: () => applyOptimistically(saved),
    onSuccess: () => {
      toast({ variant: 'success', title: titles.done });
    },
    onError: (
      error: unknown,
      _input: unknown,
      previous: Awaited<ReturnType<typeof applyOptimistically>> | undefined,
    ) => {
      // Put back what the screen showed before the refused change.
      if (previous) {
        queryClient.setQueryData(savedListKey, previous.list);
        queryClient.setQueryData(isSavedKey, previous.state);
      }
      toast({ variant: 'destructive', title: titles.failed, description: serverMessage(error) });
    },
    onSettled: refresh,
  });

  const save = useMutation(
    trpc.saved.save.mutationOptions(
      toggleOptions(true, {
        done: LISTING_TEXTS.savedTitle,
        failed: LISTING_TEXTS.saveFailedTitle,
      }),
    ),
  );
  const unsave = useMutation(
    trpc.saved.unsave.mutationOptions(
      toggleOptions(false, {
        done: LISTING_TEXTS.removedTitle,
        failed: LISTING_TEXTS.removeFailedTitle,
      }),
    ),
  );

  return {
    /** Undefined until the saved list has loaded. */
    isSaved,
    pending: save.isPending || unsave.isPending,
    toggle: () => {
      if (isSaved) unsave.mutate({ listingId: listing.id });
      else save.mutate({ listingId: listing.id });
    },
    remove: () => unsave.mutate({ listingId: listing.id }),
  };
}
