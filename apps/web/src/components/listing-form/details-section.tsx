import { FormField, Input, Textarea } from '@yardsale/ui';
import { BellRingIcon, FileTextIcon } from 'lucide-react';
import { useFormState, useWatch } from 'react-hook-form';

import { FormSection } from './form-section';
import { SALE_FIELDS, useListingFormContext } from './listing-form-values';
import { LISTING_FORM_TEXTS } from './listing-form-texts';
import { ListingTypeField } from './listing-type-field';

const T = LISTING_FORM_TEXTS.details;

/** What is for sale: title, description and whether it is a garage sale or a single item. */
export function DetailsSection() {
  const { control, register, getValues, setValue, clearErrors } = useListingFormContext();
  const { errors } = useFormState({ control });
  const isGarageSale = useWatch({ control, name: 'listingType' }) === 'garage-sale';

  const listingTypeField = register('listingType', {
    onChange: () => {
      if (getValues('listingType') !== 'single-item') return;
      for (const name of SALE_FIELDS) setValue(name, '', { shouldDirty: true });
      clearErrors([...SALE_FIELDS]);
    },
  });

  return (
    <FormSection
      id="basic-information"
      icon={FileTextIcon}
      title={T.title}
      description={T.description}
    >
      <FormField
        label={T.titleLabel}
        htmlFor="listing-title"
        error={errors.title?.message}
        required
      >
        <Input
          maxLength={120}
          placeholder={isGarageSale ? T.titlePlaceholder.garageSale : T.titlePlaceholder.singleItem}
          {...register('title')}
        />
      </FormField>
      <FormField
        label={T.descriptionLabel}
        htmlFor="listing-description"
        error={errors.description?.message}
        description={T.descriptionHint}
      >
        <Textarea rows={5} maxLength={5000} {...register('description')} />
      </FormField>
      <ListingTypeField field={listingTypeField} error={errors.listingType?.message} />
      {isGarageSale ? (
        <div className="flex gap-3 rounded-xl border border-orange-200 bg-orange-50 p-4 text-sm text-orange-900">
          <BellRingIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-orange-600" />
          <p>
            <strong className="font-semibold">{T.reminderLead}</strong> {T.reminder}
          </p>
        </div>
      ) : null}
    </FormSection>
  );
}
