import { cn } from '@yardsale/ui';
import type { ListingImage } from '@yardsale/validators';
import { ChevronLeftIcon, ChevronRightIcon, ImageOffIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';

import { LISTING_TEXTS } from '../listings/listing-texts';

/** How far a finger must travel sideways before it counts as a swipe to the next photo. */
const SWIPE_MIN_PX = 40;

function Placeholder({ text }: { text: string }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground">
      <ImageOffIcon aria-hidden="true" className="size-10" />
      <span className="text-sm font-medium">{text}</span>
    </div>
  );
}

const arrowClasses =
  'absolute top-1/2 flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/90 text-foreground shadow-float ring-1 ring-black/5 transition hover:bg-white focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/**
 * The listing's photos at detail size, first one primary. Arrow keys, the arrow buttons, the
 * thumbnails and a swipe all move between photos.
 */
export function ListingGallery({
  images,
  title,
}: {
  images: readonly ListingImage[];
  title: string;
}) {
  const [selected, setSelected] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const swipeStart = useRef<number | null>(null);
  const count = images.length;
  // Photos can disappear (the owner removes one) while the page is open.
  const index = Math.min(selected, Math.max(0, count - 1));
  const current = images[index];

  const show = (next: number) => setSelected((next + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(count - 1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'touch') swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || count < 2) return;
    const distance = event.clientX - start;
    if (Math.abs(distance) >= SWIPE_MIN_PX) show(index + (distance < 0 ? 1 : -1));
  };

  if (!current) {
    return (
      <div className="aspect-[4/3] overflow-hidden rounded-2xl border bg-muted sm:aspect-[2/1]">
        <Placeholder text={LISTING_TEXTS.noImage} />
      </div>
    );
  }

  const unavailable = failed.has(current.imageUrl);
  return (
    <section aria-label={`Photos of ${title}`} className="flex flex-col gap-3">
      <div
        role="group"
        aria-roledescription="carousel"
        aria-label={count > 1 ? 'Use the left and right arrow keys to see every photo' : undefined}
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        className="relative aspect-[4/3] touch-pan-y lg:aspect-[3/2] overflow-hidden rounded-2xl border bg-stone-900 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        {unavailable ? (
          <div className="size-full bg-muted">
            <Placeholder text={LISTING_TEXTS.imageUnavailable} />
          </div>
        ) : (
          <>
            {/* The same photo, blurred, fills the frame around a portrait or panorama shot. */}
            <img
              src={current.imageUrl}
              alt=""
              aria-hidden="true"
              className="absolute inset-0 size-full scale-110 object-cover opacity-50 blur-2xl"
            />
            <img
              key={current.id}
              src={current.imageUrl}
              alt={`${title}: photo ${index + 1} of ${count}`}
              width={current.width ?? undefined}
              height={current.height ?? undefined}
              // The page's largest picture: fetched first, ahead of scripts and thumbnails.
              fetchPriority="high"
              className="relative size-full object-contain"
              onError={() => setFailed((urls) => new Set(urls).add(current.imageUrl))}
            />
          </>
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous photo"
              onClick={() => show(index - 1)}
              className={cn(arrowClasses, 'left-3')}
            >
              <ChevronLeftIcon aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              aria-label="Next photo"
              onClick={() => show(index + 1)}
              className={cn(arrowClasses, 'right-3')}
            >
              <ChevronRightIcon aria-hidden="true" className="size-5" />
            </button>
            <p
              aria-live="polite"
              className="absolute right-3 bottom-3 rounded-full bg-stone-950/70 px-2.5 py-1 text-xs font-semibold text-white tabular-nums"
            >
              <span className="sr-only">Photo </span>
              {index + 1}
              <span aria-hidden="true"> / </span>
              <span className="sr-only"> of </span>
              {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul aria-label="All photos" className="flex gap-2 overflow-x-auto pb-1">
          {images.map((image, position) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                aria-label={`Show photo ${position + 1} of ${count}`}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => setSelected(position)}
                className={cn(
                  'block size-16 cursor-pointer overflow-hidden rounded-lg border-2 bg-muted transition sm:size-20',
                  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
                  position === index
                    ? 'border-primary'
                    : 'border-transparent opacity-75 hover:opacity-100',
                )}
              >
                {failed.has(image.thumbnailUrl) ? (
                  <ImageOffIcon
                    aria-hidden="true"
                    className="m-auto size-5 text-muted-foreground"
                  />
                ) : (
                  <img
                    src={image.thumbnailUrl}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    // Proportions reserve the space; the square button crops the photo.
                    width={image.width ?? 4}
                    height={image.height ?? 3}
                    className="size-full object-cover"
                    onError={() => setFailed((urls) => new Set(urls).add(image.thumbnailUrl))}
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
