import { Slot } from '@radix-ui/react-slot';
import type * as React from 'react';

import { cn } from '../lib/cn';

export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn(
        'flex flex-col rounded-2xl border bg-card text-card-foreground shadow-card',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-header"
      className={cn('flex flex-col gap-1.5 p-5 sm:p-6', className)}
      {...props}
    />
  );
}

export interface CardTitleProps extends React.ComponentProps<'h3'> {
  /** Heading level depends on the page; pass your own heading element with asChild. */
  asChild?: boolean;
}

export function CardTitle({ className, asChild = false, ...props }: CardTitleProps) {
  const Comp = asChild ? Slot : 'h3';
  return (
    <Comp
      data-slot="card-title"
      className={cn(
        'font-display text-lg leading-snug font-semibold tracking-tight wrap-anywhere text-card-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p
      data-slot="card-description"
      className={cn('text-sm wrap-anywhere text-muted-foreground', className)}
      {...props}
    />
  );
}

export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-content"
      className={cn(
        'px-5 pb-5 sm:px-6 sm:pb-6 [&:first-child]:pt-5 sm:[&:first-child]:pt-6',
        className,
      )}
      {...props}
    />
  );
}

export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-footer"
      className={cn(
        'flex items-center gap-3 px-5 pb-5 sm:px-6 sm:pb-6 [&:first-child]:pt-5 sm:[&:first-child]:pt-6',
        className,
      )}
      {...props}
    />
  );
}
