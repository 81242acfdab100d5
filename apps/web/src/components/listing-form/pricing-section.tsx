import { FormField, NativeSelect } from '@yardsale/ui';
import { CATEGORIES, PRICE_RANGES } from '@yardsale/validators';
import { TagIcon } from 'lucide-react';
import { useFormState } from 'react-hook-form';

import { FormSection } from './form-section';
import { useListingFormContext } from './listing-form-values';
import { LISTING_FORM_TEXTS } from './listing-form-texts';

const T = LISTING_FORM_TEXTS.pricing;

/** The category and price range buyers filter by. */
export function PricingSection() {
  const { control, register } = useListingFormContext();
  const { errors } = useFormState({ control });
  return (
    <FormSection id="category-pricing" icon={TagIcon} title={T.title} description={T.description}>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label={T.categoryLabel}
          htmlFor="listing-category"
          error={errors.category?.message}
          required
        >
          <NativeSelect {...register('category')}>
            <option value="">{T.categoryPlaceholder}</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label={T.priceRangeLabel}
          htmlFor="listing-price-range"
          error={errors.priceRange?.message}
          required
        >
          <NativeSelect {...register('priceRange')}>
            <option value="">{T.priceRangePlaceholder}</option>
            {PRICE_RANGES.map((range) => (
              <option key={range} value={range}>
                {range}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
    </FormSection>
  );
}
