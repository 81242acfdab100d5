import { Button, cn } from '@yardsale/ui';
import { NOTIFICATION_TEXT } from '@yardsale/validators';
import { MailWarningIcon } from 'lucide-react';

import { useResendVerification } from '../../lib/use-resend-verification';

const V = NOTIFICATION_TEXT.verify;

/**
 * Why push and e-mail controls are off until the address is confirmed (the server refuses them),
 * with a way to get a new link. `id` lets the disabled controls point at it.
 */
export function VerifyForAlerts({ id, className }: { id: string; className?: string }) {
  const resend = useResendVerification();
  return (
    <div
      id={id}
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:gap-4 sm:p-4',
        className,
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <MailWarningIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
        <div className="min-w-0">
          <p className="font-semibold">{V.title}</p>
          <p>{V.explain}</p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start sm:self-auto"
        loading={resend.pending}
        onClick={() => void resend.send()}
      >
        {V.resend}
      </Button>
    </div>
  );
}
