import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  toast,
} from '@yardsale/ui';
import { TWO_FACTOR_TEXT, recoveryCodesRenewSchema } from '@yardsale/validators';
import type { RecoveryCodesRenewInput } from '@yardsale/validators';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { PasswordInput } from '../forms/password-input';

const M = TWO_FACTOR_TEXT;

/** Recovery codes, shown this once, to copy or write down. */
export function RecoveryCodesContent({
  codes,
  description,
  onDone,
}: {
  codes: string[];
  description: string;
  onDone: () => void;
}) {
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{M.recoveryTitle}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl border bg-muted/50 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <DialogFooter>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard.writeText(codes.join('\n')).then(() => {
              toast({ variant: 'success', title: M.recoveryCopied });
            });
          }}
        >
          {M.recoveryCopy}
        </Button>
        <Button type="button" onClick={onDone}>
          {M.recoveryDone}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

/** Ten new codes in place of the old: the password first, then the codes, shown once. */
export function RenewRecoveryCodesDialog({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const renew = useMutation(trpc.account.recoveryCodesRenew.mutationOptions());
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm<RecoveryCodesRenewInput, unknown, z.output<typeof recoveryCodesRenewSchema>>(
    {
      resolver: zodResolver(recoveryCodesRenewSchema),
      defaultValues: { password: '' },
    },
  );
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setCodes((await renew.mutateAsync(values)).recoveryCodes);
    } catch (error) {
      form.setError(
        'password',
        { type: 'server', message: serverMessage(error) ?? M.wrongPassword },
        { shouldFocus: true },
      );
      return;
    }
    await queryClient.invalidateQueries(trpc.account.security.pathFilter());
  });

  if (codes) {
    return (
      <RecoveryCodesContent
        codes={codes}
        description={M.passkeyRecoveryDescription}
        onDone={onDone}
      />
    );
  }
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{M.renewTitle}</DialogTitle>
        <DialogDescription>{M.renewDescription}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={M.renewTitle}>
        <FormField
          label="Password"
          htmlFor="renew-recovery-password"
          error={errors.password?.message}
          required
        >
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" loading={isSubmitting}>
            {M.renewSubmit}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
