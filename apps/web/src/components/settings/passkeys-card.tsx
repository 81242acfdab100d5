import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  FormField,
  Input,
  Skeleton,
  toast,
} from '@yardsale/ui';
import {
  PASSKEY_TEXT,
  TWO_FACTOR_TEXT,
  passkeyNameSchema,
  passkeyRemoveSchema,
} from '@yardsale/validators';
import { FingerprintIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { createPasskey, passkeyProblem } from '../../lib/passkeys';
import { useTRPC } from '../../lib/trpc';
import { PasswordInput } from '../forms/password-input';
import { IconCardHeader } from '../layout/icon-card-header';
import { FormAlert } from '../forms/form-alert';
import { RecoveryCodesContent, RenewRecoveryCodesDialog } from './recovery-codes';

const M = PASSKEY_TEXT;
const DAY = { zone: 'local', month: 'short', year: true } as const;

interface Passkey {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A name the person will recognise for a passkey made on this device. */
function deviceName(): string {
  const agent = navigator.userAgent;
  if (/iPhone/.test(agent)) return 'iPhone';
  if (/iPad/.test(agent)) return 'iPad';
  if (/Android/.test(agent)) return 'Android phone';
  if (/CrOS/.test(agent)) return 'Chromebook';
  if (/Mac OS X/.test(agent)) return 'Mac';
  if (/Windows/.test(agent)) return 'Windows PC';
  if (/Linux/.test(agent)) return 'Linux computer';
  return M.defaultName;
}

/** The account's passkeys: each one's name and use, one more added, one removed with the password. */
export function PasskeysCard() {
  const trpc = useTRPC();
  const security = useQuery(trpc.account.security.queryOptions());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [renewing, setRenewing] = useState(false);
  const passkeys = security.data?.passkeys;
  // With the authenticator app on, its card already speaks of the codes.
  const showCodes = security.data && !security.data.totpEnabled && (passkeys?.length ?? 0) > 0;

  return (
    <Card role="region" aria-labelledby="passkeys-heading">
      <IconCardHeader
        icon={FingerprintIcon}
        title={M.cardTitle}
        titleId="passkeys-heading"
        description={M.cardDescription}
      />
      <CardContent className="flex flex-col gap-4">
        {passkeys === undefined ? (
          <Skeleton className="h-12 w-full" />
        ) : passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">{M.none}</p>
        ) : (
          <ul aria-label={M.listLabel} className="divide-y rounded-xl border">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{passkey.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {M.addedOn(formatDate(passkey.createdAt, DAY))} ·{' '}
                    {passkey.lastUsedAt
                      ? M.lastUsed(formatDate(passkey.lastUsedAt, DAY))
                      : M.neverUsed}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={M.removeLabel(passkey.name)}
                  onClick={() => setRemoving(passkey)}
                >
                  {M.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {showCodes ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-muted/50 px-4 py-3 text-sm">
            <span>{TWO_FACTOR_TEXT.recoveryLeft(security.data.recoveryCodesLeft)}</span>
            <Button variant="outline" size="sm" onClick={() => setRenewing(true)}>
              {TWO_FACTOR_TEXT.renew}
            </Button>
          </div>
        ) : null}
        <div>
          <Button onClick={() => setAdding(true)} disabled={passkeys === undefined}>
            {M.add}
          </Button>
        </div>
      </CardContent>
      <Dialog open={adding} onOpenChange={setAdding}>
        {adding ? <AddPasskeyDialog onDone={() => setAdding(false)} /> : null}
      </Dialog>
      <Dialog open={renewing} onOpenChange={setRenewing}>
        {renewing ? <RenewRecoveryCodesDialog onDone={() => setRenewing(false)} /> : null}
      </Dialog>
      <Dialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        {removing ? (
          <RemovePasskeyDialog passkey={removing} onDone={() => setRemoving(null)} />
        ) : null}
      </Dialog>
    </Card>
  );
}

const addForm = z.object({ name: passkeyNameSchema });

function AddPasskeyDialog({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const registrationOptions = useMutation(
    trpc.account.passkeyRegistrationOptions.mutationOptions(),
  );
  const register = useMutation(trpc.account.passkeyRegister.mutationOptions());
  const form = useForm<z.input<typeof addForm>, unknown, z.output<typeof addForm>>({
    resolver: zodResolver(addForm),
    defaultValues: { name: deviceName() },
  });
  const { errors, isSubmitting } = form.formState;
  // The first passkey turns the second step on: its recovery codes are shown this once.
  const [codes, setCodes] = useState<string[] | null>(null);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    let recoveryCodes: string[];
    try {
      const { token, options } = await registrationOptions.mutateAsync();
      // The library is fetched here, on the click, not with the Settings page.
      const response = await createPasskey(options);
      ({ recoveryCodes } = await register.mutateAsync({ token, name, response }));
    } catch (error) {
      form.setError('root.server', {
        type: 'server',
        message: passkeyProblem(error) ?? serverMessage(error) ?? M.notAccepted,
      });
      return;
    }
    await queryClient.invalidateQueries(trpc.account.security.pathFilter());
    if (recoveryCodes.length > 0) setCodes(recoveryCodes);
    else added();
  });
  const added = () => {
    toast({ variant: 'success', title: M.addedTitle, description: M.addedDescription });
    onDone();
  };

  if (codes) {
    return (
      <RecoveryCodesContent
        codes={codes}
        description={TWO_FACTOR_TEXT.passkeyRecoveryDescription}
        onDone={added}
      />
    );
  }

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{M.addTitle}</DialogTitle>
        <DialogDescription>{M.addDescription}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={M.addTitle}>
        <FormField label={M.nameLabel} htmlFor="passkey-name" error={errors.name?.message} required>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormAlert message={errors.root?.server?.message} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {M.cancel}
            </Button>
          </DialogClose>
          <Button type="submit" loading={isSubmitting}>
            {isSubmitting ? M.creating : M.create}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

const removeForm = passkeyRemoveSchema.pick({ password: true });

function RemovePasskeyDialog({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.account.passkeyRemove.mutationOptions());
  const form = useForm<z.input<typeof removeForm>, unknown, z.output<typeof removeForm>>({
    resolver: zodResolver(removeForm),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await remove.mutateAsync({ id: passkey.id, password });
    } catch (error) {
      form.setError(
        'password',
        { type: 'server', message: serverMessage(error) ?? M.wrongPassword },
        { shouldFocus: true },
      );
      return;
    }
    await queryClient.invalidateQueries(trpc.account.security.pathFilter());
    toast({ variant: 'success', title: M.removedTitle });
    onDone();
  });

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{M.removeTitle}</DialogTitle>
        <DialogDescription>{M.removeDescription(passkey.name)}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={M.removeTitle}>
        <FormField
          label={M.passwordLabel}
          htmlFor="remove-passkey-password"
          error={errors.password?.message}
          required
        >
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {M.cancel}
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" loading={isSubmitting}>
            {isSubmitting ? M.removing : M.remove}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
