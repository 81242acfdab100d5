import { cn } from '@yardsale/ui';
import { ListIcon, MapIcon } from 'lucide-react';

export type SalesView = 'list' | 'map';

/** List or map of the same sales; the list is the map's accessible equivalent. */
export function ViewToggle({
  view,
  onChange,
  className,
}: {
  view: SalesView;
  onChange: (view: SalesView) => void;
  className?: string;
}) {
  const options = [
    { value: 'list', label: 'List', icon: ListIcon },
    { value: 'map', label: 'Map', icon: MapIcon },
  ] as const;
  return (
    <div
      role="group"
      aria-label="Show sales as"
      className={cn('inline-flex rounded-full border bg-card p-1 shadow-sm', className)}
    >
      {options.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold transition-colors',
            'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:outline-none',
            view === value
              ? 'bg-primary text-primary-foreground shadow-sm'
              : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}
