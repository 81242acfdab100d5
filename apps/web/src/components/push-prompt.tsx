import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, toast } from '@yardsale/ui';
import { NOTIFICATION_TEXT } from '@yardsale/validators';
import { BellRingIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { declinePushPrompt, pushErrorMessage, pushPromptDeclined, turnOnPush } from '../lib/push';
import type { PushPromptReason } from '../lib/push';
import { useSessionUser } from '../lib/session';
import { useTRPC } from '../lib/trpc';
import { useDevicePush } from '../lib/use-device-push';

const M = NOTIFICATION_TEXT.push;

/**
 * Suggests push right after an action that makes it useful (a first message, a saved search),
 * never on its own: the browser's permission question comes only from "Turn on". Shows nothing
 * where push cannot or need not be turned on, or after "Not now" for this reason.
 */
export function PushPrompt({ reason, onDone }: { reason: PushPromptReason; onDone?: () => void }) {
  const trpc = useTRPC();
  const titleId = useId();
  const config = useQuery({ ...trpc.notifications.pushConfig.queryOptions(), staleTime: Infinity });
  const device = useDevicePush();
  const subscribe = useMutation(trpc.notifications.subscribePush.mutationOptions());
  const user = useSessionUser();
  const [closed, setClosed] = useState(() => pushPromptDeclined(reason));
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const publicKey = config.data?.publicKey ?? null;
  // Pushes go only to confirmed addresses: the server would refuse the device (Settings says why).
  if (closed || publicKey === null || user?.emailVerified === false) return null;
  // Nothing to offer once on, blocked or unsupported; a failure stays readable until closed.
  if (device.state !== 'off' && error === null) return null;

  const close = () => {
    setClosed(true);
    onDone?.();
  };

  const turnOn = async () => {
    setWorking(true);
    setError(null);
    try {
      await turnOnPush(publicKey, (subscription) => subscribe.mutateAsync(subscription), user?.id);
      toast({ variant: 'success', title: M.turnedOn });
      close();
    } catch (turnOnError) {
      setError(pushErrorMessage(turnOnError));
      // After "Block", asking again is pointless: only "Not now" stays.
      void device.refresh();
    } finally {
      setWorking(false);
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm sm:flex-row sm:items-center sm:gap-4 sm:p-4"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <BellRingIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0">
          {/* Not a heading: the card sits inside other screens' outlines. */}
          <p id={titleId} className="font-semibold text-foreground">
            {M.promptTitle}
          </p>
          <p className="text-muted-foreground">{M.promptWhy[reason]}</p>
          {error ? (
            <p role="alert" className="mt-1 font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 gap-2 max-sm:justify-end">
        <Button
          type="button"
          variant="quiet"
          size="sm"
          onClick={() => {
            declinePushPrompt(reason);
            close();
          }}
        >
          {M.notNow}
        </Button>
        {device.state === 'off' ? (
          <Button type="button" size="sm" loading={working} onClick={() => void turnOn()}>
            {M.turnOn}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
