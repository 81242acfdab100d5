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
import { FormAlert } from '../forms/form-alert';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const ALL_REQUIRED_ID = 'change-password-all-required';

export function ChangePasswordForm() {
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const form = useForm<ChangePasswordInput, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  // "Please fill in all password fields." is said once for the form; each empty field is still
  // marked invalid and points to it. Other messages (too short, mismatch, wrong current) stay
  // under their own field.
  const emptyFields = FIELDS.filter(
    (name) => errors[name]?.message === UI_TEXT.password.allRequired,
  );
  const fieldError = (name: (typeof FIELDS)[number]) =>
    emptyFields.includes(name) ? undefined : errors[name]?.message;
  const emptyProps = (name: (typeof FIELDS)[number]) =>
    emptyFields.includes(name) ? { 'aria-invalid': true, 'aria-describedby': ALL_REQUIRED_ID } : {};

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
      if (applyServerFieldErrors(error, form.setError, FIELDS)) return;
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
        error={fieldError('currentPassword')}
        required
      >
        <PasswordInput
          autoComplete="current-password"
          {...emptyProps('currentPassword')}
          {...form.register('currentPassword')}
        />
      </FormField>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label="New password"
          htmlFor="settings-new-password"
          error={fieldError('newPassword')}
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          required
        >
          <PasswordInput
            autoComplete="new-password"
            {...emptyProps('newPassword')}
            {...form.register('newPassword')}
          />
        </FormField>
        <FormField
          label="Confirm new password"
          htmlFor="settings-confirm-password"
          error={fieldError('confirmPassword')}
          required
        >
          <PasswordInput
            autoComplete="new-password"
            {...emptyProps('confirmPassword')}
            {...form.register('confirmPassword')}
          />
        </FormField>
      </div>
      <FormAlert
        id={ALL_REQUIRED_ID}
        message={emptyFields.length > 0 ? UI_TEXT.password.allRequired : undefined}
      />
      <FormAlert message={errors.root?.server?.message} />
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? 'Updating…' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}
