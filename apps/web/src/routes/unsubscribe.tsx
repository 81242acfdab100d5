import { useMutation } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Button, buttonVariants } from '@yardsale/ui';
import { NOTIFICATION_KINDS, NOTIFICATION_TEXT } from '@yardsale/validators';
import { CircleCheckIcon, CircleXIcon, MailXIcon } from 'lucide-react';

import { AuthCard } from '../components/auth/auth-card';
import { serverMessage } from '../lib/errors';
import { text } from '../lib/search-params';
import { useSessionUser } from '../lib/session';
import { useTRPC } from '../lib/trpc';

const M = NOTIFICATION_TEXT;
const P = NOTIFICATION_TEXT.unsubscribePage;

export const Route = createFileRoute('/unsubscribe')({
  // Read as plain text here (route definitions load with every first page); the kind is checked
  // against the list of kinds by the page itself.
  validateSearch: (search): { token?: string; kind?: string } => ({
    token: text(search.token),
    kind: text(search.kind),
  }),
  head: () => ({ meta: [{ title: 'Unsubscribe · YardSale' }] }),
  component: UnsubscribePage,
});

/**
 * Opened from a mail's footer, signed in or not (the token is the proof). Opening it changes
 * nothing, since mail scanners open links too: only the button does.
 */
function UnsubscribePage() {
  const search = Route.useSearch();
  const trpc = useTRPC();
  const signedIn = Boolean(useSessionUser());
  const unsubscribe = useMutation(trpc.notifications.unsubscribeEmail.mutationOptions());
  const kind = NOTIFICATION_KINDS.find((known) => known === search.kind);
  const token = search.token;

  if (!token || !kind || unsubscribe.isError) {
    return (
      <AuthCard title={P.failedTitle}>
        <div role="alert" className="flex gap-3 text-sm">
          <CircleXIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
          <p className="text-muted-foreground">
            {unsubscribe.isError
              ? (serverMessage(unsubscribe.error) ?? P.failed)
              : M.unsubscribeInvalid}
          </p>
        </div>
        <OnwardLinks signedIn={signedIn} />
      </AuthCard>
    );
  }

  const label = M.kinds[kind].label;
  if (unsubscribe.isSuccess) {
    return (
      <AuthCard title={P.doneTitle}>
        <div role="status" className="flex gap-3 text-sm">
          <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pine-700" />
          <p className="text-muted-foreground">{M.unsubscribeDone(label)}</p>
        </div>
        <OnwardLinks signedIn={signedIn} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={P.title}>
      <div className="flex gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
        >
          <MailXIcon className="size-5" />
        </span>
        <div className="flex flex-col gap-1.5">
          <p className="font-semibold">{P.question(label)}</p>
          <p className="text-sm text-muted-foreground">{M.kinds[kind].hint}</p>
        </div>
      </div>
      <p className="mt-4 text-sm text-muted-foreground">{P.explain}</p>
      <Button
        className="mt-6 w-full"
        loading={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate({ token, kind })}
      >
        {unsubscribe.isPending ? P.working : P.confirm}
      </Button>
      <Link
        to={signedIn ? '/home' : '/'}
        className={buttonVariants({ variant: 'ghost', className: 'mt-2 w-full' })}
      >
        {P.home}
      </Link>
    </AuthCard>
  );
}

function OnwardLinks({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="mt-6 flex flex-col gap-2">
      {signedIn ? (
        <Link to="/settings" className={buttonVariants({ className: 'w-full' })}>
          {P.settings}
        </Link>
      ) : null}
      <Link
        to={signedIn ? '/home' : '/'}
        className={buttonVariants({
          variant: signedIn ? 'outline' : 'default',
          className: 'w-full',
        })}
      >
        {P.home}
      </Link>
    </div>
  );
}
