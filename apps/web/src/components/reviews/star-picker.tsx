import { cn } from '@yardsale/ui';
import { RATING_MAX } from '@yardsale/validators';
import { StarIcon } from 'lucide-react';
import { useState } from 'react';

import { starLabel } from './rating-format';

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

/**
 * Choosing 1 to 5 stars. Underneath it is a plain radio group, so Tab reaches it, the arrow keys
 * move the choice and screen readers announce "3 stars"; the stars are what sighted users see.
 */
export function StarPicker({
  name,
  value,
  onChange,
  labelledBy,
  describedBy,
  disabled = false,
}: {
  name: string;
  value: number | null;
  onChange: (stars: number) => void;
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="flex items-center gap-0.5"
      onMouseLeave={() => setHovered(null)}
    >
      {STARS.map((stars) => (
        <span
          key={stars}
          className="relative inline-flex rounded-lg p-1 transition-transform has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:enabled]:hover:scale-110"
          onMouseEnter={() => {
            if (!disabled) setHovered(stars);
          }}
        >
          {/* The real control covers the star, so a tap on the star is a tap on the radio. */}
          <input
            type="radio"
            name={name}
            value={stars}
            checked={value === stars}
            disabled={disabled}
            onChange={() => onChange(stars)}
            aria-label={starLabel(stars)}
            className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-lg focus-visible:outline-none disabled:cursor-not-allowed"
          />
          <StarIcon
            aria-hidden="true"
            strokeWidth={1.5}
            className={cn(
              'size-8 transition-colors',
              stars <= shown ? 'fill-amber-400 text-amber-500' : 'fill-stone-100 text-stone-300',
            )}
          />
        </span>
      ))}
    </div>
  );
}
