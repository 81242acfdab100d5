import { SESSION_REMEMBER_DAYS } from '@yardsale/validators';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

import { CheckboxField } from './checkbox-field';

/** The "Remember me" box of the sign-in and register forms, bound to their `rememberMe` value. */
export function RememberMeField<T extends FieldValues & { rememberMe?: boolean }>({
  id,
  control,
}: {
  id: string;
  control: Control<T>;
}) {
  return (
    <Controller
      control={control}
      // The constraint on T guarantees the field; TypeScript can't see that through Path<T>.
      name={'rememberMe' as Path<T>}
      render={({ field }) => (
        <CheckboxField
          id={id}
          label="Remember me"
          description={`Stay signed in on this device for ${SESSION_REMEMBER_DAYS} days.`}
          checked={field.value === true}
          onCheckedChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
        />
      )}
    />
  );
}
