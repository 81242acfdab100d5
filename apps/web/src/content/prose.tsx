import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@yardsale/ui';
import { LEGAL_LAST_UPDATED, SUPPORT_EMAIL } from '@yardsale/validators';

import { clockText } from '../lib/format';

// The building blocks of the information pages (About, How It Works, Help, Terms, Privacy).

/** "18:00" -> "6:00 PM" */
export function formatClock(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return clockText(hours, minutes);
}

export const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

export function SupportLink() {
  return (
    <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
      {SUPPORT_EMAIL}
    </a>
  );
}

interface ContentsEntry {
  id: string;
  title: string;
  icon?: LucideIcon;
}

/**
 * Looks sections up by id in the page's contents list, so a heading and its contents link can't
 * drift apart. Legal documents number their sections by their place in that list.
 */
export function sectionsOf<S extends readonly ContentsEntry[]>(
  sections: S,
  { numbered = false } = {},
) {
  return (id: S[number]['id']) => {
    const index = sections.findIndex((s) => s.id === id);
    const entry = sections[index];
    return { id, title: entry?.title, icon: entry?.icon, number: numbered ? index + 1 : undefined };
  };
}

/**
 * A page section with its heading. Numbered sections are the legal documents' clauses: a smaller
 * heading, and the body set as muted prose.
 */
export function ProseSection({
  id,
  title,
  number,
  icon: Icon,
  intro,
  children,
}: {
  id: string;
  title: ReactNode;
  number?: number;
  icon?: LucideIcon;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const numbered = number !== undefined;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn('scroll-mt-24', numbered ? 'space-y-3' : 'space-y-4')}
    >
      <h2
        id={`${id}-heading`}
        className={cn(
          Icon && 'flex items-center gap-2',
          numbered ? 'text-xl' : 'text-2xl',
          'font-semibold tracking-tight text-foreground',
        )}
      >
        {Icon ? <Icon className="size-6 shrink-0 text-primary" aria-hidden="true" /> : null}
        {numbered ? `${number}. ` : null}
        {title}
      </h2>
      {intro ? <p className="leading-7 text-muted-foreground">{intro}</p> : null}
      {numbered ? (
        <div className="space-y-3 leading-7 text-muted-foreground">{children}</div>
      ) : (
        children
      )}
    </section>
  );
}

/** Frame of a legal document: date, introduction and a numbered table of contents. */
export function LegalDocument({
  intro,
  sections,
  children,
}: {
  intro: ReactNode;
  sections: readonly ContentsEntry[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-10 text-foreground">
      <header className="space-y-3">
        <p className="text-sm text-muted-foreground">Last updated {LEGAL_LAST_UPDATED}</p>
        <p className="leading-7 text-muted-foreground">{intro}</p>
      </header>

      <nav aria-label="Contents" className="rounded-xl border border-border bg-muted/40 p-5">
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          Contents
        </h2>
        <ol className="grid list-decimal gap-1.5 pl-5 sm:grid-cols-2 marker:text-muted-foreground">
          {sections.map(({ id, title }) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="text-foreground underline-offset-4 hover:text-primary hover:underline"
              >
                {title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {children}
    </div>
  );
}

/**
 * A bordered card with a heading. `compact` keeps the title at body size, matching the legal
 * documents' smaller headings.
 */
export function Card({
  title,
  icon: Icon,
  compact = false,
  as: Tag = 'div',
  children,
}: {
  title: string;
  icon?: LucideIcon;
  compact?: boolean;
  as?: 'div' | 'li';
  children: ReactNode;
}) {
  const heading = (
    <h3 className={cn(!Icon && 'mb-2', !compact && 'text-lg', 'font-semibold text-foreground')}>
      {title}
    </h3>
  );
  return (
    <Tag className="rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
      {Icon ? (
        <div className="mb-2 flex items-center gap-2">
          <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {heading}
        </div>
      ) : (
        heading
      )}
      <div className="space-y-2 leading-7 text-muted-foreground">{children}</div>
    </Tag>
  );
}

export function Bullets({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <ul className={cn('list-disc space-y-1.5 pl-5 marker:text-primary', className)}>{children}</ul>
  );
}

export function Strong({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-foreground">{children}</strong>;
}
