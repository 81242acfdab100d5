import { Badge, Spinner, cn } from '@yardsale/ui';
import { MAX_PHOTOS_PER_LISTING } from '@yardsale/validators';
import type { ListingImage } from '@yardsale/validators';
import { ImagePlusIcon, StarIcon, XIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { DragEvent, ReactNode } from 'react';

import { LISTING_FORM_TEXTS } from './listing-form-texts';

const T = LISTING_FORM_TEXTS.photos;

/** A photo chosen in this visit to the form, not yet sent. */
export interface NewPhoto {
  key: string;
  file: File;
}

const INPUT_ID = 'listing-photos';
const HINT_ID = 'listing-photos-hint';

/**
 * A chosen file's preview. The object URL lives exactly as long as the <img> (React 19 ref
 * cleanup), so previews never leak memory however often photos are added and removed.
 */
function FilePreview({ file, alt }: { file: File; alt: string }) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img ref={attach} alt={alt} className="size-full object-cover" />;
}

function PhotoTile({
  position,
  children,
  isNew,
  removing,
  disabled,
  onRemove,
}: {
  position: number;
  children: ReactNode;
  isNew: boolean;
  removing: boolean;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="relative aspect-square overflow-hidden rounded-xl border bg-muted shadow-xs">
      {children}
      {position === 1 ? (
        <Badge className="absolute bottom-2 left-2 shadow-sm">
          <StarIcon aria-hidden="true" className="fill-current" />
          {T.primary}
        </Badge>
      ) : null}
      {isNew ? (
        <Badge variant="secondary" className="absolute top-2 left-2 shadow-sm">
          {T.new}
        </Badge>
      ) : null}
      {removing ? (
        <div className="absolute inset-0 flex items-center justify-center bg-stone-950/45 text-white">
          <Spinner label={T.removingLabel(position)} />
        </div>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled || removing}
        aria-label={T.removeLabel(position)}
        title={T.removeAction}
        className="absolute top-1.5 right-1.5 flex size-9 cursor-pointer items-center justify-center rounded-full bg-stone-950/65 text-white shadow-sm transition-colors hover:bg-stone-950/80 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-stone-950 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
      >
        <XIcon aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/** The picker's icon, or a spinner while picked files are being checked. */
function AddIcon({ checking, className }: { checking: boolean; className: string }) {
  return checking ? (
    <Spinner aria-hidden="true" className={className} />
  ) : (
    <ImagePlusIcon aria-hidden="true" className={className} />
  );
}

/**
 * Up to 5 photos: previews in order, the first marked Primary (the cover), each removable. Photos
 * already on the listing (editing) come first; files can also be dropped onto the area. Picking
 * pauses while the files just picked are checked.
 */
export function PhotoPicker({
  existing,
  added,
  checking,
  onAdd,
  onRemoveAdded,
  onRemoveExisting,
  removingImageId,
  disabled,
}: {
  existing: readonly ListingImage[];
  added: readonly NewPhoto[];
  checking: boolean;
  onAdd: (files: File[]) => void;
  onRemoveAdded: (key: string) => void;
  onRemoveExisting: (image: ListingImage) => void;
  removingImageId: number | null;
  disabled: boolean;
}) {
  const [dragging, setDragging] = useState(false);
  const count = existing.length + added.length;
  const canAdd = count < MAX_PHOTOS_PER_LISTING && !disabled && !checking;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!canAdd) return;
    onAdd(Array.from(event.dataTransfer.files));
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = canAdd ? 'copy' : 'none';
    setDragging(true);
  };

  const fileInput = (
    <input
      id={INPUT_ID}
      type="file"
      accept="image/*"
      multiple
      disabled={!canAdd}
      aria-label={T.addLabel}
      aria-describedby={HINT_ID}
      className="peer sr-only"
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        // Clearing lets the same file be chosen again after removing it.
        event.target.value = '';
        if (files.length > 0) onAdd(files);
      }}
    />
  );

  return (
    <div
      className={cn('grid gap-3 rounded-2xl', dragging && 'ring-2 ring-primary ring-offset-4')}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {count === 0 ? (
        <div className="relative">
          {fileInput}
          <label
            htmlFor={INPUT_ID}
            className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-stone-300 bg-brand-50/40 px-6 py-10 text-center transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 hover:border-primary hover:bg-brand-50"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
              <AddIcon checking={checking} className="size-6" />
            </span>
            <span className="font-semibold text-foreground">
              {checking ? T.checking : T.addLabel}
            </span>
            <span className="text-sm text-muted-foreground">{T.addHint}</span>
          </label>
        </div>
      ) : (
        <ul aria-label={T.chosenLabel} className="grid grid-cols-3 gap-3 sm:grid-cols-5">
          {existing.map((image, index) => (
            <PhotoTile
              key={`existing-${image.id}`}
              position={index + 1}
              isNew={false}
              removing={removingImageId === image.id}
              disabled={disabled || removingImageId !== null}
              onRemove={() => onRemoveExisting(image)}
            >
              <img
                src={image.thumbnailUrl}
                alt={T.existingAlt(index + 1)}
                decoding="async"
                width={image.width ?? 4}
                height={image.height ?? 3}
                className="size-full object-cover"
              />
            </PhotoTile>
          ))}
          {added.map((photo, index) => {
            const position = existing.length + index + 1;
            return (
              <PhotoTile
                key={photo.key}
                position={position}
                isNew={existing.length > 0}
                removing={false}
                disabled={disabled}
                onRemove={() => onRemoveAdded(photo.key)}
              >
                <FilePreview file={photo.file} alt={T.addedAlt(position, photo.file.name)} />
              </PhotoTile>
            );
          })}
          {count < MAX_PHOTOS_PER_LISTING ? (
            <li className="relative aspect-square">
              {fileInput}
              <label
                htmlFor={INPUT_ID}
                className={cn(
                  'flex size-full flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-stone-300 text-center text-sm font-medium text-muted-foreground transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
                  canAdd
                    ? 'cursor-pointer hover:border-primary hover:bg-brand-50 hover:text-foreground'
                    : 'cursor-not-allowed opacity-60',
                )}
              >
                <AddIcon checking={checking} className="size-6" />
                {checking ? T.checking : T.addLabel}
              </label>
            </li>
          ) : null}
        </ul>
      )}
      <p id={HINT_ID} className="text-sm text-muted-foreground">
        {T.countHint(count)}
      </p>
    </div>
  );
}
