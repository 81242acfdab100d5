import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Button, FormField, Input } from '@yardsale/ui';
import { FORGOT_TEXT, forgotPasswordSchema } from '@yardsale/validators';
import type { ForgotPasswordInput } from '@yardsale/validators';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { AuthCard } from '../components/auth/auth-card';
import { applyServerFieldErrors, serverMessage } from '../lib/errors';
import { useTRPC } from '../lib/trpc';
import { FormAlert } from '../components/forms/form-alert';

export const Route = createFileRoute('/forgot-password')({
  head: () => ({ meta: [{ title: 'Forgot password · YardSale' }] }),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const trpc = useTRPC();
  const forgot = useMutation(trpc.auth.forgotPassword.mutationOptions());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['email'])) return;
      form.setError('root.server', {
        type: 'server',
        message: serverMessage(error) ?? 'The link could not be sent. Please try again.',
      });
    }
  });

  return (
    <AuthCard title={FORGOT_TEXT.title} description={sentTo ? undefined : FORGOT_TEXT.description}>
      {sentTo ? (
        <div role="status" className="flex gap-3 rounded-xl border bg-brand-50 p-4 text-sm">
          <MailCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pine-700" />
          <div>
            <p className="font-semibold text-foreground">{FORGOT_TEXT.sentTitle}</p>
            <p className="mt-1 [overflow-wrap:anywhere] text-muted-foreground">
              {FORGOT_TEXT.sent(sentTo)}
            </p>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={FORGOT_TEXT.title}>
          <FormField label="Email" htmlFor="forgot-email" error={errors.email?.message} required>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              {...form.register('email')}
            />
          </FormField>
          <FormAlert message={errors.root?.server?.message} />
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
            {FORGOT_TEXT.submit}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link
          to="/auth"
          className="font-semibold text-primary underline-offset-4 hover:text-primary-hover hover:underline"
        >
          {FORGOT_TEXT.backToSignIn}
        </Link>
      </p>
    </AuthCard>
  );
}
