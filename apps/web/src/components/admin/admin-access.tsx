import { Link } from '@tanstack/react-router';
import { Button } from '@yardsale/ui';
import { UI_TEXT } from '@yardsale/validators';
import { LockIcon, ShieldAlertIcon } from 'lucide-react';

/** What the dashboard's address shows to anyone who may not use it. */
export function AdminAccessNotice({ reason }: { reason: 'signed-out' | 'not-admin' }) {
  const signedOut = reason === 'signed-out';
  const Icon = signedOut ? LockIcon : ShieldAlertIcon;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="font-display text-3xl font-bold tracking-tight">
        {signedOut ? 'Admin Dashboard' : 'Access denied'}
      </h1>
      <p className="mt-3 text-pretty text-muted-foreground">
        {signedOut ? UI_TEXT.admin.signedOut : UI_TEXT.admin.notAdmin}
      </p>
      <Button asChild size="lg" className="mt-8">
        {signedOut ? (
          <Link to="/auth" search={{ redirect: '/admin' }}>
            Log In
          </Link>
        ) : (
          <Link to="/home">Back to home</Link>
        )}
      </Button>
    </section>
  );
}
