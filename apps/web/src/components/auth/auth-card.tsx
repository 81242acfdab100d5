import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { LogoIcon } from '../brand/word-mark';

/** The small centred card of the pages a mailed link opens, and of "Forgot password?". */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-start justify-center bg-gradient-to-b from-brand-50 to-background px-4 py-8 sm:items-center sm:py-14">
      <div className="w-full max-w-md rounded-3xl border bg-card p-6 text-card-foreground shadow-float sm:p-8">
        <Link
          to="/"
          aria-label="YardSale home"
          className="inline-flex rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <LogoIcon className="size-10" />
        </Link>
        <h1 className="mt-5 font-display text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1.5 text-muted-foreground">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
