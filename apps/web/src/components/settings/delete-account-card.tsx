import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  Button,
  Card,
  CardContent,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  Input,
  toast,
} from '@yardsale/ui';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  UI_TEXT,
  deleteAccountFormSchema,
} from '@yardsale/validators';
import type { DeleteAccountFormInput } from '@yardsale/validators';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { applyServerFieldErrors, serverMessage } from '../../lib/errors';
import { useReplaceSession } from '../../lib/session-actions';
import { useTRPC } from '../../lib/trpc';
import { PasswordInput } from '../forms/password-input';
import { IconCardHeader } from '../layout/icon-card-header';
import { FormAlert } from '../forms/form-alert';

const M = UI_TEXT.deleteAccount;
const EMPTY: DeleteAccountFormInput = { password: '', code: '', confirmation: '' };
const FIELDS = ['password', 'code', 'confirmation'] as const;

/**
 * "Delete my account" (decision 068): a dialog asks for the password, the authenticator code where
 * two-factor sign-in is on, and the typed confirmation. The form stays mounted while the dialog is
 * closed, so a refusal or a second look never loses what was typed.
 */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-red-200">
      <IconCardHeader
        icon={Trash2Icon}
        title={M.cardTitle}
        titleId="delete-account-heading"
        description={M.cardDescription}
      />
      <CardContent>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="destructive">{M.openButton}</Button>
          </DialogTrigger>
          <DeleteAccountForm />
        </Dialog>
      </CardContent>
    </Card>
  );
}

function DeleteAccountForm() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const replaceSession = useReplaceSession();
  const remove = useMutation(trpc.account.delete.mutationOptions());
  // The code is asked for only where the authenticator is on (shown while that is not yet known).
  const security = useQuery(trpc.account.security.queryOptions());
  const askCode = security.data?.totpEnabled ?? true;
  const form = useForm<DeleteAccountFormInput, unknown, z.output<typeof deleteAccountFormSchema>>({
    resolver: zodResolver(deleteAccountFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await remove.mutateAsync(values);
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, FIELDS)) return;
      const message = serverMessage(error) ?? M.failedFallback;
      // The server's sentence goes under the field it is about; the rest above the buttons.
      const field =
        message === M.wrongPassword
          ? 'password'
          : message === M.wrongCode || message === M.codeRequired
            ? 'code'
            : null;
      if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
      else form.setError('root.server', { type: 'server', message });
      return;
    }
    // Signed out first, so the landing page's guard does not send the visitor back in.
    replaceSession(null);
    toast({ variant: 'success', title: M.deletedTitle, description: M.deletedDescription });
    await navigate({ to: '/' });
  });

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{M.dialogTitle}</DialogTitle>
        <DialogDescription>{M.dialogDescription}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={M.dialogTitle}>
        <FormField
          label={M.passwordLabel}
          htmlFor="delete-account-password"
          error={errors.password?.message}
          required
        >
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        {askCode ? (
          <FormField
            label={M.codeLabel}
            htmlFor="delete-account-code"
            error={errors.code?.message}
            description={M.codeDescription}
          >
            <Input autoComplete="one-time-code" spellCheck={false} {...form.register('code')} />
          </FormField>
        ) : null}
        <FormField
          label={M.confirmationLabel(DELETE_ACCOUNT_CONFIRMATION)}
          htmlFor="delete-account-confirmation"
          error={errors.confirmation?.message}
          required
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...form.register('confirmation')}
          />
        </FormField>
        <FormAlert message={errors.root?.server?.message} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {M.cancel}
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" loading={isSubmitting}>
            {isSubmitting ? M.submitting : M.submit}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
