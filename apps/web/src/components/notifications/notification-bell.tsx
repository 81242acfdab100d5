import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { Button } from '@yardsale/ui';
import { Suspense, useEffect, useRef, useState } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';
import { loadOnIntent } from '../../lib/load-on-intent';
import { useTRPC } from '../../lib/trpc';
import { CountBadge } from '../layout/unread-badge';

// The list (and the dialog code under it) loads when the bell is first wanted, not with the page.
const loadPanel = () => import('./notification-panel');
const NotificationPanel = lazyPiece(loadPanel);

const RETRY_AFTER_ERROR_MS = 5000;

/**
 * The header's bell. Its count is live: the server sends it when the subscription starts and
 * whenever it changes (a new entry, or entries read on another device). A tap opens the list.
 */
export function NotificationBell({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const { data, status, reset } = useSubscription(trpc.notifications.live.subscriptionOptions());
  useEffect(() => {
    if (status !== 'error') return;
    // A failed subscription does not retry by itself.
    const timer = setTimeout(reset, RETRY_AFTER_ERROR_MS);
    return () => clearTimeout(timer);
  }, [status, reset]);
  const unread = data?.unread ?? 0;
  useOwnReviewsFollowTheBell(userId, data?.unread);
  // Undefined until first opened: the list's code is not needed before.
  const [open, setOpen] = useState<boolean>();
  const bellButton = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={bellButton}
        variant="quiet"
        size="icon"
        className="relative"
        // The count a sighted person reads off the badge.
        aria-label={`Notifications, ${unread ? String(unread) : 'none'} unread`}
        aria-haspopup="dialog"
        aria-expanded={open === true}
        {...loadOnIntent(loadPanel)}
        onClick={() => setOpen(true)}
      >
        <BellGlyph />
        <CountBadge count={unread} className="absolute -top-1 -right-1 ring-2 ring-background" />
      </Button>
      {open === undefined ? null : (
        <Suspense fallback={null}>
          <NotificationPanel
            open={open}
            onOpenChange={setOpen}
            unread={unread}
            bellButton={bellButton}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * Lucide's bell, drawn here: the button is on every signed-in screen, and the icon module shared
 * with other screens would be one more file for each first visit.
 */
function BellGlyph() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5"
    >
      <path d="M10.268 21a2 2 0 0 0 3.464 0" />
      <path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326" />
    </svg>
  );
}

/**
 * A new entry in the bell may be a review of me: my rating and reviews on screen (My Profile, my
 * public page) are asked for again, so they move with the bell. Only queries on screen refetch.
 */
function useOwnReviewsFollowTheBell(userId: number, unread: number | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const last = useRef(unread);
  useEffect(() => {
    const before = last.current;
    last.current = unread;
    if (unread === undefined || before === undefined || unread <= before) return;
    void queryClient.invalidateQueries(trpc.reviews.rating.queryFilter({ userId }));
    void queryClient.invalidateQueries(trpc.reviews.ofUser.queryFilter({ userId }));
  }, [unread, userId, queryClient, trpc]);
}
