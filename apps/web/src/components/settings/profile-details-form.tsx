import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, toast } from '@yardsale/ui';
import { UI_TEXT, updateProfileSchema } from '@yardsale/validators';
import type { UpdateProfileInput } from '@yardsale/validators';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { applyAccountDetailsErrors } from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { useSetSessionUser } from '../../lib/session-actions';
import type { SessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { PERSONAL_DETAILS_FIELDS, PersonalDetailsFields } from '../forms/personal-details-fields';

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
      toast({ variant: 'success', title: UI_TEXT.profile.updatedTitle });
    } catch (error) {
      const message = applyAccountDetailsErrors(error, form.setError, PERSONAL_DETAILS_FIELDS);
      toast({
        variant: 'destructive',
        title: UI_TEXT.profile.failedTitle,
        description: message ?? UI_TEXT.profile.failedFallback,
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
      <PersonalDetailsFields idPrefix="settings" register={form.register} errors={errors} />
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
