import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cva } from 'class-variance-authority';
import type { VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-stone-950/45 backdrop-blur-[2px]',
        'data-[state=closed]:animate-overlay-out data-[state=open]:animate-overlay-in',
        className,
      )}
      {...props}
    />
  );
}

/** Shared panel look for Dialog and ConfirmDialog. */
export const dialogPanelVariants = cva(
  [
    'fixed z-50 overflow-y-auto border bg-popover text-popover-foreground shadow-float',
    // The panel itself only takes focus as a fallback; a ring around the whole dialog is noise.
    'outline-none',
  ],
  {
    variants: {
      layout: {
        /** A card in the middle of the screen. */
        center: [
          'top-1/2 left-1/2 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-5 rounded-2xl p-6',
          'data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in',
        ],
        /** A full-height sheet sliding in from the right; its content brings its own padding. */
        sheet: [
          'top-0 right-0 flex h-dvh max-h-dvh w-[min(22rem,88vw)] flex-col rounded-l-3xl border-y-0 border-r-0',
          'data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in',
        ],
        /**
         * The sheet on phones; from 640px a panel hanging under the header's right end, as a
         * menu would (the bell's list). The header's row is at most 80rem wide, centred.
         */
        panel: [
          'top-0 right-0 flex h-dvh max-h-dvh w-[min(24rem,92vw)] flex-col rounded-l-3xl border-y-0 border-r-0',
          'data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in',
          'sm:top-[4.25rem] sm:right-[max(1rem,calc((100vw-80rem)/2+1rem))] sm:h-auto sm:max-h-[min(36rem,calc(100dvh-6rem))] sm:w-[24rem] sm:rounded-2xl sm:border',
          'sm:data-[state=closed]:animate-menu-out sm:data-[state=open]:animate-menu-in',
        ],
      },
      /** The centred card's widest size. */
      width: { md: 'max-w-md', lg: 'max-w-lg' },
    },
    defaultVariants: { layout: 'center', width: 'lg' },
  },
);

export interface DialogContentProps
  extends
    React.ComponentProps<typeof DialogPrimitive.Content>,
    VariantProps<typeof dialogPanelVariants> {
  /** Hide the corner close button (the dialog still closes with Escape). */
  showCloseButton?: boolean;
}

export function DialogContent({
  className,
  children,
  layout,
  width,
  showCloseButton = true,
  ...props
}: DialogContentProps) {
  return (
    <DialogPortal>
      {/* A panel beside the page it belongs to barely dims it on wider screens. */}
      <DialogOverlay
        className={layout === 'panel' ? 'sm:bg-stone-950/10 sm:backdrop-blur-none' : undefined}
      />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          dialogPanelVariants({
            layout,
            width: layout === 'sheet' || layout === 'panel' ? null : width,
          }),
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            className="absolute top-3.5 right-3.5 inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
          >
            <XIcon aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      className={cn('flex flex-col gap-2 pr-8 text-left', className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      // Phones stack the actions with the primary one on top, where the thumb is.
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('font-display text-xl leading-snug font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm leading-relaxed text-muted-foreground', className)}
      {...props}
    />
  );
}
