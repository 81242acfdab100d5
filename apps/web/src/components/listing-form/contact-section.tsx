import { FormField, Input } from '@yardsale/ui';
import { PhoneIcon } from 'lucide-react';
import { useFormState } from 'react-hook-form';

import { FormSection } from './form-section';
import { useListingFormContext } from './listing-form-values';
import { LISTING_FORM_TEXTS } from './listing-form-texts';

const T = LISTING_FORM_TEXTS.contact;

/** Optional ways to reach the seller besides messages. */
export function ContactSection() {
  const { control, register } = useListingFormContext();
  const { errors } = useFormState({ control });
  return (
    <FormSection id="contact" icon={PhoneIcon} title={T.title} description={T.description}>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label={T.phoneLabel}
          htmlFor="listing-contact-phone"
          error={errors.contactPhone?.message}
        >
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={40}
            {...register('contactPhone')}
          />
        </FormField>
        <FormField
          label={T.emailLabel}
          htmlFor="listing-contact-email"
          error={errors.contactEmail?.message}
        >
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            {...register('contactEmail')}
          />
        </FormField>
      </div>
    </FormSection>
  );
}
