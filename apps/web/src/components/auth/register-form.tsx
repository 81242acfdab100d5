import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, FormField, toast } from '@yardsale/ui';
import { UI_TEXT, PASSWORD_MIN_LENGTH, registerSchema } from '@yardsale/validators';
import type { RegisterInput } from '@yardsale/validators';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { applyAccountDetailsErrors } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { CheckboxField } from '../forms/checkbox-field';
import { PasswordInput } from '../forms/password-input';
import { PERSONAL_DETAILS_FIELDS, PersonalDetailsFields } from '../forms/personal-details-fields';
import { RememberMeField } from '../forms/remember-me-field';

/** The terms box starts unticked; the schema then accepts only a tick. */
type RegisterFormValues = Omit<RegisterInput, 'termsAccepted'> & { termsAccepted: boolean };
type RegisterOutput = z.output<typeof registerSchema>;

const legalLinkClasses =
  'font-medium text-primary underline underline-offset-2 hover:text-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none rounded-sm';

export function RegisterForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => Promise<void> }) {
  const trpc = useTRPC();
  const register = useMutation(trpc.auth.register.mutationOptions());
  const form = useForm<RegisterFormValues, unknown, RegisterOutput>({
    resolver: zodResolver<RegisterFormValues, unknown, RegisterOutput>(registerSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      password: '',
      termsAccepted: false,
      rememberMe: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await register.mutateAsync(values);
      await onSignedIn(user);
    } catch (error) {
      const message = applyAccountDetailsErrors(error, form.setError, [
        ...PERSONAL_DETAILS_FIELDS,
        'password',
        'termsAccepted',
      ]);
      toast({
        variant: 'destructive',
        title: UI_TEXT.register.failedTitle,
        description: message ?? UI_TEXT.register.failedFallback,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Create account">
      <PersonalDetailsFields
        idPrefix="register"
        register={form.register}
        errors={errors}
        emailPlaceholder="you@example.com"
      />
      <FormField
        label="Password"
        htmlFor="register-password"
        error={errors.password?.message}
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        required
      >
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Controller
        control={form.control}
        name="termsAccepted"
        render={({ field }) => (
          <CheckboxField
            id="register-terms"
            required
            label={
              <>
                I am 18 or older and agree to the{' '}
                <Link to="/terms" target="_blank" rel="noopener" className={legalLinkClasses}>
                  Terms of Service
                </Link>{' '}
                and{' '}
                <Link to="/privacy" target="_blank" rel="noopener" className={legalLinkClasses}>
                  Privacy Policy
                </Link>
              </>
            }
            error={errors.termsAccepted?.message}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
          />
        )}
      />
      <RememberMeField id="register-remember" control={form.control} />
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {isSubmitting ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
