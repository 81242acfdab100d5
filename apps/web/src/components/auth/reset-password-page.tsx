import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, FormField, Skeleton, toast } from '@yardsale/ui';
import {
  PASSWORD_MIN_LENGTH,
  RESET_TEXT,
  UI_TEXT,
  VERIFY_TEXT,
  resetPasswordSchema,
} from '@yardsale/validators';
import type { SecondFactorRequired } from '@yardsale/validators';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { AuthCard } from './auth-card';
import { SecondFactorStep } from './second-factor-step';
import { PasswordInput } from '../forms/password-input';
import { applyServerFieldErrors, errorCode, serverMessage } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { useReplaceSession } from '../../lib/session-actions';
import { useTRPC } from '../../lib/trpc';

const formSchema = resetPasswordSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: UI_TEXT.password.mismatch,
    path: ['confirmPassword'],
  });
type FormInput = z.input<typeof formSchema>;

/** Where a link that no longer works leads: a new one, asked for in one click. */
function NewLinkLink() {
  return (
    <Link
      to="/forgot-password"
      className="mt-1 inline-block font-semibold underline underline-offset-4"
    >
      {RESET_TEXT.newLink}
    </Link>
  );
}

/**
 * The page a reset link opens: the link is checked at once (a used or expired one is said before
 * anything is typed), then the new password twice; then signed in, or, with two-factor sign-in,
 * the code step first. Kept out of the route file so its form schema loads only with this page.
 */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const check = useMutation(trpc.auth.checkResetLink.mutationOptions());
  const checked = useRef(false);
  useEffect(() => {
    if (!token || checked.current) return;
    checked.current = true;
    check.mutate({ token });
  }, [token, check]);
  const replaceSession = useReplaceSession();
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  // The new password is saved; an account with two-factor sign-in still gives its code.
  const [secondStep, setSecondStep] = useState<SecondFactorRequired | null>(null);
  const signedIn = async (user: SessionUser) => {
    replaceSession(user);
    toast({
      variant: 'success',
      title: RESET_TEXT.doneTitle,
      description: RESET_TEXT.doneDescription,
    });
    await navigate({ to: '/home', replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await reset.mutateAsync({ token: token ?? '', password: values.password });
      if ('secondFactorRequired' in result) {
        setSecondStep(result);
        return;
      }
      await signedIn(result);
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['password'])) return;
      form.setError('root.server', {
        type: 'server',
        message: serverMessage(error) ?? RESET_TEXT.failedTitle,
      });
    }
  });

  if (!token) {
    return (
      <AuthCard title={VERIFY_TEXT.failedTitle}>
        <p role="alert" className="text-sm text-muted-foreground">
          {VERIFY_TEXT.missingToken}
        </p>
      </AuthCard>
    );
  }

  // A link refused for what it is: said at once. Any other failure (a wait, no connection) leaves
  // the form, whose own answer will tell.
  if (check.isError && errorCode(check.error) === 'BAD_REQUEST') {
    return (
      <AuthCard title={RESET_TEXT.linkFailedTitle}>
        <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-destructive">
          <p className="font-medium">{serverMessage(check.error) ?? RESET_TEXT.invalidLink}</p>
          <NewLinkLink />
        </div>
      </AuthCard>
    );
  }

  if (check.isPending || check.isIdle) {
    return (
      <AuthCard title={RESET_TEXT.title}>
        <div role="status" className="grid gap-3">
          <span className="sr-only">{RESET_TEXT.checking}</span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      </AuthCard>
    );
  }

  if (secondStep) {
    return (
      <AuthCard title={RESET_TEXT.doneTitle}>
        <SecondFactorStep
          step={secondStep}
          onSignedIn={signedIn}
          onCancel={() => void navigate({ to: '/auth' })}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={RESET_TEXT.title} description={RESET_TEXT.description}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={RESET_TEXT.title}>
        <FormField
          label="New password"
          htmlFor="reset-password"
          error={errors.password?.message}
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          required
        >
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField
          label="Confirm new password"
          htmlFor="reset-confirm-password"
          error={errors.confirmPassword?.message}
          required
        >
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        {errors.root?.server?.message ? (
          <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-destructive">
            <p className="font-medium">{errors.root.server.message}</p>
            <NewLinkLink />
          </div>
        ) : null}
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {RESET_TEXT.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
