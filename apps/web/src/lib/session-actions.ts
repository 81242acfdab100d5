import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '@yardsale/ui';
import { SIGN_OUT_TEXT } from '@yardsale/validators';

import type { SessionUser } from './app-loader';
import { useTRPC } from './trpc';

/*
 * Changes to the session. They need the API client, so they live apart from reading it
 * (lib/session.tsx), which the landing page does without the client.
 */

/** Keeps the session cache in step after a sign-in, a sign-up or a profile change. */
export function useSetSessionUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (user: SessionUser | null) => queryClient.setQueryData(trpc.auth.me.queryKey(), user);
}

/**
 * Starts a new session in the cache: the new user (or null) replaces the old one, and everything
 * else cached for the previous person is dropped. The session query itself is updated in place,
 * not removed, so every screen already watching it sees the change at once.
 */
export function useReplaceSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (user: SessionUser | null) => {
    const meKey = trpc.auth.me.queryKey();
    queryClient.setQueryData(meKey, user);
    const meHash = queryClient.getQueryCache().find({ queryKey: meKey, exact: true })?.queryHash;
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
  };
}

/** Ends the session on the server, forgets everything cached for this user and goes home. */
export function useSignOut() {
  const trpc = useTRPC();
  const replaceSession = useReplaceSession();
  const navigate = useNavigate();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        // The server stopped this browser's pushes with the session; the browser forgets its
        // subscription too, so the next person here starts with push off.
        if ('serviceWorker' in navigator)
          void navigator.serviceWorker
            .getRegistration('/')
            .then((registration) => registration?.pushManager.getSubscription())
            .then((subscription) => subscription?.unsubscribe())
            .catch(() => undefined);
        // Signed out first, so the landing page's guard does not send the visitor back in.
        replaceSession(null);
        await navigate({ to: '/' });
      },
      onError: () => {
        toast({
          variant: 'destructive',
          title: SIGN_OUT_TEXT.failedTitle,
          description: SIGN_OUT_TEXT.failedFallback,
        });
      },
    }),
  );
}
