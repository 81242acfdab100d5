import { cn } from '@yardsale/ui';
import { ImageIcon, ImageOffIcon } from 'lucide-react';
import { useState } from 'react';

/**
 * A conversation's listing photo at thumbnail size, or a quiet placeholder when the listing has no
 * photo or it fails to load. `alt` is empty where the title is already written next to it.
 */
export function ListingThumb({
  photoUrl,
  alt,
  className,
}: {
  photoUrl: string | null;
  alt: string;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = photoUrl !== null && failedUrl === photoUrl;

  if (!photoUrl || failed) {
    const Icon = failed ? ImageOffIcon : ImageIcon;
    return (
      <span
        className={cn(
          'flex shrink-0 items-center justify-center overflow-hidden bg-gradient-to-br from-stone-100 to-brand-50 text-muted-foreground',
          className,
        )}
      >
        <Icon aria-hidden="true" className="size-5 opacity-70" />
      </span>
    );
  }

  return (
    <img
      src={photoUrl}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(photoUrl)}
      className={cn('shrink-0 bg-muted object-cover', className)}
    />
  );
}
