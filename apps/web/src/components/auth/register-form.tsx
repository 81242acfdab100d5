import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, FormField, Input, toast } from '@yardsale/ui';
import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  SESSION_REMEMBER_DAYS,
  registerSchema,
} from '@yardsale/validators';
import type { RegisterInput } from '@yardsale/validators';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { applyServerFieldErrors, errorCode, serverMessage } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { CheckboxField } from '../forms/checkbox-field';
import { PasswordInput } from '../forms/password-input';

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
      const onFields = applyServerFieldErrors(error, form.setError, [
        'firstName',
        'lastName',
        'email',
        'phone',
        'password',
        'termsAccepted',
      ]);
      const message = serverMessage(error);
      if (!onFields && errorCode(error) === 'CONFLICT' && message) {
        form.setError('email', { type: 'server', message });
      }
      toast({
        variant: 'destructive',
        title: MESSAGES.register.failedTitle,
        description: message ?? MESSAGES.register.failedFallback,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Create account">
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label="First name"
          htmlFor="register-first-name"
          error={errors.firstName?.message}
          required
        >
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField
          label="Last name"
          htmlFor="register-last-name"
          error={errors.lastName?.message}
          required
        >
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" htmlFor="register-email" error={errors.email?.message} required>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField label="Phone (optional)" htmlFor="register-phone" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register('phone')} />
      </FormField>
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
      <Controller
        control={form.control}
        name="rememberMe"
        render={({ field }) => (
          <CheckboxField
            id="register-remember"
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
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {isSubmitting ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
