import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input, toast } from '@yardsale/ui';
import { MESSAGES, updateProfileSchema } from '@yardsale/validators';
import type { UpdateProfileInput } from '@yardsale/validators';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { applyServerFieldErrors, errorCode, serverMessage } from '../../lib/errors';
import { useCurrentUser, useSetSessionUser } from '../../lib/session';
import type { SessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

function formValues(user: SessionUser): UpdateProfileInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
  };
}

export function ProfileDetailsForm() {
  const user = useCurrentUser();
  const trpc = useTRPC();
  const setSessionUser = useSetSessionUser();
  const update = useMutation(trpc.auth.updateProfile.mutationOptions());
  const form = useForm<UpdateProfileInput, unknown, z.output<typeof updateProfileSchema>>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: formValues(user),
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await update.mutateAsync(values);
      setSessionUser(updated);
      form.reset(formValues(updated));
      toast({ variant: 'success', title: MESSAGES.profile.updatedTitle });
    } catch (error) {
      const onFields = applyServerFieldErrors(error, form.setError, [
        'firstName',
        'lastName',
        'email',
        'phone',
      ]);
      const message = serverMessage(error);
      if (!onFields && errorCode(error) === 'CONFLICT' && message) {
        form.setError('email', { type: 'server', message });
      }
      toast({
        variant: 'destructive',
        title: MESSAGES.profile.failedTitle,
        description: message ?? MESSAGES.profile.failedFallback,
      });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-5"
      aria-labelledby="profile-details-heading"
    >
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label="First name"
          htmlFor="settings-first-name"
          error={errors.firstName?.message}
          required
        >
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField
          label="Last name"
          htmlFor="settings-last-name"
          error={errors.lastName?.message}
          required
        >
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" htmlFor="settings-email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Phone (optional)" htmlFor="settings-phone" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register('phone')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="ghost"
          disabled={!isDirty || isSubmitting}
          onClick={() => form.reset(formValues(user))}
        >
          Discard changes
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          {isSubmitting ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
