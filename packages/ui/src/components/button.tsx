import { Slot, Slottable } from '@radix-ui/react-slot';
import { cva } from 'class-variance-authority';
import type { VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../lib/cn';
import { Spinner } from './spinner';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 font-semibold whitespace-nowrap select-none',
    'transition-[color,background-color,border-color,box-shadow,transform] duration-150',
    'disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55',
    // A busy button is disabled too, but its label must stay readable ("Publishing...").
    'aria-busy:cursor-progress aria-busy:opacity-80',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        // Buttons press down a pixel; links in text do not.
        default:
          'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover active:translate-y-px',
        secondary:
          'bg-secondary text-secondary-foreground hover:bg-secondary-hover active:translate-y-px',
        outline:
          'border border-input bg-card text-foreground shadow-xs hover:border-foreground/40 hover:bg-accent active:translate-y-px',
        ghost: 'text-foreground hover:bg-accent active:translate-y-px',
        destructive:
          'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover active:translate-y-px',
        /** Grey until pointed at: secondary actions beside the main ones. */
        quiet: 'text-muted-foreground hover:bg-accent active:translate-y-px',
        /** Grey until pointed at, then red: remove, delete or report something. */
        quietDanger:
          'text-muted-foreground hover:bg-accent hover:text-destructive active:translate-y-px',
        outlineDanger:
          'border border-destructive/40 bg-card text-destructive shadow-xs hover:border-destructive hover:bg-red-50 active:translate-y-px',
        /** No colours of its own: the caller gives them (buttons on a coloured banner). */
        plain: 'active:translate-y-px',
        link: 'text-primary underline-offset-4 hover:text-primary-hover hover:underline',
      },
      // Each size sets its own height, padding, corners and text size, so that none of them
      // overrides another (class names are joined, not merged).
      size: {
        default: 'h-10 rounded-lg px-4 text-sm',
        sm: 'h-9 rounded-md px-3 text-sm',
        lg: 'h-12 rounded-lg px-6 text-base',
        icon: 'size-10 rounded-lg text-sm',
        /** Text-sized, for links in running text (the link variant's only size). */
        inline: 'text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps
  extends React.ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the single child (a link, usually) with button styles instead of a <button>. */
  asChild?: boolean;
  /** Shows a spinner, marks the button busy and blocks further clicks. */
  loading?: boolean;
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      className={cn(
        buttonVariants({ variant, size: variant === 'link' ? 'inline' : size }),
        className,
      )}
      disabled={asChild ? undefined : disabled === true || loading}
      // Links cannot be disabled natively, so a slotted child gets aria-disabled instead.
      aria-disabled={asChild && (disabled === true || loading) ? true : undefined}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner size="sm" aria-hidden="true" /> : null}
      <Slottable>{children}</Slottable>
    </Comp>
  );
}
