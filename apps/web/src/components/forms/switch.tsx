import { cn } from '@yardsale/ui';
import type * as React from 'react';

/**
 * An on/off switch that takes effect at once (no form to submit): a button with the switch role,
 * so screen readers say "on" or "off". Name it with `aria-label` or `aria-labelledby`.
 */
export function Switch({
  checked,
  onCheckedChange,
  className,
  ...props
}: Omit<React.ComponentProps<'button'>, 'onClick' | 'role' | 'type'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'on' : 'off'}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent',
        // The off track keeps 3:1 contrast against a card, as controls must.
        'bg-stone-500 transition-colors data-[state=on]:bg-primary',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="pointer-events-none block size-5 rounded-full bg-white shadow-sm transition-transform group-data-[state=on]:translate-x-5"
      />
    </button>
  );
}
