import { FormField, Input } from '@yardsale/ui';
import { MapPinIcon } from 'lucide-react';
import { useFormState, useWatch } from 'react-hook-form';

import { FormSection } from './form-section';
import { useListingFormContext } from './listing-form-values';
import { LISTING_FORM_TEXTS } from './listing-form-texts';
import { LocationPinField } from './location-pin-field';
import type { LatLng, ListingPin } from './location-pin-field';

const T = LISTING_FORM_TEXTS.whereAndWhen;

/** Where to come, and for a garage sale the day or days and the hours. */
export function WhenWhereSection({
  firstDay,
  pin,
}: {
  /** The earliest day a new sale may be on (today where it takes place); none when editing. */
  firstDay: string | undefined;
  pin: {
    pin: ListingPin;
    onAddressLeft: (address: string) => void;
    onMove: (point: LatLng) => void;
    onReset: () => void;
  };
}) {
  const { control, register } = useListingFormContext();
  const { errors } = useFormState({ control });
  const isGarageSale = useWatch({ control, name: 'listingType' }) === 'garage-sale';
  const startDate = useWatch({ control, name: 'startDate' });

  return (
    <FormSection
      id="location-timing"
      icon={MapPinIcon}
      title={T.title}
      description={isGarageSale ? T.description.garageSale : T.description.singleItem}
    >
      <FormField
        label={T.addressLabel}
        htmlFor="listing-address"
        error={errors.address?.message}
        description={T.addressHint}
        required
      >
        <Input
          autoComplete="street-address"
          maxLength={300}
          {...register('address', {
            onBlur: (event: { target: { value: string } }) => pin.onAddressLeft(event.target.value),
          })}
        />
      </FormField>
      <LocationPinField pin={pin.pin} onMove={pin.onMove} onReset={pin.onReset} />
      {isGarageSale ? (
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <FormField
            label={T.dateLabel}
            htmlFor="listing-start-date"
            error={errors.startDate?.message}
            required
          >
            <Input type="date" min={firstDay} {...register('startDate')} />
          </FormField>
          <FormField
            label={T.endDateLabel}
            htmlFor="listing-end-date"
            error={errors.endDate?.message}
            description={T.endDateHint}
          >
            <Input
              type="date"
              min={typeof startDate === 'string' && startDate ? startDate : undefined}
              {...register('endDate')}
            />
          </FormField>
          <FormField
            label={T.startTimeLabel}
            htmlFor="listing-start-time"
            error={errors.startTime?.message}
            required
          >
            <Input type="time" {...register('startTime')} />
          </FormField>
          <FormField
            label={T.endTimeLabel}
            htmlFor="listing-end-time"
            error={errors.endTime?.message}
            required
          >
            <Input type="time" {...register('endTime')} />
          </FormField>
        </div>
      ) : null}
    </FormSection>
  );
}
