import { cn } from '@yardsale/ui';
import { TagIcon, WarehouseIcon } from 'lucide-react';
import { useRef } from 'react';
import type { KeyboardEvent } from 'react';

import { formatCount } from '../listings/listing-texts';
import { HOME_SECTIONS } from './home-search';
import type { HomeSection } from './home-search';

const TABS: Readonly<Record<HomeSection, { label: string; icon: typeof TagIcon }>> = {
  items: { label: 'Single Items', icon: TagIcon },
  sales: { label: 'Garage Sales', icon: WarehouseIcon },
};

export const sectionTabId = (section: HomeSection) => `home-tab-${section}`;
export const sectionPanelId = 'home-listings-panel';

/**
 * The Single Items / Garage Sales switch, keyboard-operable as a tab list (arrow keys move), each
 * tab with how many listings the current search finds in it once the server has said.
 */
export function SectionTabs({
  section,
  counts,
  onChange,
}: {
  section: HomeSection;
  counts?: Readonly<Record<HomeSection, number>>;
  onChange: (section: HomeSection) => void;
}) {
  const tabRefs = useRef<Partial<Record<HomeSection, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = section === 'items' ? 'sales' : 'items';
    onChange(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Listing type"
      onKeyDown={onKeyDown}
      className="grid min-w-0 flex-1 grid-cols-2 gap-1 rounded-2xl border bg-secondary p-1 sm:inline-grid sm:w-auto sm:flex-none"
    >
      {HOME_SECTIONS.map((key) => {
        const tab = TABS[key];
        const selected = key === section;
        return (
          <button
            key={key}
            ref={(node) => {
              tabRefs.current[key] = node;
            }}
            type="button"
            role="tab"
            id={sectionTabId(key)}
            aria-selected={selected}
            aria-controls={sectionPanelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(key)}
            className={cn(
              'flex h-9 cursor-pointer items-center justify-center gap-1.5 rounded-xl px-2 text-sm font-semibold whitespace-nowrap transition-colors sm:h-11 sm:gap-2 sm:px-5',
              'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              selected
                ? 'bg-card text-foreground shadow-card'
                : 'text-muted-foreground hover:bg-card/60 hover:text-foreground',
            )}
          >
            <tab.icon
              aria-hidden="true"
              className={cn('hidden size-4 sm:block', selected ? 'text-primary' : undefined)}
            />
            {tab.label}
            {counts ? (
              <span
                className={cn(
                  'min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs font-bold tabular-nums',
                  selected ? 'bg-brand-50 text-brand-800' : 'bg-card text-foreground',
                )}
              >
                {formatCount(counts[key])}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
