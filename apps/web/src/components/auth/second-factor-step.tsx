import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input } from '@yardsale/ui';
import { PASSKEY_TEXT, TWO_FACTOR_TEXT, secondFactorCodeSchema } from '@yardsale/validators';
import type { SecondFactorRequired } from '@yardsale/validators';
import { ShieldCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { serverMessage } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { PasskeyButton } from './passkey-button';

const M = TWO_FACTOR_TEXT;
const formSchema = z.object({ code: secondFactorCodeSchema });
type FormInput = z.input<typeof formSchema>;

/**
 * The step after a right password on an account with two-factor sign-in: no session exists until
 * the authenticator's code (or a recovery code) is given here.
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
  const trpc = useTRPC();
  const verify = useMutation(trpc.auth.signInSecondFactor.mutationOptions());
  const form = useForm<FormInput, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const user = await verify.mutateAsync({ challenge: step.challenge, code });
      await onSignedIn(user);
    } catch (error) {
      form.setError(
        'code',
        { type: 'server', message: serverMessage(error) ?? M.wrongCode },
        { shouldFocus: true },
      );
    }
  });

  const withApp = step.methods.includes('totp');

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
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={M.signInTitle}>
          <FormField
            label="Code"
            htmlFor="second-factor-code"
            error={errors.code?.message}
            description={M.signInRecoveryHint}
            required
          >
            <Input
              autoComplete="one-time-code"
              autoFocus
              spellCheck={false}
              placeholder="123456"
              {...form.register('code')}
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
            {M.verify}
          </Button>
        </form>
      ) : null}
      {step.methods.includes('passkey') ? (
        <PasskeyButton
          challenge={step.challenge}
          label={PASSKEY_TEXT.useForSecondStep}
          onSignedIn={onSignedIn}
        />
      ) : null}
      <Button type="button" variant="ghost" onClick={onCancel}>
        {M.backToPassword}
      </Button>
    </div>
  );
}
