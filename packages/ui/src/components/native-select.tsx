import { ChevronDownIcon } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../lib/cn';
import { fieldClasses } from '../lib/field-classes';

/**
 * A styled native <select>: phones show their own picker, which is faster to use
 * and accessible without extra work. `className` styles the select itself.
 */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<'select'>) {
  return (
    <div data-slot="native-select-wrapper" className="relative w-full">
      <select
        data-slot="native-select"
        className={cn(
          fieldClasses,
          'h-10 cursor-pointer appearance-none py-2 pr-10',
          // An empty-valued placeholder option ("Choose a category") reads as a placeholder.
          "has-[option[value='']:checked]:text-muted-foreground [&>option]:text-foreground",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
