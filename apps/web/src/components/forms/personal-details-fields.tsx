import { FormField, Input } from '@yardsale/ui';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';

/** The fields this group shows, for putting the server's messages on them. */
export const PERSONAL_DETAILS_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

interface PersonalDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
}

/** Name, e-mail and phone: asked for the same way when registering and in profile settings. */
export function PersonalDetailsFields<T extends FieldValues & PersonalDetails>({
  idPrefix,
  register,
  errors,
  emailPlaceholder,
}: {
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: Partial<Record<keyof PersonalDetails, { message?: string }>>;
  emailPlaceholder?: string;
}) {
  // The constraint on T guarantees these fields; TypeScript can't see that through Path<T>.
  const field = (name: keyof PersonalDetails) => register(name as Path<T>);
  return (
    <>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label="First name"
          htmlFor={`${idPrefix}-first-name`}
          error={errors.firstName?.message}
          required
        >
          <Input autoComplete="given-name" {...field('firstName')} />
        </FormField>
        <FormField
          label="Last name"
          htmlFor={`${idPrefix}-last-name`}
          error={errors.lastName?.message}
          required
        >
          <Input autoComplete="family-name" {...field('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" htmlFor={`${idPrefix}-email`} error={errors.email?.message} required>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={emailPlaceholder}
          {...field('email')}
        />
      </FormField>
      <FormField
        label="Phone (optional)"
        htmlFor={`${idPrefix}-phone`}
        error={errors.phone?.message}
      >
        <Input type="tel" autoComplete="tel" inputMode="tel" {...field('phone')} />
      </FormField>
    </>
  );
}
