import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, ToastAction, toast } from '@yardsale/ui';
import type { Category, ListingType, SavedSearchInput } from '@yardsale/validators';
import { BellPlusIcon, CheckIcon } from 'lucide-react';
import { Suspense, useState } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';
import { serverMessage } from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useViewerLocation } from '../../lib/viewer-location';
import { SAVE_SEARCH_TEXTS as T } from './save-search-texts';

// Offered after a search is saved with push on, to someone who has not yet allowed pushes.
const PushPrompt = lazyPiece(() =>
  import('../push-prompt').then((module) => ({ default: module.PushPrompt })),
);

/**
 * "Save this search", under the browse screen's search: keeps what it is showing, to hear of new
 * matches, and says how it went: a toast leading to the saved searches, or the server's reason
 * for refusing (the limit, say). The browse screen loads it once there is a search to save.
 */
export default function SaveSearch({
  search: words,
  category,
  listingType,
}: {
  search: string | undefined;
  category: Category | undefined;
  /** The tab the browse screen is on. */
  listingType: ListingType;
}) {
  const { location } = useViewerLocation();
  // Until the address is confirmed the server sends no push or e-mail: the bell only.
  const { emailVerified } = useCurrentUser();
  // The browse screen's filters as the server takes them: its words, category, tab and place.
  const search: SavedSearchInput = {
    search: words ?? '',
    category,
    listingType,
    ...(location
      ? {
          near: { latitude: location.latitude, longitude: location.longitude },
          radiusMiles: location.radiusMiles,
        }
      : {}),
    ...(emailVerified ? {} : { push: false, email: 'off' as const }),
  };
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [askForPush, setAskForPush] = useState(false);
  // The search as last saved: the same one again would only be a copy.
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const isSaved = savedAs === JSON.stringify(search);
  const save = useMutation(
    trpc.savedSearches.create.mutationOptions({
      onSuccess: async (saved, input) => {
        setSavedAs(JSON.stringify(input));
        toast({
          variant: 'success',
          title: T.savedTitle,
          description: T.savedDescription(saved.name),
          action: (
            <ToastAction altText={T.viewLabel} asChild>
              <Link to="/saved-searches">{T.view}</Link>
            </ToastAction>
          ),
        });
        setAskForPush(saved.push);
        await queryClient.invalidateQueries(trpc.savedSearches.pathFilter());
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: T.failedTitle,
          description: serverMessage(error) ?? T.failedDescription,
        }),
    }),
  );

  return (
    <div className="mt-4 flex flex-col gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-sm text-muted-foreground">
          {isSaved ? T.savedHint : emailVerified ? T.hint : T.unverifiedHint}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          loading={save.isPending}
          // Stays focusable once saved, so a keyboard user is not dropped to the page's start.
          aria-disabled={isSaved || undefined}
          onClick={() => {
            if (!isSaved) save.mutate(search);
          }}
        >
          {save.isPending ? null : isSaved ? (
            <CheckIcon aria-hidden="true" />
          ) : (
            <BellPlusIcon aria-hidden="true" />
          )}
          {save.isPending ? T.saving : isSaved ? T.saved : T.button}
        </Button>
      </div>
      {askForPush ? (
        <Suspense fallback={null}>
          <PushPrompt reason="saved-search" onDone={() => setAskForPush(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
