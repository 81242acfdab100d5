import { cn } from '@yardsale/ui';

import { useUnreadTotal } from '../messages/conversation-live';

/** How many unread things, in the app's one unread colour; nothing when there are none. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count === 0) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-blue-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** The number of unread messages beside the Messages link; nothing when all are read. */
export function UnreadBadge({ className }: { className?: string }) {
  return <CountBadge count={useUnreadTotal()} className={className} />;
}
