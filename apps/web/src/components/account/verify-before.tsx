import { Button, cn } from '@yardsale/ui';
import { VERIFY_TEXT } from '@yardsale/validators';
import { MailWarningIcon } from 'lucide-react';

import { useCurrentUser } from '../../lib/session';
import { useResendVerification } from '../../lib/use-resend-verification';

/**
 * Says before the work starts that it waits for a confirmed address (the server refuses publishing
 * and messaging until then), with a way to get a new link. `id` lets a waiting control point at it.
 */
export function VerifyBefore({
  action,
  id,
  className,
}: {
  action: keyof typeof VERIFY_TEXT.before;
  id?: string;
  className?: string;
}) {
  const user = useCurrentUser();
  const resend = useResendVerification();
  const text = VERIFY_TEXT.before[action];
  return (
    <section
      id={id}
      aria-label={text.title}
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:p-4',
        className,
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <MailWarningIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
        <div className="min-w-0">
          <p className="font-semibold">{text.title}</p>
          <p className="[overflow-wrap:anywhere]">{text.description(user.email)}</p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        loading={resend.pending}
        onClick={() => void resend.send()}
      >
        {VERIFY_TEXT.resend}
      </Button>
    </section>
  );
}
