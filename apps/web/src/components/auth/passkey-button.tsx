import { useMutation } from '@tanstack/react-query';
import { Button, toast } from '@yardsale/ui';
import { PASSKEY_TEXT } from '@yardsale/validators';
import { FingerprintIcon } from 'lucide-react';
import { useState } from 'react';

import { serverMessage } from '../../lib/errors';
import { answerWithPasskey, passkeyProblem } from '../../lib/passkeys';
import type { SessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

const M = PASSKEY_TEXT;

/**
 * Signs in with a passkey: on its own (password-less), or with `challenge` as the second step of a
 * sign-in whose password was right.
 */
export function PasskeyButton({
  challenge,
  remember,
  label = M.signIn,
  onSignedIn,
}: {
  /** The half-done sign-in this passkey completes; without it, the passkey is the whole sign-in. */
  challenge?: string;
  /** Read on click: the sign-in form's "Remember me". */
  remember?: () => boolean;
  label?: string;
  onSignedIn: (user: SessionUser) => Promise<void>;
}) {
  const trpc = useTRPC();
  const signInOptions = useMutation(trpc.auth.passkeySignInOptions.mutationOptions());
  const signIn = useMutation(trpc.auth.passkeySignIn.mutationOptions());
  const [waiting, setWaiting] = useState(false);

  const onClick = async () => {
    setWaiting(true);
    try {
      const { token, options } = await signInOptions.mutateAsync({ challenge });
      const response = await answerWithPasskey(options);
      const user = await signIn.mutateAsync({
        token,
        response,
        remember: remember?.() ?? false,
      });
      await onSignedIn(user);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: M.failedTitle,
        description: passkeyProblem(error) ?? serverMessage(error) ?? M.notRecognized,
      });
    } finally {
      setWaiting(false);
    }
  };

  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      loading={waiting}
      onClick={() => void onClick()}
    >
      {waiting ? (
        M.signingIn
      ) : (
        <>
          <FingerprintIcon aria-hidden="true" />
          {label}
        </>
      )}
    </Button>
  );
}
