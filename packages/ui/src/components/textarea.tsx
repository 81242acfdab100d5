import type * as React from 'react';

import { cn } from '../lib/cn';
import { fieldClasses } from '../lib/field-classes';

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(fieldClasses, 'min-h-24 resize-y py-2.5 leading-relaxed', className)}
      {...props}
    />
  );
}
