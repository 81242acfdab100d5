import type * as React from 'react';

import { cn } from '../lib/cn';
import { fieldClasses } from '../lib/field-classes';

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        fieldClasses,
        'h-10 py-2',
        'file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        className,
      )}
      {...props}
    />
  );
}
