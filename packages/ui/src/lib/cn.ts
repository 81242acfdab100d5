import { clsx } from 'clsx';
import type { ClassValue } from 'clsx';

import { warnOnClassConflicts } from './class-conflicts';

/**
 * Joins class names. It does not resolve Tailwind conflicts (a conflict resolver is about 9 KB
 * of every page's JavaScript, decision 023): a component's own classes and those passed to it must
 * not set the same property. To change a component's look, use its variants; to override one of
 * its classes, mark yours important (`rounded-full!`). Development builds warn about conflicts.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) warnOnClassConflicts(classes);
  return classes;
}
