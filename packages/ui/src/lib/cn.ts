import { clsx } from 'clsx';
import type { ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge only knows Tailwind's default scale names; our theme adds shadow
 * names, so they are registered here or `shadow-card` would not replace `shadow-sm`.
 */
const twMerge = extendTailwindMerge({
  extend: { theme: { shadow: ['card', 'float'] } },
});

/** Joins class names and lets later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
