import { cn } from '@yardsale/ui';
import type { ListingSummary } from '@yardsale/validators';
import { ImageIcon, ImageOffIcon } from 'lucide-react';
import { useState } from 'react';

import { LISTING_TEXTS } from './listing-texts';

/**
 * The card-size cover photo, lazy-loaded, with the product's placeholders when there is none or it
 * fails (docs/product/data.md#entities).
 */
export function ListingCover({
  image,
  title,
  className,
}: {
  image: ListingSummary['primaryImage'];
  title: string;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = image !== null && failedUrl === image.thumbnailUrl;

  if (!image || failed) {
    const Icon = failed ? ImageOffIcon : ImageIcon;
    return (
      <div
        className={cn(
          'flex size-full flex-col items-center justify-center gap-1.5 bg-gradient-to-br from-stone-100 to-brand-50 text-muted-foreground',
          className,
        )}
      >
        <Icon aria-hidden="true" className="size-7 opacity-70" />
        <span className="text-xs font-medium">
          {failed ? LISTING_TEXTS.imageUnavailable : LISTING_TEXTS.noImage}
        </span>
      </div>
    );
  }

  return (
    <img
      src={image.thumbnailUrl}
      alt={title}
      loading="lazy"
      decoding="async"
      // The real proportions reserve the space before the photo arrives; the box crops it.
      width={image.width ?? 4}
      height={image.height ?? 3}
      onError={() => setFailedUrl(image.thumbnailUrl)}
      className={cn('size-full bg-muted object-cover', className)}
    />
  );
}
