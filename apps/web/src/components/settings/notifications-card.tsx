import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge, Button, Card, CardContent, Separator, Skeleton, toast } from '@yardsale/ui';
import { NOTIFICATION_KINDS, NOTIFICATION_TEXT } from '@yardsale/validators';
import type {
  NotificationChannels,
  NotificationKind,
  NotificationSettings,
} from '@yardsale/validators';
import { BellIcon, ChevronRightIcon } from 'lucide-react';
import { useState } from 'react';

import { serverMessage } from '../../lib/errors';
import { pushErrorMessage, turnOffPush, turnOnPush } from '../../lib/push';
import type { DevicePush } from '../../lib/push';
import { useCurrentUser, useSessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useDevicePush } from '../../lib/use-device-push';
import { VerifyForAlerts } from '../account/verify-for-alerts';
import { Switch } from '../forms/switch';
import { IconCardHeader } from '../layout/icon-card-header';

const M = NOTIFICATION_TEXT;
const S = NOTIFICATION_TEXT.settings;
const ALERTS_WAIT_ID = 'notifications-wait-for-verification';
const CHANNELS = [
  { key: 'push', label: S.pushColumn },
  { key: 'email', label: S.emailColumn },
] as const satisfies readonly { key: keyof NotificationChannels; label: string }[];

/**
 * Settings' notifications: each kind's push and e-mail switches, and push on this device. Not a
 * region landmark: the toasts' region is named "Notifications" already.
 */
export function NotificationsCard() {
  // Until the address is confirmed the server sends no push or e-mail, and says so.
  const { emailVerified } = useCurrentUser();
  return (
    <Card>
      <IconCardHeader
        icon={BellIcon}
        title={S.cardTitle}
        titleId="notifications-heading"
        description={S.cardDescription}
      />
      <CardContent className="flex flex-col gap-5">
        {emailVerified ? null : <VerifyForAlerts id={ALERTS_WAIT_ID} />}
        <KindSwitches emailWaits={!emailVerified} />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
          <p className="text-muted-foreground">{S.savedSearchesHint}</p>
          <Link
            to="/saved-searches"
            className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:text-primary-hover hover:underline"
          >
            {S.savedSearchesLink}
            <ChevronRightIcon aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <Separator />
        <ThisDevice pushWaits={!emailVerified} />
      </CardContent>
    </Card>
  );
}

/**
 * Saved as soon as flipped; the switch moves at once and moves back if the server refuses. The
 * e-mail switches stay off while the address waits for confirmation.
 */
