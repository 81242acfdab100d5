import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input, toast } from '@yardsale/ui';
import { UI_TEXT, signInSchema } from '@yardsale/validators';
import type { SignInInput } from '@yardsale/validators';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { applyServerFieldErrors, serverMessage } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { PasswordInput } from '../forms/password-input';
import { RememberMeField } from '../forms/remember-me-field';

export function SignInForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => Promise<void> }) {
  const trpc = useTRPC();
  const login = useMutation(trpc.auth.login.mutationOptions());
  const form = useForm<SignInInput, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await login.mutateAsync(values);
      await onSignedIn(user);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['email', 'password']);
      toast({
        variant: 'destructive',
        title: UI_TEXT.signIn.failedTitle,
        description: serverMessage(error) ?? UI_TEXT.signIn.failedFallback,
      });
    }
  });

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
      <RememberMeField id="signin-remember" control={form.control} />
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  );
}
