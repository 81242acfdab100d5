import { cn } from './cn';

/** Shared by Input, Textarea and NativeSelect so all fields look and behave alike. */
export const fieldClasses = cn(
  'w-full min-w-0 rounded-lg border border-input bg-card px-3 text-foreground shadow-xs',
  // 16px on phones stops iOS Safari zooming into the field on focus.
  'text-base sm:text-sm',
  'placeholder:text-muted-foreground',
  'transition-[border-color,box-shadow] duration-150 hover:border-foreground/50',
  // Fields draw focus as a 2px brand border instead of the global offset outline, which
  // would stack with the field's own border.
  'focus-visible:border-ring focus-visible:ring-1 focus-visible:ring-ring focus-visible:outline-none',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60',
  'aria-invalid:border-destructive aria-invalid:focus-visible:border-destructive aria-invalid:focus-visible:ring-destructive',
);
