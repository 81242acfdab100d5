import { Link } from '@tanstack/react-router';
import type { LinkProps } from '@tanstack/react-router';
import { cn } from '@yardsale/ui';
import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The centred column every app screen sits in. */
export function PageContainer({
  className,
  width = 'default',
  tight = false,
  children,
}: {
  className?: string;
  width?: 'narrow' | 'default' | 'wide';
  /** Less room above and below, for a screen whose content should reach the first screen. */
  tight?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 sm:px-6',
        tight ? 'pt-2 pb-6 sm:pt-6 sm:pb-10' : 'py-6 sm:py-10',
        width === 'narrow' && 'max-w-3xl',
        width === 'default' && 'max-w-5xl',
        width === 'wide' && 'max-w-7xl',
        className,
      )}
    >
      {children}
    </div>
  );
}

interface BackLinkProps {
  to: LinkProps['to'];
  label: string;
}

export function BackLink({ to, label }: BackLinkProps) {
  return (
    <Link
      to={to}
      className="-ml-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

/** The screen's one h1, with an optional line under it, a back link above and actions beside. */
export function PageHeader({
  title,
  description,
  back,
  actions,
  icon,
}: {
  title: string;
  description?: ReactNode;
  back?: BackLinkProps;
  actions?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-col gap-3 sm:mb-8">
      {back ? (
        <div>
          <BackLink {...back} />
        </div>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-start gap-3">
          {icon ? (
            <span className="mt-0.5 flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 [&_svg]:size-5">
              {icon}
            </span>
          ) : null}
          <div className="flex flex-col gap-1">
            <h1 className="font-display text-2xl font-bold tracking-tight text-balance sm:text-3xl">
              {title}
            </h1>
            {description ? (
              <p className="max-w-2xl text-base text-pretty text-muted-foreground">{description}</p>
            ) : null}
          </div>
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
