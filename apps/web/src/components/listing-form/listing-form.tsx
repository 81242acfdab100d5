import { zodResolver } from '@hookform/resolvers/zod';
import { dateInZone } from '@yardsale/validators';
import type { ListingInput, ListingValues } from '@yardsale/validators';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';

import { ContactSection } from './contact-section';
import { DetailsSection } from './details-section';
import { formSchema, initialValues, saleTimeZone } from './listing-form-values';
import type { ListingFormProps } from './listing-form-values';
import { LISTING_FORM_TEXTS } from './listing-form-texts';
import { PhotosSection } from './photos-section';
import { PricingSection } from './pricing-section';
import { PublishBar } from './publish-bar';
import { useListingPhotos } from './use-listing-photos';
import { useListingPin } from './use-listing-pin';
import { useListingSubmission } from './use-listing-submission';
import { WhenWhereSection } from './when-where-section';

/**
 * The create and edit form (docs/product/screens.md#listing-form). A refused submit, on the client
 * or by the server, keeps every value and every chosen photo; a pending request can be cancelled.
 */
export function ListingForm(props: ListingFormProps) {
  const listing = props.mode === 'edit' ? props.listing : null;
  const [resolver] = useState(() => zodResolver(formSchema(props)));
  const form = useForm<ListingInput, unknown, ListingValues>({
    resolver,
    defaultValues: initialValues(props),
  });
  const photos = useListingPhotos(listing?.images.length ?? 0);
  const pin = useListingPin(listing);
  const submission = useListingSubmission({ listing, photos, setError: form.setError });
  const pending = form.formState.isSubmitting;

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            submission.submit({ ...values, location: pin.location }),
          )(event)
        }
        noValidate
        aria-label={LISTING_FORM_TEXTS.formLabel[props.mode]}
        // Fields scrolled to after a refusal stay clear of the sticky header and publish bar.
        className="grid gap-5 sm:gap-6 [&_input]:scroll-mt-24 [&_input]:scroll-mb-40 [&_select]:scroll-mt-24 [&_select]:scroll-mb-40 [&_textarea]:scroll-mt-24 [&_textarea]:scroll-mb-40"
      >
        <DetailsSection />
        <PhotosSection listing={listing} photos={photos} disabled={pending} />
        <PricingSection />
        <WhenWhereSection
          firstDay={listing ? undefined : dateInZone(new Date(), saleTimeZone(props))}
          pin={pin}
        />
        <ContactSection />
        <PublishBar
          mode={props.mode}
          pending={pending}
          checkingPhotos={photos.checking}
          progress={submission.progress}
          onCancelRequest={submission.cancel}
        />
      </form>
    </FormProvider>
  );
}
