import { Link, createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { PageSpinner, cn, dismissToast } from '@yardsale/ui';
import { HandCoinsIcon, LockIcon, MapPinIcon, MessageCircleIcon } from 'lucide-react';

import { RegisterForm } from '../components/auth/register-form';
import { SignInForm } from '../components/auth/sign-in-form';
import { LogoIcon } from '../components/brand/word-mark';
import { loadSessionUser, safeReturnPath } from '../lib/session';
import type { SessionUser } from '../lib/session';
import { oneOf, text } from '../lib/search-params';
import { useReplaceSession } from '../lib/session-actions';
import { useTRPCClient } from '../lib/trpc';

const AUTH_MODES = ['sign-in', 'register'] as const;

interface AuthSearch {
  mode?: (typeof AUTH_MODES)[number];
  /** Where to go after signing in: the protected page the visitor asked for. */
  redirect?: string;
}

export const Route = createFileRoute('/auth')({
  validateSearch: (search): AuthSearch => ({
    mode: oneOf(AUTH_MODES, search.mode),
    redirect: text(search.redirect),
  }),
  beforeLoad: async ({ context }) => {
    const api = await context.app.loadApiContext();
    const user = await loadSessionUser(api).catch(() => null);
    if (user) throw redirect({ to: '/home' });
    return api;
  },
  head: () => ({ meta: [{ title: 'Sign in · YardSale' }] }),
  pendingComponent: PageSpinner,
  component: AuthPage,
});

const PERKS = [
  { icon: MapPinIcon, text: 'Garage sales and single items from your own neighbourhood' },
  { icon: MessageCircleIcon, text: 'Message sellers directly, right in the app' },
  { icon: HandCoinsIcon, text: 'Free to use: no listing fees, no commission' },
] as const;

function AuthPage() {
  const { mode = 'sign-in', redirect: returnTo } = Route.useSearch();
  const registering = mode === 'register';
  const replaceSession = useReplaceSession();
  const navigate = useNavigate();
  const trpcClient = useTRPCClient();

  const onSignedIn = async (user: SessionUser) => {
    // What this page said of an earlier failed try no longer applies once the account is open.
    dismissToast();
    replaceSession(user);
    // This browser's push, if it had any, goes back to whoever turned it on (lib/push.ts).
    void import('../lib/push')
      .then(({ resumePushAfterSignIn }) =>
        resumePushAfterSignIn(user.id, (subscription) =>
          trpcClient.notifications.subscribePush.mutate(subscription),
        ),
      )
      .catch(() => undefined);
    const target = safeReturnPath(returnTo);
    await (target
      ? navigate({ href: target, replace: true })
      : navigate({ to: '/home', replace: true }));
  };

  return (
    <div className="flex flex-1 items-start justify-center bg-gradient-to-b from-brand-50 to-background px-4 py-8 sm:items-center sm:py-14">
      <div className="grid w-full max-w-5xl overflow-hidden rounded-3xl md:grid-cols-[1fr_1.1fr] md:border md:bg-card md:shadow-float">
        <aside className="relative hidden flex-col justify-between overflow-hidden bg-pine-800 p-10 text-white md:flex">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -right-20 -bottom-20 size-72 rounded-full bg-pine-600/50 blur-2xl"
          />
          <div className="relative">
            <LogoIcon className="size-12" />
            <p className="mt-8 font-display text-3xl font-bold tracking-tight text-balance">
              Your neighbourhood’s garage sales, all in one place.
            </p>
          </div>
          <ul className="relative mt-10 flex flex-col gap-4">
            {PERKS.map((perk) => (
              <li key={perk.text} className="flex items-start gap-3 text-pine-50">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10">
                  <perk.icon aria-hidden="true" className="size-5" />
                </span>
                <span className="pt-1.5 text-sm leading-snug">{perk.text}</span>
              </li>
            ))}
          </ul>
        </aside>

        <div className="flex flex-col rounded-3xl border bg-card p-6 text-card-foreground shadow-float sm:p-8 md:rounded-none md:border-0 md:shadow-none">
          <h1 className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
            {registering ? 'Create your account' : 'Welcome back'}
          </h1>
          <p className="mt-1.5 text-muted-foreground">
            {registering
              ? 'Join your neighbours buying and selling nearby. It’s free.'
              : 'Sign in to browse sales, message sellers and manage your listings.'}
          </p>

          <nav aria-label="Sign in or create an account" className="mt-6">
            <ul className="grid grid-cols-2 gap-1 rounded-xl bg-muted p-1">
              {(
                [
                  { value: 'sign-in', label: 'Sign In' },
                  { value: 'register', label: 'Create Account' },
                ] as const
              ).map((tab) => (
                <li key={tab.value} className="flex">
                  <Link
                    to="/auth"
                    search={{ mode: tab.value, redirect: returnTo }}
                    replace
                    aria-current={mode === tab.value ? 'page' : undefined}
                    activeOptions={{ exact: true, includeSearch: true }}
                    className={cn(
                      'flex h-10 flex-1 items-center justify-center rounded-lg text-sm font-semibold transition-colors',
                      'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                      mode === tab.value
                        ? 'bg-card text-foreground shadow-sm'
                        : 'text-muted-foreground hover:text-foreground',
                    )}
                  >
                    {tab.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          {returnTo ? (
            <p className="mt-5 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
              Please sign in to continue to that page.
            </p>
          ) : null}

          <div className="mt-6">
            {registering ? (
              <RegisterForm onSignedIn={onSignedIn} />
            ) : (
              <SignInForm onSignedIn={onSignedIn} />
            )}
          </div>

          <div className="mt-6 flex items-start gap-3 rounded-xl border bg-secondary/60 p-4 text-sm text-muted-foreground">
            <LockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-pine-700" />
            <p>
              <span className="font-semibold text-foreground">Secure login.</span> Your password is
              stored only as a one-way hash, so nobody can read it, not even us. Your session stays
              private to this browser.
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}
