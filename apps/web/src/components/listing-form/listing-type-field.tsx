import { LISTING_TYPE_LABELS } from '@yardsale/validators';
import type { ListingType } from '@yardsale/validators';
import { PackageIcon, TentIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';

const OPTIONS: readonly { value: ListingType; icon: LucideIcon; description: string }[] = [
  {
    value: 'garage-sale',
    icon: TentIcon,
    description: 'A sale at your place on a set day, with a start and end time.',
  },
  {
    value: 'single-item',
    icon: PackageIcon,
    description: 'One thing for sale. It stays up for 14 days.',
  },
];

/** Garage sale or single item, as two large choices that are easy to hit on a phone. */
export function ListingTypeField({
  field,
  error,
}: {
  field: UseFormRegisterReturn<'listingType'>;
  error?: string;
}) {
  const errorId = error ? 'listing-type-error' : undefined;
  return (
    <fieldset className="grid gap-2" aria-describedby={errorId}>
      <legend className="mb-2 text-sm leading-none font-medium">
        Listing type
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {OPTIONS.map(({ value, icon: Icon, description }) => {
          const id = `listing-type-${value}`;
          return (
            <div
              key={value}
              className="relative flex items-start gap-3 rounded-xl border border-input bg-card p-4 transition-colors hover:border-foreground/40 has-[:checked]:border-primary has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                id={id}
                type="radio"
                value={value}
                aria-describedby={`${id}-description`}
                className="relative z-10 mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-600 focus-visible:outline-none"
                {...field}
              />
              <div className="grid gap-1">
                <label
                  htmlFor={id}
                  className="flex cursor-pointer items-center gap-2 font-semibold after:absolute after:inset-0 after:rounded-xl"
                >
                  <Icon aria-hidden="true" className="size-4 text-primary" />
                  {LISTING_TYPE_LABELS[value]}
                </label>
                <p id={`${id}-description`} className="text-sm text-muted-foreground">
                  {description}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
