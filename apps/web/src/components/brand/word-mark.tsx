import { cn } from '@yardsale/ui';

/** The YardSale logo: a little house with a price tag, and the name. */
export function WordMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoIcon className="size-8" />
      <span className="font-display text-xl font-bold tracking-tight text-foreground">
        Yard<span className="text-primary">Sale</span>
      </span>
    </span>
  );
}

export function LogoIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('shrink-0', className)}>
      <rect width="64" height="64" rx="16" className="fill-primary" />
      <path d="M18 30 32 18l14 12v15a3 3 0 0 1-3 3H21a3 3 0 0 1-3-3Z" className="fill-brand-50" />
      <path d="M27 48V37a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v11" className="fill-primary" />
      <circle cx="40.5" cy="24.5" r="3.5" className="fill-pine-700" />
    </svg>
  );
}
