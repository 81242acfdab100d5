import { Slot } from '@radix-ui/react-slot';
import { cva } from 'class-variance-authority';
import type { VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../lib/cn';

export const badgeVariants = cva(
  [
    'inline-flex w-fit shrink-0 items-center gap-1 rounded-full font-semibold whitespace-nowrap',
    'ring-1 ring-inset [&>svg]:pointer-events-none [&>svg]:size-3',
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground ring-transparent',
        secondary: 'bg-secondary text-secondary-foreground ring-stone-900/8',
        outline: 'bg-transparent text-foreground ring-border',
        success: 'bg-pine-50 text-pine-800 ring-pine-700/20',
        warning: 'bg-amber-50 text-amber-900 ring-amber-600/25',
        destructive: 'bg-red-50 text-red-800 ring-red-700/20',
        /** No colours of its own: the caller gives background, text and ring colours. */
        plain: '',
      },
      size: {
        default: 'px-2.5 py-0.5 text-xs',
        lg: 'px-3 py-1 text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface BadgeProps
  extends React.ComponentProps<'span'>, VariantProps<typeof badgeVariants> {
  asChild?: boolean;
}

export function Badge({ className, variant, size, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot : 'span';
  return (
    <Comp
      data-slot="badge"
      className={cn(badgeVariants({ variant, size }), className)}
      {...props}
    />
  );
}

/*
 * The product's colour per category (docs/product/data.md#lists). Light tint + 800-weight text
 * keeps contrast above 7:1; the class strings are written out in full so Tailwind can find them.
 */
const categoryClasses: Readonly<Record<string, string>> = {
  'Multi-Family': 'bg-amber-100 text-amber-900 ring-amber-700/20',
  Electronics: 'bg-blue-100 text-blue-800 ring-blue-700/20',
  Furniture: 'bg-green-100 text-green-800 ring-green-700/20',
  Clothing: 'bg-purple-100 text-purple-800 ring-purple-700/20',
  'Books & Media': 'bg-indigo-100 text-indigo-800 ring-indigo-700/20',
  'Kids & Family': 'bg-pink-100 text-pink-800 ring-pink-700/20',
  'Home & Garden': 'bg-emerald-100 text-emerald-800 ring-emerald-700/20',
  Antiques: 'bg-orange-100 text-orange-800 ring-orange-700/20',
};
const otherCategoryClasses = 'bg-gray-100 text-gray-800 ring-gray-700/20';

export interface CategoryBadgeProps extends Omit<React.ComponentProps<'span'>, 'children'> {
  category: string;
}

export function CategoryBadge({ category, className, ...props }: CategoryBadgeProps) {
  return (
    <span
      data-slot="category-badge"
      className={cn(
        badgeVariants({ variant: 'plain' }),
        categoryClasses[category] ?? otherCategoryClasses,
        className,
      )}
      {...props}
    >
      {category}
    </span>
  );
}
