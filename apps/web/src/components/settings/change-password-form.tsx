import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, toast } from '@yardsale/ui';
import { UI_TEXT, PASSWORD_MIN_LENGTH, changePasswordSchema } from '@yardsale/validators';
import type { ChangePasswordInput } from '@yardsale/validators';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { applyServerFieldErrors, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { PasswordInput } from '../forms/password-input';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const trpc = useTRPC();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const form = useForm<ChangePasswordInput, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      toast({
        variant: 'success',
        title: UI_TEXT.password.changedTitle,
        description: UI_TEXT.password.changedDescription,
      });
    } catch (error) {
      const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
      if (applyServerFieldErrors(error, form.setError, fields)) return;
      const message = serverMessage(error);
      if (message === UI_TEXT.password.wrongCurrent) {
        form.setError('currentPassword', { type: 'server', message }, { shouldFocus: true });
        return;
      }
      form.setError('root.server', {
        type: 'server',
        message: message ?? 'Your password could not be changed. Please try again.',
      });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-5"
      aria-labelledby="change-password-heading"
    >
      <FormField
        label="Current password"
        htmlFor="settings-current-password"
        error={errors.currentPassword?.message}
        required
      >
        <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label="New password"
          htmlFor="settings-new-password"
          error={errors.newPassword?.message}
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          required
        >
          <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        <FormField
          label="Confirm new password"
          htmlFor="settings-confirm-password"
          error={errors.confirmPassword?.message}
          required
        >
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
      </div>
      {errors.root?.server?.message ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-destructive"
        >
          {errors.root.server.message}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? 'Updating…' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}
