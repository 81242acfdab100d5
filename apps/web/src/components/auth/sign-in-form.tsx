import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input, toast } from '@yardsale/ui';
import { FORGOT_TEXT, UI_TEXT, signInSchema } from '@yardsale/validators';
import { Link } from '@tanstack/react-router';
import type { SecondFactorRequired, SignInInput } from '@yardsale/validators';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { applyServerFieldErrors, serverMessage } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { PasswordInput } from '../forms/password-input';
import { RememberMeField } from '../forms/remember-me-field';
import { PasskeyButton } from './passkey-button';
import { SecondFactorStep } from './second-factor-step';

const legalLinkClasses =
  'font-medium text-primary underline underline-offset-2 hover:text-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none rounded-sm';

export function SignInForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => Promise<void> }) {
  const trpc = useTRPC();
  const login = useMutation(trpc.auth.login.mutationOptions());
  const form = useForm<SignInInput, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = form.formState;

  // Set when the password was right and the account asks for its second factor.
  const [secondStep, setSecondStep] = useState<SecondFactorRequired | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await login.mutateAsync(values);
      if ('secondFactorRequired' in result) {
        setSecondStep(result);
        return;
      }
      await onSignedIn(result);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['email', 'password']);
      toast({
        variant: 'destructive',
        title: UI_TEXT.signIn.failedTitle,
        description: serverMessage(error) ?? UI_TEXT.signIn.failedFallback,
      });
    }
  });

  if (secondStep) {
    return (
      <SecondFactorStep
        step={secondStep}
        onSignedIn={onSignedIn}
        onCancel={() => {
          setSecondStep(null);
          form.resetField('password');
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Sign in">
      <FormField label="Email" htmlFor="signin-email" error={errors.email?.message} required>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField
        label="Password"
        htmlFor="signin-password"
        error={errors.password?.message}
        required
      >
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <div className="-mt-3 flex justify-end">
        <Link
          to="/forgot-password"
          className="rounded-md text-sm font-semibold text-primary underline-offset-4 hover:text-primary-hover hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {FORGOT_TEXT.link}
        </Link>
      </div>
      <RememberMeField id="signin-remember" control={form.control} />
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign In'}
      </Button>
      <PasskeyButton
        remember={() => form.getValues('rememberMe') === true}
        onSignedIn={onSignedIn}
      />
      <p className="text-center text-sm text-muted-foreground">
        By signing in, you agree to our{' '}
        <Link to="/terms" target="_blank" rel="noopener" className={legalLinkClasses}>
          Terms of Service
          <span className="sr-only"> (opens in a new tab)</span>
        </Link>{' '}
        and{' '}
        <Link to="/privacy" target="_blank" rel="noopener" className={legalLinkClasses}>
          Privacy Policy
          <span className="sr-only"> (opens in a new tab)</span>
        </Link>
        .
      </p>
    </form>
  );
}
