import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Textarea, toast } from '@yardsale/ui';
import {
  UI_TEXT,
  MESSAGE_MAX_LENGTH,
  SYSTEM_ACCOUNT,
  announcementSchema,
} from '@yardsale/validators';
import type { AnnouncementInput } from '@yardsale/validators';
import { CheckCircle2Icon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { applyServerFieldErrors } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { refusalMessage } from './admin-errors';
import { formatCount } from '../../lib/format';

export function AnnouncementForm() {
  const trpc = useTRPC();
  const announce = useMutation(trpc.admin.announce.mutationOptions());
  const form = useForm<AnnouncementInput, unknown, z.output<typeof announcementSchema>>({
    resolver: zodResolver(announcementSchema),
    defaultValues: { message: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [lastRecipients, setLastRecipients] = useState<number | null>(null);
  const length = useWatch({ control: form.control, name: 'message' }).length;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await announce.mutateAsync(values);
      form.reset({ message: '' });
      setLastRecipients(result.recipients);
      toast({
        variant: 'success',
        title: UI_TEXT.announcement.sentTitle,
        description: UI_TEXT.announcement.sentDescription,
      });
    } catch (error) {
      // The text stays in the box so nothing typed is lost.
      applyServerFieldErrors(error, form.setError, ['message']);
      toast({
        variant: 'destructive',
        title: UI_TEXT.announcement.failedTitle,
        description: refusalMessage(error, UI_TEXT.announcement.failedFallback),
      });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-labelledby="announcement-heading"
    >
      <div className="grid gap-1.5">
        <FormField
          id="announcement-message"
          label="Announcement"
          required
          error={errors.message?.message}
        >
          <Textarea
            rows={5}
            maxLength={MESSAGE_MAX_LENGTH}
            aria-describedby="announcement-hint"
            placeholder="e.g. This Saturday is the spring neighbourhood sale: post your listing by Friday evening!"
            {...form.register('message')}
          />
        </FormField>
        <div
          id="announcement-hint"
          className="flex items-start justify-between gap-3 text-sm text-muted-foreground"
        >
          <p>Arrives in every other member&apos;s Messages from {SYSTEM_ACCOUNT.displayName}.</p>
          <p className="shrink-0 text-xs tabular-nums">
            {formatCount(length)}/{formatCount(MESSAGE_MAX_LENGTH)}
          </p>
        </div>
      </div>
      {lastRecipients !== null ? (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-pine-800">
          <CheckCircle2Icon aria-hidden="true" className="size-4 shrink-0" />
          Last announcement delivered to {formatCount(lastRecipients)}{' '}
          {lastRecipients === 1 ? 'member' : 'members'}.
        </p>
      ) : null}
      <Button type="submit" className="w-full sm:w-fit sm:justify-self-end" loading={isSubmitting}>
        <SendIcon aria-hidden="true" />
        {isSubmitting ? 'Sending…' : 'Send Announcement'}
      </Button>
    </form>
  );
}