function KindSwitches({ emailWaits }: { emailWaits: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settingsKey = trpc.notifications.settings.queryKey();
  const settings = useQuery(trpc.notifications.settings.queryOptions());
  const update = useMutation(
    trpc.notifications.updateSettings.mutationOptions({
      onMutate: async (next) => {
        await queryClient.cancelQueries({ queryKey: settingsKey });
        const previous = queryClient.getQueryData(settingsKey);
        queryClient.setQueryData(settingsKey, next);
        return { previous };
      },
      onError: (error, _next, context) => {
        if (context?.previous) queryClient.setQueryData(settingsKey, context.previous);
        toast({
          variant: 'destructive',
          title: S.saveFailed,
          description: serverMessage(error),
        });
      },
      onSuccess: (saved) => {
        // A later flip still on its way holds the newer state; its own answer follows.
        const mutationKey = trpc.notifications.updateSettings.mutationKey();
        if (queryClient.isMutating({ mutationKey }) <= 1)
          queryClient.setQueryData(settingsKey, saved);
      },
    }),
  );

  if (settings.isError && !settings.data) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p role="alert" className="text-destructive">
          {S.loadFailed}
        </p>
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
          {S.retry}
        </Button>
      </div>
    );
  }

  const current = settings.data;
  const flip = (kind: NotificationKind, channel: keyof NotificationChannels, on: boolean) => {
    if (!current) return;
    const next: NotificationSettings = {
      ...current,
      [kind]: { ...current[kind], [channel]: on },
    };
    update.mutate(next);
  };

  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{S.cardDescription}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="pb-2 font-medium">
            {S.kindColumn}
          </th>
          {CHANNELS.map((channel) => (
            <th key={channel.key} scope="col" className="w-16 pb-2 text-center font-medium">
              {channel.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {NOTIFICATION_KINDS.map((kind) => {
          const { label, hint } = M.kinds[kind];
          return (
            <tr key={kind} className="border-b last:border-b-0">
              <th scope="row" className="py-3 pr-3 text-left align-top font-normal">
                <span className="block font-semibold text-foreground">{label}</span>
                <span className="block text-muted-foreground">{hint}</span>
              </th>
              {CHANNELS.map((channel) => (
                <td key={channel.key} className="py-3 text-center align-top">
                  {current ? (
                    <Switch
                      aria-label={S.switchLabel(channel.label, label)}
                      checked={current[kind][channel.key]}
                      disabled={emailWaits && channel.key === 'email'}
                      aria-describedby={
                        emailWaits && channel.key === 'email' ? ALERTS_WAIT_ID : undefined
                      }
                      onCheckedChange={(on) => flip(kind, channel.key, on)}
                    />
                  ) : (
                    <Skeleton className="mx-auto h-6 w-11 rounded-full!" />
                  )}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const DEVICE_BADGE: Record<
  DevicePush,
  { text: string; variant: 'success' | 'secondary' | 'warning' }
> = {
  on: { text: S.deviceOn, variant: 'success' },
  off: { text: S.deviceOff, variant: 'secondary' },
  blocked: { text: S.deviceBlocked, variant: 'warning' },
  unsupported: { text: S.deviceUnsupported, variant: 'secondary' },
};

/**
 * Push on this browser: what it is, and the button to change it. The explanation comes first;
 * the browser's permission question only after the button is pressed.
 */
function ThisDevice({ pushWaits }: { pushWaits: boolean }) {
  const trpc = useTRPC();
  const config = useQuery({ ...trpc.notifications.pushConfig.queryOptions(), staleTime: Infinity });
  const device = useDevicePush();
  const subscribe = useMutation(trpc.notifications.subscribePush.mutationOptions());
  const user = useSessionUser();
  const unsubscribe = useMutation(trpc.notifications.unsubscribePush.mutationOptions());
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const publicKey = config.data?.publicKey ?? null;

  const change = async (on: boolean) => {
    setWorking(true);
    setError(null);
    try {
      if (on && publicKey !== null) {
        await turnOnPush(
          publicKey,
          (subscription) => subscribe.mutateAsync(subscription),
          user?.id,
        );
        toast({ variant: 'success', title: M.push.turnedOn });
      } else {
        await turnOffPush((endpoint) => unsubscribe.mutateAsync({ endpoint }));
        toast({ variant: 'success', title: S.deviceTurnedOff });
      }
    } catch (changeError) {
      setError(on ? pushErrorMessage(changeError) : M.push.turnOffFailed);
    } finally {
      setWorking(false);
      await device.refresh();
    }
  };

  const state = device.state;
  const hint = pushWaits
    ? M.verify.deviceHint
    : state === 'unsupported'
      ? S.deviceUnsupportedHint
      : state === 'blocked'
        ? S.deviceBlockedHint
        : state === 'off'
          ? config.data && publicKey === null
            ? S.deviceUnavailableHint
            : S.deviceExplain
          : null;

  return (
    <section aria-labelledby="this-device-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id="this-device-heading" className="font-display text-base font-semibold">
          {S.deviceTitle}
        </h3>
        {state ? (
          <Badge variant={DEVICE_BADGE[state].variant} size="lg">
            {DEVICE_BADGE[state].text}
          </Badge>
        ) : (
          <Skeleton className="h-7 w-36" />
        )}
      </div>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      {state === 'off' && publicKey !== null && !pushWaits ? (
        <Button className="self-start" loading={working} onClick={() => void change(true)}>
          {S.deviceTurnOn}
        </Button>
      ) : null}
      {state === 'on' ? (
        <Button
          variant="outline"
          className="self-start"
          loading={working}
          onClick={() => void change(false)}
        >
          {S.deviceTurnOff}
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </section>
  );
}
