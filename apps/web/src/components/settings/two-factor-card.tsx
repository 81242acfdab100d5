import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
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
  FormField,
  Input,
  Skeleton,
  toast,
} from '@yardsale/ui';
import { TWO_FACTOR_TEXT, totpDisableSchema, totpEnableSchema } from '@yardsale/validators';
import type { TotpDisableInput } from '@yardsale/validators';
import { ShieldCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { PasswordInput } from '../forms/password-input';
import { IconCardHeader } from '../layout/icon-card-header';
import { RecoveryCodesContent } from './recovery-codes';

const M = TWO_FACTOR_TEXT;

/** The authenticator app: turned on with a scanned QR code and its first code, off with password and code. */
export function TwoFactorCard() {
  const trpc = useTRPC();
  const security = useQuery(trpc.account.security.queryOptions());
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  const enabled = security.data?.totpEnabled ?? false;

  return (
    <Card role="region" aria-labelledby="two-factor-heading">
      <IconCardHeader
        icon={ShieldCheckIcon}
        title={M.cardTitle}
        titleId="two-factor-heading"
        description={M.cardDescription}
      />
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        {security.data ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={enabled ? 'success' : 'secondary'} size="lg">
              {enabled ? M.on : M.off}
            </Badge>
            {enabled ? (
              <span className="text-muted-foreground">
                {M.recoveryLeft(security.data.recoveryCodesLeft)}
              </span>
            ) : null}
          </p>
        ) : (
          <Skeleton className="h-7 w-32" />
        )}
        {security.data ? (
          <Button
            variant={enabled ? 'outline' : 'default'}
            onClick={() => setDialog(enabled ? 'disable' : 'enable')}
          >
            {enabled ? M.turnOff : M.turnOn}
          </Button>
        ) : null}
      </CardContent>
      <Dialog open={dialog !== null} onOpenChange={(open) => setDialog(open ? dialog : null)}>
        {dialog === 'enable' ? <EnableDialog onDone={() => setDialog(null)} /> : null}
        {dialog === 'disable' ? <DisableDialog onDone={() => setDialog(null)} /> : null}
      </Dialog>
    </Card>
  );
}

const codeForm = totpEnableSchema.pick({ code: true });

function EnableDialog({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A new secret each time the dialog opens; nothing is stored until the first code confirms it.
  const setup = useMutation(trpc.account.totpSetup.mutationOptions());
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setup.mutate();
  }, [setup]);
  const enable = useMutation(trpc.account.totpEnable.mutationOptions());
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm<z.input<typeof codeForm>, unknown, z.output<typeof codeForm>>({
    resolver: zodResolver(codeForm),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    if (!setup.data) return;
    try {
      const { recoveryCodes } = await enable.mutateAsync({ secret: setup.data.secret, code });
      setCodes(recoveryCodes);
      await queryClient.invalidateQueries({ queryKey: trpc.account.security.queryKey() });
    } catch (error) {
      form.setError(
        'code',
        { type: 'server', message: serverMessage(error) ?? M.wrongCode },
        { shouldFocus: true },
      );
    }
  });

  if (codes) {
    return (
      <RecoveryCodesContent
        codes={codes}
        description={M.recoveryDescription}
        onDone={() => {
          toast({ variant: 'success', title: M.enabledTitle });
          onDone();
        }}
      />
    );
  }

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{M.setupTitle}</DialogTitle>
        <DialogDescription>{M.setupScan}</DialogDescription>
      </DialogHeader>
      {setup.data ? (
        <div className="flex flex-col items-center gap-3">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="size-48 rounded-lg border bg-white p-2"
          />
          <p className="text-center text-sm text-muted-foreground">{M.setupManual}</p>
          <code
            aria-label="Set-up key"
            className="rounded-md bg-muted px-3 py-1.5 font-mono text-sm tracking-wider break-words"
          >
            {setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      ) : setup.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessage(setup.error) ?? 'The set-up could not start. Please try again.'}
        </p>
      ) : (
        <Skeleton className="mx-auto size-48" />
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={M.setupTitle}>
        <FormField
          label={M.codeLabel}
          htmlFor="totp-setup-code"
          error={errors.code?.message}
          required
        >
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            placeholder="123456"
            {...form.register('code')}
          />
        </FormField>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" loading={isSubmitting} disabled={!setup.data}>
            {M.confirm}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function DisableDialog({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const disable = useMutation(trpc.account.totpDisable.mutationOptions());
  const form = useForm<TotpDisableInput, unknown, z.output<typeof totpDisableSchema>>({
    resolver: zodResolver(totpDisableSchema),
    defaultValues: { password: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values);
      await queryClient.invalidateQueries({ queryKey: trpc.account.security.queryKey() });
      toast({ variant: 'success', title: M.disabledTitle });
      onDone();
    } catch (error) {
      const message = serverMessage(error) ?? M.wrongCode;
      form.setError(
        message === M.wrongPassword ? 'password' : 'code',
        { type: 'server', message },
        { shouldFocus: true },
      );
    }
  });

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{M.disableTitle}</DialogTitle>
        <DialogDescription>{M.disableDescription}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={M.disableTitle}>
        <FormField
          label="Password"
          htmlFor="totp-off-password"
          error={errors.password?.message}
          required
        >
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <FormField label="Code" htmlFor="totp-off-code" error={errors.code?.message} required>
          <Input autoComplete="one-time-code" spellCheck={false} {...form.register('code')} />
        </FormField>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" loading={isSubmitting}>
            {M.turnOff}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
