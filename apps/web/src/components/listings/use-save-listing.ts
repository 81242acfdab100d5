import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@yardsale/ui';
import type { ListingSummary } from '@yardsale/validators';

import { serverMessage } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { LISTING_TEXTS } from './listing-texts';

/** Saving and unsaving differ only in the direction and the toasts' titles. */
const TITLES = {
  save: { done: LISTING_TEXTS.savedTitle, failed: LISTING_TEXTS.saveFailedTitle },
  unsave: { done: LISTING_TEXTS.removedTitle, failed: LISTING_TEXTS.removeFailedTitle },
} as const;

type Direction = keyof typeof TITLES;

/**
 * Whether the signed-in user has saved this listing, and a toggle for it. The saved list is one
 * query shared by every card on the screen; a change shows at once (docs/product/rules.md#states)
 * and is then refreshed from the server, or put back with a toast when the server refuses.
 *
 * Every card on a screen holds one of these, so it does little until pressed: one observer of the
 * shared list and one mutation whose direction comes with each press.
 */
export function useSaveListing(listing: ListingSummary) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();

  const { data: isSaved } = useQuery({
    ...trpc.saved.list.queryOptions(),
    select: (saved) => saved.some((item) => item.id === listing.id),
  });

  const applyOptimistically = async (saved: boolean) => {
    const savedListKey = trpc.saved.list.queryKey();
    const isSavedKey = trpc.saved.isSaved.queryKey({ listingId: listing.id });
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

  const change = useMutation({
    mutationFn: (direction: Direction) =>
      direction === 'save'
        ? client.saved.save.mutate({ listingId: listing.id })
        : client.saved.unsave.mutate({ listingId: listing.id }),
    onMutate: (direction) => applyOptimistically(direction === 'save'),
    onSuccess: (_result, direction) => {
      toast({ variant: 'success', title: TITLES[direction].done });
    },
    onError: (error, direction, previous) => {
      // Put back what the screen showed before the refused change.
      if (previous) {
        queryClient.setQueryData(trpc.saved.list.queryKey(), previous.list);
        queryClient.setQueryData(
          trpc.saved.isSaved.queryKey({ listingId: listing.id }),
          previous.state,
        );
      }
      toast({
        variant: 'destructive',
        title: TITLES[direction].failed,
        description: serverMessage(error),
      });
    },
    onSettled: () => queryClient.invalidateQueries(trpc.saved.pathFilter()),
  });

  return {
    /** Undefined until the saved list has loaded. */
    isSaved,
    pending: change.isPending,
    toggle: () => change.mutate(isSaved ? 'unsave' : 'save'),
    remove: () => change.mutate('unsave'),
  };
}
