import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input } from '@yardsale/ui';
import { PASSKEY_TEXT, TWO_FACTOR_TEXT, secondFactorCodeSchema } from '@yardsale/validators';
import type { SecondFactorRequired } from '@yardsale/validators';
import { ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { serverMessage } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { PasskeyButton } from './passkey-button';

const M = TWO_FACTOR_TEXT;
const appForm = z.object({ code: secondFactorCodeSchema });
// The same field, asked for in the words of a recovery code.
const recoveryForm = z.object({
  code: z.string().trim().min(1, M.recoveryRequired).max(40, M.wrongCode),
});
type FormInput = z.input<typeof appForm>;

/** The code field: the authenticator's code (or a recovery code), or a recovery code alone. */
function CodeForm({
  challenge,
  recoveryOnly,
  onSignedIn,
}: {
  challenge: string;
  recoveryOnly: boolean;
  onSignedIn: (user: SessionUser) => Promise<void>;
}) {
  const trpc = useTRPC();
  const verify = useMutation(trpc.auth.signInSecondFactor.mutationOptions());
  const form = useForm<FormInput, unknown, z.output<typeof appForm>>({
    resolver: zodResolver(recoveryOnly ? recoveryForm : appForm),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const user = await verify.mutateAsync({ challenge, code });
      await onSignedIn(user);
    } catch (error) {
      const message = serverMessage(error) ?? M.wrongCode;
      // The server's answer speaks of the app; a recovery code is checked against paper, not an app.
      form.setError(
        'code',
        {
          type: 'server',
          message: recoveryOnly && message === M.wrongCode ? M.wrongRecoveryCode : message,
        },
        { shouldFocus: true },
      );
    }
  });

  const title = recoveryOnly ? M.recoveryCodeLabel : M.signInTitle;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={title}>
      <FormField
        label={recoveryOnly ? M.recoveryCodeLabel : 'Code'}
        htmlFor="second-factor-code"
        error={errors.code?.message}
        description={recoveryOnly ? M.recoveryCodeHint : M.signInRecoveryHint}
        required
      >
        <Input
          autoComplete={recoveryOnly ? 'off' : 'one-time-code'}
          autoFocus
          autoCapitalize="none"
          spellCheck={false}
          placeholder={recoveryOnly ? 'xxxxx-xxxxx' : '123456'}
          {...form.register('code')}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {M.verify}
      </Button>
    </form>
  );
}

/**
 * The step after a right password on an account with two-factor sign-in: no session exists until
 * the authenticator's code, a passkey, or a recovery code is given here.
 */
export function SecondFactorStep({
  step,
  onSignedIn,
  onCancel,
}: {
  step: SecondFactorRequired;
  onSignedIn: (user: SessionUser) => Promise<void>;
  onCancel: () => void;
}) {
  const withApp = step.methods.includes('totp');
  // Without an app, the codes are the way back from a lost passkey (decision 094).
  const [withCode, setWithCode] = useState(false);

  return (
    <div className="grid gap-5">
      <div className="flex gap-3 rounded-xl border bg-brand-50 p-4 text-sm">
        <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pine-700" />
        <div>
          <h2 className="font-semibold text-foreground">
            {withApp ? M.signInTitle : M.passkeyStepTitle}
          </h2>
          <p className="mt-1 text-muted-foreground">
            {withApp ? M.signInDescription : M.passkeyStepDescription}
          </p>
        </div>
      </div>
      {withApp ? (
        <CodeForm challenge={step.challenge} recoveryOnly={false} onSignedIn={onSignedIn} />
      ) : null}
      {step.methods.includes('passkey') ? (
        <PasskeyButton
          challenge={step.challenge}
          label={PASSKEY_TEXT.useForSecondStep}
          onSignedIn={onSignedIn}
        />
      ) : null}
      {!withApp && step.methods.includes('recovery-code') ? (
        withCode ? (
          <CodeForm challenge={step.challenge} recoveryOnly onSignedIn={onSignedIn} />
        ) : (
          <Button type="button" variant="outline" onClick={() => setWithCode(true)}>
            {M.useRecoveryCode}
          </Button>
        )
      ) : null}
      <Button type="button" variant="ghost" onClick={onCancel}>
        {M.backToPassword}
      </Button>
    </div>
  );
}
