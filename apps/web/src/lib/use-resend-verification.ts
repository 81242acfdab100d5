import { useMutation } from '@tanstack/react-query';
import { toast } from '@yardsale/ui';
import { VERIFY_TEXT } from '@yardsale/validators';

import { serverMessage } from './errors';
import { useTRPC } from './trpc';

/** Sends a new verification link and says how it went (a toast), wherever it is offered. */
export function useResendVerification() {
  const trpc = useTRPC();
  const resend = useMutation(trpc.account.resendVerification.mutationOptions());
  const send = async () => {
    try {
      const { email } = await resend.mutateAsync();
      toast({
        variant: 'success',
        title: VERIFY_TEXT.resentTitle,
        description: VERIFY_TEXT.resentDescription(email),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: VERIFY_TEXT.resendFailedTitle,
        description: serverMessage(error) ?? VERIFY_TEXT.resendFailedTitle,
      });
    }
  };
  return { send, pending: resend.isPending };
}
