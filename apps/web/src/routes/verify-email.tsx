import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Spinner, buttonVariants } from '@yardsale/ui';
import { VERIFY_TEXT } from '@yardsale/validators';
import { CircleCheckIcon, CircleXIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { AuthCard } from '../components/auth/auth-card';
import { serverMessage } from '../lib/errors';
import { text } from '../lib/search-params';
import { useSessionUser } from '../lib/session';
import { useTRPC } from '../lib/trpc';

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search): { token?: string } => ({ token: text(search.token) }),
  head: () => ({ meta: [{ title: 'Verify your e-mail · YardSale' }] }),
  component: VerifyEmailPage,
});

/** Opened from the mail: confirms the address at once, signed in or not (the token is the proof). */
function VerifyEmailPage() {
  const { token } = Route.useSearch();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const signedIn = Boolean(useSessionUser());
  const verify = useMutation(
    trpc.auth.verifyEmail.mutationOptions({
      // The session's user now reads verified (or has the new address): asked again, the banner
      // goes. The session is cached as never stale, so it is fetched, not just invalidated.
      onSuccess: () =>
        queryClient.query({ ...trpc.auth.me.queryOptions(), staleTime: 0 }).catch(() => undefined),
    }),
  );
  // Once per page, even when React runs effects twice in development: the link is single use.
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const onward = signedIn
    ? ({ to: '/home', label: 'Go to YardSale' } as const)
    : ({ to: '/auth', label: 'Sign in' } as const);

  if (!token || verify.isError) {
    return (
      <AuthCard title={VERIFY_TEXT.failedTitle}>
        <div role="alert" className="flex gap-3 text-sm">
          <CircleXIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
          <p className="text-muted-foreground">
            {token
              ? (serverMessage(verify.error) ?? VERIFY_TEXT.invalidLink)
              : VERIFY_TEXT.missingToken}
          </p>
        </div>
        <Link to={onward.to} className={buttonVariants({ className: 'mt-6 w-full' })}>
          {onward.label}
        </Link>
      </AuthCard>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthCard title={VERIFY_TEXT.doneTitle}>
        <div role="status" className="flex gap-3 text-sm">
          <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pine-700" />
          <p className="text-muted-foreground">{VERIFY_TEXT.doneDescription(verify.data.email)}</p>
        </div>
        <Link to={onward.to} className={buttonVariants({ className: 'mt-6 w-full' })}>
          {onward.label}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={VERIFY_TEXT.checkingTitle}>
      <div role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
        <Spinner />
        <span>One moment…</span>
      </div>
    </AuthCard>
  );
}
