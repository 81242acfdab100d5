import { Link } from '@tanstack/react-router';
import type { LinkProps } from '@tanstack/react-router';
import { Button, cn } from '@yardsale/ui';
import type { LucideIcon } from 'lucide-react';

interface HeroAction {
  label: string;
  icon: LucideIcon;
}

type HeroPrimaryAction = HeroAction & ({ to: LinkProps['to'] } | { onClick: () => void });

interface HeroLink extends HeroAction {
  to: LinkProps['to'];
}

/** The welcome on Browse is in the brand colours; the live-sales banner is pine, with a pulse. */
const VARIANTS = {
  welcome: {
    section: 'from-brand-600 via-brand-600 to-brand-700 text-primary-foreground',
    glows: [
      '-top-16 -right-10 size-64 bg-brand-400/40 blur-2xl',
      '-bottom-28 left-1/2 size-80 bg-amber-400/25 blur-3xl',
    ],
    heading: 'mt-1.5 text-balance sm:mt-2',
    description: 'text-brand-50/90',
    primary: 'bg-card text-brand-700 shadow-sm hover:bg-brand-50',
    link: 'text-primary-foreground',
  },
  live: {
    section: 'from-pine-800 via-pine-700 to-pine-600 text-white',
    glows: [
      '-top-20 -right-16 size-72 bg-pine-400/30 blur-3xl',
      '-bottom-24 left-1/3 size-72 bg-amber-300/20 blur-3xl',
    ],
    heading: 'mt-3',
    description: 'text-pine-50/90',
    primary: 'bg-white px-4! text-pine-800 shadow-sm hover:bg-pine-50',
    link: 'text-white',
  },
} as const;

/** The banner that opens a signed-in screen: greeting, h1, a line of text and its actions. */
export function HeroBanner({
  variant,
  headingId,
  eyebrow,
  title,
  description,
  primary,
  links,
  compact = false,
}: {
  variant: keyof typeof VARIANTS;
  headingId: string;
  eyebrow: string;
  title: string;
  description: string;
  primary: HeroPrimaryAction;
  links: readonly HeroLink[];
  /**
   * A slimmer banner for a screen whose content should reach the first screen: no description,
   * the text beside the actions on wide screens, and on phones the links as icons (their names
   * stay for screen readers).
   */
  compact?: boolean;
}) {
  const styles = VARIANTS[variant];
  // On phones the buttons share a row when their labels fit and widen to fill it; a label that
  // would not fit with its padding moves its button to a row of its own.
  const primaryClass = cn(
    'grow sm:grow-0',
    compact && 'h-9! px-3! sm:h-10! sm:px-4!',
    styles.primary,
  );
  const primaryContent = (
    <>
      <primary.icon aria-hidden="true" />
      {primary.label}
    </>
  );

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'relative overflow-hidden rounded-3xl bg-gradient-to-br shadow-float',
        compact ? 'px-4 py-3 sm:px-8 sm:py-5' : 'px-5 py-7 sm:px-10 sm:py-12',
        styles.section,
      )}
    >
      {styles.glows.map((glow) => (
        <div
          key={glow}
          aria-hidden="true"
          className={cn('pointer-events-none absolute rounded-full', glow)}
        />
      ))}
      <div
        className={cn(
          'relative',
          compact
            ? 'flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between lg:gap-8'
            : 'max-w-2xl',
        )}
      >
        <div className="min-w-0">
          {variant === 'live' ? (
            <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
              <span aria-hidden="true" className="relative flex size-2">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-amber-300 opacity-75 motion-reduce:animate-none" />
                <span className="relative inline-flex size-2 rounded-full bg-amber-300" />
              </span>
              {eyebrow}
            </p>
          ) : (
            <p
              className={cn(
                'font-semibold tracking-wide wrap-anywhere text-brand-100 uppercase',
                compact ? 'text-xs sm:text-sm' : 'text-sm',
              )}
            >
              {eyebrow}
            </p>
          )}
          <h1
            id={headingId}
            className={cn(
              'font-display font-bold tracking-tight',
              compact
                ? 'mt-0.5 text-xl leading-7 sm:text-3xl sm:leading-tight'
                : cn('text-[1.75rem] leading-tight sm:text-4xl', styles.heading),
            )}
          >
            {title}
          </h1>
          {compact ? null : (
            <p className={cn('mt-2 text-sm text-pretty sm:mt-3 sm:text-lg', styles.description)}>
              {description}
            </p>
          )}
        </div>
        <div className={cn('flex gap-2', compact ? 'shrink-0' : 'mt-5 flex-wrap sm:mt-6 sm:gap-3')}>
          {'to' in primary ? (
            <Button asChild size="lg" variant="plain" className={primaryClass}>
              <Link to={primary.to}>{primaryContent}</Link>
            </Button>
          ) : (
            <Button
              type="button"
              size="lg"
              variant="plain"
              onClick={primary.onClick}
              className={primaryClass}
            >
              {primaryContent}
            </Button>
          )}
          {links.map((link) => (
            <Button
              key={link.label}
              asChild
              size="lg"
              variant="plain"
              className={cn(
                'border border-white/40 bg-white/10 shadow-xs hover:border-white/70 hover:bg-white/20 sm:px-4!',
                compact ? 'h-9! w-10 px-0! sm:h-10! sm:w-auto' : 'grow px-3.5! sm:grow-0',
                styles.link,
              )}
            >
              <Link to={link.to}>
                <link.icon aria-hidden="true" />
                {compact ? (
                  <span className="sr-only sm:not-sr-only">{link.label}</span>
                ) : (
                  link.label
                )}
              </Link>
            </Button>
          ))}
        </div>
      </div>
    </section>
  );
}
