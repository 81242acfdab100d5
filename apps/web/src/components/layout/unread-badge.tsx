import { cn } from '@yardsale/ui';

import { useUnreadTotal } from '../messages/conversation-live';

/** The number of unread messages beside the Messages link; nothing when all are read. */
export function UnreadBadge({ className }: { className?: string }) {
  const total = useUnreadTotal();
  if (total === 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-blue-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums',
        className,
      )}
    >
      {total > 99 ? '99+' : total}
      <span className="sr-only"> unread</span>
    </span>
  );
}
