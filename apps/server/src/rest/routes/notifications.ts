import { z } from 'zod';

import {
  NOTIFICATION_TEXT,
  notificationKindSchema,
  notificationListSchema,
  notificationSettingsSchema,
  pushConfigSchema,
  successSchema,
  unreadNotificationsSchema,
} from '@yardsale/validators';

import { api, procedureRoute } from '../route';
import type { RestRoute } from '../route';

/** What a mail client POSTs to the List-Unsubscribe address (RFC 8058). */
const oneClickFormSchema = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });

/** The bell, push subscriptions and which notifications arrive how. */
export const notificationRoutes: RestRoute[] = [
  procedureRoute(api.notifications.list, {
    method: 'GET',
    url: '/api/notifications',
    operationId: 'listNotifications',
    summary: "The bell: the signed-in user's newest notifications first, and how many are unread",
    tag: 'notifications',
    response: notificationListSchema,
    access: 'user',
  }),
  procedureRoute(api.notifications.markRead, {
    method: 'POST',
    url: '/api/notifications/read',
    operationId: 'markNotificationsRead',
    summary: 'Mark these notifications read (`ids`), or all of them; answers how many are unread',
    tag: 'notifications',
    body: 'input',
    response: unreadNotificationsSchema,
    access: 'user',
  }),
  procedureRoute(api.notifications.settings, {
    method: 'GET',
    url: '/api/user/notification-settings',
    operationId: 'getNotificationSettings',
    summary:
      'Push and e-mail on or off for each kind of notification (every e-mail off until the address is verified)',
    tag: 'notifications',
    response: notificationSettingsSchema,
    access: 'user',
  }),
  procedureRoute(api.notifications.updateSettings, {
    method: 'PUT',
    url: '/api/user/notification-settings',
    operationId: 'updateNotificationSettings',
    summary:
      'Set push and e-mail for every kind of notification (all kinds, both switches); an e-mail on needs a verified address (403)',
    tag: 'notifications',
    body: 'input',
    response: notificationSettingsSchema,
    access: 'user',
  }),
  procedureRoute(api.notifications.pushConfig, {
    method: 'GET',
    url: '/api/push/config',
    operationId: 'getPushConfig',
    summary:
      "The server's VAPID public key for PushManager.subscribe (applicationServerKey); null where push is off",
    tag: 'notifications',
    response: pushConfigSchema,
    access: 'public',
  }),
  procedureRoute(api.notifications.subscribePush, {
    method: 'POST',
    url: '/api/push-subscriptions',
    operationId: 'subscribePush',
    summary:
      'Send pushes to this browser: its PushSubscription.toJSON() (an https endpoint of a public push service); the same endpoint again replaces its keys. Needs a verified address (403)',
    tag: 'notifications',
    body: 'input',
    response: successSchema,
    access: 'user',
  }),
  procedureRoute(api.notifications.unsubscribePush, {
    method: 'DELETE',
    url: '/api/push-subscriptions',
    operationId: 'unsubscribePush',
    summary: "Stop pushes to this browser (its endpoint); only the user's own",
    tag: 'notifications',
    body: 'input',
    response: successSchema,
    access: 'user',
  }),
  procedureRoute(api.notifications.unsubscribeEmail, {
    method: 'POST',
    url: '/api/notifications/unsubscribe',
    operationId: 'unsubscribeFromEmail',
    summary:
      "One-click unsubscribe (RFC 8058), the address in a notification mail's List-Unsubscribe header: turns off e-mail of that kind only; no sign-in; 404 for an unknown token",
    tag: 'notifications',
    // The token and kind are in the link itself; the form only says "One-Click". Other sites may
    // post here (security.ts): mail clients do, from wherever the mail is read.
    query: 'input',
    formBody: oneClickFormSchema,
    response: z.object({ kind: notificationKindSchema, message: z.string() }),
    access: 'public',
    output: ({ kind }) => ({
      kind,
      message: NOTIFICATION_TEXT.unsubscribeDone(NOTIFICATION_TEXT.kinds[kind].label),
    }),
  }),
];
