import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva } from 'class-variance-authority';
import type { VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../lib/cn';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      className={cn(
        // Phones: along the top, clear of the bottom tab bar and the notch.
        'fixed inset-x-0 top-0 z-100 m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 pt-[max(1rem,env(safe-area-inset-top))]',
        // Wider screens: bottom-right corner.
        'sm:top-auto sm:bottom-0 sm:left-auto sm:max-w-[26rem] sm:p-6',
        className,
      )}
      {...props}
    />
  );
}

export const toastVariants = cva(
  [
    'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-12 shadow-float',
    'touch-pan-y',
  ],
  {
    variants: {
      variant: {
        default:
          'border-border bg-popover text-popover-foreground [&_[data-slot=toast-description]]:text-muted-foreground',
        success: 'border-pine-200 bg-pine-50 text-pine-900',
        destructive: 'border-red-200 bg-red-50 text-red-900',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastVariant = NonNullable<VariantProps<typeof toastVariants>['variant']>;

export type ToastProps = React.ComponentProps<typeof ToastPrimitive.Root> &
  VariantProps<typeof toastVariants>;

export function Toast({ className, variant, type, ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={variant ?? 'default'}
      // Errors interrupt the screen reader; confirmations wait their turn.
      type={type ?? (variant === 'destructive' ? 'foreground' : 'background')}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    />
  );
}

export function ToastTitle({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return (
    <ToastPrimitive.Title
      data-slot="toast-title"
      className={cn('text-sm leading-snug font-semibold', className)}
      {...props}
    />
  );
}

export function ToastDescription({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      data-slot="toast-description"
      className={cn('text-sm leading-snug', className)}
      {...props}
    />
  );
}

export function ToastAction({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      data-slot="toast-action"
      className={cn(
        'inline-flex h-8 shrink-0 cursor-pointer items-center justify-center self-center rounded-md border border-current/25 bg-transparent px-3 text-sm font-semibold transition-colors hover:bg-current/5',
        className,
      )}
      {...props}
    />
  );
}

export type ToastActionElement = React.ReactElement<React.ComponentProps<typeof ToastAction>>;

export function ToastClose({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label="Close"
      className={cn(
        'absolute top-2.5 right-2.5 inline-flex size-8 cursor-pointer items-center justify-center rounded-full opacity-70 transition hover:bg-current/8 hover:opacity-100',
        className,
      )}
      {...props}
    >
      <XIcon aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}
