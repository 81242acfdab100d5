import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, toast } from '@yardsale/ui';
import { UI_TEXT, VERIFY_TEXT, updateProfileSchema } from '@yardsale/validators';
import { MailIcon } from 'lucide-react';
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
  const queryClient = useQueryClient();
  const update = useMutation(trpc.account.updateProfile.mutationOptions());
  // A new address waits for its link; until then the form shows the one in force.
  const pending = useQuery(trpc.account.pendingEmail.queryOptions());
  const pendingEmail = pending.data?.pendingEmail ?? null;
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
      await queryClient.invalidateQueries({ queryKey: trpc.account.pendingEmail.queryKey() });
      if (values.email !== updated.email) {
        toast({
          variant: 'success',
          title: VERIFY_TEXT.changeRequestedTitle,
          description: VERIFY_TEXT.pendingChange(values.email),
        });
      } else {
        toast({ variant: 'success', title: UI_TEXT.profile.updatedTitle });
      }
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
      {pendingEmail ? (
        <p
          role="status"
          className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <MailIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {VERIFY_TEXT.pendingChange(pendingEmail)}
        </p>
      ) : null}
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
