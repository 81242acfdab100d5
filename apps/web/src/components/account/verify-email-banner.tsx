import { Button } from '@yardsale/ui';
import { VERIFY_TEXT } from '@yardsale/validators';
import { MailWarningIcon } from 'lucide-react';

import { useCurrentUser } from '../../lib/session';
import { useResendVerification } from '../../lib/use-resend-verification';

/**
 * Until the address is confirmed, posting, messaging, reviewing and reporting wait for it (the
 * server refuses them); this says so where a new neighbour lands, with a way to get a new link.
 */
export default function VerifyEmailBanner() {
  const user = useCurrentUser();
  const resend = useResendVerification();

  return (
    <section
      aria-labelledby="verify-email-heading"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100">
        <MailWarningIcon aria-hidden="true" className="size-5 text-amber-800" />
      </span>
      <div className="flex-1">
        <h2 id="verify-email-heading" className="font-display text-base font-semibold">
          {VERIFY_TEXT.bannerTitle}
        </h2>
        <p className="mt-0.5 text-sm [overflow-wrap:anywhere]">
          {VERIFY_TEXT.bannerDescription(user.email)}
        </p>
      </div>
      <Button
        variant="outline"
        className="self-start sm:self-auto"
        loading={resend.pending}
        onClick={() => void resend.send()}
      >
        {VERIFY_TEXT.resend}
      </Button>
    </section>
  );
}
