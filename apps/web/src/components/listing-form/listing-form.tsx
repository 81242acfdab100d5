import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ConfirmDialog, FormField, Input, NativeSelect, Textarea, toast } from '@yardsale/ui';
import {
  CATEGORIES,
  MAX_PHOTOS_PER_LISTING,
  UI_TEXT,
  PRICE_RANGES,
  dateInZone,
  isPhotoTooLarge,
  listingSchema,
  saleTimingIssues,
} from '@yardsale/validators';
import type { ListingImage, ListingInput, ListingValues } from '@yardsale/validators';
import {
  BellRingIcon,
  CameraIcon,
  FileTextIcon,
  MapPinIcon,
  PhoneIcon,
  TagIcon,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { DefaultValues } from 'react-hook-form';

import { PhotoCompressionError, compressPhoto } from '../../lib/compress-photo';
import { serverMessage } from '../../lib/errors';
import { markFromCreateListing } from '../../lib/session-flags';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import {
  UploadCancelledError,
  browserTimeZone,
  createListingWithPhotos,
  uploadListingPhotos,
} from '../../lib/upload';
import type { ListingDetail } from '../../lib/upload';
import { applyListingFieldErrors } from './field-errors';
import { FormSection } from './form-section';
import { LISTING_FORM_TEXTS } from './listing-form-texts';
import { ListingTypeField } from './listing-type-field';
import { PhotoPicker } from './photo-picker';
import type { NewPhoto } from './photo-picker';
import { PublishBar } from './publish-bar';

export type ListingFormProps = { mode: 'create' } | { mode: 'edit'; listing: ListingDetail };

/** Dates and times belong to garage sales only; switching to a single item clears them. */
const SALE_FIELDS = ['startDate', 'endDate', 'startTime', 'endTime'] as const;

function initialValues(props: ListingFormProps): DefaultValues<ListingInput> {
  if (props.mode === 'create') {
    return {
      title: '',
      description: '',
      listingType: 'garage-sale',
      category: '',
      // No price range until one is chosen: the select shows its placeholder.
      priceRange: undefined,
      address: '',
      startDate: '',
      endDate: '',
      startTime: '',
      endTime: '',
      contactPhone: '',
      contactEmail: '',
    };
  }
  const { listing } = props;
  return {
    title: listing.title,
    description: listing.description ?? '',
    listingType: listing.listingType,
    category: listing.category,
    priceRange: listing.priceRange,
    address: listing.address,
    startDate: listing.startDate ?? '',
    endDate: listing.endDate ?? '',
    startTime: listing.startTime ?? '',
    endTime: listing.endTime ?? '',
    contactPhone: listing.contactPhone ?? '',
    contactEmail: listing.contactEmail ?? '',
  };
}

/** Where the sale takes place: the zone it was listed in, or this device's for a new one. */
function saleTimeZone(props: ListingFormProps): string {
  return props.mode === 'edit' ? props.listing.timeZone : browserTimeZone();
}

/**
 * The server's rules, plus the one it checks against its clock: a sale is published for the future.
 * Checked here by this device's clock in the sale's zone, so the message shows before anything is sent.
 */
function formSchema(props: ListingFormProps) {
  const timeZone = saleTimeZone(props);
  const previous = props.mode === 'edit' ? props.listing : null;
  return listingSchema.superRefine((values, ctx) => {
    for (const issue of saleTimingIssues({ ...values, timeZone }, new Date(), previous)) {
      ctx.addIssue({ code: 'custom', ...issue });
    }
  });
}

/** A courtesy check before anything is sent; the server inspects the bytes themselves. */
function photoProblem(file: File): { title: string; description: string } | null {
  const M = UI_TEXT.profilePicture;
  if (!file.type.startsWith('image/')) {
    return { title: M.invalidTypeTitle, description: M.invalidTypeDescription };
  }
  if (isPhotoTooLarge(file)) return { title: M.tooLargeTitle, description: M.tooLargeDescription };
  return null;
}

let photoCounter = 0;
function newPhoto(file: File): NewPhoto {
  photoCounter += 1;
  return { key: `photo-${photoCounter}`, file };
}

/**
 * The create and edit form (spec section 2). A refused submit, on the client or by the server,
 * keeps every value and every chosen photo; a pending request can be cancelled.
 */
export function ListingForm(props: ListingFormProps) {
  const isEdit = props.mode === 'edit';
  const listing = isEdit ? props.listing : null;
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const [resolver] = useState(() => zodResolver(formSchema(props)));
  const form = useForm<ListingInput, unknown, ListingValues>({
    resolver,
    defaultValues: initialValues(props),
  });
  const { errors, isSubmitting } = form.formState;
  const listingType = useWatch({ control: form.control, name: 'listingType' });
  const startDate = useWatch({ control: form.control, name: 'startDate' });
  const isGarageSale = listingType === 'garage-sale';

  const [added, setAdded] = useState<NewPhoto[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [photoToRemove, setPhotoToRemove] = useState<ListingImage | null>(null);
  const requestRef = useRef<AbortController | null>(null);
  const mountedRef = useRef(true);
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  const existing = listing?.images ?? [];

  const removeImage = useMutation(
    trpc.listings.removeImage.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.listings.byId.queryKey({ id: updated.id }), updated);
        void queryClient.invalidateQueries(trpc.listings.pathFilter());
        setPhotoToRemove(null);
      },
      onError: (error) => {
        setPhotoToRemove(null);
        toast({
          variant: 'destructive',
          title: LISTING_FORM_TEXTS.updateFailedTitle,
          description: serverMessage(error) ?? LISTING_FORM_TEXTS.failedFallback,
        });
      },
    }),
  );

  const addPhotos = (files: File[]) => {
    const accepted: File[] = [];
    let problem: { title: string; description?: string } | null = null;
    for (const file of files) {
      const refusal = photoProblem(file);
      if (refusal) problem ??= refusal;
      else accepted.push(file);
    }
    const room = MAX_PHOTOS_PER_LISTING - existing.length - added.length;
    if (accepted.length > room) {
      accepted.length = Math.max(0, room);
      problem ??= { title: UI_TEXT.listing.tooManyPhotos };
    }
    if (problem) toast({ variant: 'destructive', ...problem });
    if (accepted.length > 0) setAdded((current) => [...current, ...accepted.map(newPhoto)]);
  };

  const listingTypeField = form.register('listingType', {
    onChange: () => {
      if (form.getValues('listingType') !== 'single-item') return;
      for (const name of SALE_FIELDS) form.setValue(name, '', { shouldDirty: true });
      form.clearErrors([...SALE_FIELDS]);
    },
  });

  /** Sends the new listing and its photos in one request: both are created, or neither. */
  const publish = async (values: ListingValues, files: File[], signal: AbortSignal) => {
    const photos = await Promise.all(files.map(compressPhoto));
    if (signal.aborted) throw new UploadCancelledError();
    setProgress(0);
    const { timeZone: _ignored, ...fields } = values;
    const { id } = await createListingWithPhotos(fields, browserTimeZone(), photos, {
      signal,
      onProgress: setProgress,
    });
    markFromCreateListing();
    return id;
  };

  /** Saves the details, then uploads the photos added in this visit. */
  const saveChanges = async (
    current: ListingDetail,
    values: ListingValues,
    files: File[],
    signal: AbortSignal,
  ) => {
    // The sale's times are wall-clock times where it takes place: keep the zone it was listed in.
    const updated = await trpcClient.listings.update.mutate(
      { id: current.id, listing: { ...values, timeZone: current.timeZone } },
      { signal },
    );
    const detailKey = trpc.listings.byId.queryKey({ id: current.id });
    queryClient.setQueryData(detailKey, updated);
    if (files.length === 0) return current.id;

    const photos = await Promise.all(files.map(compressPhoto));
    if (signal.aborted) throw new UploadCancelledError();
    setProgress(0);
    const withPhotos = await uploadListingPhotos(current.id, photos, {
      signal,
      onProgress: setProgress,
    });
    queryClient.setQueryData(detailKey, withPhotos);
    return current.id;
  };

  const submit = async (values: ListingValues) => {
    const controller = new AbortController();
    requestRef.current = controller;
    const files = added.map((photo) => photo.file);
    toast({
      title: isEdit ? LISTING_FORM_TEXTS.updatingTitle : LISTING_FORM_TEXTS.creatingTitle,
      description:
        files.length > 0
          ? LISTING_FORM_TEXTS.uploadingDescription(files.length)
          : LISTING_FORM_TEXTS.savingDescription,
      duration: Infinity,
    });

    try {
      const id = listing
        ? await saveChanges(listing, values, files, controller.signal)
        : await publish(values, files, controller.signal);
      void queryClient.invalidateQueries(trpc.listings.pathFilter());
      void queryClient.invalidateQueries(trpc.saved.pathFilter());
      toast({
        variant: 'success',
        title: isEdit ? LISTING_FORM_TEXTS.updatedTitle : LISTING_FORM_TEXTS.createdTitle,
        description: isEdit
          ? LISTING_FORM_TEXTS.updatedDescription
          : LISTING_FORM_TEXTS.createdDescription,
      });
      // Someone who left the form meanwhile is not pulled back to the listing.
      if (mountedRef.current) {
        await navigate({ to: '/listing/$id', params: { id: String(id) } });
      }
    } catch (error) {
      if (isEdit) void queryClient.invalidateQueries(trpc.listings.pathFilter());
      if (controller.signal.aborted || error instanceof UploadCancelledError) {
        toast({
          title: LISTING_FORM_TEXTS.cancelledTitle,
          description: LISTING_FORM_TEXTS.cancelledDescription,
        });
        if (mountedRef.current) await navigate({ to: '/home' });
        return;
      }
      applyListingFieldErrors(error, form.setError);
      toast({
        variant: 'destructive',
        title: isEdit ? LISTING_FORM_TEXTS.updateFailedTitle : LISTING_FORM_TEXTS.createFailedTitle,
        description:
          serverMessage(error) ??
          (error instanceof PhotoCompressionError
            ? error.message
            : LISTING_FORM_TEXTS.failedFallback),
      });
    } finally {
      requestRef.current = null;
      if (mountedRef.current) setProgress(null);
    }
  };

  const pending = isSubmitting;
  const field = (name: keyof ListingInput) => errors[name]?.message;

  return (
    <form
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      noValidate
      aria-label={isEdit ? 'Edit listing' : 'New listing'}
      // Fields scrolled to after a refusal stay clear of the sticky header and publish bar.
      className="grid gap-5 sm:gap-6 [&_input]:scroll-mt-24 [&_input]:scroll-mb-40 [&_select]:scroll-mt-24 [&_select]:scroll-mb-40 [&_textarea]:scroll-mt-24 [&_textarea]:scroll-mb-40"
    >
      <FormSection
        id="basic-information"
        icon={FileTextIcon}
        title="Basic Information"
        description="What you're selling, in a few words buyers will search for."
      >
        <FormField label="Title" htmlFor="listing-title" error={field('title')} required>
          <Input
            maxLength={120}
            placeholder={
              isGarageSale ? 'e.g. Three-family sale: toys, tools and books' : 'e.g. Oak bookshelf'
            }
            {...form.register('title')}
          />
        </FormField>
        <FormField
          label="Description (optional)"
          htmlFor="listing-description"
          error={field('description')}
          description="Condition, highlights, how to pay, anything a neighbour should know."
        >
          <Textarea rows={5} maxLength={5000} {...form.register('description')} />
        </FormField>
        <ListingTypeField field={listingTypeField} error={field('listingType')} />
        {isGarageSale ? (
          <div className="flex gap-3 rounded-xl border border-orange-200 bg-orange-50 p-4 text-sm text-orange-900">
            <BellRingIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-orange-600" />
            <p>
              <strong className="font-semibold">Reminder:</strong> please delete your listing once
              your garage sale is over, so neighbours don&apos;t drive over for a sale that has
              ended. If you forget, it comes down by itself at the sale&apos;s end time.
            </p>
          </div>
        ) : null}
      </FormSection>

      <FormSection
        id="photos"
        icon={CameraIcon}
        title="Photos"
        description={`Up to ${MAX_PHOTOS_PER_LISTING} photos. Listings with clear photos get far more visits.`}
      >
        <PhotoPicker
          existing={existing}
          added={added}
          onAdd={addPhotos}
          onRemoveAdded={(key) =>
            setAdded((current) => current.filter((photo) => photo.key !== key))
          }
          onRemoveExisting={setPhotoToRemove}
          removingImageId={removeImage.isPending ? (photoToRemove?.id ?? null) : null}
          disabled={pending}
        />
      </FormSection>

      <FormSection
        id="category-pricing"
        icon={TagIcon}
        title="Category & Pricing"
        description="Helps buyers find your listing when they filter."
      >
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <FormField label="Category" htmlFor="listing-category" error={field('category')} required>
            <NativeSelect {...form.register('category')}>
              <option value="">Choose a category</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            label="Price range"
            htmlFor="listing-price-range"
            error={field('priceRange')}
            required
          >
            <NativeSelect {...form.register('priceRange')}>
              <option value="">Choose a price range</option>
              {PRICE_RANGES.map((range) => (
                <option key={range} value={range}>
                  {range}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      </FormSection>

      <FormSection
        id="location-timing"
        icon={MapPinIcon}
        title="Location & Timing"
        description={
          isGarageSale ? 'Where and when buyers can come by.' : 'Where buyers can pick the item up.'
        }
      >
        <FormField
          label="Address"
          htmlFor="listing-address"
          error={field('address')}
          description="Shown on your listing to signed-in neighbours, with a link to directions."
          required
        >
          <Input autoComplete="street-address" maxLength={300} {...form.register('address')} />
        </FormField>
        {isGarageSale ? (
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <FormField
              label="Date"
              htmlFor="listing-start-date"
              error={field('startDate')}
              required
            >
              <Input
                type="date"
                min={isEdit ? undefined : dateInZone(new Date(), saleTimeZone(props))}
                {...form.register('startDate')}
              />
            </FormField>
            <FormField
              label="Last day (optional)"
              htmlFor="listing-end-date"
              error={field('endDate')}
              description="Only for a sale that runs over several days."
            >
              <Input
                type="date"
                min={typeof startDate === 'string' && startDate ? startDate : undefined}
                {...form.register('endDate')}
              />
            </FormField>
            <FormField
              label="Start time"
              htmlFor="listing-start-time"
              error={field('startTime')}
              required
            >
              <Input type="time" {...form.register('startTime')} />
            </FormField>
            <FormField
              label="End time"
              htmlFor="listing-end-time"
              error={field('endTime')}
              required
            >
              <Input type="time" {...form.register('endTime')} />
            </FormField>
          </div>
        ) : null}
      </FormSection>

      <FormSection
        id="contact"
        icon={PhoneIcon}
        title="Contact Information"
        description="Optional. Buyers can always message you through YardSale instead."
      >
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <FormField
            label="Contact phone (optional)"
            htmlFor="listing-contact-phone"
            error={field('contactPhone')}
          >
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={40}
              {...form.register('contactPhone')}
            />
          </FormField>
          <FormField
            label="Contact email (optional)"
            htmlFor="listing-contact-email"
            error={field('contactEmail')}
          >
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              {...form.register('contactEmail')}
            />
          </FormField>
        </div>
      </FormSection>

      <PublishBar
        mode={isEdit ? 'edit' : 'create'}
        pending={pending}
        progress={progress}
        onCancelRequest={() => requestRef.current?.abort()}
      />

      <ConfirmDialog
        open={photoToRemove !== null}
        onOpenChange={(open) => {
          if (!open) setPhotoToRemove(null);
        }}
        title="Remove this photo?"
        description="It is taken off your listing right away, even if you leave without updating."
        confirmLabel="Remove photo"
        destructive
        pending={removeImage.isPending}
        onConfirm={() => {
          if (listing && photoToRemove) {
            removeImage.mutate({ listingId: listing.id, imageId: photoToRemove.id });
          }
        }}
      />
    </form>
  );
}
